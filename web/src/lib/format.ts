import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useStoreConfig } from './store-config.tsx'

/**
 * Every number, amount and date the web app shows, written one way per interface language and in the store's
 * time zone (`STORE_TZ`), never the browser's, so a date on screen is the date the shop's staff would name.
 *
 * Money and numbers are put together here rather than by `Intl`'s locale data: ICU versions differ between
 * Node and browsers (spaces, compact units), and a screen must read the same in tests and in every browser.
 * `Intl` is used only for what it alone knows: the offset of a time zone at an instant.
 */

export type FormatLanguage = 'en' | 'vi'

export interface FormatOptions {
  language: FormatLanguage
  /** An IANA zone, e.g. 'Asia/Ho_Chi_Minh'. */
  timeZone: string
}

export interface Format {
  readonly language: FormatLanguage
  readonly timeZone: string
  /** How a date is typed and shown in this language: 'YYYY-MM-DD' (en) or 'DD/MM/YYYY' (vi). */
  readonly datePattern: string
  /** Whole VND: 3385000 → '3,385,000 VND' (en, the spec's style) or '3.385.000 ₫' (vi). */
  money(amount: number): string
  /** A whole count with thousands separators: 1234 → '1,234' (en) or '1.234' (vi). */
  count(value: number): string
  /**
   * An amount in a few characters for a chart axis, the one place amounts are not written in full: 1250000 →
   * '1.3M' (en) or '1,3 Tr' (vi).
   */
  compactMoney(amount: number): string
  /** A percentage with one decimal: 12.5 → '12.5 %' (en) or '12,5%' (vi). */
  percent(value: number): string
  /**
   * A date: an ISO instant in the store's zone, or a store calendar day 'YYYY-MM-DD' read from its text (no zone
   * shifts it): '2026-06-04' (en) or '04/06/2026' (vi). '' for text that is neither.
   */
  date(value: string): string
  /** An ISO instant in the store's zone, 24 h: '2026-06-04 09:05' (en) or '04/06/2026 09:05' (vi). */
  dateTime(instant: string): string
  /** A short day label for a chart axis, instant or calendar day: '06-04' (en) or '04/06' (vi). */
  dayMonth(value: string): string
  /** The month of a calendar day or an instant: '2026-06' (en) or '06/2026' (vi). */
  yearMonth(value: string): string
  /** The store's calendar day 'YYYY-MM-DD' of an instant (what the API takes); '' when it cannot be read. */
  calendarDay(instant: string | Date): string
  /** A date typed in this language's pattern as 'YYYY-MM-DD', or null when it is not a real date in it. */
  parseDate(text: string): string | null
}

/** 'vi', 'vi-VN' → 'vi'; anything else (the spec's locale is English) → 'en'. */
export const toFormatLanguage = (code: string | undefined): FormatLanguage =>
  code?.toLowerCase().startsWith('vi') ? 'vi' : 'en'

interface LanguageStyle {
  group: string
  decimal: string
  /** The amount's text, already grouped, to money. */
  money: (digits: string) => string
  /** Units of 1, 10³, 10⁶, 10⁹ on a chart axis. */
  compactUnits: readonly string[]
  percentSuffix: string
  datePattern: string
  day: (year: string, month: string, day: string) => string
  dayMonth: (month: string, day: string) => string
  yearMonth: (year: string, month: string) => string
  parse: RegExp
  /** The matched groups of `parse` as [year, month, day]. */
  parts: (match: RegExpExecArray) => [string, string, string]
}

const STYLES: Record<FormatLanguage, LanguageStyle> = {
  en: {
    group: ',',
    decimal: '.',
    money: (digits) => `${digits} VND`,
    compactUnits: ['', 'K', 'M', 'B'],
    percentSuffix: ' %',
    datePattern: 'YYYY-MM-DD',
    day: (year, month, day) => `${year}-${month}-${day}`,
    dayMonth: (month, day) => `${month}-${day}`,
    yearMonth: (year, month) => `${year}-${month}`,
    // Two-digit month and day: typed year first, '2001-02-2' is on its way to the 29th, not February 2nd.
    parse: /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/,
    parts: (m) => [m[1]!, m[2]!, m[3]!],
  },
  vi: {
    group: '.',
    decimal: ',',
    // A plain space, not ICU's no-break one: tests and copied text see what is written; <Money> never wraps.
    money: (digits) => `${digits} ₫`,
    // nghìn, triệu, tỷ; ICU's 'T' for tỷ reads too close to 'Tr' on an axis.
    compactUnits: ['', ' N', ' Tr', ' Tỷ'],
    percentSuffix: '%',
    datePattern: 'DD/MM/YYYY',
    day: (year, month, day) => `${day}/${month}/${year}`,
    dayMonth: (month, day) => `${day}/${month}`,
    yearMonth: (year, month) => `${month}/${year}`,
    // '/' is how it is shown; '-' and '.' are as often typed. One-digit day and month are safe: the year comes
    // last, so a half-typed date never matches.
    parse: /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/,
    parts: (m) => [m[3]!, m[2]!, m[1]!],
  },
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const pad = (value: number | string) => String(value).padStart(2, '0')

/** The digits of a whole non-negative number in groups of three: 1234567 → '1,234,567'. */
const groupDigits = (whole: number, separator: string) =>
  String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, separator)

/** A number with thousands separators and at most one decimal, trailing zero dropped: 1.0 → '1', 1.25 → '1.3'. */
function oneDecimal(value: number, style: LanguageStyle): string {
  const tenths = Math.round(Math.abs(value) * 10)
  const whole = groupDigits(Math.floor(tenths / 10), style.group)
  const fraction = tenths % 10
  const sign = value < 0 && tenths > 0 ? '-' : ''
  return `${sign}${whole}${fraction ? `${style.decimal}${fraction}` : ''}`
}

