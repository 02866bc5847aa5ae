import {
  ActionIcon,
  Anchor,
  Box,
  Group,
  LoadingOverlay,
  Paper,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core'
import { IconEye } from '@tabler/icons-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Money } from '../../components/money.tsx'
import { OrderStatusBadge } from '../../components/order-status-badge.tsx'
import { useFormat } from '../../lib/format.ts'
import { paths } from '../../lib/paths.ts'
import { useRecentOrders } from './api/get-recent-orders.ts'

/**
 * 'Recent Purchases': the five newest orders, each with the time it was placed (in the store's zone, whatever
 * the browser's), a link to its detail, and a way to the order list.
 */
export function RecentPurchases() {
  const { t } = useTranslation()
  const format = useFormat()
  const headingId = useId()
  const recent = useRecentOrders()
  const rows = recent.data?.data ?? []
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md" h="100%">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id={headingId}>
          {t('dashboard.recent.heading')}
        </Title>
        <Anchor component={Link} to={paths.orders} size="sm" aria-label={t('dashboard.recent.viewAllLabel')}>
          {t('dashboard.recent.viewAll')}
        </Anchor>
      </Group>
      <Box pos="relative" mih={120}>
        <LoadingOverlay
          visible={recent.isFetching}
          zIndex={5}
          overlayProps={{ blur: 1 }}
          loaderProps={{ role: 'status', 'aria-label': t('common.loading') }}
        />
        <Table.ScrollContainer minWidth={300}>
          <Table
            verticalSpacing="xs"
            highlightOnHover
            aria-labelledby={headingId}
            aria-busy={recent.isFetching}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.recent.customer')}</Table.Th>
                <Table.Th>{t('dashboard.recent.amount')}</Table.Th>
                <Table.Th visibleFrom="xs">{t('dashboard.recent.status')}</Table.Th>
                <Table.Th w={56}>
                  <span style={{ whiteSpace: 'nowrap' }}>{t('common.action')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && !recent.isFetching ? (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text ta="center" c="dimmed" py="lg">
                      {t('dashboard.recent.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((order) => {
                  const date = format.dateTime(order.createdAt)
                  return (
                    <Table.Tr key={order.id}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {order.user.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          <time dateTime={order.createdAt}>{date}</time>
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Money amount={order.amount} />
                        {/* On a phone the status sits under the amount instead of in a column of its own. */}
                        {/* max-content: a badge may shrink to an ellipsis, and a status must stay readable. */}
                        <Box hiddenFrom="xs" mt={4} w="max-content">
                          <OrderStatusBadge status={order.status} shipment={order.shipment} />
                        </Box>
                      </Table.Td>
                      <Table.Td visibleFrom="xs">
                        <OrderStatusBadge status={order.status} shipment={order.shipment} />
                      </Table.Td>
                      <Table.Td>
                        <Tooltip label={t('common.detail')}>
                          <ActionIcon
                            component={Link}
                            to={paths.orderDetail(order.id)}
                            variant="subtle"
                            color="teal"
                            aria-label={t('dashboard.recent.detail', { name: order.user.name, date })}
                          >
                            <IconEye size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  )
                })
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
    </Paper>
  )
}
