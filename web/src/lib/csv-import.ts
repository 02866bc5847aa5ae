import {
  type ImportError,
  type ImportReport,
  importReport,
  isMessageCode,
  type Resource,
} from '@store/contract'
import type { endpoints } from '@store/contract/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { useState } from 'react'
import { ApiError, api } from './http.ts'
import { invalidateAfter } from './queries.ts'
import { translate, translateMessage } from './validation.ts'

/**
 * A CSV import of the contract: one multipart `file` part, `dryRun` in the query, the import report as its
 * answer, all rows or none (the product import of CONTRACT 4.1, the stock count of CONTRACT 5.4).
 */
export type CsvImportRoute = typeof endpoints.products.import | typeof endpoints.products.stockImport

/** Where a run of an import is: sending the file (with how much of it has gone), or waiting for the server. */
export type ImportProgress = { phase: 'upload'; percent: number } | { phase: 'server' }

/** What a run answered: the report, and whether the rows were written or only checked. */
export interface ImportOutcome {
  dryRun: boolean
  report: ImportReport
}

/**
 * Sends a CSV file to an import call; `dryRun` checks every row and writes nothing. Answers the report; a
 * refusal throws `ApiError`, whose `data` is the report when rows are at fault.
 *
 * @example await uploadCsv(endpoints.products.stockImport, file, { dryRun: true })
 */
export async function uploadCsv(
  endpoint: CsvImportRoute,
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
  const answer = await api(endpoint, {
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
 * An import call as a mutation with its progress: `mutate({ file, dryRun })`. A written import marks every
 * cached answer of the call's resource stale (and what shows it), so the screens show the new figures on return.
 *
 * @example const run = useCsvImport(endpoints.products.import); run.mutate({ file, dryRun: true }); run.progress // { phase: 'upload', percent: 40 }
 */
export function useCsvImport(endpoint: CsvImportRoute) {
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<ImportProgress | null>(null)
  const mutation = useMutation({
    // Refusals are shown on the screen itself, next to the file, not toasted.
    meta: { silent: true },
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) =>
      uploadCsv(endpoint, file, { dryRun, onProgress: setProgress }),
    onSettled: () => setProgress(null),
    onSuccess: async ({ dryRun }) => {
      if (!dryRun) await invalidateAfter(queryClient, endpoint.resource as Resource, 'none')
    },
  })
  return { ...mutation, progress }
}

/** What `useCsvImport` gives a screen. */
export type CsvImport = ReturnType<typeof useCsvImport>
