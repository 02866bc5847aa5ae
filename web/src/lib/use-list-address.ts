import type { EndpointAnswer, ListMeta, Route } from '@store/contract'
import { useCallback, useContext, useEffect, useState } from 'react'
import { UNSAFE_DataRouterContext, useLocation } from 'react-router'
import {
  type FilterOf,
  type FilterValue,
  filterValues,
  type ListFilter,
  paramsOf,
  type QuerySchema,
} from './list-filters.ts'
import { useAddressParams } from './use-address-params.ts'

/** Spec section 9: a search is sent 1000 ms after the last key stroke. */
export const SEARCH_DEBOUNCE_MS = 1000
/**
 * A number typed into a filter (a price or total range end) is written to the address after this pause: the
 * search box's way of waiting, shorter, as a figure is typed in one go and the list should follow it soon.
 */
export const FILTER_DEBOUNCE_MS = 500

/** A list call of the table: its answer has rows and `meta`. */
export type ListEndpoint = Route & { method: 'GET' }
/** The row type of a list call. */
export type RowOf<E> = EndpointAnswer<E> extends { data: (infer Row)[]; meta: ListMeta } ? Row : never

/** The page sizes a list offers (CONTRACT 2: at most 100); the first is the default. */
export const PAGE_SIZES = [10, 20, 50, 100] as const
const DEFAULT_LIMIT = PAGE_SIZES[0]
const DEFAULT_SORT = 'createdAt:desc'

export type SortDirection = 'asc' | 'desc'
export interface SortState {
  field: string
  direction: SortDirection
}
/** Every list's default order, newest first: what a sortable list shows with no sort in the address. */
const NEWEST_FIRST: SortState = { field: 'createdAt', direction: 'desc' }

/**
 * A list's filters and the contract's schema of its query, together or not at all: the schema is what checks
 * the values the address carries (`filterValues`). The web app's endpoint table has no schemas (the first page
 * load carries no zod), so a list screen names its own: `orderListQuery` for `endpoints.orders.list`.
 */
export type FilterOptions<E> =
  | { filters?: undefined; querySchema?: undefined }
  | { filters: readonly FilterOf<NoInfer<E>>[]; querySchema: QuerySchema<NoInfer<E>> }

export type ListAddressOptions<E extends ListEndpoint> = {
  /** The list call: its query type names the parameters the filters may fill. */
  list: E
  /** The query parameter the search box fills: `name`, `content` for reviews, `q` for orders. */
  searchParam?: 'name' | 'content' | 'q'
  /**
   * The parameter the box filled before `searchParam` took its place: an address that still carries it (a link
   * or bookmark kept from then) searches the same, and the next search writes `searchParam` in its stead.
   */
  formerSearchParam?: 'name'
  /** The fields `sortBy` may name (the contract's `*_SORT_FIELDS`); a list without them is not sortable. */
  sortFields?: readonly string[]
} & FilterOptions<E>

const pageFrom = (value: string | null) => {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 ? n : 1
}
const limitFrom = (value: string | null) => {
  const n = Number(value)
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : DEFAULT_LIMIT
}
/** The sort an address asks for, when the list may sort so; otherwise the default. */
const sortFrom = (value: string | null, fields: readonly string[] | undefined): SortState | undefined => {
  const [field, direction] = (value ?? '').split(':')
  if (!field || !fields?.includes(field) || (direction !== 'asc' && direction !== 'desc')) return undefined
  return { field, direction }
}
const NO_FILTERS: readonly ListFilter[] = []

/**
 * What a list shows, kept in the address, without markup: page, page size, search term, sort and filters are
 * read from and written to the address, so back, forward, reload and a shared link show the same rows; only
 * values that differ from the defaults are written. The search box follows what is typed, and the address
 * follows the box 1000 ms after the last key. A new search, sort, filter or page size starts at page 1.
 *
 * @example
 * const address = useListAddress({
 *   list: endpoints.orders.list,
 *   sortFields: ORDER_SORT_FIELDS,
 *   filters: [{ kind: 'days', from: 'from', to: 'to', label: t('orders.filters.placed') }],
 *   querySchema: orderListQuery,
 * })
 * useQuery(apiQuery(endpoints.orders.list, { query: address.request }))
 */
