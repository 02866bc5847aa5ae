import type { Shipment } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useQueryClient } from '@tanstack/react-query'
import { invalidateAfter, useApiMutation } from '../../../lib/queries.ts'

/**
 * Hands an order to a carrier (CONTRACT 5.5: `POST /admin/orders/{id}/shipment`). Once it succeeds, what a
 * shipment shows in is stale (`invalidateAfter('shipments')`: the orders, their timelines and lists, and the
 * dashboard's figures). A refusal is the caller's to show, on its fields or above them, so it is not toasted.
 *
 * @example const create = useCreateShipment({ onSuccess: close, onError: show }); create.mutate({ params: { id }, body: { carrier: 'ghn' } })
 */
export const useCreateShipment = ({
  onSuccess,
  onError,
}: {
  onSuccess?: (shipment: Shipment) => void
  onError?: (error: Error) => void
}) =>
  useApiMutation(endpoints.shipments.create, {
    meta: { silent: true },
    onSuccess: (answer) => onSuccess?.(answer.data),
    onError,
  })

/**
 * Moves a shipment a step on (`PUT /admin/orders/{id}/shipment {status, trackingNumber?}`): in transit,
 * delivered (the order becomes Delivered) or returned (the order is cancelled, its stock comes back), or gives
 * it its tracking number. Success makes orders and the dashboard stale, as a creation does; a refusal (a move
 * no longer allowed, a tracking number on another order) is the caller's to show, and the order loads again so
 * the screen offers the steps of the shipment as it is now.
 *
 * @example const move = useMoveShipment({ onSuccess: (s) => notify.success(…) }); move.mutate({ params: { id }, body: { status: 'delivered' } })
 */
export function useMoveShipment({ onSuccess }: { onSuccess?: (shipment: Shipment) => void } = {}) {
  const queryClient = useQueryClient()
  return useApiMutation(endpoints.shipments.update, {
    meta: { silent: true },
    onSuccess: (answer) => onSuccess?.(answer.data),
    onError: () => void invalidateAfter(queryClient, 'shipments'),
  })
}
