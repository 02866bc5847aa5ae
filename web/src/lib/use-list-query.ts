import type { EndpointInput, ListMeta, Resource, Route } from '@store/contract'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { downloadExport } from './download.ts'
import { api } from './http.ts'
import { apiQuery, invalidateAfter } from './queries.ts'
import { notify } from './toast.ts'
import type { ListEndpoint, RowOf } from './use-list-address.ts'

/**
 * The delete call of a list's rows and its input from a row; `allowed` narrows which rows offer it (an order
 * the server would keep), the others showing no delete button.
 */
export interface ListRemove<E extends ListEndpoint, D extends Route> {
  endpoint: D
  input: (row: RowOf<E>) => EndpointInput<D>
  allowed?: (row: RowOf<E>) => boolean
}

/** A query as a list sends it: each value a parameter, an undefined one left out. */
export type ListQueryValues = Record<string, string | number | undefined>

export interface ListQueryOptions<E extends ListEndpoint, D extends Route> {
  /** The list call: `endpoints.users.list`. */
  list: E
  /** What the list call asks for: the address's page, search, sort and filters, and any fixed values. */
  query: ListQueryValues
  /** What the export asks for: the same without paging. */
  exportQuery: ListQueryValues
  /** The delete call of a row, and its input; a list without it has no delete action. */
  remove?: ListRemove<E, D>
  /** The export call: the 'Export' button downloads every record the list shows, in its order. */
  exportCall?: Route
}

/**
 * The calls of a list, without markup: the list call (the rows stay on screen while the next page loads), the
 * delete of a row after its confirmation, then the list again, and the export of what the list shows. A
 * failure is toasted by the query and mutation caches, with the server's message.
 *
 * @example
 * const calls = useListQuery({
 *   list: endpoints.users.list, query: address.request, exportQuery: address.shown,
 *   remove: { endpoint: endpoints.users.remove, input: (row) => ({ params: { id: row.id } }) },
 * })
 */
export function useListQuery<E extends ListEndpoint, D extends Route = Route>(
  options: ListQueryOptions<E, D>,
) {
  type Row = RowOf<E>
  const { list, query, exportQuery, remove, exportCall } = options
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const answer = useQuery({
    ...apiQuery(list, { query } as EndpointInput<E>),
    placeholderData: keepPreviousData,
  })
  const data = answer.data as { data: Row[]; meta: ListMeta } | undefined

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

  const exporting = useMutation({
    mutationFn: () => {
      if (!exportCall) throw new Error(`${list.resource} has no export call`)
      return downloadExport(exportCall, exportQuery, `${list.resource}.csv`)
    },
    onSuccess: (name) => notify.success(t('common.list.exported', { name })),
  })

  return {
    rows: data?.data ?? [],
    meta: data?.meta,
    /** True while the list call is in flight, including a page change that still shows the old rows. */
    loading: answer.isFetching,
    error: answer.error,
    /** Asks for the list again (after a failed load). */
    retry: () => void answer.refetch(),
    /** Whether a row offers its delete: the list has a delete call and the row is one it allows. */
    canDelete: (row: Row) => remove !== undefined && (remove.allowed?.(row) ?? true),
    /** Opens the confirm dialog for a row. */
    askDelete: (row: Row) => setPendingDelete(row),
    pendingDelete,
    cancelDelete: () => setPendingDelete(null),
    confirmDelete: () => {
      if (pendingDelete !== null) removal.mutate(pendingDelete)
    },
    deleting: removal.isPending,
    canExport: exportCall !== undefined,
    runExport: () => exporting.mutate(),
    exporting: exporting.isPending,
  }
}

/** What a list screen reads of its calls, by the type of its rows. */
export interface ListData<Row> {
  rows: Row[]
  meta: ListMeta | undefined
  loading: boolean
  error: Error | null
  retry: () => void
  canDelete: (row: Row) => boolean
  askDelete: (row: Row) => void
  pendingDelete: Row | null
  cancelDelete: () => void
  confirmDelete: () => void
  deleting: boolean
  canExport: boolean
  runExport: () => void
  exporting: boolean
}
