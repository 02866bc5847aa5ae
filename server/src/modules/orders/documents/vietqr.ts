import QRCode from 'qrcode'
import { QRPay } from 'vietnam-qr-pay'

// VietQR (NAPAS 247 on EMVCo's merchant-presented QR): the code a Vietnamese banking app scans to fill in a
// transfer to the shop's account with the amount and the purpose already typed.

/** EMVCo's amount field (54) holds at most 13 characters. */
const MAX_QR_AMOUNT = 9_999_999_999_999

/**
 * The purpose a transfer carries, naming the order, so the shop can match the money to it. Plain ASCII:
 * banking apps and the EMVCo field (08 of 62, at most 25 characters) take no diacritics; an id has at most 16
 * digits, so this is at most 25.
 */
export const transferPurpose = (orderId: string): string => `Don hang ${orderId}`

export interface TransferRequest {
  /** The bank's 6-digit NAPAS id. */
  bankBin: string
  bankAccount: string
  /** Whole VND, more than 0. */
  amount: number
  orderId: string
}

/**
 * The VietQR payload of a transfer of `amount` to the shop's account for one order: a dynamic code (method 12)
 * to an account (service QRIBFTTA), ending with its CRC-16/CCITT checksum. Undefined when there is nothing a
 * code can ask for (no amount, or one larger than the format holds).
 */
export function vietQrPayload(request: TransferRequest): string | undefined {
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0 || request.amount > MAX_QR_AMOUNT)
    return undefined
  return QRPay.initVietQR({
    bankBin: request.bankBin,
    bankNumber: request.bankAccount,
    amount: String(request.amount),
    purpose: transferPurpose(request.orderId),
  }).build()
}

/**
 * The dark modules of the QR code of `text`, as horizontal runs (row, first column, length), for drawing as
 * vector rectangles: one rectangle a run instead of one a module leaves no seams between modules when a viewer
 * smooths edges, and prints sharp at any size. Error correction M, as VietQR codes usually are.
 */
export function qrRuns(text: string): {
  size: number
  runs: [row: number, column: number, length: number][]
} {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const runs: [number, number, number][] = []
  for (let row = 0; row < modules.size; row++) {
    let start = -1
    for (let column = 0; column <= modules.size; column++) {
      const dark = column < modules.size && modules.get(row, column) === 1
      if (dark && start < 0) start = column
      else if (!dark && start >= 0) {
        runs.push([row, start, column - start])
        start = -1
      }
    }
  }
  return { size: modules.size, runs }
}
