import type { Message } from '@store/contract'
import { CsvError, parse } from 'csv-parse/sync'
import { badRequest, fieldError } from './errors.ts'

// Reading an uploaded CSV file (the product import, CONTRACT 4.1): UTF-8 text with a header row, as a
// spreadsheet saves it or as our export writes it. What makes the whole file unreadable is an HttpError naming
// the upload's field; what is wrong with one line is a problem of that line, so every one can be reported.

/** A problem of one line of the file: its line number (the header is line 1), the column, the message. */
export interface CsvProblem {
  line: number
  field: string
  message: Message
}

export interface CsvRow {
  /** The line the row starts on; a quoted cell may span lines. */
  line: number
  /** The row's cells by column name, with a formula guard our export added taken off again. */
  cells: Record<string, string>
}

export interface CsvTable {
  /** The header's column names, trimmed, in their order. */
  columns: string[]
  rows: CsvRow[]
  problems: CsvProblem[]
}

export interface CsvShape {
  /** The columns the header must name. */
  required: readonly string[]
  /** Every column the header may name (the required ones and those read but ignored). */
  known: readonly string[]
  /** The most rows a file may have under its header. */
  maxRows: number
  /** The request's field that carried the file, named by a refusal of the whole file. */
  field: string
  /**
   * Columns outside `known` are read too rather than refused: a file someone else made (a carrier's statement),
   * whose columns the caller finds by name itself.
   */
  anyColumn?: boolean
}

/** What a spreadsheet would take for the start of a formula (CSV injection); the export guards it with `'`. */
const FORMULA_START = /^[=+\-@\t\r]/
const GUARDED = /^'[=+\-@\t\r]/

/**
 * Bytes no text file holds: NUL and the C0 controls other than tab, line feed, form feed and carriage return
 * (0x1A, the old end-of-file mark, is tolerated at the very end).
 */
function looksBinary(content: Buffer): boolean {
  const last = content.length - 1
  for (let i = 0; i < content.length; i++) {
    const b = content[i]!
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && !(b === 0x1a && i === last))
      return true
  }
  return false
}

const UTF8 = new TextDecoder('utf-8', { fatal: true })

/** Whether the bytes are valid UTF-8. */
function isUtf8(content: Buffer): boolean {
  try {
    UTF8.decode(content)
    return true
  } catch {
    return false
  }
}

/**
 * The file's bytes as text to parse: a 415 when it is no text at all (a picture renamed .csv), a 400 when it is
 * text in another encoding than UTF-8 (a spreadsheet's "CSV" in the machine's code page, or UTF-16).
 */
function textOf(content: Buffer, field: string): Buffer {
  // UTF-16 ("Unicode text") is full of NUL bytes, so it is told by its byte order mark before the binary check.
  if (
    content.length >= 2 &&
    ((content[0] === 0xff && content[1] === 0xfe) || (content[0] === 0xfe && content[1] === 0xff))
  )
    throw badRequest(field, 'csvEncoding')
  if (looksBinary(content)) throw fieldError(415, field, 'notCsv')
  const body =
    content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf ? content.subarray(3) : content
  if (!isUtf8(body)) throw badRequest(field, 'csvEncoding')
  return body
}

/** Counts line breaks (CRLF, LF or a lone CR) while walking the file, so each row knows its line. */
class LineCounter {
  private at = 0
  line = 1

  constructor(private readonly text: Buffer) {}

  /** Walks on to byte `end`, counting the line breaks passed. */
  advance(end: number) {
    const { text } = this
    for (; this.at < end && this.at < text.length; this.at++) {
      const b = text[this.at]!
      if (b === 0x0a || (b === 0x0d && text[this.at + 1] !== 0x0a)) this.line++
    }
  }

  /** Walks past blank lines: the line a row that starts here starts on. */
  skipBlank(): number {
    const { text } = this
    while (this.at < text.length && (text[this.at] === 0x0a || text[this.at] === 0x0d))
      this.advance(this.at + 1)
    return this.line
  }
}

const SIGNED_NUMBER = /^[+-]\d+([.,]\d+)?$/

/** A cell as read: the `'` our export put before a formula-like text taken off; a bare formula a problem. */
function cellOf(raw: string): { value: string; formula: boolean } {
  if (GUARDED.test(raw)) return { value: raw.slice(1), formula: false }
  // A signed number (`-5`, `+100`) is no formula: the column's own rule says what is wrong with it.
  return { value: raw, formula: FORMULA_START.test(raw) && !SIGNED_NUMBER.test(raw) }
}

/**
 * The longest row read, in characters. A description is at most 10,000 characters: a row far longer is a cell
 * pasted whole from somewhere, or a quote left open swallowing the rest of the file.
 */
