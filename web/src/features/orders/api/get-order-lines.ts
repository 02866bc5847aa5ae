import type { OrderLine } from '@store/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'

/**
 * `GET /admin/orders/{orderId}/detail/{id}`: the lines of an order. The server ignores the second id; the
 * spec's client repeats the order id there, and so does this one (CONTRACT section 2).
 */
export const getOrderLines = (orderId: string, signal?: AbortSignal) => {
  const id = encodeURIComponent(orderId)
  return http.get<Answer<OrderLine[]>>(`/admin/orders/${id}/detail/${id}`, undefined, signal)
}

export const orderLinesQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', 'lines', orderId],
    queryFn: ({ signal }) => getOrderLines(orderId, signal).then((answer) => answer.data),
    refetchOnMount: 'always',
  })

/** @example const lines = useOrderLines(orderId) */
export const useOrderLines = (orderId: string) => useQuery(orderLinesQueryOptions(orderId))
