import { Anchor, Badge, Stack, Text, VisuallyHidden } from '@mantine/core'
import {
  CARRIERS,
  COD_STATUSES,
  isOrderDeletable,
  ORDER_SORT_FIELDS,
  ORDER_SOURCES,
  type Order,
  type OrderStatus,
  orderListQuery,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  paymentKind,
  SHIPMENT_STATUSES,
} from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Column } from '../../components/data-table.tsx'
import { ListScreen } from '../../components/list-screen.tsx'
import { Money } from '../../components/money.tsx'
import { OrderStatusBadge } from '../../components/order-status-badge.tsx'
import { PaymentStatusBadge } from '../../components/payment-status-badge.tsx'
import { useFormat } from '../../lib/format.ts'
import type { FilterOf } from '../../lib/list-filters.ts'
import { paths } from '../../lib/paths.ts'
import { useCan } from '../../lib/permissions.tsx'
import { notify } from '../../lib/toast.ts'
import { useListController } from '../../lib/use-list-controller.ts'
import type { BulkAction } from '../../lib/use-list-selection.ts'
import { printLabels, printPackingSlips } from './api/print-documents.ts'
import { useNewOrderLink } from './new-order-link.ts'

/** The statuses a bulk change may move orders to: every one but Pending, which no order goes back to. */
const BULK_TARGETS: readonly OrderStatus[] = [2, 3, 0]

/**
 * /admin/orders: orders searched by number (`300`, `#300`), the customer's phone in any writing or their name
 * (`q`; an old link's `name=` still searches), with detail, edit and delete; no add (spec section 2, CONTRACT
 * 5.2). Each row shows the customer's phone and the order's source under the customer's name, the order's
 * number, the day it was placed (in the shop's zone) and its payment status; the list sorts, filters by status,
 * payment method, payment status, source, days, amount and customer (a link from the customer's screen),
 * exports what it shows, moves the chosen orders to another status (CONTRACT 4.1) and prints their packing
 * slips (CONTRACT 4.7). Shipments (CONTRACT 5.5): the list filters by the shipment's step (or not shipped), its
 * carrier and where its COD stands, shows 'Shipping' for an order in transit, creates shipments for the chosen
 * orders with one carrier (each order on its own, the refused ones named in the results) and prints their
 * labels. Only an admin deletes, and only an order the server would not keep (`isOrderDeletable`).
 */
