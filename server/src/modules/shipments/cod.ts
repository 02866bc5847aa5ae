import {
  type Carrier,
  type CodOutcome,
  type CodResult,
  MAX_COD_NUMBERS,
  type Message,
  readMessage,
} from '@store/contract'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import type { ChangeBy } from '../../lib/actor.ts'
import { readCsv } from '../../lib/csv-read.ts'
import { badRequest, type HttpError } from '../../lib/errors.ts'
import { type CodCandidate, codCandidates, collectCod } from './repository.ts'

// Cash on delivery paid over by a carrier (CONTRACT 5.5): a list of tracking numbers, or the carrier's CSV
// statement of them with the amount it paid for each (and its fee). Each number is settled on its own.

/** The multipart part that carries the statement. */
export const STATEMENT_FIELD = 'file'

/** One number to settle: what the statement said was paid for it, and the carrier's fee (a statement only). */
export interface CodLine {
  trackingNumber: string
  paid: number | null
  fee: number | null
}

/**
 * A header's name as compared: lower case, without diacritics, spaces, punctuation or a unit in brackets
 * (`Mã vận đơn` → `mavandon`, `Tiền thu hộ (VNĐ)` → `tienthuho`).
 */
export const headerKey = (name: string) =>
  name
    .replace(/\([^)]*\)/g, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')

/**
 * The names each column of a statement goes by, as `headerKey` makes them: our own, and those of the couriers'
 * statements in Vietnamese (GHN, GHTK, Viettel Post, J&T export `Mã vận đơn`, `Tiền thu hộ`, `Phí dịch vụ`…).
 */
export const STATEMENT_COLUMNS = {
  trackingNumber: [
    'trackingnumber',
    'tracking',
    'trackingcode',
    'waybill',
    'billcode',
    'mavandon',
    'madon',
    'mavanchuyen',
    'mabuugui',
  ],
  amount: ['amount', 'cod', 'codamount', 'tienthuho', 'thuho', 'tiencod', 'sotien', 'sotienthuho'],
  fee: ['fee', 'carrierfee', 'phi', 'phidichvu', 'phivanchuyen', 'phigiaohang', 'phicod'],
} as const
type StatementColumn = keyof typeof STATEMENT_COLUMNS

/** Which header column is each statement column; 400 `codColumns` naming the first one missing. */
export function statementColumns(header: readonly string[]): Record<StatementColumn, string | undefined> {
  const keys = header.map(headerKey)
  const find = (column: StatementColumn) => {
    const names: readonly string[] = STATEMENT_COLUMNS[column]
    const i = keys.findIndex((k) => names.includes(k))
    return i === -1 ? undefined : header[i]
  }
  const found = { trackingNumber: find('trackingNumber'), amount: find('amount'), fee: find('fee') }
  for (const column of ['trackingNumber', 'amount'] as const) {
    if (found[column] === undefined) throw badRequest(STATEMENT_FIELD, 'codColumns', { column })
  }
  return found
}

/**
 * A money cell of a statement as whole VND: `1250000`, `1.250.000`, `1,250,000`, `1 250 000 ₫`, `1250000.00`;
 * null when it is none of these.
 */
export function moneyCell(cell: string): number | null {
  const text = cell.replace(/\s|₫|đ|vnd/gi, '')
  let digits: string | undefined
  if (/^\d+$/.test(text)) digits = text
  else if (/^\d{1,3}([.,]\d{3})+$/.test(text)) digits = text.replace(/[.,]/g, '')
  else if (/^\d+[.,]0{1,2}$/.test(text)) digits = text.replace(/[.,]0+$/, '')
  if (digits === undefined) return null
  const value = Number(digits)
  return Number.isSafeInteger(value) ? value : null
}

/** What a carrier's tracking number looks like (the contract's `trackingNumber` rule). */
const TRACKING_SHAPE = /^[A-Z0-9._-]+$/

/** A refusal of the statement about one of its lines: the file's field, the message, and the line. */
const lineRefusal = (message: Message, line: number) =>
  badRequest(STATEMENT_FIELD, message.code, { ...message.params, line })

/**
 * Reads a carrier's statement: its tracking number, amount and fee columns found by name (`statementColumns`),
 * other columns ignored. A line the file
 * cannot be read at, or whose amount or fee is no sum of money, is a 400 naming the file, with the line. Rows
 * without a tracking number, or whose tracking number cell holds none and that have no amount (a total at the
 * bottom, a note), are skipped.
 */
