import { type ImportError, type ImportReport, importReport, isMessageCode } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { useState } from 'react'
import { ApiError, api } from '../../../lib/http.ts'
import { invalidateAfter } from '../../../lib/queries.ts'
import { translate, translateMessage } from '../../../lib/validation.ts'

/** Where a run of the import is: sending the file (with how much of it has gone), or waiting for the server. */
export type ImportProgress = { phase: 'upload'; percent: number } | { phase: 'server' }

/** What a run answered: the report, and whether the rows were written or only checked. */
export interface ImportOutcome {
  dryRun: boolean
  report: ImportReport
}

/**
 * Sends a CSV file to the product import (CONTRACT 4.1); `dryRun` checks every row and writes nothing.
 * Answers the report; a refusal throws `ApiError`, whose `data` is the report when rows are at fault.
 */
export async function importProducts(
  file: File,
  {
    dryRun,
    onProgress,
    signal,
  }: { dryRun: boolean; onProgress?: (p: ImportProgress) => void; signal?: AbortSignal },
): Promise<ImportOutcome> {
  const body = new FormData()
  body.append('file', file)
  onProgress?.({ phase: 'upload', percent: 0 })
  const answer = await api(endpoints.products.import, {
    query: { dryRun: dryRun ? 'true' : 'false' },
    body,
    signal,
    onUploadProgress: (sent, total) =>
      // Once the last byte is out, the server is reading and checking the rows: no figure to show for that.
      onProgress?.(
        sent >= total ? { phase: 'server' } : { phase: 'upload', percent: Math.round((sent / total) * 100) },
      ),
  })
  return { dryRun, report: answer.data }
}

/**
 * A row's message in the chosen language: by its code when the server gave one (beside the English, or as a
 * `messageRef` text), else the server's English as it is.
 */
export function rowMessage(t: TFunction, error: ImportError): string {
  const { code, params } = error
  if (code !== undefined && isMessageCode(code)) return translate(t, { code, params })
  return translateMessage(t, error.message) ?? ''
}

/** The report a refused import carries (400: rows at fault, nothing written), or undefined for any other failure. */
export function reportOf(error: unknown): ImportReport | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined
  // Checked for its shape, then kept as sent: a row's message may carry its code beside the English.
  return importReport.safeParse(error.data).success ? (error.data as ImportReport) : undefined
}

/**
 * The import as a mutation with its progress: `mutate({ file, dryRun })`. A written import marks every cached
 * product answer stale (and what shows products), so the list shows the new rows on return.
 *
 * @example const run = useImportProducts(); run.mutate({ file, dryRun: true }); run.progress // { phase: 'upload', percent: 40 }
 */
export function useImportProducts() {
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<ImportProgress | null>(null)
  const mutation = useMutation({
    // Refusals are shown on the screen itself, next to the file, not toasted.
    meta: { silent: true },
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) =>
      importProducts(file, { dryRun, onProgress: setProgress }),
    onSettled: () => setProgress(null),
    onSuccess: async ({ dryRun }) => {
      if (!dryRun) await invalidateAfter(queryClient, endpoints.products.import.resource, 'none')
    },
  })
  return { ...mutation, progress }
}