export function OrderListPage() {
  const newOrder = useNewOrderLink()
  const { t } = useTranslation()
  const format = useFormat()
  const canWrite = useCan('orders:write')
  const canDelete = useCan('orders:delete')
  const statusName = (status: OrderStatus) => t(`enums.orderStatus.${status}`)
  const filters: FilterOf<typeof endpoints.orders.list>[] = [
    {
      kind: 'chips',
      param: 'status',
      label: t('orders.filters.status'),
      // Pending first: the order in which an order moves, not the codes'.
      options: ([1, 2, 3, 0] as const).map((status) => ({
        value: String(status),
        label: statusName(status),
      })),
    },
    {
      kind: 'select',
      param: 'methodPayment',
      label: t('orders.filters.payment'),
      options: Object.values(PAYMENT_METHODS).map((code) => ({
        value: code,
        label: t(`enums.payment.${paymentKind(code)}`),
      })),
    },
    {
      kind: 'select',
      param: 'paymentStatus',
      label: t('orders.filters.paymentStatus'),
      options: PAYMENT_STATUSES.map((status) => ({
        value: status,
        label: t(`enums.paymentStatus.${status}`),
      })),
    },
    {
      kind: 'select',
      param: 'source',
      label: t('orders.filters.source'),
      options: ORDER_SOURCES.map((source) => ({ value: source, label: t(`enums.orderSource.${source}`) })),
    },
    {
      kind: 'select',
      param: 'shipment',
      label: t('orders.filters.shipment'),
      options: [
        { value: 'none', label: t('orders.filters.notShipped') },
        ...SHIPMENT_STATUSES.map((status) => ({ value: status, label: t(`enums.shipmentStatus.${status}`) })),
      ],
    },
    {
      kind: 'select',
      param: 'carrier',
      label: t('orders.filters.carrier'),
      options: CARRIERS.map((carrier) => ({ value: carrier, label: t(`enums.carrier.${carrier}`) })),
    },
    {
      kind: 'select',
      param: 'codStatus',
      label: t('orders.filters.codStatus'),
      options: COD_STATUSES.map((status) => ({ value: status, label: t(`enums.codStatus.${status}`) })),
    },
    { kind: 'days', from: 'from', to: 'to', label: t('orders.filters.placed') },
    { kind: 'range', min: 'minTotal', max: 'maxTotal', label: t('orders.filters.total') },
    { kind: 'fixed', param: 'userId', label: t('orders.filters.customer') },
  ]
  // Printing changes nothing: anyone who may read orders may print their packing slips.
  const packingSlips: BulkAction = {
    name: 'packingSlips',
    label: t('orders.bulk.packingSlips'),
    run: async (ids) =>
      notify.success(t('orders.bulk.packingSlipsSaved', { name: await printPackingSlips(ids) })),
  }
  // A label is printed for an order with a shipment; one without is the server's 409 `noLabel`, toasted.
  const labels: BulkAction = {
    name: 'labels',
    label: t('orders.bulk.labels'),
    run: async (ids) => notify.success(t('orders.bulk.labelsSaved', { name: await printLabels(ids) })),
  }
  const bulk: BulkAction[] = canWrite
    ? [
        {
          name: 'status',
          label: t('orders.bulk.changeStatus'),
          endpoint: endpoints.orders.bulkStatus,
          body: (ids, status) => ({ ids, status: Number(status) }),
          choice: {
            label: t('orders.bulk.newStatus'),
            options: BULK_TARGETS.map((status) => ({ value: String(status), label: statusName(status) })),
          },
          question: (count, status) => t('orders.bulk.question', { count, status }),
        },
        // Each order on its own (CONTRACT 5.5): the report's toast names those refused and why.
        {
          name: 'shipments',
          label: t('orders.bulk.createShipments'),
          endpoint: endpoints.shipments.bulkCreate,
          body: (ids, carrier) => ({ ids, carrier }),
          choice: {
            label: t('orders.bulk.shipWith'),
            options: CARRIERS.map((carrier) => ({ value: carrier, label: t(`enums.carrier.${carrier}`) })),
          },
          question: (count, carrier) => t('orders.bulk.shipmentsQuestion', { count, carrier }),
        },
        packingSlips,
        labels,
      ]
    : [packingSlips, labels]
  const list = useListController({
    list: endpoints.orders.list,
    searchParam: 'q',
    formerSearchParam: 'name',
    sortFields: ORDER_SORT_FIELDS,
    filters,
    querySchema: orderListQuery,
    exportCall: endpoints.orders.export,
    bulk,
    // A delivered, paid or shipped order is kept (409 orderKept): it offers no delete, only its cancelling.
    remove: canDelete
      ? {
          endpoint: endpoints.orders.remove,
          input: (order) => ({ params: { id: order.id } }),
          allowed: isOrderDeletable,
        }
      : undefined,
  })
  const columns: Column<Order>[] = [
    {
      key: 'user',
      header: t('orders.columns.userName'),
      // The phone and where the order came from under the name, not in columns of their own: the table was
      // already as wide as a 1366 px screen leaves it. A name keeps 8.5rem, two lines for a long one.
      render: (order) => (
        <Stack gap={2} align="flex-start" miw="8.5rem">
          <span>{order.user.name}</span>
          {order.user.phoneNumber && (
            <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {order.user.phoneNumber}
            </Text>
          )}
          <Badge size="xs" variant="outline" color="gray" tt="none" fw={500}>
            <VisuallyHidden>{t('orders.columns.source')}: </VisuallyHidden>
            {t(`enums.orderSource.${order.source}`)}
          </Badge>
        </Stack>
      ),
    },
    {
      // The number and the day it was placed in one column: the table fits a 1366 px screen with the sidebar open
      // in both languages (CONTRACT 5.8). Its header sorts by the day; the sort list still names it so.
      key: 'number',
      header: t('orders.columns.number'),
      nowrap: true,
      sort: 'createdAt',
      sortName: t('orders.columns.placedOn'),
      render: (order) => (
        <Stack gap={2} align="flex-start">
          <Anchor component={Link} to={paths.orderDetail(order.id)} size="sm">
            {t('orders.number', { id: order.id })}
          </Anchor>
          <Text span size="xs" c="dimmed">
            <VisuallyHidden>{t('orders.columns.placedOn')}: </VisuallyHidden>
            <time dateTime={order.createdAt}>{format.date(order.createdAt)}</time>
          </Text>
        </Stack>
      ),
    },
    {
      key: 'address',
      header: t('orders.columns.address'),
      phone: 'hide',
      // A long address stays two lines; the whole of it is in the tooltip and on the order's screen. Its width
      // never goes under 11rem, two lines of a street and a ward: `overflow-wrap: anywhere` had let the table
      // squeeze the column to a few letters ('12 5…'), which `break-word` does not.
      render: (order) => (
        <Text
          size="sm"
          lineClamp={2}
          title={order.address}
          miw="11rem"
          style={{ overflowWrap: 'break-word' }}
        >
          {order.address}
        </Text>
      ),
    },
    {
      key: 'amount',
      header: t('orders.columns.amount'),
      nowrap: true,
      sort: 'totalPrice',
      render: (order) => <Money amount={order.amount} />,
    },
    {
      key: 'quantity',
      header: t('orders.columns.quantity'),
      nowrap: true,
      sort: 'quantity',
      phone: 'hide',
      render: (order) => order.quantity,
    },
    {
      // Where the money stands under the order's status, for the same reason as the number and the day.
      key: 'status',
      header: t('orders.columns.status'),
      nowrap: true,
      sort: 'status',
      render: (order) => (
        <Stack gap={4} align="flex-start">
          <OrderStatusBadge status={order.status} shipment={order.shipment} />
          <span>
            <VisuallyHidden>{t('orders.columns.paymentStatus')}: </VisuallyHidden>
            <PaymentStatusBadge status={order.paymentStatus} />
          </span>
        </Stack>
      ),
    },
  ]
  return (
    <ListScreen
      add={newOrder}
      title={t('orders.title')}
      crumbs={[{ label: t('orders.crumbs.list') }]}
      searchPlaceholder={t('orders.searchPlaceholder')}
      empty={{ none: t('orders.empty'), noMatch: t('orders.noMatch') }}
      list={list}
      columns={columns}
      tableMinWidth={900}
      compact
      actions={{
        label: (order) => t('orders.rowLabel', { id: order.id, name: order.user.name }),
        detailTo: (order) => paths.orderDetail(order.id),
        editTo: canWrite ? (order) => paths.orderEdit(order.id) : undefined,
      }}
    />
  )
}
