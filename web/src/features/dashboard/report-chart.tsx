import { LineChart } from '@mantine/charts'
import { Group, SegmentedControl, Table, Text } from '@mantine/core'
import { REPORT_INTERVALS, type Report, type ReportInterval } from '@store/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../lib/format.ts'
import { ChartCard } from './chart-card.tsx'
import { periodText, periodTick, rangeText } from './labels.ts'
import { REPORT_MEASURES, type ReportMeasure } from './period.ts'
import type { ReportViewController } from './use-report-view.ts'

/**
 * Revenue, orders or units over the period, by day, week or month (both choices kept in the address), with
 * the compared period as a second, dashed line. The table alternative lists every period with all three
 * figures, and the compared period's beside them.
 */
export function ReportChart({
  report,
  data,
  loading,
}: {
  report: ReportViewController
  data: Report | undefined
  loading: boolean
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const { view } = report
  const measureLabel = useId()
  const intervalLabel = useId()
  const measure = view.measure
  // The figures drawn are those of the answer, whose interval may still be the last one while a new one loads.
  const interval: ReportInterval = data?.interval ?? view.interval
  const series = data?.series ?? []
  const compared = data?.compareSeries
  const length = Math.max(series.length, compared?.length ?? 0)
  const measureName = t(`dashboard.chart.measures.${measure}`)
  const title = t('dashboard.chart.title', {
    measure: measureName,
    interval: t(`dashboard.chart.intervalWords.${interval}`),
    range: data ? rangeText(t, format, data.from, data.to) : '',
  })
  const show = (value: number | undefined, which: ReportMeasure) =>
    value === undefined ? '—' : which === 'revenue' ? format.money(value) : format.count(value)

  const rows = Array.from({ length }, (_, index) => {
    const point = series[index]
    const before = compared?.[index]
    return {
      tick: point ? periodTick(format, point.period, interval) : '',
      current: point?.[measure] ?? null,
      ...(compared && { compared: before?.[measure] ?? null }),
    }
  })

  const controls = (
    <Group gap="md" mb="sm" wrap="wrap">
      <div>
        <Text size="sm" fw={500} id={measureLabel} mb={4}>
          {t('dashboard.chart.measure')}
        </Text>
        <SegmentedControl
          aria-labelledby={measureLabel}
          size="xs"
          value={measure}
          onChange={(value) => report.setMeasure(value as ReportMeasure)}
          data={REPORT_MEASURES.map((name) => ({
            value: name,
            label: t(`dashboard.chart.measures.${name}`),
          }))}
        />
      </div>
      <div>
        <Text size="sm" fw={500} id={intervalLabel} mb={4}>
          {t('dashboard.chart.interval')}
        </Text>
        <SegmentedControl
          aria-labelledby={intervalLabel}
          size="xs"
          value={view.interval}
          onChange={(value) => report.setInterval(value as ReportInterval)}
          data={REPORT_INTERVALS.map((name) => ({
            value: name,
            label: t(`dashboard.chart.intervals.${name}`),
          }))}
        />
      </div>
    </Group>
  )

  const table = (
    <Table striped withTableBorder={false} verticalSpacing={4}>
      <caption>{title}</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('dashboard.chart.period')}</Table.Th>
          {REPORT_MEASURES.map((name) => (
            <Table.Th scope="col" key={name}>
              {t(`dashboard.chart.measures.${name}`)}
            </Table.Th>
          ))}
          {compared && (
            <>
              <Table.Th scope="col">{t('dashboard.chart.compared')}</Table.Th>
              {REPORT_MEASURES.map((name) => (
                <Table.Th scope="col" key={name}>
                  {t('dashboard.chart.comparedColumn', { measure: t(`dashboard.chart.measures.${name}`) })}
                </Table.Th>
              ))}
            </>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {Array.from({ length }, (_, index) => {
          const point = series[index]
          const before = compared?.[index]
          return (
            <Table.Tr key={point?.period ?? `compared-${before?.period}`}>
              <Table.Td>{point ? periodText(t, format, point.period, interval) : '—'}</Table.Td>
              {REPORT_MEASURES.map((name) => (
                <Table.Td key={name}>{show(point?.[name], name)}</Table.Td>
              ))}
              {compared && (
                <>
                  <Table.Td>{before ? periodText(t, format, before.period, interval) : '—'}</Table.Td>
                  {REPORT_MEASURES.map((name) => (
                    <Table.Td key={name}>{show(before?.[name], name)}</Table.Td>
                  ))}
                </>
              )}
            </Table.Tr>
          )
        })}
      </Table.Tbody>
    </Table>
  )

  return (
    <ChartCard
      heading={t('dashboard.chart.heading')}
      subtitle={data && rangeText(t, format, data.from, data.to)}
      controls={controls}
      loading={loading && !data}
      empty={data && length === 0 ? t('dashboard.chart.empty') : undefined}
      table={table}
      chart={
        <LineChart
          h={260}
          data={rows}
          dataKey="tick"
          series={[
            { name: 'current', label: t('dashboard.chart.current'), color: 'blue.8' },
            ...(compared
              ? [
                  {
                    name: 'compared',
                    label: t('dashboard.chart.compared'),
                    color: 'gray.6',
                    strokeDasharray: '5 5',
                  },
                ]
              : []),
          ]}
          curveType="linear"
          withLegend={compared !== undefined}
          // This period first, in every language (recharts sorts by label otherwise).
          legendProps={{ itemSorter: (item) => (item.dataKey === 'current' ? 0 : 1) }}
          withDots={length <= 31}
          connectNulls={false}
          accessibilityLayer={false}
          lineProps={{ isAnimationActive: false }}
          valueFormatter={(value) => show(value, measure)}
          yAxisProps={{
            width: 64,
            tickFormatter: (value: number) =>
              measure === 'revenue' ? format.compactMoney(value) : format.count(value),
          }}
        />
      }
    />
  )
}
