import {
  Box,
  Button,
  Checkbox,
  Group,
  LoadingOverlay,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core'
import type { ListMeta } from '@store/contract'
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { SortState } from '../lib/use-list-address.ts'
import { useMedia } from '../lib/use-media.ts'

export interface Column<Row> {
  key: string
  header: string
  render: (row: Row) => ReactNode
  /** Narrow columns (numbers, actions) keep their content on one line. */
  nowrap?: boolean
  /** The `sortBy` field of this column: its header becomes a button that sorts by it. */
  sort?: string
  /** The sort field's name in the list's sort choice, when it is not the header's ('Placed on' under 'Order'). */
  sortName?: string
  /**
   * On a phone each row becomes a compact card (its first column as the title, the others as labelled lines):
   * `hide` leaves a column out of the card, `cell` keeps it in a cell of its own beside the card (actions).
   */
  phone?: 'hide' | 'cell'
}

/** Below Mantine's `sm` breakpoint (48em) a row is a card; as a max-width query, a test browser without media queries sees the table. */
export const PHONE_QUERY = '(max-width: 47.99em)'

/**
 * A value as a card's line shows it. Mantine's Group leaves out falsy children, so a number is given as its text:
 * 'Đã bán: 0' rather than 'Đã bán:' with nothing after it.
 */
const cardValue = (value: ReactNode) => (typeof value === 'number' ? String(value) : value)

const ariaSort = (column: { sort?: string }, sort: SortState | undefined) => {
  if (!column.sort) return undefined
  if (sort?.field !== column.sort) return 'none' as const
  return sort.direction === 'asc' ? ('ascending' as const) : ('descending' as const)
}

function SortIcon({ state }: { state: 'ascending' | 'descending' | 'none' }) {
  const Icon = state === 'ascending' ? IconArrowUp : state === 'descending' ? IconArrowDown : IconArrowsSort
  return <Icon size={14} aria-hidden style={{ opacity: state === 'none' ? 0.45 : 1, flex: '0 0 auto' }} />
}

/**
 * A list's table: the 'No.' column ((page-1)*limit+index+1, with the row's checkbox when rows can be
 * selected), the given columns, sortable headers (a button in the header: a click sorts, another reverses;
 * an arrow and `aria-sort` say which), an overlay spinner while the list loads and, when it is empty, what is
 * missing ('No orders yet.') — or, when filters narrowed it, that nothing matches them, with a way to clear them. A list
 * that failed to load says so (with a way to try again) instead of claiming there is nothing. On a phone each
 * row is a compact card, so nothing that matters needs sideways scrolling.
 *
 * @example
 * <DataTable caption="Order" columns={columns} rows={rows} meta={meta} loading={false} rowKey={(r) => r.id}
 *   sort={{ field: 'totalPrice', direction: 'asc' }} onSort={(field) => …} />
 */
export function DataTable<Row>({
  columns,
  rows,
  meta,
  loading,
  rowKey,
  caption,
  minWidth = 640,
  compact = false,
  failed = false,
  onRetry,
  sort,
  onSort,
  selection,
  filtered = false,
  onClearFilters,
  emptyText,
  noMatchText,
}: {
  columns: Column<Row>[]
  rows: Row[]
  meta: ListMeta | undefined
  loading: boolean
  rowKey: (row: Row) => string
  /** Names the table for screen readers. */
  caption: string
  /** Below this width the table scrolls sideways instead of squeezing its columns; a narrow table may fit a phone. */
  minWidth?: number
  /** Cells 6 px from each other's text rather than 10 px: a list of many columns that must fit a laptop. */
  compact?: boolean
  /** The last load failed (the reason was toasted). */
  failed?: boolean
  onRetry?: () => void
  /** The list's sort, for the headers' arrows. */
  sort?: SortState
  /** Sorts by a column's `sort` field; without it no header is a button. */
  onSort?: (field: string) => void
  /** Row checkboxes: which rows are chosen, how to choose one, and each row's name for its checkbox's label. */
  selection?: { selected: ReadonlySet<string>; toggle: (id: string) => void; label: (row: Row) => string }
  /** A filter or search narrows the list: an empty list says the filters found nothing. */
  filtered?: boolean
  onClearFilters?: () => void
  /** What an empty, unfiltered list says in place of the generic line: a table under a record names its rows. */
  emptyText?: string
  /** What a list narrowed by filters says when they found nothing ('No orders match your search or filters.'). */
  noMatchText?: string
}) {
  const { t } = useTranslation()
  const phone = useMedia(PHONE_QUERY)
  const first = meta ? (meta.page - 1) * meta.limit : 0
  const own = phone ? columns.filter((column) => column.phone === 'cell') : columns
  const carded = phone ? columns.filter((column) => column.phone === undefined) : []
  const span = own.length + 1 + (carded.length > 0 ? 1 : 0)
  const wrap = (column: Column<Row>) => (column.nowrap ? { whiteSpace: 'nowrap' as const } : undefined)

  const header = (column: Column<Row>) => {
    const state = ariaSort(column, sort)
    return (
      // A header may wrap ('Số / lượng') where its column's cells do not: a column is as wide as its content,
      // not as its name.
      <Table.Th key={column.key} aria-sort={onSort ? state : undefined}>
        {state && onSort && column.sort ? (
          <UnstyledButton
            onClick={() => onSort(column.sort!)}
            fw={700}
            fz="sm"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            {column.header}
            <SortIcon state={state} />
          </UnstyledButton>
        ) : (
          column.header
        )}
      </Table.Th>
    )
  }

  const empty = failed ? (
    <Stack align="center" gap="xs" py="lg" role="alert">
      <Text c="var(--mantine-color-error)">{t('common.listFailed')}</Text>
      {onRetry && (
        <Button variant="default" size="xs" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </Stack>
  ) : filtered ? (
    <Stack align="center" gap="xs" py="lg">
      <Text c="dimmed">{noMatchText ?? t('common.list.nothingFound')}</Text>
      {onClearFilters && (
        <Button variant="default" size="xs" onClick={onClearFilters}>
          {t('common.list.clearFilters')}
        </Button>
      )}
    </Stack>
  ) : (
    <Text ta="center" c="dimmed" py="lg">
      {emptyText ?? t('common.empty')}
    </Text>
  )

  return (
    <Box pos="relative" mih={120}>
      <LoadingOverlay
        visible={loading}
        zIndex={5}
        overlayProps={{ blur: 1 }}
        loaderProps={{ role: 'status', 'aria-label': t('common.loading') }}
      />
      <Table.ScrollContainer minWidth={phone ? 0 : minWidth}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing={phone || compact ? 6 : 'xs'}
          aria-busy={loading}
          aria-label={caption}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={selection ? 76 : 60}>{t('common.stt')}</Table.Th>
              {carded.length > 0 && <Table.Th>{caption}</Table.Th>}
              {own.map(header)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && !loading ? (
              <Table.Tr>
                <Table.Td colSpan={span}>{empty}</Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row, index) => {
                const id = rowKey(row)
                return (
                  <Table.Tr key={id}>
                    <Table.Td>
                      {selection ? (
                        <Group gap={8} wrap="nowrap">
                          <Checkbox
                            size="xs"
                            checked={selection.selected.has(id)}
                            onChange={() => selection.toggle(id)}
                            aria-label={t('common.list.selectRow', { name: selection.label(row) })}
                          />
                          {first + index + 1}
                        </Group>
                      ) : (
                        first + index + 1
                      )}
                    </Table.Td>
                    {carded.length > 0 && (
                      <Table.Td>
                        <Stack gap={4}>
                          {carded.map((column, n) =>
                            n === 0 ? (
                              <Box key={column.key} fw={600} fz="sm">
                                {column.render(row)}
                              </Box>
                            ) : (
                              <Group key={column.key} gap={6} wrap="wrap" fz="xs">
                                <Text span size="xs" c="dimmed">
                                  {column.header}:
                                </Text>
                                {cardValue(column.render(row))}
                              </Group>
                            ),
                          )}
                        </Stack>
                      </Table.Td>
                    )}
                    {own.map((column) => (
                      <Table.Td key={column.key} style={wrap(column)}>
                        {column.render(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                )
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  )
}
