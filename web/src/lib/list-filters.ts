import type { EndpointQuery } from '@store/contract'
import type { z } from 'zod'

/** A choice of a select or of a chip group: the value the address and the API carry, and what a person reads. */
export interface FilterOption {
  value: string
  label: string
}

/**
 * The query parameters a list's filters may fill: those its list call takes (the contract's query type), less
 * the paging, the sort and the search, which the list keeps itself. A filter of a parameter the API does not
 * take does not compile.
 *
 * @example type OrderFilterParam = FilterParam<typeof endpoints.orders.list> // 'status' | 'from' | 'userId' | …
 */
export type FilterParam<E> = Exclude<
  keyof EndpointQuery<E> & string,
  'page' | 'limit' | 'sortBy' | 'name' | 'content'
>

/** The contract's schema of a list call's query (`orderListQuery`): what checks the filter values. */
export type QuerySchema<E> = z.ZodType<EndpointQuery<E>>

/**
 * One filter of a list's filter bar, declared by the list screen (CONTRACT 4.1). Each names the query
 * parameters it fills (`P`, the list call's own: `FilterOf<typeof endpoints.orders.list>`); the address and the
 * list call carry them under the same names.
 *
 * - `select`: one choice or none; `anyId` takes any id (a category, a brand) before its options have loaded.
 * - `chips`: several choices at once, sent comma-separated (`status=1,2`).
 * - `range`: a whole-number pair, `min` and `max` (money in VND).
 * - `days`: a pair of store calendar days, `from` and `to`, inclusive.
 * - `fixed`: a value only the address sets (a link to one customer's orders), shown as a removable tag.
 */
export type ListFilter<P extends string = string> =
  | { kind: 'select'; param: P; label: string; options: readonly FilterOption[]; anyId?: boolean }
  | { kind: 'chips'; param: P; label: string; options: readonly FilterOption[] }
  | { kind: 'range'; min: P; max: P; label: string }
  | { kind: 'days'; from: P; to: P; label: string }
  | { kind: 'fixed'; param: P; label: string }

/** A filter of one list, its parameters typed against the list call's query. */
export type FilterOf<E> = ListFilter<FilterParam<E>>

/** A filter parameter's new value, or how to make it from the value as last asked for ('' removes it). */
export type FilterValue = string | ((current: string) => string)

/**
 * A chip group's value with one choice turned on or off, kept in the options' order: toggled against the value
 * as last asked for, not the one on screen, so a second click before the list draws again is not lost.
 */
export const toggleChoice = (options: readonly FilterOption[], current: string, choice: string): string => {
  const chosen = new Set(current ? current.split(',') : [])
  if (chosen.has(choice)) chosen.delete(choice)
  else chosen.add(choice)
  return inOptionsOrder(options, [...chosen])
}

const inOptionsOrder = (options: readonly FilterOption[], chosen: readonly string[]) =>
  options
    .map((option) => option.value)
    .filter((value) => chosen.includes(value))
    .join(',')

/** The query parameters a filter fills. */
export const paramsOf = <P extends string>(filter: ListFilter<P>): P[] => {
  switch (filter.kind) {
    case 'range':
      return [filter.min, filter.max]
    case 'days':
      return [filter.from, filter.to]
    default:
      return [filter.param]
  }
}

/** One id: what a tag or a select shows as one record. */
const ONE_ID = /^[^\s,]+$/

/**
 * Whether the filter bar can show a value: a select one of its options (or, with `anyId`, one id), a chip group
 * only its chips. This is what the screen can draw, not what the server takes: a payment method code the
 * server knows but the select does not offer would narrow the list with nothing on screen saying so. An id
 * is one word: the contract takes any text as an id (one no record has matches nothing), but 'a,b' in a tag
 * would read as two.
 */
function canShow(filter: ListFilter, value: string): boolean {
  switch (filter.kind) {
    case 'select':
      return filter.options.some((option) => option.value === value) || (!!filter.anyId && ONE_ID.test(value))
    case 'chips': {
      const known = new Set(filter.options.map((option) => option.value))
      return value.split(',').every((part) => known.has(part))
    }
    case 'fixed':
      return ONE_ID.test(value)
    default:
      return true
  }
}

/**
 * The filter values an address carries, each kept only when the filter bar can show it and the server would
 * take it. What the server takes is checked once, by the contract's own schema of the list's query, the one
 * the server checks the call with: whole numbers, real days, known codes, each chip once, and a reversed range
 * (a minimum above the maximum, a start after the end), whose upper end is dropped as the schema names it.
 * A value refused drops out alone; the others are checked again without it, until the schema takes them all.
 * A number is written as the server reads it ('0100' is 100); chips in the options' order, so one choice has
 * one address whichever chip was clicked first.
 *
 * @example filterValues([{ kind: 'range', min: 'minPrice', max: 'maxPrice', label: 'Price' }], new URLSearchParams('minPrice=5&maxPrice=x'), productListQuery) // { minPrice: '5' }
 */
export function filterValues(
  filters: readonly ListFilter[],
  params: URLSearchParams,
  schema: z.ZodType,
): Record<string, string> {
  const values: Record<string, string> = {}
  for (const filter of filters) {
    for (const param of paramsOf(filter)) {
      const raw = params.get(param)?.trim()
      if (raw && canShow(filter, raw)) values[param] = raw
    }
  }
  if (Object.keys(values).length === 0) return {}
  for (;;) {
    const result = schema.safeParse(values)
    if (result.success) return written(filters, values, result.data as Record<string, unknown>)
    const refused = result.error.issues
      .map((issue) => String(issue.path[0]))
      .filter((param) => param in values)
    // A refusal of nothing the address gave (the schema wants more than filters) leaves nothing checked.
    if (refused.length === 0) return {}
    for (const param of refused) delete values[param]
  }
}

/** The values as the address and the call carry them, once the schema has taken them. */
function written(
  filters: readonly ListFilter[],
  values: Record<string, string>,
  read: Record<string, unknown>,
) {
  const out: Record<string, string> = {}
  for (const filter of filters) {
    for (const param of paramsOf(filter)) {
      const value = values[param]
      if (value === undefined) continue
      const number = read[param]
      out[param] =
        filter.kind === 'chips'
          ? inOptionsOrder(filter.options, value.split(','))
          : typeof number === 'number'
            ? String(number)
            : value
    }
  }
  return out
}
