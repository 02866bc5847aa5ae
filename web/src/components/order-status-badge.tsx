import { Badge } from '@mantine/core'
import type { OrderStatus } from '@store/contract'
import { useTranslation } from 'react-i18next'

const COLORS: Record<OrderStatus, string> = { 0: 'red', 1: 'yellow', 2: 'blue', 3: 'green' }

/** An order status code (0 Cancelled, 1 Pending, 2 Processing, 3 Delivered) as a coloured badge. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation()
  return (
    // 'dot': the colour is in the dot and the text stays dark; Mantine's light badges put yellow or blue text on
    // a pale tint, under the 4.5:1 contrast that small text needs (axe fails them).
    // `miw`: a table column squeezes a badge to its ellipsis ('PROCE…'); the whole word always fits.
    <Badge color={COLORS[status]} variant="dot" miw="max-content">
      {t(`enums.orderStatus.${status}`)}
    </Badge>
  )
}
