import { Anchor, Stack, Title } from '@mantine/core'
import type { Order } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { Money } from '../../components/money.tsx'
import { OrderStatusBadge } from '../../components/order-status-badge.tsx'
import { Pager } from '../../components/pager.tsx'
import { useFormat } from '../../lib/format.ts'
import { paths } from '../../lib/paths.ts'
import { apiQuery } from '../../lib/queries.ts'

const PAGE_SIZE = 10

/**
 * A customer's orders, newest first, under their edit form: the order list narrowed to them (`userId`). Its page
 * is kept on the screen, not in the address: the address is the edit form's, and paging through orders is not
 * leaving the form.
 */
export function CustomerOrders({ userId, name }: { userId: string; name: string | undefined }) {
  const { t } = useTranslation()
  const format = useFormat()
  const [page, setPage] = useState(1)
  const list = useQuery({
    ...apiQuery(endpoints.orders.list, { query: { userId, page, limit: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  })
  const columns: Column<Order>[] = [
    {
      key: 'number',
      header: t('users.orders.number'),
      nowrap: true,
      render: (order) => (
        <Anchor
          component={Link}
          to={paths.orderDetail(order.id)}
          aria-label={t('users.orders.open', { id: order.id })}
        >
          #{order.id}
        </Anchor>
      ),
    },
    {
      key: 'placedOn',
      header: t('users.orders.placedOn'),
      nowrap: true,
      render: (order) => <time dateTime={order.createdAt}>{format.dateTime(order.createdAt)}</time>,
    },
    {
      key: 'total',
      header: t('users.orders.total'),
      nowrap: true,
      render: (order) => <Money amount={order.totalPrice} />,
    },
    {
      key: 'status',
      header: t('users.orders.status'),
      nowrap: true,
      render: (order) => <OrderStatusBadge status={order.status} shipment={order.shipment} />,
    },
  ]
  const caption = name ? t('users.orders.caption', { name }) : t('users.orders.title')
  return (
    <Stack component="section" gap="sm" mt="xl" aria-labelledby="customer-orders">
      <Title order={2} fz="lg" id="customer-orders">
        {t('users.orders.title')}
      </Title>
      <DataTable
        columns={columns}
        rows={list.data?.data ?? []}
        meta={list.data?.meta}
        loading={list.isFetching}
        rowKey={(order) => order.id}
        caption={caption}
        minWidth={480}
        emptyText={t('users.orders.none')}
        failed={list.isError}
        onRetry={() => void list.refetch()}
      />
      <Pager meta={list.data?.meta} onPage={setPage} />
    </Stack>
  )
}
