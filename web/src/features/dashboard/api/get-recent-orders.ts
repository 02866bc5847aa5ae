import { endpoints } from '@store/contract/client'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiQuery } from '../../../lib/queries.ts'

/** How many orders 'Recent Purchases' shows. */
export const RECENT_ORDERS = 5

/**
 * The newest orders (the list is newest first). Under the `orders` key, so an order saved or deleted on the
 * order screens refreshes this table too.
 *
 * @example const recent = useRecentOrders(); recent.data?.data
 */
export const useRecentOrders = (limit = RECENT_ORDERS) =>
  useQuery({ ...recentOrdersQuery(limit), placeholderData: keepPreviousData })

/** The call behind 'Recent Purchases', for a loader to start it before the screen renders. */
export const recentOrdersQuery = (limit = RECENT_ORDERS) =>
  apiQuery(endpoints.orders.list, { query: { page: 1, limit } })