const MAX_ROW = 1_000_000

const isBlankRow = (cells: readonly string[]) => cells.every((c) => c.trim() === '')

/**
 * Reads a CSV file whose header must name the `required` columns and may name the other `known` ones, in any
 * order. Throws an HttpError for the file as a whole (not text, not UTF-8, a wrong header, no rows, too many
 * rows); returns the rows with the problems of single lines (a formula, a wrong number of cells, a quote left
 * open). Rows whose cells are all empty, as a spreadsheet leaves under its data, are skipped.
 */
export function readCsv(content: Buffer, shape: CsvShape): CsvTable {
  const text = textOf(content, shape.field)
  const records: { record: string[]; end: number }[] = []
  let brokenAt: number | undefined
  // What stopped the parser: a row too long (with the cell it was in), or else a quote it could not close.
  let broken: { code: 'csvCellTooLong'; column: number | null } | { code: 'csvQuote' } = { code: 'csvQuote' }
  try {
    parse(text, {
      relax_column_count: true,
      // A quote inside an unquoted cell (`5" screen`) is kept as it is; only a quoted cell must be well formed.
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: MAX_ROW,
      // Each row is kept here with the byte it ends at, to tell its line; the parser keeps nothing itself.
      on_record: (record: string[], context) => {
        records.push({ record, end: context.bytes })
        return null
      },
    })
  } catch (error) {
    if (!(error instanceof CsvError)) throw error
    // The row after the last one read is where the file stops making sense.
    brokenAt = records.at(-1)?.end ?? 0
    if (error.code === 'CSV_MAX_RECORD_SIZE') {
      const column = (error as { column?: unknown }).column
      broken = { code: 'csvCellTooLong', column: typeof column === 'number' ? column : null }
    }
  }

  const lines = new LineCounter(text)
  const located = records.map(({ record, end }) => {
    const line = lines.skipBlank()
    lines.advance(end)
    return { line, record }
  })
  let brokenLine: number | undefined
  if (brokenAt !== undefined) {
    const after = new LineCounter(text)
    after.advance(brokenAt)
    brokenLine = after.skipBlank()
  }

  const [head, ...body] = located
  if (!head) {
    if (brokenLine !== undefined)
      throw badRequest(shape.field, broken.code, broken.code === 'csvQuote' ? undefined : { max: MAX_ROW })
    throw badRequest(shape.field, 'csvEmpty')
  }
  const columns = head.record.map((name) => name.trim())
  checkHeader(columns, shape)

  const data = body.filter((r) => !isBlankRow(r.record))
  if (data.length > shape.maxRows) throw badRequest(shape.field, 'csvTooManyRows', { max: shape.maxRows })
  if (data.length === 0 && brokenLine === undefined) throw badRequest(shape.field, 'csvEmpty')

  const rows: CsvRow[] = []
  const problems: CsvProblem[] = []
  for (const { line, record } of data) {
    if (record.length !== columns.length) {
      problems.push({
        line,
        field: '',
        message: { code: 'csvColumns', params: { count: record.length, expected: columns.length } },
      })
      continue
    }
    const cells: Record<string, string> = {}
    columns.forEach((column, i) => {
      const { value, formula } = cellOf(record[i]!)
      if (formula) problems.push({ line, field: column, message: { code: 'csvFormula' } })
      cells[column] = value
    })
    rows.push({ line, cells })
  }
  if (brokenLine !== undefined) {
    problems.push(
      broken.code === 'csvQuote'
        ? { line: brokenLine, field: '', message: { code: 'csvQuote' } }
        : {
            line: brokenLine,
            field: (broken.column !== null && columns[broken.column]) || '',
            message: { code: 'csvCellTooLong', params: { max: MAX_ROW } },
          },
    )
  }
  return { columns, rows, problems }
}

/** The header names every required column, each once, and no column outside `known`. */
function checkHeader(columns: readonly string[], shape: CsvShape) {
  const unknown = shape.anyColumn ? undefined : columns.find((c) => !shape.known.includes(c))
  if (unknown !== undefined) {
    throw badRequest(shape.field, 'csvUnknownColumn', {
      column: unknown === '' ? '(empty)' : unknown,
      columns: shape.known.join(', '),
    })
  }
  const twice = columns.find((c, i) => columns.indexOf(c) !== i)
  if (twice !== undefined) throw badRequest(shape.field, 'csvColumnTwice', { column: twice })
  if (shape.required.some((c) => !columns.includes(c)))
    throw badRequest(shape.field, 'csvHeader', { columns: shape.required.join(', ') })
}
