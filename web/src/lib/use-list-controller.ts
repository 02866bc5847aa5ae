import type {
  BulkAnswer,
  BulkOutcome,
  EndpointAnswer,
  EndpointInput,
  ListMeta,
  Resource,
  Route,
} from '@store/contract'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { downloadExport } from './download.ts'
import { api } from './http.ts'
import {
  type FilterOption,
  type FilterValue,
  filterValues,
  type ListFilter,
  paramsOf,
} from './list-filters.ts'
import { apiQuery, invalidateAfter } from './queries.ts'
import { notify } from './toast.ts'
import { useAddressParams } from './use-address-params.ts'

/** Spec section 9: a search is sent 1000 ms after the last key stroke. */
export const SEARCH_DEBOUNCE_MS = 1000

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

/** A change to many rows at once (CONTRACT 4.1 bulk calls): its call, and the choice it may need first. */
export interface BulkCall {
  /** Names the action in code and tests: 'delete', 'status'. */
  name: string
  /** The button's text: 'Delete', 'Change status'. */
  label: string
  endpoint: Route
  /** The call's body for the chosen ids (and the choice, when the action has one). */
  body: (ids: string[], choice: string) => unknown
  /** A value to choose before the call (the new status), offered as a select. */
  choice?: { label: string; options: readonly FilterOption[] }
  /** What the confirm dialog asks, with the number of records (and the chosen option's label). */
  question: (count: number, choice: string | undefined) => string
  /** A destructive action shows in red. */
  danger?: boolean
  run?: never
}

/**
 * Something done with the selected rows that changes none of them (a download of their packing slips): run at
 * once with the selected ids, without a question or a results dialog; a failure is toasted.
 */
export interface BulkTask {
  name: string
  label: string
  run: (ids: string[]) => Promise<unknown>
}

/** What the selected rows offer: a bulk call, or a task that changes nothing. */
export type BulkAction = BulkCall | BulkTask

/** What a bulk call answered, with the rows it was asked about as they were then (for their names). */
export interface BulkResult<Row> {
  action: BulkCall
  outcomes: BulkOutcome[]
  rows: Row[]
}

export interface ListControllerOptions<E extends ListEndpoint, D extends Route> {
  /** The list call: `endpoints.users.list`. */
  list: E
  /** The query parameter the search box fills: `name`, or `content` for reviews. */
  searchParam?: 'name' | 'content'
  /** Fixed query values every call sends, such as `role=user`. */
  fixedQuery?: Record<string, string>
  /** The delete call of a row, and its input; a list without it has no delete action. */
  remove?: { endpoint: D; input: (row: RowOf<E>) => EndpointInput<D> }
  /** The fields `sortBy` may name (the contract's `*_SORT_FIELDS`); a list without them is not sortable. */
  sortFields?: readonly string[]
  /** The list's filters, read from and written to the address. */
  filters?: readonly ListFilter[]
  /** The export call: the 'Export' button downloads every record the list shows, in its order. */
  exportCall?: Route
  /** The bulk actions the selected rows offer. */
  bulk?: readonly BulkAction[]
}

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

/**
 * Everything a list screen does, without markup: page, page size, search, sort and filters read from and
 * written to the address (so back, forward, reload and a shared link show the same rows; only values that
 * differ from the defaults are written), the debounced search box, the list call, delete-then-reload, the
 * export of what the list shows, and the selection of rows with the bulk calls and their results.
 *
 * @example
 * const list = useListController({
 *   list: endpoints.orders.list,
 *   sortFields: ORDER_SORT_FIELDS,
 *   filters: [{ kind: 'days', from: 'from', to: 'to', label: t('orders.filters.placed') }],
 *   exportCall: endpoints.orders.export,
 * })
 */
