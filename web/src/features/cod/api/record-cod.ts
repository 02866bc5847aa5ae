import type { Carrier, CodAnswer } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/http.ts'
import { invalidateAfter } from '../../../lib/queries.ts'

/** What a carrier sent: the tracking numbers it paid, or its CSV statement. */
export type CodSource = { kind: 'numbers'; numbers: readonly string[] } | { kind: 'file'; file: File }

/** One run of the COD call: checked only (`dryRun`) or recorded. */
export interface CodRun {
  carrier: Carrier
  source: CodSource
  dryRun: boolean
}

/**
 * The tracking numbers of pasted text: one per line, or separated by spaces, commas or semicolons, each once,
 * in capitals as carriers print them (and as the server keeps them).
 *
 * @example trackingNumbersOf('ghn1, GHN2\nghn1') // ['GHN1', 'GHN2']
 */
export function trackingNumbersOf(text: string): string[] {
  const numbers = text
    .split(/[\s,;]+/)
    .map((part) => part.trim().toUpperCase())
    .filter((part) => part !== '')
  return [...new Set(numbers)]
}

/**
 * `POST /admin/shipments/cod-collected` (CONTRACT 5.5): JSON `{carrier, trackingNumbers}` for numbers, or a
 * multipart form with `carrier` and the statement as `file` (the carrier before the file, so the server knows
 * whose columns to read when the file arrives). Answers what became of each tracking number.
 *
 * @example await recordCod({ carrier: 'ghn', source: { kind: 'numbers', numbers: ['GHN1'] }, dryRun: true })
 */
export async function recordCod({ carrier, source, dryRun }: CodRun): Promise<CodAnswer['data']> {
  let body: unknown
  if (source.kind === 'numbers') body = { carrier, trackingNumbers: source.numbers }
  else {
    const form = new FormData()
    form.append('carrier', carrier)
    form.append('file', source.file)
    body = form
  }
  const answer = await api(endpoints.shipments.codCollected, {
    query: { dryRun: dryRun ? 'true' : 'false' },
    body,
  })
  return answer.data
}

/**
 * The COD call as a mutation. A recorded run marks orders paid: what shows them (the order screens, the
 * dashboard's COD card) is stale once it succeeds; a check changes nothing. Refusals are shown on the screen,
 * not toasted.
 *
 * @example const run = useRecordCod(); run.mutate({ carrier: 'ghn', source, dryRun: true })
 */
export function useRecordCod() {
  const queryClient = useQueryClient()
  return useMutation({
    meta: { silent: true },
    mutationFn: recordCod,
    onSuccess: async (_answer, run) => {
      if (!run.dryRun) await invalidateAfter(queryClient, 'shipments', 'none')
    },
  })
}
