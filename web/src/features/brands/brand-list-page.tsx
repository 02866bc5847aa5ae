import { BRANDS_SORT_FIELDS, type Brand } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useTranslation } from 'react-i18next'
import type { Column } from '../../components/data-table.tsx'
import { ListScreen } from '../../components/list-screen.tsx'
import { Thumb } from '../../components/thumb.tsx'
import { paths } from '../../lib/paths.ts'
import { useCan } from '../../lib/permissions.tsx'
import { useListController } from '../../lib/use-list-controller.ts'

/** /admin/brands: Name, Logo image and the row actions (spec section 2). A used brand's delete is a 409 toast. */
export function BrandListPage() {
  const { t } = useTranslation()
  const canWrite = useCan('catalog:write')
  const list = useListController({
    list: endpoints.brands.list,
    sortFields: BRANDS_SORT_FIELDS,
    exportCall: endpoints.brands.export,
    remove: canWrite
      ? { endpoint: endpoints.brands.remove, input: (row) => ({ params: { id: row.id } }) }
      : undefined,
  })
  const columns: Column<Brand>[] = [
    { key: 'name', header: t('brands.fields.name'), sort: 'name', render: (row) => row.name },
    {
      key: 'logo',
      header: t('brands.fields.logo'),
      render: (row) => <Thumb path={row.logo} alt={t('brands.logoAlt', { name: row.name })} />,
    },
  ]
  return (
    <ListScreen
      title={t('brands.title')}
      crumbs={[{ label: t('brands.list') }]}
      searchPlaceholder={t('brands.searchPlaceholder')}
      empty={{ none: t('brands.empty'), noMatch: t('brands.noMatch') }}
      add={canWrite ? { to: paths.brandNew, label: t('brands.add') } : undefined}
      list={list}
      columns={columns}
      // Four narrow columns fit a phone without sideways scrolling.
      tableMinWidth={300}
      actions={
        canWrite
          ? { label: (row) => row.name, editTo: (row) => paths.brandEdit(row.id) }
          : { label: (row) => row.name, detailTo: (row) => paths.brandEdit(row.id) }
      }
    />
  )
}
