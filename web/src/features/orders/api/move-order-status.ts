import type { EndpointInput, Order, OrderStatus } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useQueryClient } from '@tanstack/react-query'
import { withVersion } from '../../../lib/edit-body.ts'
import { invalidateAfter, useApiMutation } from '../../../lib/queries.ts'
import { orderFormValues } from '../order-edit-form.tsx'

/**
 * The edit form's save with only the status changed: the order's values as the edit form starts from them, the
 * new status, and the version the order was read at.
 */
export const statusMoveInput = (
  order: Order,
  to: OrderStatus,
): EndpointInput<typeof endpoints.orders.update> =>
  withVersion(
    { params: { id: order.id }, body: { ...orderFormValues(order), status: String(to) } },
    order.version,
  )

/**
 * Moves an order to another status through the edit form's own save (`PUT`, `statusMoveInput`), so the server
 * checks it as it checks an edit: only the moves `STATUS_MOVES` allows (409 `statusMove`), and never over a
 * change someone else saved meanwhile (409 `editedMeanwhile`). Once it succeeds, everything cached about orders
 * loads again: the order, its lines and its timeline. A refusal is the caller's to show (not toasted); the order
 * loads again then too, so the screen offers the moves of the status the order has now.
 *
 * @example const move = useMoveOrderStatus({ onSuccess: (order) => notify.success(…) }); move.mutate(statusMoveInput(order, 2))
 */
export function useMoveOrderStatus({ onSuccess }: { onSuccess?: (order: Order) => void } = {}) {
  const queryClient = useQueryClient()
  return useApiMutation(endpoints.orders.update, {
    meta: { silent: true },
    onSuccess: (answer) => onSuccess?.(answer.data),
    onError: () => void invalidateAfter(queryClient, 'orders'),
  })
}
