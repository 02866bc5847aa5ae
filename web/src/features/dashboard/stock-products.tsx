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
import type { Product } from '@store/contract'
import { IconPencil } from '@tabler/icons-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Thumb } from '../../components/thumb.tsx'
import { useFormat } from '../../lib/format.ts'
import { paths } from '../../lib/paths.ts'
import { useStoreConfig } from '../../lib/store-config.tsx'
import { type StockKind, useStockProducts } from './api/get-stock-products.ts'

/** The product list filtered to the same products (CONTRACT 4.1 `stock`), fewest left first for low stock. */
const listAddress = (stock: StockKind) =>
  `${paths.products}?${new URLSearchParams(stock === 'low' ? { stock, sortBy: 'quantity:asc' } : { stock })}`

/**
 * 'Stock Out Products' (the newest products whose quantity is 0) or 'Low Stock Products' (1 to the shop's
 * low-stock threshold, fewest left first, with how many are left), each with a link to edit it and, when not
 * all fit, a link to the product list filtered the same way.
 *
 * @example <StockProducts stock="low" />
 */
/** A product's variants at or below the low-stock threshold, fewest left first. */
const lowSizes = (product: Product, threshold: number) =>
  product.variants.filter((v) => v.quantity <= threshold).sort((a, b) => a.quantity - b.quantity)

export function StockProducts({ stock }: { stock: StockKind }) {
  const { t } = useTranslation()
  const format = useFormat()
  const { lowStockThreshold } = useStoreConfig()
  const headingId = useId()
  const products = useStockProducts(stock)
  const rows = products.data?.data ?? []
  const total = products.data?.meta.totalResults ?? 0
  const low = stock === 'low'
  const texts = low ? 'dashboard.lowStock' : 'dashboard.stockOut'
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm" align="flex-start">
        <div>
          <Group gap="xs">
            <Title order={2} fz="lg" id={headingId}>
              {t(`${texts}.heading`)}
            </Title>
            {total > 0 && (
              // The error red (red-9) on its light red reaches 4.8:1, red-4 on the dark scheme's 5.4:1; orange-9 on
              // light orange would not, so a dot marks low stock.
              <Badge
                color={low ? 'orange' : 'red'}
                variant={low ? 'dot' : 'light'}
                c={low ? undefined : 'var(--mantine-color-error)'}
              >
                {t('dashboard.stockOut.count', { count: total })}
              </Badge>
            )}
          </Group>
          {low && (
            <Text size="sm" c="dimmed">
              {t('dashboard.lowStock.hint', { count: lowStockThreshold })}
            </Text>
          )}
        </div>
        {total > rows.length && (
          <Anchor component={Link} to={listAddress(stock)} size="sm" aria-label={t(`${texts}.viewAllLabel`)}>
            {t('dashboard.stockOut.viewAll')}
          </Anchor>
        )}
      </Group>
      <Box pos="relative" mih={120}>
        <LoadingOverlay
          visible={products.isFetching}
          zIndex={5}
          overlayProps={{ blur: 1 }}
          loaderProps={{ role: 'status', 'aria-label': t('common.loading') }}
        />
        <Table
          verticalSpacing="xs"
          highlightOnHover
          aria-labelledby={headingId}
          aria-busy={products.isFetching}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('dashboard.stockOut.product')}</Table.Th>
              {low && (
                <Table.Th w={64} ta="right">
                  {t('dashboard.lowStock.left')}
                </Table.Th>
              )}
              <Table.Th w={56}>{t('common.action')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && !products.isFetching ? (
              <Table.Tr>
                <Table.Td colSpan={low ? 3 : 2}>
                  <Text ta="center" c="dimmed" py="lg">
                    {t(`${texts}.empty`)}
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
                        {low && lowSizes(product, lowStockThreshold).length > 0 && (
                          // A product sold by size is listed for the sizes running low, whatever its total; in the
                          // text's own colour, which keeps its contrast on a hovered row.
                          <Text size="xs">
                            {t('dashboard.lowStock.sizes', {
                              list: lowSizes(product, lowStockThreshold)
                                .map((v) => `${v.size ?? v.color ?? v.sku} ${format.count(v.quantity)}`)
                                .join(', '),
                            })}
                          </Text>
                        )}
                      </div>
                    </Group>
                  </Table.Td>
                  {low && <Table.Td ta="right">{format.count(product.quantity)}</Table.Td>}
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
