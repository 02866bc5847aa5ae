import { Badge } from '@mantine/core'
import type { OrderStatus } from '@store/contract'
import { useTranslation } from 'react-i18next'

const COLORS: Record<OrderStatus, string> = { 0: 'red', 1: 'yellow', 2: 'blue', 3: 'green' }

/** An order status code (0 Cancelled, 1 Pending, 2 Processing, 3 Delivered) as a coloured badge. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation()
  return (
    <Badge color={COLORS[status]} variant="light" autoContrast>
      {t(`enums.orderStatus.${status}`)}
    </Badge>
  )
}
