import { ActionIcon, Button, Group, NativeSelect, Paper, Tooltip } from '@mantine/core'
import {
  IconDownload,
  IconEye,
  IconFilter,
  IconFilterOff,
  IconPencil,
  IconPlus,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { KEYSHORTCUTS } from '../lib/keyshortcuts.ts'
import { PAGE_SIZES } from '../lib/use-list-address.ts'
import type { ListController } from '../lib/use-list-controller.ts'
import { useMedia } from '../lib/use-media.ts'
import { BulkBar, BulkResults } from './bulk-bar.tsx'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { type Column, DataTable, PHONE_QUERY } from './data-table.tsx'
import { FilterBar } from './filter-bar.tsx'
import { type Crumb, PageHeader } from './page-header.tsx'
import { Pager } from './pager.tsx'
import { SearchBox } from './search-box.tsx'

interface RowActions<Row> {
  /** The row's name in the actions' labels: 'Edit Áo thun', 'Delete Áo thun'. */
  label: (row: Row) => string
  editTo?: (row: Row) => string
  detailTo?: (row: Row) => string
  /** A list's own actions on a row (approve, reject), before its delete. */
  extra?: (row: Row) => ReactNode
}

/**
 * A whole list screen (spec section 2, list screens; CONTRACT 4.1): header with the add and export buttons,
 * search box, filter bar, the selection bar of the bulk actions, table with sortable headers and row actions,
 * page size and pagination, the delete confirmation and the bulk results. A screen gives its texts, columns and
 * filters; the controller does the rest.
 *
 * @example
 * const list = useListController({ list: endpoints.brands.list, sortFields: BRANDS_SORT_FIELDS })
 * return <ListScreen title="Brands" crumbs={[{ label: 'Brands' }]} searchPlaceholder="Search brands by name"
 *   empty={{ none: 'No brands yet.', noMatch: 'No brands match your search.' }} list={list} … />
 */
export function ListScreen<Row extends { id: string }>({
  title,
  crumbs,
  searchPlaceholder,
  add,
  addMany,
  moreActions,
  list,
  columns,
  actions,
  tableMinWidth,
  compact,
  filters,
  empty,
}: {
  title: string
  crumbs: Crumb[]
  searchPlaceholder: string
  add?: { to: string; label: string }
  /** A second way to add records, beside the add button (the product import). */
  addMany?: { to: string; label: string }
  /** A screen's own header buttons, between the export and the add buttons (the product list's stock sheet). */
  moreActions?: ReactNode
  list: ListController<Row>
  columns: Column<Row>[]
  actions: RowActions<Row>
  /** The table's width before it scrolls sideways (DataTable's minWidth): smaller for lists of few columns. */
  tableMinWidth?: number
  /** Tighter cells for a list of many columns (DataTable's `compact`). */
  compact?: boolean
  /** Inputs beside the search box that narrow the list (a role, a status), besides the declared filters. */
  filters?: ReactNode
  /** What the empty list says: `none` when nothing is stored yet, `noMatch` when the search or filters found nothing. */
  empty?: { none: string; noMatch: string }
}) {
  const { t } = useTranslation()
  const phone = useMedia(PHONE_QUERY)
  // On a phone the filter bar would push the rows a screen down: it opens on demand.
  const [filtersOpen, setFiltersOpen] = useState(false)
  const filterCount = Object.keys(list.filterValues).length
  const actionColumn: Column<Row> = {
    key: 'action',
    header: t('common.action'),
    nowrap: true,
    phone: 'cell',
    render: (row) => (
      // On a phone the icons stack, leaving the width to the row's card.
      <Group gap={4} wrap="nowrap" style={phone ? { flexDirection: 'column' } : undefined}>
        {actions.detailTo && (
          <Tooltip label={t('common.detail')}>
            <ActionIcon
              component={Link}
              to={actions.detailTo(row)}
              variant="subtle"
              color="teal"
              aria-label={`${t('common.detail')} ${actions.label(row)}`}
            >
              <IconEye size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        {actions.editTo && (
          <Tooltip label={t('common.edit')}>
            <ActionIcon
              component={Link}
              to={actions.editTo(row)}
              variant="subtle"
              aria-label={`${t('common.edit')} ${actions.label(row)}`}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        {actions.extra?.(row)}
        {list.canDelete(row) && (
          <Tooltip label={t('common.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => list.askDelete(row)}
              aria-label={`${t('common.delete')} ${actions.label(row)}`}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    ),
  }
  // Every field the list sorts by, also those no column shows (when it was added, changed).
  const fieldName = (field: string) => {
    const column = columns.find((column) => column.sort === field)
    if (column) return column.sortName ?? column.header
    return field === 'updatedAt' ? t('common.list.updatedAt') : t('common.list.createdAt')
  }
  const sortOptions = list.sortFields.flatMap((field) =>
    (['asc', 'desc'] as const).map((direction) => ({
      value: `${field}:${direction}`,
      label: t('common.list.sortOption', {
        field: fieldName(field),
        direction: t(direction === 'asc' ? 'common.list.ascending' : 'common.list.descending'),
      }),
    })),
  )
  return (
    <>
      <PageHeader
        title={title}
        crumbs={crumbs}
        actions={
          (add || addMany || moreActions || list.canExport) && (
            <Group gap="sm">
              {list.canExport && (
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  loading={list.exporting}
                  onClick={list.runExport}
                >
                  {t('common.list.export')}
                </Button>
              )}
              {moreActions}
              {addMany && (
                <Button
                  component={Link}
                  to={addMany.to}
                  variant="default"
                  leftSection={<IconUpload size={16} aria-hidden />}
                >
                  {addMany.label}
                </Button>
              )}
              {add && (
                // The `n` shortcut presses it (app/shortcuts.ts).
                <Button
                  component={Link}
                  to={add.to}
                  leftSection={<IconPlus size={16} />}
                  aria-keyshortcuts={KEYSHORTCUTS.new}
                >
                  {add.label}
                </Button>
              )}
            </Group>
          )
        }
      />
      <Paper withBorder p="md" radius="md">
        <Group mb="md">
          <SearchBox
            value={list.searchText}
            onChange={list.setSearchText}
            onClear={list.clearSearch}
            placeholder={searchPlaceholder}
          />
          {filters}
          {list.sort && (
            // Also on a phone, where the headers are gone, and for the fields no column shows.
            <NativeSelect
              aria-label={t('common.list.sortBy')}
              value={`${list.sort.field}:${list.sort.direction}`}
              onChange={(event) => {
                const [field, direction] = event.currentTarget.value.split(':')
                list.setSort({ field: field!, direction: direction === 'asc' ? 'asc' : 'desc' })
              }}
              data={sortOptions}
            />
          )}
          {phone && list.filters.length > 0 && (
            <Button
              variant="default"
              leftSection={<IconFilter size={16} aria-hidden />}
              aria-expanded={filtersOpen}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              {filterCount > 0 ? `${t('common.list.filters')} (${filterCount})` : t('common.list.filters')}
            </Button>
          )}
          {list.filtered && (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={list.clearFilters}
            >
              {t('common.list.clearFilters')}
            </Button>
          )}
        </Group>
        {(!phone || filtersOpen) && (
          <FilterBar filters={list.filters} values={list.filterValues} onChange={list.setFilter} />
        )}
        <BulkBar list={list} />
        <DataTable
          caption={title}
          minWidth={tableMinWidth}
          compact={compact}
          columns={[...columns, actionColumn]}
          rows={list.rows}
          meta={list.meta}
          loading={list.loading}
          failed={list.error !== null && list.rows.length === 0}
          onRetry={list.retry}
          rowKey={(row) => row.id}
          sort={list.sort}
          onSort={list.sortFields.length > 0 ? list.toggleSort : undefined}
          selection={
            list.bulkActions.length > 0
              ? { selected: list.selected, toggle: list.toggleRow, label: actions.label }
              : undefined
          }
          filtered={list.filtered}
          onClearFilters={list.clearFilters}
          emptyText={list.searchText.trim() ? empty?.noMatch : empty?.none}
          noMatchText={empty?.noMatch}
        />
        {/* Shown once the first page is in: below a table still empty, it would be pushed down the screen by
            the rows (a layout shift). */}
        {list.meta && (
          <Group justify="space-between" align="flex-end" mt="md" gap="sm">
            <NativeSelect
              label={t('common.list.pageSize')}
              size="xs"
              value={String(list.limit)}
              onChange={(event) => list.setLimit(Number(event.currentTarget.value))}
              data={PAGE_SIZES.map(String)}
            />
            <Pager meta={list.meta} onPage={list.setPage} />
          </Group>
        )}
      </Paper>
      <ConfirmDialog
        opened={list.pendingDelete !== null}
        onCancel={list.cancelDelete}
        onConfirm={list.confirmDelete}
        busy={list.deleting}
        detail={list.pendingDelete ? actions.label(list.pendingDelete) : undefined}
      />
      <BulkResults result={list.bulkResult} label={actions.label} onClose={list.closeBulkResult} />
    </>
  )
}
