import {
  Anchor,
  Badge,
  Button,
  CloseButton,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core'
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntry } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { IconDownload } from '@tabler/icons-react'
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { DateField } from '../../components/date-field.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { Pager } from '../../components/pager.tsx'
import { fieldLabel } from '../../lib/field-labels.ts'
import { useFormat } from '../../lib/format.ts'
import { useCan } from '../../lib/permissions.tsx'
import { apiQuery } from '../../lib/queries.ts'
import { notify } from '../../lib/toast.ts'
import { useAddressParams } from '../../lib/use-address-params.ts'
import { exportAuditLog } from './api/export-audit-log.ts'
import { auditFiltersOf, type FilterName, recordLabel, recordPath, withFilter } from './audit-filters.ts'
import { EntryDetails } from './entry-details.tsx'

const pageFrom = (value: string | null) => {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 ? n : 1
}

/** Actions that undo or refuse something: set apart so they catch the eye. */
const WARNING: readonly AuditAction[] = ['delete', 'signInFailed', 'sessionEnd', 'twoFactorDisable']

/**
 * The audit log (/admin/audit-log, CONTRACT 4.4): every write and sign-in, newest first, filtered by person,
 * record type, action and days, each entry's changes as before and after, and an export of what the filters
 * match. The filters live in the address, so an edit screen's 'History' link opens its record's entries.
 */
