import { CATEGORIES_SORT_FIELDS, type Category } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useTranslation } from 'react-i18next'
import type { Column } from '../../components/data-table.tsx'
import { ListScreen } from '../../components/list-screen.tsx'
import { paths } from '../../lib/paths.ts'
import { useCan } from '../../lib/permissions.tsx'
import { useListController } from '../../lib/use-list-controller.ts'

/** The category list (/admin/categories): searched by name, paged through the address. */
export function CategoryListPage() {
  const { t } = useTranslation()
  const canWrite = useCan('catalog:write')
  // A category products use is refused (409) with the count; the toast says so.
  const list = useListController({
    list: endpoints.categories.list,
    sortFields: CATEGORIES_SORT_FIELDS,
    exportCall: endpoints.categories.export,
    remove: canWrite
      ? { endpoint: endpoints.categories.remove, input: (row) => ({ params: { id: row.id } }) }
      : undefined,
  })
  const columns: Column<Category>[] = [
    { key: 'name', header: t('categories.fields.name'), sort: 'name', render: (row) => row.name },
    {
      key: 'slug',
      header: t('categories.fields.slug'),
      render: (row) => <span style={{ overflowWrap: 'anywhere' }}>{row.slug}</span>,
    },
  ]
  return (
    <ListScreen
      title={t('categories.title')}
      crumbs={[{ label: t('categories.listCrumb') }]}
      searchPlaceholder={t('categories.searchPlaceholder')}
      empty={{ none: t('categories.empty'), noMatch: t('categories.noMatch') }}
      add={canWrite ? { to: paths.categoryNew, label: t('common.add') } : undefined}
      list={list}
      columns={columns}
      actions={
        canWrite
          ? { label: (row) => row.name, editTo: (row) => paths.categoryEdit(row.id) }
          : { label: (row) => row.name, detailTo: (row) => paths.categoryEdit(row.id) }
      }
      // Name, slug and two icons fit a phone: no sideways scrolling needed.
      tableMinWidth={300}
    />
  )
}
