import type { Order } from '@store/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { http, type ListAnswer } from '../../../lib/http.ts'

/** How many orders 'Recent Purchases' shows. */
export const RECENT_ORDERS = 5

/** GET /admin/orders?page=1&limit=5: the newest orders (the list is newest first). */
export const getRecentOrders = (limit: number, signal?: AbortSignal) =>
  http.get<ListAnswer<Order>>('/admin/orders', { page: 1, limit }, signal)

// Under the 'orders' root, so an order saved or deleted on the order screens refreshes this table too.
export const recentOrdersQuery = (limit = RECENT_ORDERS) =>
  queryOptions({
    queryKey: ['orders', 'recent', { limit }],
    queryFn: ({ signal }) => getRecentOrders(limit, signal),
    placeholderData: keepPreviousData,
  })

/** @example const recent = useRecentOrders(); recent.data?.data */
export const useRecentOrders = (limit?: number) => useQuery(recentOrdersQuery(limit))
