import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'

// The list exports (CONTRACT 4.1): CSV files a spreadsheet opens as they are, streamed batch by batch so memory
// stays flat however many rows match.

/**
 * Digits a spreadsheet must show as written, such as a phone number's leading 0 (CONTRACT 5.8): a plain `0909123456`
 * is read as the number 909123456. The cell is written as the formula `="0909123456"`, which Excel, LibreOffice and
 * Google Sheets all show as the text itself. Only digits are ever put in it, so it runs nothing else.
 */
export class DigitsAsText {
  constructor(readonly digits: string) {}
}

/** A phone number's cell: its digits kept as text; anything else (an old, odd value) as ordinary text. */
export const phoneCell = (value: string | null): CsvValue =>
  value !== null && /^\d+$/.test(value) ? new DigitsAsText(value) : value

/** A cell's value; `null` and `undefined` are an empty cell. */
export type CsvValue = string | number | boolean | DigitsAsText | null | undefined

/** The byte order mark: without it a spreadsheet reads the file in the machine's code page and mangles 'Áo'. */
export const BOM = '\uFEFF'

/** What a spreadsheet would take for the start of a formula (CSV injection, OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

/**
 * One cell. Text that starts like a formula gets a leading `'`, so a spreadsheet shows it as text instead of
 * running it; a number is left as it is, since a number is never a formula and the `'` would make it text.
 * Quoted, with its quotes doubled, when it holds a comma, a quote or a line break (RFC 4180).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  // `="0909123456"`, its quotes doubled inside the cell's own.
  if (value instanceof DigitsAsText) return `"=""${value.digits}"""`
  let text = String(value)
  if (typeof value !== 'number' && FORMULA_START.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One line of the file, ended by CRLF as RFC 4180 and spreadsheets expect. */
export const csvLine = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(',')}\r\n`

const formats = new Map<string, Intl.DateTimeFormat>()

/** The parts of `at` on the wall clock of `timeZone` (one formatter a zone, made once). */
export function wallClock(at: Date, timeZone: string) {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    formats.set(timeZone, format)
  }
  const parts: Record<string, string> = {}
  for (const part of format.formatToParts(at)) parts[part.type] = part.value
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>
}

/**
 * Nearly every change of a zone's offset falls on a quarter hour of UTC, but not all: St. John's changed at 00:01
 * local time until 2011, 02:31 or 03:31 UTC. So a quarter hour is remembered with one offset only when it has the
 * same offset at its first and its last second; one with a change in it is asked of Intl at each instant.
 */
const QUARTER_HOUR = 15 * 60 * 1000
/** Remembered for a quarter hour whose offset changes inside it. */
const CHANGES = Number.NaN
const offsets = new Map<string, Map<number, number>>()

/** The offset Intl gives at `ms` (whole seconds: every offset is whole minutes). */
function intlOffset(ms: number, timeZone: string): number {
  const second = Math.floor(ms / 1000) * 1000
  const p = wallClock(new Date(second), timeZone)
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - second
}

/**
 * How far `timeZone`'s wall clock is ahead of UTC at `ms`, remembered per quarter hour: an export writes two
 * times a row, and asking Intl each time (about 10 µs) was a third of the export's work.
 */
function offsetAt(ms: number, timeZone: string): number {
  let zone = offsets.get(timeZone)
  if (!zone) {
    zone = new Map()
    offsets.set(timeZone, zone)
  }
  const quarter = Math.floor(ms / QUARTER_HOUR)
  let offset = zone.get(quarter)
  if (offset === undefined) {
    const start = quarter * QUARTER_HOUR
    const first = intlOffset(start, timeZone)
    offset = intlOffset(start + QUARTER_HOUR - 1000, timeZone) === first ? first : CHANGES
    // A year of quarter hours is 35,040: enough for any export, small enough to keep.
    if (zone.size >= 50_000) zone.clear()
    zone.set(quarter, offset)
  }
  return Number.isNaN(offset) ? intlOffset(ms, timeZone) : offset
}

const two = (n: number) => String(n).padStart(2, '0')

/** A time as an export writes it: `YYYY-MM-DD HH:mm:ss` in the shop's time zone (`STORE_TZ`). */
export function storeTime(at: Date, timeZone: string): string {
  const ms = at.getTime()
  const wall = new Date(ms + offsetAt(ms, timeZone))
  return `${String(wall.getUTCFullYear()).padStart(4, '0')}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`
}

/** The file name of an export made at `now`: `<list>-<YYYYMMDD>.csv`, the date in the shop's time zone. */
export function csvFileName(list: string, now: Date, timeZone: string): string {
  const p = wallClock(now, timeZone)
  return `${list}-${p.year}${p.month}${p.day}.csv`
}

/**
 * The rows a query matches, a batch at a time, by keyset: `next` reads the batch after the last row of the one
 * before (none for the first), at most `size` rows. Each batch is a short query of its own, so neither the
 * server's memory nor a database connection is held by the whole export. The next batch is asked for while the
 * current one is written out, so the database and the writing overlap; at most two batches are held.
 */
export async function* keysetBatches<R>(
  next: (last: R | undefined) => Promise<R[]>,
  size: number,
): AsyncGenerator<R[]> {
  let pending = next(undefined)
  for (;;) {
    const batch = await pending
    const full = batch.length >= size
    if (full) {
      pending = next(batch[batch.length - 1])
      // A download stopped halfway never awaits this read: its failure must not go unhandled.
      pending.catch(() => undefined)
    }
    if (batch.length > 0) yield batch
    if (!full) return
  }
}

/**
 * Sends a CSV export: the download headers, then the BOM and the header row, then the rows as `batches` yields
 * them. The stream pulls the next batch only when the client has taken the one before, so a slow download holds
 * one batch in memory, not the file.
 */
export function sendCsv<R>(
  reply: FastifyReply,
  file: {
    list: string
    now: Date
    timeZone: string
    header: readonly string[]
    batches: AsyncIterable<R[]>
    row: (record: R) => readonly CsvValue[]
  },
): FastifyReply {
  async function* lines() {
    yield BOM + csvLine(file.header)
    for await (const batch of file.batches) yield batch.map((record) => csvLine(file.row(record))).join('')
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${csvFileName(file.list, file.now, file.timeZone)}"`,
    )
    .header('cache-control', 'no-store')
    .send(Readable.from(lines(), { objectMode: false }))
}
