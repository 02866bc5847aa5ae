import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Group,
  LoadingOverlay,
  Paper,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core'
import { IconPencil } from '@tabler/icons-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Thumb } from '../../components/thumb.tsx'
import { paths } from '../../lib/paths.ts'
import { useStockOutProducts } from './api/get-stock-out-products.ts'

/** 'Stock Out Products': the newest products whose quantity is 0, each with a link to edit it. */
export function StockOutProducts() {
  const { t } = useTranslation()
  const headingId = useId()
  const stockOut = useStockOutProducts()
  const rows = stockOut.data?.data ?? []
  const total = stockOut.data?.meta.totalResults ?? 0
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md" h="100%">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={2} fz="lg" id={headingId}>
            {t('dashboard.stockOut.heading')}
          </Title>
          {total > 0 && (
            <Badge color="red" variant="light" c="red.9">
              {t('dashboard.stockOut.count', { count: total })}
            </Badge>
          )}
        </Group>
        {/* The product list has no stock filter of its own; the link is there when not all fit here. */}
        {total > rows.length && (
          <Anchor
            component={Link}
            to={paths.products}
            size="sm"
            aria-label={t('dashboard.stockOut.viewAllLabel')}
          >
            {t('dashboard.stockOut.viewAll')}
          </Anchor>
        )}
      </Group>
      <Box pos="relative" mih={120}>
        <LoadingOverlay
          visible={stockOut.isFetching}
          zIndex={5}
          overlayProps={{ blur: 1 }}
          loaderProps={{ 'aria-label': t('common.loading') }}
        />
        <Table
          verticalSpacing="xs"
          highlightOnHover
          aria-labelledby={headingId}
          aria-busy={stockOut.isFetching}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('dashboard.stockOut.product')}</Table.Th>
              <Table.Th w={56}>{t('common.action')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && !stockOut.isFetching ? (
              <Table.Tr>
                <Table.Td colSpan={2}>
                  <Text ta="center" c="dimmed" py="lg">
                    {t('dashboard.stockOut.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((product) => (
                <Table.Tr key={product.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Thumb
                        path={product.thumbnail}
                        alt={t('dashboard.stockOut.thumbAlt', { name: product.name })}
                        size={40}
                      />
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                          {product.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {product.brand.name} · {product.category.name}
                        </Text>
                      </div>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={t('common.edit')}>
                      <ActionIcon
                        component={Link}
                        to={paths.productEdit(product.id)}
                        variant="subtle"
                        aria-label={t('dashboard.stockOut.edit', { name: product.name })}
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Box>
    </Paper>
  )
}
