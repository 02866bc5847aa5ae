import type { ReportInterval } from '@store/contract'
import type { TFunction } from 'i18next'
import type { Format } from '../../lib/format.ts'

/** A period's days in words: '2026-05-01 to 2026-05-31', or the one day. */
export const rangeText = (t: TFunction, format: Format, from: string, to: string) =>
  from === to
    ? t('dashboard.report.day', { from: format.date(from) })
    : t('dashboard.report.range', { from: format.date(from), to: format.date(to) })

/** What the compared period is, under the report's heading: 'compared with 2026-04-01 to 2026-04-30'. */
export const comparedText = (t: TFunction, format: Format, from: string, to: string) =>
  from === to
    ? t('dashboard.report.comparedDay', { from: format.date(from) })
    : t('dashboard.report.comparedRange', { from: format.date(from), to: format.date(to) })

/** A series point in full, for a table: the day, 'Week of <its Monday>', or the month. */
export const periodText = (t: TFunction, format: Format, period: string, interval: ReportInterval) =>
  interval === 'day'
    ? format.date(period)
    : interval === 'week'
      ? t('dashboard.chart.week', { date: format.date(period) })
      : format.yearMonth(period)

/** A series point on the chart's axis: '05-04' (a day or a week's Monday) or '2026-05'. */
export const periodTick = (format: Format, period: string, interval: ReportInterval) =>
  interval === 'month' ? format.yearMonth(period) : format.dayMonth(period)
