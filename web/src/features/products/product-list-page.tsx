import { Badge, Group, Text } from '@mantine/core'
import type { Product } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useTranslation } from 'react-i18next'
import type { Column } from '../../components/data-table.tsx'
import { ListScreen } from '../../components/list-screen.tsx'
import { Money } from '../../components/money.tsx'
import { Thumb } from '../../components/thumb.tsx'
import { paths } from '../../lib/paths.ts'
import { useCan } from '../../lib/permissions.tsx'
import { useListController } from '../../lib/use-list-controller.ts'

/** /admin/products: Name, Price, Brand, Category, Image and the row actions (spec section 2). */
export function ProductListPage() {
  const { t } = useTranslation()
  const canWrite = useCan('catalog:write')
  const list = useListController({
    list: endpoints.products.list,
    remove: canWrite
      ? { endpoint: endpoints.products.remove, input: (row) => ({ params: { id: row.id } }) }
      : undefined,
  })
  const columns: Column<Product>[] = [
    {
      key: 'name',
      header: t('products.fields.name'),
      render: (row) => (
        <Group gap={6}>
          <Text size="sm" fw={500}>
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
      render: (row) => <Money amount={row.price} />,
    },
    { key: 'brand', header: t('products.fields.brand'), render: (row) => row.brand.name },
    { key: 'category', header: t('products.fields.category'), render: (row) => row.category.name },
    {
      key: 'image',
      header: t('products.fields.image'),
      render: (row) => <Thumb path={row.thumbnail} alt={t('products.thumbAlt', { name: row.name })} />,
    },
  ]
  return (
    <ListScreen
      title={t('products.title')}
      crumbs={[{ label: t('products.list') }]}
      searchPlaceholder={t('products.searchPlaceholder')}
      add={canWrite ? { to: paths.productNew, label: t('products.add') } : undefined}
      list={list}
      columns={columns}
      actions={
        canWrite
          ? { label: (row) => row.name, editTo: (row) => paths.productEdit(row.id) }
          : { label: (row) => row.name, detailTo: (row) => paths.productEdit(row.id) }
      }
    />
  )
}