export function readStatement(content: Buffer): CodLine[] {
  const table = readCsv(content, {
    required: [],
    known: [],
    anyColumn: true,
    maxRows: MAX_COD_NUMBERS,
    field: STATEMENT_FIELD,
  })
  const columns = statementColumns(table.columns)
  const [problem] = table.problems
  if (problem) throw lineRefusal(problem.message, problem.line)
  const lines: CodLine[] = []
  for (const { line, cells } of table.rows) {
    const trackingNumber = (cells[columns.trackingNumber!] ?? '').trim().toUpperCase()
    const amountCell = (cells[columns.amount!] ?? '').trim()
    // A statement's total or note line ('Tổng cộng') names no parcel and pays nothing: it is no number to settle.
    if (trackingNumber === '' || (amountCell === '' && !TRACKING_SHAPE.test(trackingNumber))) continue
    const paid = moneyCell(amountCell)
    if (paid === null) throw lineRefusal({ code: 'wholeNumber' }, line)
    const feeCell = columns.fee === undefined ? '' : (cells[columns.fee] ?? '').trim()
    const fee = feeCell === '' ? null : moneyCell(feeCell)
    if (fee === null && feeCell !== '') throw lineRefusal({ code: 'wholeNumber' }, line)
    lines.push({ trackingNumber, paid, fee })
  }
  if (lines.length === 0) throw badRequest(STATEMENT_FIELD, 'csvEmpty')
  return lines
}

/**
 * A schema's refusal of a body read by hand (a multipart's field, or JSON checked in the handler), naming the
 * field at fault; `whole` names a value checked on its own.
 */
export function bodyRefusal(error: z.ZodError, whole = 'body'): HttpError {
  const issue = error.issues[0]!
  const [first] = issue.path
  const field = typeof first === 'string' ? first : whole
  const message = readMessage(issue.message) ?? { code: 'invalid' as const }
  return badRequest(field, message.code, message.params)
}

/** What one number comes to, before anything is written. */
function resultOf(line: CodLine, found: CodCandidate | undefined, settled: Set<number>): CodResult {
  if (!found) return 'unknown'
  const { shipment } = found
  if (
    shipment.codCollectedAt !== null ||
    settled.has(shipment.id) ||
    found.paymentStatus === 'paid' ||
    found.paymentStatus === 'refunded'
  )
    return 'alreadyPaid'
  if (shipment.codAmount === 0) return 'noCod'
  if (shipment.status !== 'delivered') return 'notDelivered'
  if (line.paid !== null && line.paid !== shipment.codAmount) return 'amountDifferent'
  return 'collected'
}

/** What a COD call did: each number's outcome, and the orders it marked paid with their payment before. */
export interface CodSettlement {
  outcomes: CodOutcome[]
  collected: { orderId: number; paymentBefore: string }[]
}

/**
 * Settles each number on its own, in the order given: the carrier's shipments of those numbers are read locked
 * (`codCandidates`), each outcome worked out, and those `collected` recorded (`collectCod`), unless `dryRun`. A
 * number given twice is collected once; the second time it is `alreadyPaid`. A shipment whose amount differs from
 * the statement's gets nothing written: staff settle it with the carrier first.
 */
export async function settleCod(
  db: Db,
  carrier: Carrier,
  lines: readonly CodLine[],
  dryRun: boolean,
  change: ChangeBy,
): Promise<CodSettlement> {
  const found = await codCandidates(db, carrier, [...new Set(lines.map((l) => l.trackingNumber))])
  const settled = new Set<number>()
  const outcomes: CodOutcome[] = []
  const collected: CodSettlement['collected'] = []
  for (const line of lines) {
    const candidate = found.get(line.trackingNumber)
    const result = resultOf(line, candidate, settled)
    outcomes.push({
      trackingNumber: line.trackingNumber,
      result,
      orderId: candidate ? String(candidate.orderId) : null,
      expected: candidate ? candidate.shipment.codAmount : null,
      paid: line.paid,
      fee: line.fee,
    })
    if (result !== 'collected' || !candidate) continue
    settled.add(candidate.shipment.id)
    collected.push({ orderId: candidate.orderId, paymentBefore: candidate.paymentStatus })
    if (!dryRun)
      await collectCod(
        db,
        candidate,
        { amount: line.paid ?? candidate.shipment.codAmount, fee: line.fee },
        change,
      )
  }
  return { outcomes, collected }
}
