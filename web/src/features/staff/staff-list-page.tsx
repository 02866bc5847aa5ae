import { Badge, NativeSelect } from '@mantine/core'
import { STAFF_ROLES, STAFF_SORT_FIELDS, type StaffMember } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import type { Column } from '../../components/data-table.tsx'
import { ListScreen } from '../../components/list-screen.tsx'
import { useFormat } from '../../lib/format.ts'
import { paths } from '../../lib/paths.ts'
import { useListController } from '../../lib/use-list-controller.ts'

/** The filters the address may carry, each kept only when it is one the server knows. */
export function staffFilters(params: URLSearchParams): { role?: string; active?: string } {
  const role = params.get('role') ?? ''
  const active = params.get('active') ?? ''
  return {
    ...((STAFF_ROLES as readonly string[]).includes(role) && { role }),
    ...((active === 'true' || active === 'false') && { active }),
  }
}

/**
 * The staff list (/admin/staff): searched by name or email, filtered by role and by active, paged; every
 * filter lives in the address, so back, forward and a shared link show the same rows.
 */
export function StaffListPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const [params, setParams] = useSearchParams()
  const filters = staffFilters(params)
  const list = useListController({
    list: endpoints.staff.list,
    fixedQuery: filters,
    sortFields: STAFF_SORT_FIELDS,
  })

  // The address as last asked for: two filters changed before the screen renders again both count.
  const asked = useRef(params)
  useEffect(() => {
    asked.current = params
  }, [params])
  /** A new filter starts again at page 1. */
  const setFilter = (name: 'role' | 'active', value: string) => {
    const next = new URLSearchParams(asked.current)
    if (value) next.set(name, value)
    else next.delete(name)
    next.set('page', '1')
    asked.current = next
    setParams(next)
  }

  const columns: Column<StaffMember>[] = [
    { key: 'name', header: t('staff.fields.name'), sort: 'name', render: (row) => row.name },
    { key: 'email', header: t('staff.fields.email'), sort: 'email', render: (row) => row.email },
    {
      key: 'role',
      header: t('staff.fields.role'),
      nowrap: true,
      render: (row) => (
        // 'dot': the colour is in the dot and the text stays dark, legible at any tint (as the order status).
        <Badge color={row.role === 'admin' ? 'grape' : 'blue'} variant="dot" miw="max-content">
          {t(`staff.roles.${row.role}`)}
        </Badge>
      ),
    },
    {
      key: 'active',
      header: t('staff.fields.active'),
      nowrap: true,
      render: (row) => (
        <Badge color={row.active ? 'teal' : 'gray'} variant="dot" miw="max-content">
          {row.active ? t('staff.status.active') : t('staff.status.disabled')}
        </Badge>
      ),
    },
    {
      key: 'twoFactor',
      header: t('staff.fields.twoFactor'),
      nowrap: true,
      render: (row) => (row.twoFactor ? t('staff.twoFactor.on') : t('staff.twoFactor.off')),
    },
    {
      key: 'lastLoginAt',
      header: t('staff.fields.lastLoginAt'),
      nowrap: true,
      render: (row) =>
        row.lastLoginAt ? (
          <time dateTime={row.lastLoginAt}>{format.dateTime(row.lastLoginAt)}</time>
        ) : (
          t('staff.never')
        ),
    },
  ]
  return (
    <ListScreen
      title={t('staff.title')}
      crumbs={[{ label: t('staff.listCrumb') }]}
      searchPlaceholder={t('staff.searchPlaceholder')}
      empty={{ none: t('staff.empty'), noMatch: t('staff.noMatch') }}
      add={{ to: paths.staffNew, label: t('common.add') }}
      list={list}
      columns={columns}
      actions={{ label: (row) => row.name, editTo: (row) => paths.staffEdit(row.id) }}
      filters={
        <>
          <NativeSelect
            aria-label={t('staff.filters.role')}
            value={filters.role ?? ''}
            onChange={(event) => setFilter('role', event.currentTarget.value)}
            data={[
              { value: '', label: t('staff.filters.anyRole') },
              ...STAFF_ROLES.map((role) => ({ value: role, label: t(`staff.roles.${role}`) })),
            ]}
          />
          <NativeSelect
            aria-label={t('staff.filters.status')}
            value={filters.active ?? ''}
            onChange={(event) => setFilter('active', event.currentTarget.value)}
            data={[
              { value: '', label: t('staff.filters.anyStatus') },
              { value: 'true', label: t('staff.status.active') },
              { value: 'false', label: t('staff.status.disabled') },
            ]}
          />
        </>
      }
    />
  )
}
