/**
 * The dashboard's arithmetic, kept pure so it is tested without a screen: the month's share of all time and the
 * change of a figure against the compared period. How the numbers are written is lib/format.ts's business.
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
 * How a figure moved against the compared period: `up` or `down` by `percent` (positive, one decimal), `same`
 * (no change once rounded to 0.1 %, or 0 both times) or `new` (0 before, something now: no per cent of 0).
 */
export type Change = { kind: 'up' | 'down'; percent: number } | { kind: 'same' } | { kind: 'new' }

/**
 * The change from `before` to `now` in per cent of `before`, rounded to one decimal: changeOf(1125, 1000) is up
 * 12.5. Never Infinity or NaN: from 0 it is `new` (or `same` when still 0).
 */
export function changeOf(now: number, before: number): Change {
  if (!Number.isFinite(now) || !Number.isFinite(before)) return { kind: 'same' }
  if (before === 0) return now === 0 ? { kind: 'same' } : { kind: 'new' }
  const percent = Math.round(((now - before) / before) * 1000) / 10
  if (percent === 0) return { kind: 'same' }
  return { kind: percent > 0 ? 'up' : 'down', percent: Math.abs(percent) }
}

/**
 * Whether a change is good news: more revenue is, more cancelled orders is not (`upIsGood` false). No change is
 * neither.
 */
export function toneOf(change: Change, upIsGood = true): 'good' | 'bad' | 'neutral' {
  if (change.kind === 'same') return 'neutral'
  const rose = change.kind !== 'down'
  return rose === upIsGood ? 'good' : 'bad'
}
