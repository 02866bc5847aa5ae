import type { Order, OrderBody } from '@store/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'

/** `PUT /admin/orders/{id}` with the edit form's values (`orderBody`). */
export const updateOrder = (id: string, body: OrderBody) =>
  http.put<Answer<Order>>(`/admin/orders/${encodeURIComponent(id)}`, body)

/**
 * Saves an order; the list, the order and its detail screen all reload afterwards.
 *
 * @example const save = useUpdateOrder(id); save.mutate(values, { onSuccess: () => navigate(paths.orders) })
 */
export function useUpdateOrder(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: OrderBody) => updateOrder(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  })
}
