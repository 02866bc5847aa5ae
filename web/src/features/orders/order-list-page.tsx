import type { Order } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useTranslation } from 'react-i18next'
import type { Column } from '../../components/data-table.tsx'
import { ListScreen } from '../../components/list-screen.tsx'
import { Money } from '../../components/money.tsx'
import { OrderStatusBadge } from '../../components/order-status-badge.tsx'
import { paths } from '../../lib/paths.ts'
import { useCan } from '../../lib/permissions.tsx'
import { useListController } from '../../lib/use-list-controller.ts'

/** /admin/orders: orders searched by the customer's name, with detail, edit and delete; no add (spec section 2). */
export function OrderListPage() {
  const { t } = useTranslation()
  const canWrite = useCan('orders:write')
  const list = useListController({
    list: endpoints.orders.list,
    remove: canWrite
      ? { endpoint: endpoints.orders.remove, input: (order) => ({ params: { id: order.id } }) }
      : undefined,
  })
  const columns: Column<Order>[] = [
    { key: 'user', header: t('orders.columns.userName'), render: (order) => order.user.name },
    { key: 'address', header: t('orders.columns.address'), render: (order) => order.address },
    {
      key: 'amount',
      header: t('orders.columns.amount'),
      nowrap: true,
      render: (order) => <Money amount={order.amount} />,
    },
    {
      key: 'quantity',
      header: t('orders.columns.quantity'),
      nowrap: true,
      render: (order) => order.quantity,
    },
    {
      key: 'status',
      header: t('orders.columns.status'),
      nowrap: true,
      render: (order) => <OrderStatusBadge status={order.status} />,
    },
  ]
  return (
    <ListScreen
      title={t('orders.title')}
      crumbs={[{ label: t('orders.crumbs.list') }]}
      searchPlaceholder={t('orders.searchPlaceholder')}
      list={list}
      columns={columns}
      actions={{
        label: (order) => t('orders.rowLabel', { id: order.id, name: order.user.name }),
        detailTo: (order) => paths.orderDetail(order.id),
        editTo: canWrite ? (order) => paths.orderEdit(order.id) : undefined,
      }}
    />
  )
}
