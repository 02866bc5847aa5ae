import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { http, type ListAnswer } from './http.ts'
import { notify } from './toast.ts'

/** Spec section 9: a search is sent 1000 ms after the last key stroke. */
export const SEARCH_DEBOUNCE_MS = 1000

export interface ListControllerOptions<Row> {
  /** The cache key's root; saves and deletes of this resource invalidate it. */
  resource: string
  /** The list call, under `/api`: `/admin/users`. */
  path: string
  /** The query parameter the search box fills: `name`, or `content` for reviews. */
  searchParam?: 'name' | 'content'
  /** Fixed query values every call sends, such as `role=user`. */
  fixedQuery?: Record<string, string>
  /** The delete call of a row; a list without it has no delete action. */
  deleteCall?: (row: Row) => { path: string; query?: Record<string, string> }
}

const pageFrom = (value: string | null) => {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 ? n : 1
}

/**
 * Everything a list screen does, without markup: page and search read from and written to the address (so back
 * and forward work), the debounced search box, the list call, and delete-then-reload.
 *
 * @example const list = useListController<User>({ resource: 'users', path: '/admin/users', fixedQuery: { role: 'user' } })
 */
export function useListController<Row>(options: ListControllerOptions<Row>) {
  const { resource, path, searchParam = 'name', fixedQuery, deleteCall } = options
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const page = pageFrom(params.get('page'))
  const term = params.get(searchParam) ?? ''

  const query = useQuery({
    queryKey: [resource, 'list', { ...fixedQuery, page, [searchParam]: term }],
    queryFn: ({ signal }) =>
      http.get<ListAnswer<Row>>(path, { ...fixedQuery, page, [searchParam]: term || undefined }, signal),
    placeholderData: keepPreviousData,
  })

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

  const meta = query.data?.meta
  // After a delete empties the last page, or for a page typed into the address past the end, show the last one.
  useEffect(() => {
    if (meta && meta.totalPages > 0 && page > meta.totalPages) go({ page: meta.totalPages, term }, true)
  }, [meta, page, term, go])

  const [pendingDelete, setPendingDelete] = useState<Row | null>(null)
  const removal = useMutation({
    mutationFn: (row: Row) => {
      if (!deleteCall) throw new Error(`${resource} cannot be deleted`)
      const call = deleteCall(row)
      return http.delete(call.path, call.query)
    },
    onSuccess: async () => {
      notify.success(t('common.deleted'))
      await queryClient.invalidateQueries({ queryKey: [resource] })
    },
    onSettled: () => setPendingDelete(null),
  })

  return {
    rows: query.data?.data ?? [],
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
    canDelete: deleteCall !== undefined,
    /** Opens the confirm dialog for a row. */
    askDelete: setPendingDelete,
    pendingDelete,
    cancelDelete: () => setPendingDelete(null),
    confirmDelete: () => pendingDelete !== null && removal.mutate(pendingDelete),
    deleting: removal.isPending,
  }
}

export type ListController<Row> = ReturnType<typeof useListController<Row>>
