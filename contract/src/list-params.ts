import { z } from 'zod'
import { DIGITS, envelope, isRealDate } from './common.ts'
import { messageRef, messages } from './messages.ts'

// The query parameters the lists share (CONTRACT 4.1): a sort, filters that are each optional, and the bounds
// of the bulk calls. A bad value is a 400 naming its parameter; an empty value is "not given", as a form that
// clears a field sends it.

export const SORT_DIRECTIONS = ['asc', 'desc'] as const
export type SortDirection = (typeof SORT_DIRECTIONS)[number]
/** `field:direction`, as a list's `sortBy` takes it. */
export type SortBy<F extends string> = `${F}:${SortDirection}`

/** Every list's default: newest first. */
export const DEFAULT_SORT = 'createdAt:desc'

/**
 * `sortBy=<field>:<asc|desc>` over `fields`; absent or empty is `createdAt:desc`. Ties are broken by the id in
 * the same direction, so pages never overlap or skip.
 */
export const sortParam = <const F extends readonly [string, ...string[]]>(fields: F) => {
  const values = fields.flatMap((f) => SORT_DIRECTIONS.map((d) => `${f}:${d}`)) as [string, ...string[]]
  return z
    .union([z.literal(''), z.enum(values)], { error: messages.oneOf(values) })
    .optional()
    .transform((v) => (v || DEFAULT_SORT) as SortBy<F[number]>)
    .meta({ description: `One of ${values.join(', ')}; ${DEFAULT_SORT} when absent` })
}

/** The field and direction of a `sortBy`. */
export const sortParts = <F extends string>(sortBy: SortBy<F>) => {
  const [field, direction] = sortBy.split(':') as [F, SortDirection]
  return { field, direction }
}

/** An optional whole number of 0 or more in a query string (`minPrice`); absent or empty is "not given". */
export const optionalWhole = (max = Number.MAX_SAFE_INTEGER) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined
      const n = typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v)
      if (!Number.isInteger(n) || n < 0 || n > max || (typeof v === 'string' && !DIGITS.test(v.trim()))) {
        ctx.addIssue({ code: 'custom', message: Number.isFinite(n) ? messages.wholeNumber : messages.number })
        return z.NEVER
      }
      return n
    })

/** An optional whole number from `min` to `max` (`rating`). */
export const optionalIntIn = (min: number, max: number) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined
      const n = Number(v)
      if (!Number.isInteger(n) || n < min || n > max || (typeof v === 'string' && !DIGITS.test(v.trim()))) {
        ctx.addIssue({ code: 'custom', message: messages.range(min, max) })
        return z.NEVER
      }
      return n
    })

/** An optional id (`category`, `userId`); empty is "not given". An id no record has simply matches nothing. */
export const optionalId = z
  .string()
  .max(64, messages.tooLong(64))
  .optional()
  .transform((v) => v?.trim() || undefined)

/** An optional choice among `values`; empty is "not given". */
export const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(''), z.enum(values)], { error: messages.oneOf(values) })
    .optional()
    .transform((v) => v || undefined)

/** An optional whole day, `YYYY-MM-DD`, in the shop's time zone; empty is "not given". */
export const optionalDay = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const value = v?.trim() ?? ''
    if (value === '') return undefined
    if (!isRealDate(value)) {
      ctx.addIssue({ code: 'custom', message: messageRef('realDate') })
      return z.NEVER
    }
    return value
  })

/**
 * A refinement of a query object: where both ends of a range are given, the upper one may not be below the
 * lower one. The 400 names the upper parameter (`maxPrice`, `to`) and says which it may not be below.
 *
 * @example productFilters.superRefine(ordered([['minPrice', 'maxPrice']]))
 */
export const ordered =
  (pairs: readonly (readonly [low: string, high: string])[]) =>
  (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const [low, high] of pairs) {
      const a = value[low]
      const b = value[high]
      if (a === undefined || b === undefined || a === null || b === null) continue
      if ((a as number | string) > (b as number | string)) {
        ctx.addIssue({ code: 'custom', path: [high], message: messageRef('rangeReversed', { field: low }) })
      }
    }
  }

/** A list's query without paging: what its export takes. */
export const exportQueryOf = <T extends z.ZodObject>(query: T) => query.omit({ page: true, limit: true })

/** The most records one bulk call takes. */
export const MAX_BULK_IDS = 500

/** The ids of a bulk call: 1 to 500, each once. */
export const bulkIds = z
  .array(
    z
      .union([z.string(), z.number()])
      .transform(String)
      .pipe(z.string().trim().min(1, messages.required).max(64, messages.tooLong(64))),
    {
      error: messageRef('idList'),
    },
  )
  .min(1, messageRef('idList'))
  .max(MAX_BULK_IDS, messageRef('tooManyIds', { max: MAX_BULK_IDS }))
  .refine((list) => new Set(list).size === list.length, messageRef('idTwice'))

/** What a bulk call did to one record: done, or refused and why (in English, and by code). */
export const bulkOutcome = z.object({
  id: z.string(),
  ok: z.boolean(),
  message: z.string(),
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
})
export type BulkOutcome = z.infer<typeof bulkOutcome>
export const bulkAnswer = envelope(z.array(bulkOutcome))
export type BulkAnswer = z.infer<typeof bulkAnswer>

/** A CSV answer, for the OpenAPI document. */
export const csvAnswer = z.custom<string>().meta({ type: 'string', description: 'CSV, UTF-8 with a BOM' })
export const csvResponses = {
  200: {
    description: 'Every matching record, in the list’s order',
    content: { 'text/csv': { schema: csvAnswer } },
  },
}
