import { isRealDate } from '@store/contract'

/** A choice of a select or of a chip group: the value the address and the API carry, and what a person reads. */
export interface FilterOption {
  value: string
  label: string
}

/**
 * One filter of a list's filter bar, declared by the list screen (CONTRACT 4.1). Each names the query
 * parameters it fills; the address and the list call carry them under the same names.
 *
 * - `select`: one choice or none; `anyId` takes any id (a category, a brand) before its options have loaded.
 * - `chips`: several choices at once, sent comma-separated (`status=1,2`).
 * - `range`: a whole-number pair, `min` and `max` (money in VND).
 * - `days`: a pair of store calendar days, `from` and `to`, inclusive.
 * - `fixed`: a value only the address sets (a link to one customer's orders), shown as a removable tag.
 */
export type ListFilter =
  | { kind: 'select'; param: string; label: string; options: readonly FilterOption[]; anyId?: boolean }
  | { kind: 'chips'; param: string; label: string; options: readonly FilterOption[] }
  | { kind: 'range'; min: string; max: string; label: string }
  | { kind: 'days'; from: string; to: string; label: string }
  | { kind: 'fixed'; param: string; label: string }

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
  return options
    .map((option) => option.value)
    .filter((value) => chosen.has(value))
    .join(',')
}

/** The query parameters a filter fills. */
export const paramsOf = (filter: ListFilter): string[] => {
  switch (filter.kind) {
    case 'range':
      return [filter.min, filter.max]
    case 'days':
      return [filter.from, filter.to]
    default:
      return [filter.param]
  }
}

const WHOLE = /^\d{1,15}$/
const ID = /^[^\s,]{1,64}$/

/** The value of one parameter as the server would take it, or undefined: an edited link narrows nothing. */
function accepted(filter: ListFilter, value: string): string | undefined {
  switch (filter.kind) {
    case 'select':
      if (filter.options.some((option) => option.value === value)) return value
      return filter.anyId && ID.test(value) ? value : undefined
    case 'chips': {
      const known = new Set(filter.options.map((option) => option.value))
      const parts = value.split(',')
      if (parts.some((part) => !known.has(part)) || new Set(parts).size !== parts.length) return undefined
      // In the options' order, so one choice has one address whichever chip was clicked first.
      return filter.options
        .map((option) => option.value)
        .filter((v) => parts.includes(v))
        .join(',')
    }
    case 'range':
      return WHOLE.test(value) ? String(Number(value)) : undefined
    case 'days':
      return isRealDate(value) ? value : undefined
    case 'fixed':
      return ID.test(value) ? value : undefined
  }
}

/**
 * The filter values an address carries, each kept only when the server would take it; of a reversed range
 * (a minimum above the maximum, a start after the end) the upper end is dropped, as the server would refuse it.
 *
 * @example filterValues([{ kind: 'range', min: 'minPrice', max: 'maxPrice', label: 'Price' }], new URLSearchParams('minPrice=5&maxPrice=x')) // { minPrice: '5' }
 */
export function filterValues(
  filters: readonly ListFilter[],
  params: URLSearchParams,
): Record<string, string> {
  const values: Record<string, string> = {}
  for (const filter of filters) {
    for (const param of paramsOf(filter)) {
      const raw = params.get(param)?.trim()
      const value = raw ? accepted(filter, raw) : undefined
      if (value) values[param] = value
    }
    const pair =
      filter.kind === 'range'
        ? [filter.min, filter.max]
        : filter.kind === 'days'
          ? [filter.from, filter.to]
          : null
    if (pair) {
      const [low, high] = pair as [string, string]
      const a = values[low]
      const b = values[high]
      const reversed =
        a !== undefined && b !== undefined && (filter.kind === 'range' ? Number(a) > Number(b) : a > b)
      if (reversed) delete values[high]
    }
  }
  return values
}
