import { z } from 'zod'
import { envelope } from './common.ts'

const figure = z.number().int().nonnegative()

/**
 * The dashboard's sales figures (CONTRACT.md section 2). Cancelled orders (status 0) count nowhere. "Today" and
 * "this month" are the store's calendar day and month (`STORE_TZ`); money is whole VND.
 */
export const salesFigures = z.object({
  /** Sum of `totalPrice` of the orders created today. */
  amountCurrentDate: figure,
  /** Orders created this month. */
  orderMonth: figure,
  /** Orders, all time. */
  orderTotal: figure,
  /** Units in the lines of the orders created this month. */
  soldMonth: figure,
  /** Units in the lines of every order. */
  soldTotal: figure,
  /** Sum of `totalPrice` of the orders created this month. */
  amountMonth: figure,
  /** Sum of `totalPrice`, all time. */
  amountTotal: figure,
  /** Sum of `shipingFee` of the orders created this month. */
  shippingMonth: figure,
  /** Sum of `shipingFee`, all time. */
  shippingTotal: figure,
})
export type SalesFigures = z.infer<typeof salesFigures>

export const analyticsAnswer = envelope(salesFigures)
