import { GENDERS, USER_SORT_FIELDS, type User, userListQuery } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useTranslation } from 'react-i18next'
import type { Column } from '../../components/data-table.tsx'
import { ListScreen } from '../../components/list-screen.tsx'
import { useFormat } from '../../lib/format.ts'
import type { FilterOf } from '../../lib/list-filters.ts'
import { paths } from '../../lib/paths.ts'
import { useCan } from '../../lib/permissions.tsx'
import { useListController } from '../../lib/use-list-controller.ts'
import { genderKey } from './user-form.ts'

/**
 * The user list (/admin/users): customers only, searched by name, paged through the address. An account that
 * may read customers but not change them (staff) has no Add or Delete, and opens each customer read-only.
 */
export function UserListPage() {
  const { t } = useTranslation()
  const canWrite = useCan('customers:write')
  const format = useFormat()
  const filters: FilterOf<typeof endpoints.users.list>[] = [
    {
      kind: 'select',
      param: 'gender',
      label: t('users.fields.gender'),
      options: GENDERS.map((code) => ({ value: String(code), label: t(`enums.gender.${code}`) })),
    },
    { kind: 'days', from: 'from', to: 'to', label: t('users.filters.joined') },
  ]
  // Customers only (spec section 6). A customer with orders is refused (409), so order history stays whole.
  const list = useListController({
    list: endpoints.users.list,
    fixedQuery: { role: 'user' },
    sortFields: USER_SORT_FIELDS,
    filters,
    querySchema: userListQuery,
    exportCall: endpoints.users.export,
    remove: canWrite
      ? { endpoint: endpoints.users.remove, input: (row) => ({ params: { id: row.id } }) }
      : undefined,
  })
  const columns: Column<User>[] = [
    { key: 'name', header: t('users.fields.name'), nowrap: true, sort: 'name', render: (row) => row.name },
    {
      key: 'phoneNumber',
      header: t('users.fields.phoneNumber'),
      nowrap: true,
      render: (row) => row.phoneNumber,
    },
    {
      key: 'email',
      header: t('users.fields.email'),
      sort: 'email',
      render: (row) => <span style={{ overflowWrap: 'anywhere' }}>{row.email}</span>,
    },
    {
      key: 'gender',
      header: t('users.fields.gender'),
      render: (row) => {
        const key = genderKey(row.gender)
        return key ? t(`enums.gender.${key}`) : ''
      },
    },
    {
      key: 'createdAt',
      header: t('users.fields.createdAt'),
      nowrap: true,
      sort: 'createdAt',
      phone: 'hide',
      render: (row) => <time dateTime={row.createdAt}>{format.date(row.createdAt)}</time>,
    },
  ]
  return (
    <ListScreen
      title={t('users.title')}
      crumbs={[{ label: t('users.listCrumb') }]}
      searchPlaceholder={t('users.searchPlaceholder')}
      empty={{ none: t('users.empty'), noMatch: t('users.noMatch') }}
      add={canWrite ? { to: paths.userNew, label: t('common.add') } : undefined}
      list={list}
      columns={columns}
      actions={
        canWrite
          ? { label: (row) => row.name, editTo: (row) => paths.userEdit(row.id) }
          : { label: (row) => row.name, detailTo: (row) => paths.userEdit(row.id) }
      }
    />
  )
}
