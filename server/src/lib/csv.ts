import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'

// The list exports (CONTRACT 4.1): CSV files a spreadsheet opens as they are, streamed batch by batch so memory
// stays flat however many rows match.

/** A cell's value; `null` and `undefined` are an empty cell. */
export type CsvValue = string | number | boolean | null | undefined

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
  let text = String(value)
  if (typeof value !== 'number' && FORMULA_START.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One line of the file, ended by CRLF as RFC 4180 and spreadsheets expect. */
export const csvLine = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(',')}\r\n`

const formats = new Map<string, Intl.DateTimeFormat>()

/** The parts of `at` on the wall clock of `timeZone`. */
function wallClock(at: Date, timeZone: string) {
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

/** A time as an export writes it: `YYYY-MM-DD HH:mm:ss` in the shop's time zone (`STORE_TZ`). */
export function storeTime(at: Date, timeZone: string): string {
  const p = wallClock(at, timeZone)
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`
}

/** The file name of an export made at `now`: `<list>-<YYYYMMDD>.csv`, the date in the shop's time zone. */
export function csvFileName(list: string, now: Date, timeZone: string): string {
  const p = wallClock(now, timeZone)
  return `${list}-${p.year}${p.month}${p.day}.csv`
}

/**
 * The rows a query matches, a batch at a time, by keyset: `next` reads the batch after the last row of the one
 * before (none for the first), at most `size` rows. Each batch is a short query of its own, so neither the
 * server's memory nor a database connection is held by the whole export.
 */
export async function* keysetBatches<R>(
  next: (last: R | undefined) => Promise<R[]>,
  size: number,
): AsyncGenerator<R[]> {
  let last: R | undefined
  for (;;) {
    const batch = await next(last)
    if (batch.length > 0) yield batch
    if (batch.length < size) return
    last = batch[batch.length - 1]
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
