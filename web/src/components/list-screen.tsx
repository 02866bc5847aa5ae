import { ActionIcon, Button, Group, Paper, Tooltip } from '@mantine/core'
import { IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ListController } from '../lib/use-list-controller.ts'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { type Column, DataTable } from './data-table.tsx'
import { type Crumb, PageHeader } from './page-header.tsx'
import { Pager } from './pager.tsx'
import { SearchBox } from './search-box.tsx'

interface RowActions<Row> {
  /** The row's name in the actions' labels: 'Edit Áo thun', 'Delete Áo thun'. */
  label: (row: Row) => string
  editTo?: (row: Row) => string
  detailTo?: (row: Row) => string
}

/**
 * A whole list screen (spec section 2, list screens): header, search box, add button, table with actions,
 * pagination and the delete confirmation. A screen gives its texts and columns; the controller does the rest.
 *
 * @example
 * const list = useListController<Brand>({ resource: 'brands', path: '/admin/brands', deleteCall: … })
 * return <ListScreen title="Brand" crumbs={[{ label: 'Brand' }]} searchPlaceholder="Search brand" list={list} … />
 */
export function ListScreen<Row extends { id: string }>({
  title,
  crumbs,
  searchPlaceholder,
  add,
  list,
  columns,
  actions,
  tableMinWidth,
  filters,
}: {
  title: string
  crumbs: Crumb[]
  searchPlaceholder: string
  add?: { to: string; label: string }
  list: ListController<Row>
  columns: Column<Row>[]
  actions: RowActions<Row>
  /** The table's width before it scrolls sideways (DataTable's minWidth): smaller for lists of few columns. */
  tableMinWidth?: number
  /** Inputs beside the search box that narrow the list (a role, a status). */
  filters?: ReactNode
}) {
  const { t } = useTranslation()
  const actionColumn: Column<Row> = {
    key: 'action',
    header: t('common.action'),
    nowrap: true,
    render: (row) => (
      <Group gap={4} wrap="nowrap">
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
        {list.canDelete && (
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
  return (
    <>
      <PageHeader
        title={title}
        crumbs={crumbs}
        actions={
          add && (
            <Button component={Link} to={add.to} leftSection={<IconPlus size={16} />}>
              {add.label}
            </Button>
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
        </Group>
        <DataTable
          caption={title}
          minWidth={tableMinWidth}
          columns={[...columns, actionColumn]}
          rows={list.rows}
          meta={list.meta}
          loading={list.loading}
          failed={list.error !== null && list.rows.length === 0}
          onRetry={list.retry}
          rowKey={(row) => row.id}
        />
        <Pager meta={list.meta} onPage={list.setPage} />
      </Paper>
      <ConfirmDialog
        opened={list.pendingDelete !== null}
        onCancel={list.cancelDelete}
        onConfirm={list.confirmDelete}
        busy={list.deleting}
        detail={list.pendingDelete ? actions.label(list.pendingDelete) : undefined}
      />
    </>
  )
}
