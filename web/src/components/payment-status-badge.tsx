import { Badge } from '@mantine/core'
import type { PaymentStatus } from '@store/contract'
import { useTranslation } from 'react-i18next'

const COLORS: Record<PaymentStatus, string> = {
  unpaid: 'gray',
  pending: 'yellow',
  paid: 'green',
  failed: 'red',
  refunded: 'grape',
}

/** Where an order's money stands (CONTRACT 4.5: unpaid, pending, paid, failed, refunded) as a badge. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation()
  return (
    // As the order status badge: the colour in the dot, dark text that keeps its contrast, never cut short.
    <Badge color={COLORS[status]} variant="dot" miw="max-content">
      {t(`enums.paymentStatus.${status}`)}
    </Badge>
  )
}
