import { Box, Button, LoadingOverlay, Stack, Table, Text } from '@mantine/core'
import type { ListMeta } from '@store/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export interface Column<Row> {
  key: string
  header: string
  render: (row: Row) => ReactNode
  /** Narrow columns (numbers, actions) keep their content on one line. */
  nowrap?: boolean
}

/**
 * A list's table: the 'Stt' column ((page-1)*limit+index+1), the given columns, an overlay spinner while the
 * list loads and 'There aren't any lines.' when it is empty — unless the list failed to load, which says so
 * (with a way to try again) instead of claiming there is nothing.
 */
export function DataTable<Row>({
  columns,
  rows,
  meta,
  loading,
  rowKey,
  caption,
  minWidth = 640,
  failed = false,
  onRetry,
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
  /** The last load failed (the reason was toasted). */
  failed?: boolean
  onRetry?: () => void
}) {
  const { t } = useTranslation()
  const first = meta ? (meta.page - 1) * meta.limit : 0
  return (
    <Box pos="relative" mih={120}>
      <LoadingOverlay
        visible={loading}
        zIndex={5}
        overlayProps={{ blur: 1 }}
        loaderProps={{ 'aria-label': t('common.loading') }}
      />
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-busy={loading} aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>{t('common.stt')}</Table.Th>
              {columns.map((column) => (
                <Table.Th key={column.key} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && !loading ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length + 1}>
                  {failed ? (
                    <Stack align="center" gap="xs" py="lg" role="alert">
                      <Text c="red.9">{t('common.listFailed')}</Text>
                      {onRetry && (
                        <Button variant="default" size="xs" onClick={onRetry}>
                          {t('common.retry')}
                        </Button>
                      )}
                    </Stack>
                  ) : (
                    <Text ta="center" c="dimmed" py="lg">
                      {t('common.empty')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row, index) => (
                <Table.Tr key={rowKey(row)}>
                  <Table.Td>{first + index + 1}</Table.Td>
                  {columns.map((column) => (
                    <Table.Td key={column.key} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                      {column.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  )
}