export function useListController<E extends ListEndpoint, D extends Route = Route>(
  options: ListControllerOptions<E, D>,
): ListController<RowOf<E>> {
  type Row = RowOf<E>
  const {
    list,
    searchParam = 'name',
    fixedQuery,
    remove,
    sortFields,
    filters = [],
    exportCall,
    bulk = [],
  } = options
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [params, changeAddress] = useAddressParams()
  const page = pageFrom(params.get('page'))
  const term = params.get(searchParam) ?? ''
  const limit = limitFrom(params.get('limit'))
  const sort = sortFrom(params.get('sortBy'), sortFields)
  const sortBy = sort ? `${sort.field}:${sort.direction}` : undefined
  const values = filterValues(filters, params)
  const valuesKey = JSON.stringify(values)

  // What the list shows, without paging: also what the export sends.
  const narrowing = { ...values, ...(sortBy && sortBy !== DEFAULT_SORT && { sortBy }) }
  const shown = { ...fixedQuery, [searchParam]: term || undefined, ...narrowing }
  const query = useQuery({
    ...apiQuery(list, {
      query: {
        ...fixedQuery,
        page,
        [searchParam]: term || undefined,
        ...(limit !== DEFAULT_LIMIT && { limit }),
        ...narrowing,
      },
    } as EndpointInput<E>),
    placeholderData: keepPreviousData,
  })
  const answer = query.data as { data: Row[]; meta: ListMeta } | undefined

  // Built on the address as last asked for: two changes made before the address catches up both count.
  const change = useCallback(
    (edit: (next: URLSearchParams) => void, replace = false) => changeAddress(edit, { replace }),
    [changeAddress],
  )
  const go = useCallback(
    (next: { page: number; term: string }, replace = false) =>
      change((updated) => {
        updated.set('page', String(next.page))
        if (next.term) updated.set(searchParam, next.term)
        else updated.delete(searchParam)
      }, replace),
    [change, searchParam],
  )
  /** A new sort, filter or page size starts again at the first page. */
  const narrow = (edit: (next: URLSearchParams) => void) =>
    change((next) => {
      edit(next)
      next.delete('page')
    })

  // The box shows what the user types; the address (and the call) follow 1000 ms after the last key.
  const [searchText, setSearchText] = useState(term)
  // A change of address (back, forward, a link) puts its term in the box.
  useEffect(() => setSearchText(term), [term])
  useEffect(() => {
    const wanted = searchText.trim()
    if (wanted === term) return
    const timer = setTimeout(() => go({ page: 1, term: wanted }), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [searchText, term, go])

  const meta = answer?.meta
  // After a delete empties the last page, or for a page typed into the address past the end, show the last one.
  useEffect(() => {
    if (meta && meta.totalPages > 0 && page > meta.totalPages) go({ page: meta.totalPages, term }, true)
  }, [meta, page, term, go])

  const [pendingDelete, setPendingDelete] = useState<Row | null>(null)
  const removal = useMutation({
    mutationFn: (row: Row) => {
      if (!remove) throw new Error(`${list.resource} has no delete call`)
      return (api as (e: D, input: EndpointInput<D>) => Promise<unknown>)(remove.endpoint, remove.input(row))
    },
    onSuccess: async () => {
      notify.success(t('common.deleted'))
      await invalidateAfter(queryClient, list.resource as Resource)
    },
    onSettled: () => setPendingDelete(null),
  })

  // A failure is toasted by the mutation cache, with the server's message.
  const exporting = useMutation({
    mutationFn: () => {
      if (!exportCall) throw new Error(`${list.resource} has no export call`)
      return downloadExport(exportCall, shown, `${list.resource}.csv`)
    },
    onSuccess: (name) => notify.success(t('common.list.exported', { name })),
  })

  // The selection belongs to the rows on screen: another page, sort or filter starts a new one.
  const rows = answer?.data ?? []
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set())
  const viewKey = `${page}|${limit}|${term}|${sortBy}|${valuesKey}`
  useEffect(() => {
    void viewKey
    setSelected(new Set())
  }, [viewKey])
  const idOf = (row: Row) => (row as { id: string }).id
  const onPage = rows.map(idOf)
  const allSelected = onPage.length > 0 && onPage.every((id) => selected.has(id))

  const [pendingBulk, setPendingBulk] = useState<{ action: BulkCall; choice: string } | null>(null)
  const [bulkResult, setBulkResult] = useState<BulkResult<Row> | null>(null)
  const bulkCall = useMutation({
    mutationFn: async ({ action, choice }: { action: BulkCall; choice: string }) => {
      const ids = onPage.filter((id) => selected.has(id))
      const asked = rows.filter((row) => selected.has(idOf(row)))
      const reply = (await (api as (e: Route, input: unknown) => Promise<BulkAnswer>)(action.endpoint, {
        body: action.body(ids, choice),
      })) as BulkAnswer
      return { action, outcomes: reply.data, rows: asked }
    },
    onSuccess: async (result) => {
      setBulkResult(result)
      setSelected(new Set())
      await invalidateAfter(queryClient, list.resource as Resource)
    },
    onSettled: () => setPendingBulk(null),
  })
  // A failure is toasted by the mutation cache; the selection stays, to try again.
  const task = useMutation({
    mutationFn: (action: BulkTask) => action.run(onPage.filter((id) => selected.has(id))),
  })

  return {
    rows,
    meta,
    page,
    term,
    /** True while the list call is in flight, including a page change that still shows the old rows. */
    loading: query.isFetching,
    error: query.error,
    /** Asks for the list again (after a failed load). */
    retry: () => void query.refetch(),
    setPage: (next: number) => go({ page: next, term }),
    searchText,
    setSearchText,
    /** Empties the box and shows every row at once, without waiting for the debounce. */
    clearSearch: () => {
      setSearchText('')
      if (term) go({ page: 1, term: '' })
    },
    canDelete: remove !== undefined,
    /** Opens the confirm dialog for a row. */
    askDelete: setPendingDelete,
    pendingDelete,
    cancelDelete: () => setPendingDelete(null),
    confirmDelete: () => {
      if (pendingDelete !== null) removal.mutate(pendingDelete)
    },
    deleting: removal.isPending,

    limit,
    setLimit: (next: number) =>
      narrow((updated) => {
        if (next === DEFAULT_LIMIT) updated.delete('limit')
        else updated.set('limit', String(next))
      }),
    sortFields: sortFields ?? [],
    sort: sort ?? (sortFields ? { field: 'createdAt', direction: 'desc' } : undefined),
    /** Sorts by a field: a new field ascending, the field already sorted by the other way round. */
    toggleSort: (field: string) => {
      const current = sort ?? { field: 'createdAt', direction: 'desc' }
      const direction: SortDirection = current.field === field && current.direction === 'asc' ? 'desc' : 'asc'
      narrow((updated) => {
        const next = `${field}:${direction}`
        if (next === DEFAULT_SORT) updated.delete('sortBy')
        else updated.set('sortBy', next)
      })
    },
    setSort: (next: SortState) =>
      narrow((updated) => {
        const text = `${next.field}:${next.direction}`
        if (text === DEFAULT_SORT) updated.delete('sortBy')
        else updated.set('sortBy', text)
      }),
    filters,
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
     * True when a filter narrows the list: an empty list then says the filters found nothing. A search alone
     * keeps the spec's 'There aren't any lines.', and its box has its own clear button.
     */
    filtered: Object.keys(values).length > 0,
    /** Removes every filter, keeping the search, the sort and the page size. */
    clearFilters: () =>
      narrow((updated) => {
        for (const filter of filters) for (const param of paramsOf(filter)) updated.delete(param)
      }),
    canExport: exportCall !== undefined,
    exportQuery: shown,
    runExport: () => exporting.mutate(),
    exporting: exporting.isPending,

    bulkActions: bulk,
    selected,
    allSelected,
    toggleRow: (id: string) =>
      setSelected((before) => {
        const next = new Set(before)
        if (next.has(id)) next.delete(id)
        else next.add(id)
        return next
      }),
    toggleAll: () => setSelected(allSelected ? new Set() : new Set(onPage)),
    pendingBulk,
    askBulk: (action: BulkCall, choice = '') => setPendingBulk({ action, choice }),
    cancelBulk: () => setPendingBulk(null),
    confirmBulk: () => {
      if (pendingBulk) bulkCall.mutate(pendingBulk)
    },
    bulkRunning: bulkCall.isPending,
    runTask: (action: BulkTask) => task.mutate(action),
    taskRunning: task.isPending ? task.variables?.name : undefined,
    bulkResult,
    closeBulkResult: () => setBulkResult(null),
  }
}

/** What a list screen reads of its controller, by the type of its rows. */
export interface ListController<Row> {
  rows: Row[]
  meta: ListMeta | undefined
  page: number
  term: string
  loading: boolean
  error: Error | null
  retry: () => void
  setPage: (next: number) => void
  searchText: string
  setSearchText: (text: string) => void
  clearSearch: () => void
  canDelete: boolean
  askDelete: (row: Row) => void
  pendingDelete: Row | null
  cancelDelete: () => void
  confirmDelete: () => void
  deleting: boolean
  limit: number
  setLimit: (next: number) => void
  sortFields: readonly string[]
  sort: SortState | undefined
  toggleSort: (field: string) => void
  setSort: (next: SortState) => void
  filters: readonly ListFilter[]
  filterValues: Record<string, string>
  setFilter: (param: string, value: FilterValue) => void
  filtered: boolean
  clearFilters: () => void
  canExport: boolean
  exportQuery: Record<string, string | number | undefined>
  runExport: () => void
  exporting: boolean
  bulkActions: readonly BulkAction[]
  selected: ReadonlySet<string>
  allSelected: boolean
  toggleRow: (id: string) => void
  toggleAll: () => void
  pendingBulk: { action: BulkCall; choice: string } | null
  askBulk: (action: BulkCall, choice?: string) => void
  cancelBulk: () => void
  confirmBulk: () => void
  bulkRunning: boolean
  /** Runs a task on the selected rows at once. */
  runTask: (action: BulkTask) => void
  /** The name of the task running now, if any. */
  taskRunning: string | undefined
  bulkResult: BulkResult<Row> | null
  closeBulkResult: () => void
}
