import { Badge } from '@mantine/core'
import type { OrderStatus, ShipmentStatus } from '@store/contract'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'

const COLORS: Record<OrderStatus, string> = { 0: 'red', 1: 'yellow', 2: 'blue', 3: 'green' }

/** What the status display needs of an order: its status, and its shipment's step when it has one. */
export interface ShownStatus {
  status: OrderStatus
  shipment?: { status: ShipmentStatus } | null
}

/**
 * A Processing order whose parcel the carrier has picked up reads 'Shipping' ('Đang giao', CONTRACT 5.5): the
 * order's own status is still 2, which its filter keeps matching.
 */
export const isShipping = (order: ShownStatus) =>
  order.status === 2 && order.shipment?.status === 'in-transit'

/**
 * The name of an order's status as every screen shows it: its status's, or 'Shipping' while its shipment is in
 * transit.
 *
 * @example orderStatusName(t, order) // 'Shipping'
 */
export const orderStatusName = (t: TFunction, order: ShownStatus) =>
  isShipping(order) ? t('enums.shipmentStatus.in-transit') : t(`enums.orderStatus.${order.status}`)

/**
 * An order status code (0 Cancelled, 1 Pending, 2 Processing, 3 Delivered) as a coloured badge; given the
 * order's shipment, a Processing order in transit shows 'Shipping'.
 *
 * @example <OrderStatusBadge status={order.status} shipment={order.shipment} />
 */
export function OrderStatusBadge({ status, shipment }: ShownStatus) {
  const { t } = useTranslation()
  const shipping = isShipping({ status, shipment })
  return (
    // 'dot': the colour is in the dot and the text stays dark; Mantine's light badges put yellow or blue text on
    // a pale tint, under the 4.5:1 contrast that small text needs (axe fails them).
    // `miw`: a table column squeezes a badge to its ellipsis ('PROCE…'); the whole word always fits.
    <Badge color={shipping ? 'cyan' : COLORS[status]} variant="dot" miw="max-content">
      {orderStatusName(t, { status, shipment })}
    </Badge>
  )
}
