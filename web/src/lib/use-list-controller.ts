import type { EndpointAnswer, EndpointInput, ListMeta, Resource, Route } from '@store/contract'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { api } from './http.ts'
import { apiQuery, invalidateAfter } from './queries.ts'
import { notify } from './toast.ts'

/** Spec section 9: a search is sent 1000 ms after the last key stroke. */
export const SEARCH_DEBOUNCE_MS = 1000

/** A list call of the table: its answer has rows and `meta`. */
export type ListEndpoint = Route & { method: 'GET' }
/** The row type of a list call. */
export type RowOf<E> = EndpointAnswer<E> extends { data: (infer Row)[]; meta: ListMeta } ? Row : never

export interface ListControllerOptions<E extends ListEndpoint, D extends Route> {
  /** The list call: `endpoints.users.list`. */
  list: E
  /** The query parameter the search box fills: `name`, or `content` for reviews. */
  searchParam?: 'name' | 'content'
  /** Fixed query values every call sends, such as `role=user`. */
  fixedQuery?: Record<string, string>
  /** The delete call of a row, and its input; a list without it has no delete action. */
  remove?: { endpoint: D; input: (row: RowOf<E>) => EndpointInput<D> }
}

const pageFrom = (value: string | null) => {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 ? n : 1
}

/**
 * Everything a list screen does, without markup: page and search read from and written to the address (so back
 * and forward work), the debounced search box, the list call, and delete-then-reload.
 *
 * @example const list = useListController({ list: endpoints.users.list, fixedQuery: { role: 'user' } })
 */
export function useListController<E extends ListEndpoint, D extends Route = Route>(
  options: ListControllerOptions<E, D>,
): ListController<RowOf<E>> {
  type Row = RowOf<E>
  const { list, searchParam = 'name', fixedQuery, remove } = options
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const page = pageFrom(params.get('page'))
  const term = params.get(searchParam) ?? ''

  const query = useQuery({
    ...apiQuery(list, {
      query: { ...fixedQuery, page, [searchParam]: term || undefined },
    } as EndpointInput<E>),
    placeholderData: keepPreviousData,
  })
  const answer = query.data as { data: Row[]; meta: ListMeta } | undefined

  const go = useCallback(
    (next: { page: number; term: string }, replace = false) => {
      const updated = new URLSearchParams(params)
      updated.set('page', String(next.page))
      if (next.term) updated.set(searchParam, next.term)
      else updated.delete(searchParam)
      setParams(updated, { replace })
    },
    [params, searchParam, setParams],
  )

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

  return {
    rows: answer?.data ?? [],
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
}
