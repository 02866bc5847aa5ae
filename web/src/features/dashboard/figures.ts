/**
 * The dashboard's arithmetic, kept pure so it is tested without a screen: the month's share of all time and
 * the chart's scale. How the numbers are written is lib/format.ts's business.
 */

/**
 * The share of `part` in `total`, times 100, rounded to one decimal (spec: monthly / total × 100). A total of
 * 0 (a new store) is 0 %, not a division by zero.
 */
export function percentOf(part: number, total: number): number {
  if (!Number.isFinite(part) || !Number.isFinite(total) || total <= 0) return 0
  return Math.round((part / total) * 1000) / 10
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
