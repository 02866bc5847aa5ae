import { Alert, Button, Stack } from '@mantine/core'
import { type Order, type OrderStatus, STATUS_MOVES } from '@store/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { errorText } from '../../lib/error-text.ts'
import { notify } from '../../lib/toast.ts'
import { statusMoveInput, useMoveOrderStatus } from './api/move-order-status.ts'

/**
 * The buttons that move an order on from its detail screen: one for each move `STATUS_MOVES` allows from its
 * status (none for a delivered or cancelled order), Cancelled last and asked first. A move saves through the
 * edit form's save (`useMoveOrderStatus`) and is toasted; a refusal (a move no longer allowed, a change someone
 * saved meanwhile) stays under the buttons in the server's words, while the order loads again.
 *
 * @example <OrderStatusMoves order={order} />
 */
export function OrderStatusMoves({ order }: { order: Order }) {
  const { t } = useTranslation()
  const statusName = (status: OrderStatus) => t(`enums.orderStatus.${status}`)
  const [asking, setAsking] = useState(false)
  const move = useMoveOrderStatus({
    onSuccess: (moved) =>
      notify.success(t('orders.detail.statusMoved', { id: moved.id, status: statusName(moved.status) })),
  })
  const moves = STATUS_MOVES[order.status]
  // A refusal stays in view even when the order, loaded again, turns out to be final: it says why.
  if (moves.length === 0 && !move.isError) return null
  const send = (to: OrderStatus) =>
    move.mutate(statusMoveInput(order, to), { onSettled: () => setAsking(false) })
  const sending = (to: OrderStatus) => move.isPending && move.variables?.body.status === String(to)
  return (
    <Stack gap="xs" role="group" aria-label={t('orders.detail.moveStatus')}>
      {moves.map((to) =>
        to === 0 ? (
          <Button
            key={to}
            size="xs"
            variant="outline"
            // red-8 on white is 4.5:1 only just; under the pointer's tint it falls short (axe): the error red (red-9,
            // red-4 in the dark scheme) keeps 5.5:1.
            color="var(--mantine-color-error)"
            disabled={move.isPending}
            onClick={() => setAsking(true)}
          >
            {t('orders.detail.cancelOrder')}
          </Button>
        ) : (
          <Button
            key={to}
            size="xs"
            variant="light"
            loading={sending(to)}
            disabled={move.isPending && !sending(to)}
            onClick={() => send(to)}
          >
            {t('orders.detail.moveTo', { status: statusName(to) })}
          </Button>
        ),
      )}
      {move.isError && (
        <Alert color="red" p="xs" role="alert">
          {errorText(move.error)}
        </Alert>
      )}
      <ConfirmDialog
        opened={asking}
        onCancel={() => setAsking(false)}
        onConfirm={() => send(0)}
        busy={sending(0)}
        detail={t('orders.detail.heading', { id: order.id })}
        question={t('orders.detail.cancelQuestion')}
        confirmLabel={t('orders.detail.cancelConfirm')}
      />
    </Stack>
  )
}
