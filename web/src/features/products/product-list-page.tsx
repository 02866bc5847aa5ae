import { Badge, Group, Text } from '@mantine/core'
import { PRODUCT_SORT_FIELDS, type Product, productListQuery, SIZES } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { Column } from '../../components/data-table.tsx'
import { ListScreen } from '../../components/list-screen.tsx'
import { Money } from '../../components/money.tsx'
import { Stars } from '../../components/stars.tsx'
import { Thumb } from '../../components/thumb.tsx'
import type { FilterOf } from '../../lib/list-filters.ts'
import { paths } from '../../lib/paths.ts'
import { useCan } from '../../lib/permissions.tsx'
import { apiQuery } from '../../lib/queries.ts'
import { useStoreConfig } from '../../lib/store-config.tsx'
import { useListController } from '../../lib/use-list-controller.ts'
import type { BulkAction } from '../../lib/use-list-selection.ts'
import { StockSheetMenu } from './stock-sheet/stock-sheet-menu.tsx'

/** The stock mark of a row: out of stock at 0, low from 1 to the shop's threshold, none above it. */
export function stockMark(quantity: number, lowStockThreshold: number): 'out' | 'low' | undefined {
  if (quantity === 0) return 'out'
  return quantity <= lowStockThreshold ? 'low' : undefined
}

/**
 * /admin/products: Name, Price, stock, sold and rating, Brand, Category, Image and the row actions (spec
 * section 2), sorted by any of them, filtered by category, brand, price, stock and size (CONTRACT 4.1), with
 * the export of what it shows, the stock sheet's download and import (CONTRACT 5.4) and the deletion of the
 * chosen rows.
 */
export function ProductListPage() {
  const { t } = useTranslation()
  const canWrite = useCan('catalog:write')
  const { lowStockThreshold } = useStoreConfig()
  const categories = useQuery({ ...apiQuery(endpoints.categories.all), select: (answer) => answer.data })
  const brands = useQuery({ ...apiQuery(endpoints.brands.all), select: (answer) => answer.data })
  const filters: FilterOf<typeof endpoints.products.list>[] = [
    {
      kind: 'select',
      param: 'category',
      label: t('products.fields.category'),
      anyId: true,
      options: (categories.data ?? []).map((c) => ({ value: c.id, label: c.name })),
    },
    {
      kind: 'select',
      param: 'brand',
      label: t('products.fields.brand'),
      anyId: true,
      options: (brands.data ?? []).map((b) => ({ value: b.id, label: b.name })),
    },
    { kind: 'range', min: 'minPrice', max: 'maxPrice', label: t('products.fields.price') },
    {
      kind: 'select',
      param: 'stock',
      label: t('products.filters.stock'),
      options: [
        { value: 'out', label: t('products.filters.stockOut') },
        { value: 'low', label: t('products.filters.stockLow') },
        { value: 'in', label: t('products.filters.stockIn') },
      ],
    },
    {
      kind: 'select',
      param: 'size',
      label: t('products.fields.size'),
      options: SIZES.map((size) => ({ value: size, label: size })),
    },
  ]
  const bulk: BulkAction[] = canWrite
    ? [
        {
          name: 'delete',
          label: t('common.delete'),
          endpoint: endpoints.products.bulkDelete,
          body: (ids) => ({ ids }),
          question: (count) => t('products.bulkDeleteQuestion', { count }),
          danger: true,
        },
      ]
    : []
  const list = useListController({
    list: endpoints.products.list,
    sortFields: PRODUCT_SORT_FIELDS,
    filters,
    querySchema: productListQuery,
    exportCall: endpoints.products.export,
    bulk,
    remove: canWrite
      ? { endpoint: endpoints.products.remove, input: (row) => ({ params: { id: row.id } }) }
      : undefined,
  })
  const columns: Column<Product>[] = [
    {
      key: 'name',
      header: t('products.fields.name'),
      sort: 'name',
      render: (row) => (
        <Group gap={6}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {row.name}
          </Text>
          {row.quantity === 0 && (
            <Badge color="red" variant="light" size="sm" style={{ flex: '0 0 auto' }}>
              {t('products.outOfStock')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'price',
      header: t('products.fields.price'),
      nowrap: true,
      sort: 'price',
      render: (row) => <Money amount={row.price} />,
    },
    {
      key: 'quantity',
      header: t('products.fields.quantity'),
      nowrap: true,
      sort: 'quantity',
      render: (row) => {
        const mark = stockMark(row.quantity, lowStockThreshold)
        return (
          <Group gap={6} wrap="nowrap">
            <span>{row.quantity}</span>
            {/* Out of stock is marked beside the name already. */}
            {mark === 'low' && (
              <Badge
                color="orange"
                variant="dot"
                size="sm"
                miw="max-content"
                style={{ textTransform: 'none' }}
              >
                {t('products.lowStock')}
              </Badge>
            )}
          </Group>
        )
      },
    },
    { key: 'sold', header: t('products.fields.sold'), nowrap: true, sort: 'sold', render: (row) => row.sold },
    {
      key: 'rating',
      header: t('products.fields.rating'),
      nowrap: true,
      sort: 'rating',
      phone: 'hide',
      render: (row) => <Stars rating={row.rating} />,
    },
    { key: 'brand', header: t('products.fields.brand'), render: (row) => row.brand.name },
    { key: 'category', header: t('products.fields.category'), render: (row) => row.category.name },
    {
      key: 'image',
      header: t('products.fields.image'),
      phone: 'hide',
      render: (row) => <Thumb path={row.thumbnail} alt={t('products.thumbAlt', { name: row.name })} />,
    },
  ]
  return (
    <ListScreen
      title={t('products.title')}
      crumbs={[{ label: t('products.list') }]}
      searchPlaceholder={t('products.searchPlaceholder')}
      empty={{ none: t('products.empty'), noMatch: t('products.noMatch') }}
      add={canWrite ? { to: paths.productNew, label: t('products.add') } : undefined}
      moreActions={<StockSheetMenu />}
      addMany={canWrite ? { to: paths.productImport, label: t('products.import.open') } : undefined}
      list={list}
      columns={columns}
      tableMinWidth={900}
      actions={
        canWrite
          ? { label: (row) => row.name, editTo: (row) => paths.productEdit(row.id) }
          : { label: (row) => row.name, detailTo: (row) => paths.productEdit(row.id) }
      }
    />
  )
}
