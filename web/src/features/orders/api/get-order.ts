import type { Order } from '@store/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'

/** `GET /admin/orders/{id}`: one order with its customer, figures and payment method. */
export const getOrder = (id: string, signal?: AbortSignal) =>
  http.get<Answer<Order>>(`/admin/orders/${encodeURIComponent(id)}`, undefined, signal)

/** Under `orders`, so a save or delete of any order (which invalidates `['orders']`) reloads it. */
export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'detail', id],
    queryFn: ({ signal }) => getOrder(id, signal).then((answer) => answer.data),
    // Spec section 4: an edit or detail screen reloads the record on entry rather than trust a cached copy.
    refetchOnMount: 'always',
  })

/** @example const order = useOrder(id) */
export const useOrder = (id: string) => useQuery(orderQueryOptions(id))
