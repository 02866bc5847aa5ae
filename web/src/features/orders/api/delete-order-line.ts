import { useMutation, useQueryClient } from '@tanstack/react-query'
import { http } from '../../../lib/http.ts'

/**
 * `DELETE /admin/orders/{orderId}/detail/{lineId}`. The server recomputes the order's quantity and totals, and
 * refuses (409, with a message) to delete an order's last line.
 */
export const deleteOrderLine = (orderId: string, lineId: string) =>
  http.delete(`/admin/orders/${encodeURIComponent(orderId)}/detail/${encodeURIComponent(lineId)}`)

/**
 * Deletes a line, then reloads the order and its lines (spec section 4), so the totals on screen follow.
 *
 * @example const remove = useDeleteOrderLine(orderId); remove.mutate(line.id)
 */
export function useDeleteOrderLine(orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (lineId: string) => deleteOrderLine(orderId, lineId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  })
}
