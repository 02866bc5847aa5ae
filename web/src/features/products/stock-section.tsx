import { Anchor, Box, Button, Group, Stack, Text, Title } from '@mantine/core'
import type { Product, StockMovement } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { IconAdjustments } from '@tabler/icons-react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { Pager } from '../../components/pager.tsx'
import { type Format, useFormat } from '../../lib/format.ts'
import { paths } from '../../lib/paths.ts'
import { useCan } from '../../lib/permissions.tsx'
import { apiQuery } from '../../lib/queries.ts'
import { StockAdjustDialog } from './stock-adjust-dialog.tsx'
import classes from './stock-section.module.css'

const PAGE_SIZE = 10

/**
 * A change of stock as people write it: '+12', '−3' (a real minus sign), '0' for a count that found the stock
 * as it was. The sign says the direction; the colour only repeats it.
 */
export function SignedChange({ delta, format }: { delta: number; format: Format }) {
  if (delta === 0) return <Text span>0</Text>
  const adds = delta > 0
  return (
    <Text span fw={600} className={adds ? classes.adds : classes.takes}>
      {adds ? '+' : '−'}
      {format.count(Math.abs(delta))}
    </Text>
  )
}

/**
 * The product's stock under its edit form (CONTRACT 5.3): what is in stock now (and of each variant), every
 * movement newest first, ten a page, naming the variant it moved for a product with variants (CONTRACT 5.4), and
 * for those who may change the catalogue the hand adjustment. Its page is kept on the screen, not in
 * the address: the address is the edit form's, and paging through movements is not leaving the form.
 * `onAdjusted` runs once an adjustment is saved, with the movement it wrote (its `after` is the new stock).
 */
export function StockSection({
  productId,
  product,
  onAdjusted,
}: {
  productId: string
  /** The product as loaded, for its current stock and name; undefined while it loads. */
  product: Product | undefined
  onAdjusted: (movement: StockMovement) => void
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const canAdjust = useCan('catalog:write')
  // An order's screen is for those who may read orders; to anyone else its number is only a number.
  const canOpenOrders = useCan('orders:read')
  const [page, setPage] = useState(1)
  const [adjusting, setAdjusting] = useState(false)
  const list = useQuery({
    ...apiQuery(endpoints.products.stockMovements, {
      params: { id: productId },
      query: { page, limit: PAGE_SIZE },
    }),
    placeholderData: keepPreviousData,
    // Read afresh on every entry, as the form above is: stock moves with every order.
    refetchOnMount: 'always',
    // The table says itself that it could not load, with a way to try again.
    meta: { silent: true },
  })

  // A movement names its variant by SKU, from the product as loaded: the movements carry only the variant's id.
  const variants = product?.variants ?? []
  const skus = new Map(variants.map((variant) => [variant.id, variant.sku]))
  const rows = list.data?.data ?? []
  const variantColumn: Column<StockMovement> = {
    key: 'variant',
    header: t('products.stock.columns.variant'),
    render: ({ variantId }) =>
      variantId === undefined ? (
        <Text span size="sm" c="dimmed">
          {t('products.stock.ownStock')}
        </Text>
      ) : (
        <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
          {skus.get(variantId) ?? t('products.stock.removedVariant')}
        </Text>
      ),
  }
  // The column is there when the product has variants, or had them on the movements shown.
  const showVariants = variants.length > 0 || rows.some((movement) => movement.variantId !== undefined)

  const columns: Column<StockMovement>[] = [
    {
      key: 'at',
      header: t('products.stock.columns.at'),
      nowrap: true,
      render: (movement) => <time dateTime={movement.at}>{format.dateTime(movement.at)}</time>,
    },
    {
      key: 'change',
      header: t('products.stock.columns.change'),
      nowrap: true,
      render: (movement) => <SignedChange delta={movement.delta} format={format} />,
    },
    ...(showVariants ? [variantColumn] : []),
    {
      key: 'after',
      header: t('products.stock.columns.after'),
      nowrap: true,
      render: (movement) => format.count(movement.after),
    },
    {
      key: 'reason',
      header: t('products.stock.columns.reason'),
      render: (movement) => t(`enums.stockReason.${movement.reason}`),
    },
    {
      key: 'order',
      header: t('products.stock.columns.order'),
      nowrap: true,
      render: ({ orderId }) => {
        if (orderId === undefined) return '—'
        if (!canOpenOrders) return `#${orderId}`
        return (
          <Anchor
            component={Link}
            to={paths.orderDetail(orderId)}
            aria-label={t('products.stock.openOrder', { id: orderId })}
          >
            #{orderId}
          </Anchor>
        )
      },
    },
    {
      key: 'by',
      header: t('products.stock.columns.by'),
      // A movement the store made itself (an order placed on the website) has no person behind it.
      render: ({ actor }) => (actor ? actor.name || actor.email : t('products.stock.store')),
    },
    {
      key: 'note',
      header: t('products.stock.columns.note'),
      render: ({ note }) => (
        <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
          {note ?? ''}
        </Text>
      ),
    },
  ]

  return (
    <Stack component="section" gap="sm" mt="xl" aria-labelledby="product-stock">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Box>
          <Title order={2} fz="lg" id="product-stock">
            {t('products.stock.title')}
          </Title>
          {product && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('products.stock.current', { quantity: format.count(product.quantity) })}
            </Text>
          )}
        </Box>
        {canAdjust && (
          <Button
            variant="light"
            leftSection={<IconAdjustments size={16} aria-hidden />}
            onClick={() => setAdjusting(true)}
          >
            {t('products.stock.adjust')}
          </Button>
        )}
      </Group>
      {variants.length > 0 && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('products.stock.byVariant')}{' '}
          {variants
            .map((variant) =>
              t('products.stock.variantStock', {
                sku: variant.sku,
                quantity: format.count(variant.quantity),
              }),
            )
            .join(' · ')}
        </Text>
      )}
      <DataTable
        columns={columns}
        rows={rows}
        meta={list.data?.meta}
        loading={list.isFetching}
        rowKey={(movement) => movement.id}
        caption={
          product ? t('products.stock.caption', { name: product.name }) : t('products.stock.captionPlain')
        }
        minWidth={showVariants ? 840 : 720}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        emptyText={t('products.stock.none')}
      />
      <Pager meta={list.data?.meta} onPage={setPage} />
      {canAdjust && (
        <StockAdjustDialog
          productId={productId}
          variants={variants}
          opened={adjusting}
          onClose={() => setAdjusting(false)}
          onAdjusted={(movement) => {
            // The new movement is the newest: the first page shows it.
            setPage(1)
            onAdjusted(movement)
          }}
        />
      )}
    </Stack>
  )
}
