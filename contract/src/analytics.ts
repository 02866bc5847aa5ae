import { z } from 'zod'
import { envelope, queryNumber } from './common.ts'
import { defineEndpoints } from './endpoint.ts'

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

/** The longest sales-per-day series: a year, leap day included. */
export const MAX_SALES_DAYS = 366
export const DEFAULT_SALES_DAYS = 30

export const salesPerDayQuery = z.object({
  days: queryNumber(DEFAULT_SALES_DAYS, MAX_SALES_DAYS).meta({
    description: `How many days, ending today in the store's time zone: 1 to ${MAX_SALES_DAYS}, ${DEFAULT_SALES_DAYS} by default`,
  }),
})
export type SalesPerDayQuery = z.infer<typeof salesPerDayQuery>

/** One calendar day of the store (`STORE_TZ`), cancelled orders (status 0) excluded, like `salesFigures`. */
export const salesDay = z.object({
  /** The store's calendar day, YYYY-MM-DD. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Sum of `totalPrice` of the orders created that day, whole VND. */
  amount: figure,
  /** Orders created that day. */
  orders: figure,
})
export type SalesDay = z.infer<typeof salesDay>

/** Exactly `days` entries, oldest first, the last one today; a day without sales is there with zeros. */
export const salesPerDayAnswer = envelope(z.array(salesDay))

export const analyticsEndpoints = defineEndpoints('analytics', {
  figures: {
    method: 'GET',
    path: '/admin/analytics',
    permission: 'dashboard:read',
    summary:
      "The dashboard's sales figures: orders, amounts, units sold and shipping, all time, this month and today (cancelled orders excluded)",
    answer: analyticsAnswer,
  },
  salesPerDay: {
    method: 'GET',
    path: '/admin/analytics/sales-per-day',
    permission: 'dashboard:read',
    summary:
      "Sales per day of the store's calendar (STORE_TZ): the last `days` days ending today, oldest first, with zeros for days without sales (cancelled orders excluded)",
    query: salesPerDayQuery,
    answer: salesPerDayAnswer,
  },
})
