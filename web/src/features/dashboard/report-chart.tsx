import { Group, Table, Text } from '@mantine/core'
import { REPORT_INTERVALS, type Report, type ReportInterval } from '@store/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Segments } from '../../components/segments.tsx'
import { useFormat } from '../../lib/format.ts'
import { ChartCard } from './chart-card.tsx'
import { LineChart, type LinePoint } from './charts/line-chart.tsx'
import { periodText, periodTick, rangeText } from './labels.ts'
import { REPORT_MEASURES, type ReportMeasure } from './period.ts'
import type { ReportViewController } from './use-report-view.ts'

/** The chart's height, which its placeholder keeps while the report loads. */
const CHART_HEIGHT = 260

/**
 * Revenue, orders or units over the period, by day, week or month (both choices kept in the address), with
 * the compared period as a second, dashed line. The drawing's summary names its highest and lowest periods; the
 * table alternative lists every period with all three figures, and the compared period's beside them.
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

  const points: LinePoint[] = Array.from({ length }, (_, index) => {
    const point = series[index]
    const before = compared?.[index]
    return {
      tick: point ? periodTick(format, point.period, interval) : '',
      label: point ? periodText(t, format, point.period, interval) : '—',
      value: point?.[measure] ?? null,
      ...(compared && {
        compared: {
          label: before ? periodText(t, format, before.period, interval) : '—',
          value: before?.[measure] ?? null,
        },
      }),
    }
  })
  const [first, ...rest] = series
  let summary = title
  if (first) {
    // The first of equals: the earliest period with the highest figure, and with the lowest.
    let high = first
    let low = first
    for (const point of rest) {
      if (point[measure] > high[measure]) high = point
      if (point[measure] < low[measure]) low = point
    }
    summary = t('dashboard.chart.summary', {
      title,
      high: show(high[measure], measure),
      highAt: periodText(t, format, high.period, interval),
      low: show(low[measure], measure),
      lowAt: periodText(t, format, low.period, interval),
    })
  }

  const controls = (
    <Group gap="md" mb="sm" wrap="wrap">
      <div>
        <Text size="sm" fw={500} id={measureLabel} mb={4}>
          {t('dashboard.chart.measure')}
        </Text>
        <Segments
          aria-labelledby={measureLabel}
          value={measure}
          onChange={report.setMeasure}
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
        <Segments
          aria-labelledby={intervalLabel}
          value={view.interval}
          onChange={report.setInterval}
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
      height={CHART_HEIGHT}
      chart={
        <LineChart
          points={points}
          height={CHART_HEIGHT}
          summary={summary}
          value={(value) => show(value, measure)}
          tick={(value) => (measure === 'revenue' ? format.compactMoney(value) : format.count(value))}
          names={{ current: t('dashboard.chart.current'), compared: t('dashboard.chart.compared') }}
        />
      }
    />
  )
}
