import type { EndpointQuery, Route } from '@store/contract'
import { useEffect } from 'react'
import {
  type ListAddress,
  type ListAddressOptions,
  type ListEndpoint,
  type RowOf,
  useListAddress,
} from './use-list-address.ts'
import { type ListData, type ListRemove, useListQuery } from './use-list-query.ts'
import { type BulkAction, type ListSelection, useListSelection } from './use-list-selection.ts'

export type ListControllerOptions<E extends ListEndpoint, D extends Route> = ListAddressOptions<E> & {
  /** Fixed query values every call sends, such as `role=user`: parameters the list call takes. */
  fixedQuery?: { [K in keyof EndpointQuery<E>]?: string }
  /** The delete call of a row, and its input; a list without it has no delete action. */
  remove?: ListRemove<E, D>
  /** The export call: the 'Export' button downloads every record the list shows, in its order. */
  exportCall?: Route
  /** The bulk actions the selected rows offer. */
  bulk?: readonly BulkAction[]
}

/** What a list screen reads of its controller, by the type of its rows. */
export type ListController<Row> = ListAddress & ListData<Row> & ListSelection<Row>

/**
 * Everything a list screen does, without markup: the address (`useListAddress`: page, page size, search with
 * its 1000 ms wait, sort and filters), the calls (`useListQuery`: the list, delete-then-reload, the export of
 * what the list shows) and the selection (`useListSelection`: rows chosen, bulk calls and their results), put
 * together; a page past the end of the list moves to the last one. A screen that needs only a part uses that
 * hook alone.
 *
 * @example
 * const list = useListController({
 *   list: endpoints.orders.list,
 *   sortFields: ORDER_SORT_FIELDS,
 *   filters: [{ kind: 'days', from: 'from', to: 'to', label: t('orders.filters.placed') }],
 *   querySchema: orderListQuery,
 *   exportCall: endpoints.orders.export,
 * })
 * return <ListScreen list={list} … />
 */
export function useListController<E extends ListEndpoint, D extends Route = Route>(
  options: ListControllerOptions<E, D>,
): ListController<RowOf<E>> {
  const { list, fixedQuery, remove, exportCall, bulk } = options
  const address = useListAddress(options)
  const calls = useListQuery({
    list,
    query: { ...fixedQuery, ...address.request },
    exportQuery: { ...fixedQuery, ...address.shown },
    remove,
    exportCall,
  })
  const { keepWithin } = address
  const { meta } = calls
  useEffect(() => {
    if (meta) keepWithin(meta.totalPages)
  }, [meta, keepWithin])
  const selection = useListSelection({ resource: list.resource, rows: calls.rows, view: address.view, bulk })
  return { ...address, ...calls, ...selection }
}