function wholeNumber(value: number, style: LanguageStyle): string {
  const rounded = Math.round(Math.abs(value))
  return `${value < 0 && rounded > 0 ? '-' : ''}${groupDigits(rounded, style.group)}`
}

function compactNumber(value: number, style: LanguageStyle): string {
  const units = style.compactUnits
  const size = Math.abs(value)
  let power = 0
  while (power < units.length - 1 && size >= 1000 ** (power + 1)) power++
  // Multiplied before dividing, so 1,150,000 is exactly 11.5 tenths of a million and rounds up as a person would.
  let tenths = Math.round((size * 10) / 1000 ** power)
  // A rounding may reach the next unit: 999,950 is '1M', not '1000K'.
  if (tenths >= 10_000 && power < units.length - 1) {
    power++
    tenths = Math.round((size * 10) / 1000 ** power)
  }
  const sign = value < 0 && tenths > 0 ? '-' : ''
  return `${sign}${oneDecimal(tenths / 10, style)}${tenths > 0 ? units[power] : ''}`
}

// Built once a zone: a DateTimeFormat is slow to construct and every table row asks for one.
const zoneFormats = new Map<string, Intl.DateTimeFormat>()

/** The store's wall clock: parts read by type, so no locale's order or digits get in (en-US, latin digits). */
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      // h23, not hour12: false, which some engines write as '24' at midnight.
      hourCycle: 'h23',
      numberingSystem: 'latn',
    })
    zoneFormats.set(timeZone, format)
  }
  return format
}

interface WallClock {
  year: string
  month: string
  day: string
  hour: string
  minute: string
}

function wallClock(instant: string | Date, timeZone: string): WallClock | null {
  const at = instant instanceof Date ? instant : new Date(instant)
  if (Number.isNaN(at.getTime())) return null
  const parts: Record<string, string> = {}
  for (const part of zoneFormat(timeZone).formatToParts(at)) parts[part.type] = part.value
  return {
    year: (parts.year ?? '').padStart(4, '0'),
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
  }
}

/** Year, month and day of a store calendar day's text or of an instant in the zone; null when neither. */
function dayParts(value: string, timeZone: string): [string, string, string] | null {
  const text = CALENDAR_DAY.exec(value)
  if (text) return [text[1]!, text[2]!, text[3]!]
  const clock = wallClock(value, timeZone)
  return clock && [clock.year, clock.month, clock.day]
}

function isRealDay(year: number, month: number, day: number): boolean {
  const at = new Date(Date.UTC(year, month - 1, day))
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day
}

/**
 * The formatting of one language in one time zone. Pure: the same options always write the same text, in any
 * browser zone. Throws a RangeError for a zone the browser does not know (the server checks `STORE_TZ`).
 *
 * @example
 * const f = createFormat({ language: 'vi', timeZone: 'Asia/Ho_Chi_Minh' })
 * f.money(3385000) // '3.385.000 ₫'
 * f.dateTime('2026-11-20T18:30:00Z') // '21/11/2026 01:30'
 */
export function createFormat({ language, timeZone }: FormatOptions): Format {
  const style = STYLES[language]
  // Fails here, once, rather than on the first date of a screen.
  zoneFormat(timeZone)
  return {
    language,
    timeZone,
    datePattern: style.datePattern,
    money: (amount) => (Number.isFinite(amount) ? style.money(wholeNumber(amount, style)) : '—'),
    count: (value) => (Number.isFinite(value) ? wholeNumber(value, style) : '—'),
    compactMoney: (amount) => (Number.isFinite(amount) ? compactNumber(amount, style) : '—'),
    // Always one decimal, so the cards' figures line up: 0 → '0.0 %'.
    percent: (value) =>
      Number.isFinite(value) ? `${value.toFixed(1).replace('.', style.decimal)}${style.percentSuffix}` : '—',
    date: (value) => {
      const parts = dayParts(value, timeZone)
      return parts ? style.day(...parts) : ''
    },
    dateTime: (instant) => {
      const clock = wallClock(instant, timeZone)
      return clock ? `${style.day(clock.year, clock.month, clock.day)} ${clock.hour}:${clock.minute}` : ''
    },
    dayMonth: (value) => {
      const parts = dayParts(value, timeZone)
      return parts ? style.dayMonth(parts[1], parts[2]) : ''
    },
    yearMonth: (value) => {
      const parts = dayParts(value, timeZone)
      return parts ? style.yearMonth(parts[0], parts[1]) : ''
    },
    calendarDay: (instant) => {
      const clock = wallClock(instant, timeZone)
      return clock ? `${clock.year}-${clock.month}-${clock.day}` : ''
    },
    parseDate: (text) => {
      const match = style.parse.exec(text)
      if (!match) return null
      const [year, month, day] = style.parts(match).map(Number) as [number, number, number]
      return isRealDay(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : null
    },
  }
}

/**
 * The formatting of the interface language (react-i18next) in the store's time zone (`useStoreConfig`); the
 * screen follows a language switch.
 *
 * @example
 * const format = useFormat()
 * return <time dateTime={order.createdAt}>{format.dateTime(order.createdAt)}</time>
 */
export function useFormat(): Format {
  const { i18n } = useTranslation()
  const { storeTimeZone } = useStoreConfig()
  const language = toFormatLanguage(i18n.language)
  return useMemo(() => createFormat({ language, timeZone: storeTimeZone }), [language, storeTimeZone])
}
