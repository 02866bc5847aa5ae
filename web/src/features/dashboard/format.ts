/**
 * The dashboard's number formatting, kept pure so it is tested without a screen. Numbers are written the way
 * `formatVnd` writes money (en-US separators) whatever the interface language, so '1,250,000 VND' and
 * '1.3M' never disagree on the page.
 */

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
// Intl's compact notation also carries a rounding over (999,950 → '1M', not '1000K').
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })

/** A whole count with thousands separators: 1234 → '1,234'. */
export const formatCount = (value: number): string => count.format(value)

/** An amount of VND in a few characters for an axis: 1,250,000 → '1.3M', 850,000 → '850K', 0 → '0'. */
export const compactVnd = (amount: number): string => compact.format(amount)

/**
 * The share of `part` in `total`, times 100, rounded to one decimal (spec: monthly / total × 100). A total of
 * 0 (a new store) is 0 %, not a division by zero.
 */
export function percentOf(part: number, total: number): number {
  if (!Number.isFinite(part) || !Number.isFinite(total) || total <= 0) return 0
  return Math.round((part / total) * 1000) / 10
}

/** A percentage as the cards show it: always one decimal, then ' %': 12.5 → '12.5 %', 0 → '0.0 %'. */
export const formatPercent = (value: number): string => `${value.toFixed(1)} %`

/** A store calendar day 'YYYY-MM-DD' as 'DD/MM', read from the text so no time zone can shift it. */
export function dayMonth(date: string): string {
  const [, month, day] = date.split('-')
  return `${day}/${month}`
}

/** A store calendar day 'YYYY-MM-DD' as 'DD/MM/YYYY'. */
export function fullDate(date: string): string {
  const [year, month, day] = date.split('-')
  return `${day}/${month}/${year}`
}

/**
 * Round axis values from 0 to at least `max`, about `count` steps of 1, 2, 2.5 or 5 times a power of ten:
 * niceTicks(1_234_000) → [0, 500000, 1000000, 1500000]. A max of 0 or less is the single tick [0].
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0]
  const rough = max / count
  const power = 10 ** Math.floor(Math.log10(rough))
  const scaled = rough / power
  const factor = scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 2.5 ? 2.5 : scaled <= 5 ? 5 : 10
  // Amounts are whole VND: a step below 1 would label the same integer twice.
  const step = Math.max(1, factor * power)
  const top = Math.ceil(max / step) * step
  const ticks: number[] = []
  for (let value = 0; value <= top + step / 2; value += step) ticks.push(Math.round(value))
  return ticks
}

/**
 * How many days apart the x-axis labels are: every fifth day, or every tenth (fifteenth…) when five days of bars
 * are narrower than a label, as on a phone, so labels never overlap.
 */
export const labelInterval = (band: number, labelWidth: number): number =>
  band > 0 ? 5 * Math.max(1, Math.ceil(labelWidth / (5 * band))) : 5

/**
 * Which days get an x-axis label: every `every`-th day counted back from the last one, so today is always
 * labelled and the labels never crowd.
 */
export const isLabelledDay = (index: number, length: number, every = 5): boolean =>
  (length - 1 - index) % every === 0

const pad = (n: number) => String(n).padStart(2, '0')

/** An ISO instant as the viewer's local 'YYYY-MM-DD HH:mm' (the order detail's date style, plus the time). */
export function formatDateTime(iso: string): string {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return iso
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`
}
