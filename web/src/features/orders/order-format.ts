/**
 * The store's time zone. The server counts "today" and "this month" in `STORE_TZ` (default Asia/Ho_Chi_Minh,
 * CONTRACT section 2); the web app has no way to read that setting, so it shows dates in the default zone,
 * whatever zone the browser is in, and a date on screen is the date the shop's staff would name.
 */
export const STORE_TIME_ZONE = 'Asia/Ho_Chi_Minh'

const storeDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/**
 * An ISO time as the spec's placed-on date, YYYY-MM-DD, in the store's time zone. Built from the parts rather
 * than from the locale's pattern so no locale can reorder it.
 *
 * @example formatStoreDate('2026-11-20T18:30:00Z') // '2026-11-21' (01:30 in Ho Chi Minh City)
 */
export function formatStoreDate(iso: string): string {
  const when = new Date(iso)
  if (Number.isNaN(when.getTime())) return ''
  const parts = Object.fromEntries(storeDay.formatToParts(when).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}
