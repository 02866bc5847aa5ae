import { Box, Button, Group, Paper, Skeleton, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import { IconChartLine, IconTable } from '@tabler/icons-react'
import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A card with a chart and the same figures as a table. The drawing says nothing to a screen reader (it is
 * hidden from it); the table does, always: visually hidden under the chart, or shown in its place once 'Show as
 * table' is pressed, for anyone who would rather read the numbers.
 *
 * @example <ChartCard heading="Revenue by category" chart={<BarChart … />} table={<CategoryTable … />} />
 */
export function ChartCard({
  heading,
  subtitle,
  controls,
  chart,
  table,
  loading,
  empty,
}: {
  heading: string
  subtitle?: ReactNode
  /** Choices above the chart (measure, interval). */
  controls?: ReactNode
  chart: ReactNode
  /** A `<Table>` with a caption naming what the chart shows. */
  table: ReactNode
  loading: boolean
  /** Said instead of the chart and table when there is nothing to draw. */
  empty?: string
}) {
  const { t } = useTranslation()
  const headingId = useId()
  const [asTable, setAsTable] = useState(false)
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md" h="100%">
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <div>
          <Title order={3} fz="md" id={headingId}>
            {heading}
          </Title>
          {subtitle && (
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          )}
        </div>
        {!empty && (
          <Button
            // Filled while pressed, plain otherwise: both keep their text at 4.5:1 or more, hovered too.
            variant={asTable ? 'filled' : 'default'}
            size="compact-sm"
            leftSection={asTable ? <IconChartLine size={16} /> : <IconTable size={16} />}
            aria-pressed={asTable}
            onClick={() => setAsTable((shown) => !shown)}
          >
            {t('dashboard.chart.showTable')}
          </Button>
        )}
      </Group>
      {controls}
      {loading ? (
        <Skeleton h={200} />
      ) : empty ? (
        <Text c="dimmed" ta="center" py="xl">
          {empty}
        </Text>
      ) : asTable ? (
        // Focusable, so a keyboard can scroll a table wider than a phone.
        <Table.ScrollContainer type="native" minWidth={360} tabIndex={0}>
          {table}
        </Table.ScrollContainer>
      ) : (
        <>
          {/* The table below says it all to a screen reader; the drawing would only add axis labels. */}
          <Box aria-hidden="true">{chart}</Box>
          <VisuallyHidden>{table}</VisuallyHidden>
        </>
      )}
    </Paper>
  )
}
