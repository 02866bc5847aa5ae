import {
  CARRIER_NAMES,
  type Carrier,
  type OrderStatus,
  type PaymentStatus,
  paymentKind,
} from '@store/contract'
import { wallClock } from '../../../lib/csv.ts'

// The words the documents print, in Vietnamese with English beside the headings (the shop and its customers
// read Vietnamese; the back-office also speaks English). The names match the web app's Vietnamese ones.

const PAYMENT_METHODS = {
  unpaid: 'Chưa chọn / Not chosen',
  cash: 'Thanh toán khi nhận hàng (COD) / Cash on delivery',
  wallet: 'Ví VNPay / VNPay wallet',
  paypal: 'PayPal',
} as const

export const paymentMethodName = (code: string): string => PAYMENT_METHODS[paymentKind(code)]

export const PAYMENT_STATUS_NAMES: Record<PaymentStatus, string> = {
  unpaid: 'Chưa thanh toán / Unpaid',
  pending: 'Chờ thanh toán / Awaiting payment',
  paid: 'Đã thanh toán / Paid',
  failed: 'Thanh toán thất bại / Payment failed',
  refunded: 'Đã hoàn tiền / Refunded',
}

export const ORDER_STATUS_NAMES_VI: Record<OrderStatus, string> = {
  0: 'Đã hủy / Cancelled',
  1: 'Chờ xác nhận / Pending',
  2: 'Đang xử lý / Processing',
  3: 'Đã giao / Delivered',
}

/**
 * A carrier as a shipping label names it: as the carrier calls itself, and the shop's own delivery and any other
 * in Vietnamese, as the web app's Vietnamese names them.
 */
export function carrierName(carrier: Carrier): string {
  if (carrier === 'self') return 'Shop tự giao / Shop delivery'
  if (carrier === 'other') return 'Đơn vị khác / Other carrier'
  return CARRIER_NAMES[carrier]
}

/** The words of the cash on delivery, on the label and the packing slip ('Thu hộ: 1.234.000 ₫'). */
export const COD_WORDS = {
  collect: 'Thu hộ',
  paid: 'Đã thanh toán',
  none: 'Không thu hộ',
} as const

/** The payment statuses under which money is still to come, so the invoice offers a VietQR code. */
export const AWAITING_PAYMENT: ReadonlySet<PaymentStatus> = new Set(['unpaid', 'pending', 'failed'])

/** A time on the shop's wall clock (`STORE_TZ`), as Vietnamese writes it: '10/03/2026 15:00'. */
export function printedTime(at: Date, timeZone: string): string {
  const p = wallClock(at, timeZone)
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`
}

/** `YYYYMMDD` of `at` in the shop's time zone, for a file's name. */
export function fileDay(at: Date, timeZone: string): string {
  const p = wallClock(at, timeZone)
  return `${p.year}${p.month}${p.day}`
}
