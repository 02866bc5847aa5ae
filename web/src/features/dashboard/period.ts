import {
  addDays,
  DEFAULT_REPORT_DAYS,
  daysBetween,
  MAX_REPORT_DAYS,
  REPORT_COMPARISONS,
  REPORT_INTERVALS,
  type ReportComparison,
  type ReportInterval,
} from '@store/contract'

/**
 * The dashboard report's period, comparison, interval and measure, read from and written to the address, and
 * the arithmetic of the period presets. Pure: 'today' is given (the store's calendar day, `STORE_TZ`), so the
 * same address and the same day always give the same view.
 *
 * The address: `period` names a preset (`today`, `7d`, `this-month`, `last-month`, `this-year`; `30d`, the
 * default, is not written), which stays relative (a bookmark of 'last 7 days' shows the last 7 days on the day
 * it is opened); a custom range is `from` and `to` (YYYY-MM-DD, both counted). `compare` (`previous`, `year`),
 * `interval` (`week`, `month`) and `measure` (`orders`, `units`) are written only when not the default.
 */

export const PERIOD_PRESETS = ['today', '7d', '30d', 'this-month', 'last-month', 'this-year'] as const
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]
export type PeriodName = PeriodPreset | 'custom'
export const PERIOD_NAMES: readonly PeriodName[] = [...PERIOD_PRESETS, 'custom']
/** The 30 days ending today: the report the API gives without dates, and the old chart's figure. */
export const DEFAULT_PERIOD: PeriodPreset = '30d'

export const REPORT_MEASURES = ['revenue', 'orders', 'units'] as const
export type ReportMeasure = (typeof REPORT_MEASURES)[number]

export interface DayRange {
  from: string
  to: string
}

/** What the report shows: the period by name and as days, the comparison, the chart's steps and measure. */
export interface ReportView extends DayRange {
  period: PeriodName
  compare: ReportComparison
  interval: ReportInterval
  measure: ReportMeasure
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/** A `YYYY-MM-DD` that exists on the calendar: '2026-02-29' does not. */
export function isDay(value: string | null | undefined): value is string {
  const match = value ? DAY.exec(value) : null
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const at = new Date(Date.UTC(year, month - 1, day))
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day
}

/** The 1st of the month `day` falls in. */
export const monthStart = (day: string): string => `${day.slice(0, 8)}01`

/** The last day of the month `day` falls in: 28, 29, 30 or 31. */
export function monthEnd(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number]
  return `${day.slice(0, 8)}${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`
}

/**
 * The days of a preset, counted back from `today` (the store's calendar day): `7d` and `30d` end today and
 * include it, `this-month` and `this-year` run from their first day to today, `last-month` is the whole
 * calendar month before this one.
 *
 * @example presetRange('last-month', '2024-03-15') // { from: '2024-02-01', to: '2024-02-29' }
 */
export function presetRange(preset: PeriodPreset, today: string): DayRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today }
    case '7d':
      return { from: addDays(today, -6), to: today }
    case '30d':
      return { from: addDays(today, -(DEFAULT_REPORT_DAYS - 1)), to: today }
    case 'this-month':
      return { from: monthStart(today), to: today }
    case 'last-month': {
      const lastOfPrevious = addDays(monthStart(today), -1)
      return { from: monthStart(lastOfPrevious), to: lastOfPrevious }
    }
    case 'this-year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today }
  }
}

const isPreset = (value: string | null): value is PeriodPreset =>
  (PERIOD_PRESETS as readonly string[]).includes(value ?? '')
const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback

/**
 * A custom range as the API takes it: `from` alone runs to today, `to` alone covers the 30 days ending then (as
 * the API reads them), days in the wrong order are put right, and a range over the API's three years keeps its
 * last `MAX_REPORT_DAYS` days. Undefined when neither end is a real day.
 */