export function AuditLogPage() {
  const { t } = useTranslation()
  const format = useFormat()
  // Two filters changed before the address catches up both count, the second built on the first.
  const [params, changeAddress] = useAddressParams()
  const filters = auditFiltersOf(params)
  const page = pageFrom(params.get('page'))
  const setFilter = (name: FilterName, value: string) =>
    changeAddress((current) => withFilter(current, name, value))

  const list = useQuery({
    ...apiQuery(endpoints.audit.list, { query: { ...filters, page } }),
    placeholderData: keepPreviousData,
    // Every write adds entries: the log is read afresh whenever the screen opens.
    refetchOnMount: 'always',
  })
  const meta = list.data?.meta
  // A page typed into the address past the end shows the last one.
  useEffect(() => {
    if (meta && meta.totalPages > 0 && page > meta.totalPages) {
      changeAddress((next) => next.set('page', String(meta.totalPages)), { replace: true })
    }
  }, [meta, page, changeAddress])

  // The people to filter by are the staff accounts; only an account that manages staff may list them.
  const canListStaff = useCan('staff:manage')
  const people = useQuery({
    ...apiQuery(endpoints.staff.list, { query: { limit: 100, sortBy: 'name:asc' } }),
    enabled: canListStaff,
    select: (answer) => answer.data,
  })

  // A failure is toasted by the mutation cache, with the server's message.
  const exporting = useMutation({
    mutationFn: () => exportAuditLog(filters),
    onSuccess: () => notify.success(t('audit.exported')),
  })

  const [open, setOpen] = useState<AuditEntry | null>(null)

  const columns: Column<AuditEntry>[] = [
    {
      key: 'at',
      header: t('audit.columns.at'),
      nowrap: true,
      render: (entry) => <time dateTime={entry.at}>{format.dateTime(entry.at)}</time>,
    },
    {
      key: 'actor',
      header: t('audit.columns.actor'),
      render: (entry) =>
        entry.actor ? (
          <Stack gap={0}>
            <Text size="sm">{entry.actor.name}</Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {entry.actor.email}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('audit.nobody')}
          </Text>
        ),
    },
    {
      key: 'action',
      header: t('audit.columns.action'),
      render: (entry) => (
        <Badge
          color={WARNING.includes(entry.action) ? 'red' : 'blue'}
          variant="dot"
          miw="max-content"
          style={{ textTransform: 'none' }}
        >
          {t(`audit.actions.${entry.action}`)}
        </Badge>
      ),
    },
    {
      key: 'record',
      header: t('audit.columns.record'),
      render: (entry) => {
        const label = recordLabel(t, entry)
        const to = recordPath(entry)
        return to ? (
          <Anchor
            component={Link}
            to={to}
            size="sm"
            aria-label={t('audit.openNamed', { record: label })}
            style={{ overflowWrap: 'anywhere' }}
          >
            {label}
          </Anchor>
        ) : (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {label}
          </Text>
        )
      },
    },
    {
      key: 'changes',
      header: t('audit.columns.changes'),
      render: (entry) => {
        const fields = Object.keys(entry.changes)
        const summary =
          fields.length > 0 ? t('audit.changeCount', { count: fields.length }) : t('audit.noFields')
        return (
          <Stack gap={2} align="flex-start">
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setOpen(entry)}
              // The visible text first (WCAG 2.5.3), then which entry: every row has such a button.
              aria-label={t('audit.showChanges', {
                changes: summary,
                action: t(`audit.actions.${entry.action}`),
                time: format.dateTime(entry.at),
              })}
            >
              {summary}
            </Button>
            {fields.length > 0 && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {fields.map((field) => fieldLabel(t, field)).join(', ')}
              </Text>
            )}
          </Stack>
        )
      },
    },
  ]

  // The record the address narrows to, by its name as its newest entry gives it, once the list has one.
  const shownRecord = list.data?.data.find(
    (entry) => entry.entityId === filters.entityId && (!filters.entity || entry.entity === filters.entity),
  )
  const title = t('audit.title')
  const any = { value: '', label: t('audit.filters.any') }
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[{ label: title }]}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporting.isPending}
            onClick={() => exporting.mutate()}
          >
            {t('audit.export')}
          </Button>
        }
      />
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" mb="md">
          {canListStaff && (
            <NativeSelect
              label={t('audit.filters.actor')}
              value={filters.actor ?? ''}
              onChange={(event) => setFilter('actor', event.currentTarget.value)}
              data={[
                any,
                ...(people.data ?? []).map((person) => ({ value: person.id, label: person.name })),
                // A person the address names but the list does not hold still shows as chosen.
                ...(filters.actor && !people.data?.some((person) => person.id === filters.actor)
                  ? [{ value: filters.actor, label: filters.actor }]
                  : []),
              ]}
            />
          )}
          <NativeSelect
            label={t('audit.filters.entity')}
            value={filters.entity ?? ''}
            onChange={(event) => setFilter('entity', event.currentTarget.value)}
            data={[
              any,
              ...AUDIT_ENTITIES.map((entity) => ({ value: entity, label: t(`audit.entities.${entity}`) })),
            ]}
          />
          <NativeSelect
            label={t('audit.filters.action')}
            value={filters.action ?? ''}
            onChange={(event) => setFilter('action', event.currentTarget.value)}
            data={[
              any,
              ...AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`audit.actions.${action}`) })),
            ]}
          />
          <DateField
            label={t('audit.filters.from')}
            value={filters.from ?? ''}
            maxDate={filters.to}
            onChange={(value) => setFilter('from', value)}
          />
          <DateField
            label={t('audit.filters.to')}
            value={filters.to ?? ''}
            minDate={filters.from}
            onChange={(value) => setFilter('to', value)}
          />
        </SimpleGrid>
        {filters.entityId && (
          <Group gap={4} mb="md">
            <Badge variant="outline" size="lg" style={{ textTransform: 'none' }}>
              {shownRecord
                ? t('audit.filters.recordNamed', { record: recordLabel(t, shownRecord) })
                : t('audit.filters.record', {
                    entity: filters.entity ? t(`audit.entities.${filters.entity}`) : '',
                    id: filters.entityId,
                  }).replace(/\s+/g, ' ')}
            </Badge>
            <CloseButton
              aria-label={t('audit.filters.clearRecord')}
              onClick={() => setFilter('entityId', '')}
            />
          </Group>
        )}
        <DataTable
          caption={title}
          minWidth={760}
          columns={columns}
          rows={list.data?.data ?? []}
          meta={meta}
          loading={list.isFetching}
          failed={list.isError && !list.data}
          onRetry={() => void list.refetch()}
          rowKey={(entry) => entry.id}
          emptyText={Object.values(filters).some((value) => value) ? t('audit.noMatch') : t('audit.empty')}
        />
        <Pager meta={meta} onPage={(next) => changeAddress((updated) => updated.set('page', String(next)))} />
      </Paper>
      <EntryDetails entry={open} onClose={() => setOpen(null)} />
    </>
  )
}