export function useListAddress<E extends ListEndpoint>(options: ListAddressOptions<E>) {
  const { searchParam = 'name', formerSearchParam, sortFields, filters = NO_FILTERS, querySchema } = options
  const [params, changeAddress] = useAddressParams()
  const page = pageFrom(params.get('page'))
  const term = params.get(searchParam) ?? (formerSearchParam && params.get(formerSearchParam)) ?? ''
  const limit = limitFrom(params.get('limit'))
  const sort = sortFrom(params.get('sortBy'), sortFields)
  const sortBy = sort ? `${sort.field}:${sort.direction}` : undefined
  const values = querySchema ? filterValues(filters, params, querySchema) : {}
  const valuesKey = JSON.stringify(values)

  // What the list shows, without paging: also what the export sends.
  const narrowing = { ...values, ...(sortBy && sortBy !== DEFAULT_SORT && { sortBy }) }
  const shown = { [searchParam]: term || undefined, ...narrowing }
  const request = { page, ...shown, ...(limit !== DEFAULT_LIMIT && { limit }) }

  // Built on the address as last asked for: two changes made before the address catches up both count.
  const change = useCallback(
    (edit: (next: URLSearchParams) => void, replace = false) => changeAddress(edit, { replace }),
    [changeAddress],
  )
  const go = useCallback(
    (next: { page: number; term: string }, replace = false) =>
      change((updated) => {
        updated.set('page', String(next.page))
        if (formerSearchParam) updated.delete(formerSearchParam)
        if (next.term) updated.set(searchParam, next.term)
        else updated.delete(searchParam)
      }, replace),
    [change, searchParam, formerSearchParam],
  )
  /** A new sort, filter or page size starts again at the first page. */
  const narrow = (edit: (next: URLSearchParams) => void) =>
    change((next) => {
      edit(next)
      next.delete('page')
    })
  const writeSort = (text: string) =>
    narrow((updated) => {
      if (text === DEFAULT_SORT) updated.delete('sortBy')
      else updated.set('sortBy', text)
    })

  // The box shows what the user types; the address (and the call) follow 1000 ms after the last key.
  const [searchText, setSearchText] = useState(term)
  // A change of address (back, forward, a link) puts its term in the box.
  useEffect(() => setSearchText(term), [term])
  // A move to another screen changes the router's address at once, while this screen stays on view until the next
  // one's code has arrived: a search still waiting then is dropped, not written into the next screen's address.
  const router = useContext(UNSAFE_DataRouterContext)?.router
  const { pathname } = useLocation()
  useEffect(() => {
    const wanted = searchText.trim()
    if (wanted === term) return
    const timer = setTimeout(() => {
      if (router && router.state.location.pathname !== pathname) return
      go({ page: 1, term: wanted })
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [searchText, term, go, router, pathname])

  return {
    page,
    term,
    /** What the list call asks for: page, page size, search, sort and filters. */
    request,
    /** What the list shows, without paging: what its export asks for. */
    shown,
    /** Names the rows asked for: another page, page size, search, sort or filter is another view. */
    view: `${page}|${limit}|${term}|${sortBy}|${valuesKey}`,
    /**
     * Moves to the last page when the page asked for is past it (a delete emptied the last page, a page typed
     * into the address), replacing the address.
     */
    keepWithin: useCallback(
      (totalPages: number) => {
        if (totalPages > 0 && page > totalPages) go({ page: totalPages, term }, true)
      },
      [page, term, go],
    ),
    setPage: (next: number) => go({ page: next, term }),
    searchText,
    setSearchText,
    /** Empties the box and shows every row at once, without waiting for the debounce. */
    clearSearch: () => {
      setSearchText('')
      if (term) go({ page: 1, term: '' })
    },
    limit,
    setLimit: (next: number) =>
      narrow((updated) => {
        if (next === DEFAULT_LIMIT) updated.delete('limit')
        else updated.set('limit', String(next))
      }),
    sortFields: sortFields ?? [],
    sort: sort ?? (sortFields ? NEWEST_FIRST : undefined),
    /** Sorts by a field: a new field ascending, the field already sorted by the other way round. */
    toggleSort: (field: string) => {
      const current = sort ?? NEWEST_FIRST
      const direction: SortDirection = current.field === field && current.direction === 'asc' ? 'desc' : 'asc'
      writeSort(`${field}:${direction}`)
    },
    setSort: (next: SortState) => writeSort(`${next.field}:${next.direction}`),
    filters: filters as readonly ListFilter[],
    filterValues: values,
    /**
     * Sets one filter parameter ('' removes it); several set before the next render all count. A function
     * gets the value as last asked for, so two quick clicks on a chip group both count.
     */
    setFilter: (param: string, value: FilterValue) =>
      narrow((updated) => {
        const next = typeof value === 'function' ? value(updated.get(param) ?? '') : value
        if (next) updated.set(param, next)
        else updated.delete(param)
      }),
    /**
     * True when a filter narrows the list: an empty list then says the filters found nothing, beside a button
     * that clears them. A search alone has no such button (its box has its own clear button); the list screen
     * still says that nothing matches it (`ListScreen`'s `empty.noMatch`).
     */
    filtered: Object.keys(values).length > 0,
    /** Removes every filter, keeping the search, the sort and the page size. */
    clearFilters: () =>
      narrow((updated) => {
        for (const filter of filters) for (const param of paramsOf(filter)) updated.delete(param)
      }),
  }
}

/** What a list screen reads of the address: page, page size, search, sort and filters. */
export type ListAddress = ReturnType<typeof useListAddress>