export function customRange(from: string | null, to: string | null, today: string): DayRange | undefined {
  const start = isDay(from) ? from : undefined
  const end = isDay(to) ? to : undefined
  if (!start && !end) return undefined
  let range: DayRange = {
    from: start ?? addDays(end!, -(DEFAULT_REPORT_DAYS - 1)),
    to: end ?? (start! > today ? start! : today),
  }
  if (range.from > range.to) range = { from: range.to, to: range.from }
  if (daysBetween(range.from, range.to) > MAX_REPORT_DAYS)
    range = { from: addDays(range.to, -(MAX_REPORT_DAYS - 1)), to: range.to }
  return range
}

/**
 * The view an address asks for, on the store day `today`. A known `period` wins; otherwise `from`/`to` make a
 * custom range; otherwise the default 30 days. Unknown values fall back to the defaults, so a hand-edited
 * address never shows a broken screen.
 */
export function readReportView(params: URLSearchParams, today: string): ReportView {
  const asked = params.get('period')
  const custom = isPreset(asked) ? undefined : customRange(params.get('from'), params.get('to'), today)
  const period: PeriodName = isPreset(asked) ? asked : custom ? 'custom' : DEFAULT_PERIOD
  const range = custom ?? presetRange(period === 'custom' ? DEFAULT_PERIOD : period, today)
  return {
    period,
    ...range,
    compare: oneOf(REPORT_COMPARISONS, params.get('compare'), 'none'),
    interval: oneOf(REPORT_INTERVALS, params.get('interval'), 'day'),
    measure: oneOf(REPORT_MEASURES, params.get('measure'), 'revenue'),
  }
}

/** The report parameters of the address; other parameters are the address's own business and stay. */
export const REPORT_PARAMS = ['period', 'from', 'to', 'compare', 'interval', 'measure'] as const

/**
 * Writes a view into an address, leaving its other parameters as they are, each default left out: a preset is
 * its name alone (the 30 days none at all), a custom range its `from` and `to`.
 */
export function writeReportView(params: URLSearchParams, view: ReportView): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const name of REPORT_PARAMS) next.delete(name)
  if (view.period === 'custom') {
    next.set('from', view.from)
    next.set('to', view.to)
  } else if (view.period !== DEFAULT_PERIOD) next.set('period', view.period)
  if (view.compare !== 'none') next.set('compare', view.compare)
  if (view.interval !== 'day') next.set('interval', view.interval)
  if (view.measure !== 'revenue') next.set('measure', view.measure)
  return next
}

/**
 * The choices still on their way once the screen shows `shown`: those asked after it. The screen may show an
 * earlier choice after a later one was made (it waits for the later one's figures), so that one stays asked. An
 * address that was never asked for here (back, forward, a link) drops them all.
 */
export function stillAsked(asked: readonly URLSearchParams[], shown: URLSearchParams): URLSearchParams[] {
  const at = asked.findIndex((params) => params.toString() === shown.toString())
  return at < 0 ? [] : asked.slice(at + 1)
}

/**
 * The view with another period: a preset takes its days from `today`; 'custom' starts from the days shown, so
 * the date fields open on them.
 */
export function withPeriod(view: ReportView, period: PeriodName, today: string): ReportView {
  if (period === 'custom') return { ...view, period }
  return { ...view, period, ...presetRange(period, today) }
}

/**
 * The view with one end of a custom range changed. The other end follows when it must: a start after the end
 * moves the end to it (and an end before the start moves the start), and a range over `MAX_REPORT_DAYS` keeps
 * the end just chosen and gives up days at the other one.
 */
export function withDay(view: ReportView, end: 'from' | 'to', day: string): ReportView {
  if (!isDay(day)) return view
  let { from, to } = view
  if (end === 'from') {
    from = day
    if (to < from) to = from
    if (daysBetween(from, to) > MAX_REPORT_DAYS) to = addDays(from, MAX_REPORT_DAYS - 1)
  } else {
    to = day
    if (from > to) from = to
    if (daysBetween(from, to) > MAX_REPORT_DAYS) from = addDays(to, -(MAX_REPORT_DAYS - 1))
  }
  return { ...view, period: 'custom', from, to }
}

/** The query of `GET /api/admin/analytics/report` for a view: always the days themselves, as shown. */
export const reportQueryOf = (view: ReportView) => ({
  from: view.from,
  to: view.to,
  interval: view.interval,
  compare: view.compare,
})
