import { Button, Center, Group, Paper, Skeleton, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import { IconChartLine, IconTable } from '@tabler/icons-react'
import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A card with a chart and the same figures as a table. To a screen reader the drawing is one image named by a
 * summary (charts/); the table says every figure, always: visually hidden under the chart, or shown in its
 * place once 'Show as table' is pressed, for anyone who would rather read the numbers. While the figures load,
 * and when there are none, the card keeps the chart's height, so nothing below it moves when they arrive.
 *
 * @example <ChartCard heading="Revenue by category" height={260} chart={<BarList … />} table={<CategoryTable … />} />
 */
export function ChartCard({
  heading,
  subtitle,
  controls,
  chart,
  table,
  height,
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
  /** The chart's height in pixels, which its placeholder takes while loading. */
  height: number
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
        <Skeleton h={height} />
      ) : empty ? (
        <Center h={height}>
          <Text c="dimmed" ta="center">
            {empty}
          </Text>
        </Center>
      ) : asTable ? (
        // Focusable, so a keyboard can scroll a table wider than a phone.
        <Table.ScrollContainer type="native" minWidth={360} tabIndex={0}>
          {table}
        </Table.ScrollContainer>
      ) : (
        <>
          {chart}
          <VisuallyHidden>{table}</VisuallyHidden>
        </>
      )}
    </Paper>
  )
}
