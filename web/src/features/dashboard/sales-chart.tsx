import { Table, Text, VisuallyHidden } from '@mantine/core'
import { useElementSize } from '@mantine/hooks'
import type { SalesDay } from '@store/contract'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../lib/format.ts'
import { isLabelledDay, labelInterval, niceTicks } from './figures.ts'
import classes from './sales-chart.module.css'

/** The drawing's width before the box is measured (and in tests, where nothing has a size). */
const FALLBACK_WIDTH = 720
const HEIGHT = 220
const MARGIN = { top: 12, right: 16, bottom: 26, left: 44 }
const FONT = 11
/** About how wide a 'DD/MM' or 'MM-DD' label is at FONT, with a little air on each side. */
const DAY_LABEL_WIDTH = 34
/** About how wide a digit or letter of an axis label is at FONT: '1,5 Tr' needs a wider margin than '1.5M'. */
const CHAR_WIDTH = FONT * 0.62

/**
 * Sales per day as an SVG bar chart: one bar a day, y-axis ticks in compact VND, a label every five days
 * ('MM-DD' in English, 'DD/MM' in Vietnamese), a native tooltip per day, and the same figures in a visually
 * hidden table for screen readers. Days are store calendar days, written from their text.
 *
 * The drawing is as wide as its box in real pixels (measured, then used as the viewBox), so its text keeps its
 * size on a phone instead of shrinking with the picture. No chart library: it would cost more than this screen.
 *
 * @example <SalesChart days={[{ date: '2026-06-01', amount: 1250000, orders: 3 }]} title="Sales per day" />
 */
export function SalesChart({ days, title }: { days: SalesDay[]; title: string }) {
  const { t } = useTranslation()
  const format = useFormat()
  const { ref, width: measured } = useElementSize<HTMLDivElement>()
  const titleId = useId()
  const descId = useId()

  if (days.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('dashboard.chart.empty')}
      </Text>
    )
  }

  const highest = days.reduce((best, day) => (day.amount > best.amount ? day : best), days[0]!)
  const ticks = niceTicks(highest.amount).map((value) => ({ value, label: format.compactMoney(value) }))
  const top = ticks[ticks.length - 1]!.value || 1
  // Room for the widest tick label, never less than the usual margin.
  const left = Math.max(
    MARGIN.left,
    Math.ceil(Math.max(...ticks.map((tick) => tick.label.length)) * CHAR_WIDTH) + 10,
  )

  const width = Math.max(measured > 0 ? Math.round(measured) : FALLBACK_WIDTH, 240)
  const plotWidth = width - left - MARGIN.right
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom
  const baseline = MARGIN.top + plotHeight
  const band = plotWidth / days.length
  const barWidth = Math.max(1, Math.min(band * 0.7, 28))
  const yOf = (amount: number) => baseline - (amount / top) * plotHeight
  const labelEvery = labelInterval(band, DAY_LABEL_WIDTH)

  const totalAmount = days.reduce((sum, day) => sum + day.amount, 0)
  const totalOrders = days.reduce((sum, day) => sum + day.orders, 0)
  const description = t('dashboard.chart.description', {
    from: format.date(days[0]!.date),
    to: format.date(days[days.length - 1]!.date),
    amount: format.money(totalAmount),
    orders: format.count(totalOrders),
    best: highest.amount > 0 ? format.date(highest.date) : '—',
    bestAmount: format.money(highest.amount),
  })
  const dayText = (day: SalesDay) =>
    t('dashboard.chart.day', {
      date: format.date(day.date),
      amount: format.money(day.amount),
      count: day.orders,
      orders: format.count(day.orders),
    })

  return (
    <>
      <div ref={ref} className={classes.frame}>
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width="100%"
          height={HEIGHT}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
          className={classes.chart}
          fontSize={FONT}
        >
          <title id={titleId}>{title}</title>
          <desc id={descId}>{description}</desc>
          <g>
            {ticks.map((tick) => (
              <g key={tick.value}>
                <line
                  x1={left}
                  x2={width - MARGIN.right}
                  y1={yOf(tick.value)}
                  y2={yOf(tick.value)}
                  className={tick.value === 0 ? classes.axis : classes.grid}
                />
                <text x={left - 6} y={yOf(tick.value)} dy="0.32em" textAnchor="end" className={classes.label}>
                  {tick.label}
                </text>
              </g>
            ))}
            {days.map((day, index) => {
              const x = left + index * band
              // A day with sales keeps at least a sliver, so it never looks like a day without any.
              const barHeight = day.amount > 0 ? Math.max(1, baseline - yOf(day.amount)) : 0
              return (
                <g key={day.date} className={classes.day}>
                  <title>{dayText(day)}</title>
                  {/* The whole column answers the pointer, so the tooltip works on short and empty days. */}
                  <rect x={x} y={MARGIN.top} width={band} height={plotHeight} fill="transparent" />
                  <rect
                    data-date={day.date}
                    x={x + (band - barWidth) / 2}
                    y={baseline - barHeight}
                    width={barWidth}
                    height={barHeight}
                    rx={Math.min(2, barWidth / 3)}
                    className={classes.bar}
                  />
                  {isLabelledDay(index, days.length, labelEvery) && (
                    <text x={x + band / 2} y={baseline + 16} textAnchor="middle" className={classes.label}>
                      {format.dayMonth(day.date)}
                    </text>
                  )}
                </g>
              )
            })}
          </g>
        </svg>
      </div>
      <VisuallyHidden>
        <Table>
          <caption>{title}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('dashboard.chart.date')}</Table.Th>
              <Table.Th scope="col">{t('dashboard.chart.amount')}</Table.Th>
              <Table.Th scope="col">{t('dashboard.chart.orders')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((day) => (
              <Table.Tr key={day.date}>
                <Table.Td>{format.date(day.date)}</Table.Td>
                <Table.Td>{format.money(day.amount)}</Table.Td>
                <Table.Td>{format.count(day.orders)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </>
  )
}
