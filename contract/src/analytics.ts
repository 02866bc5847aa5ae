import { z } from 'zod'
import { envelope, queryNumber } from './common.ts'
import { defineEndpoints } from './endpoint.ts'
import { ORDER_SOURCES } from './enums.ts'
import { csvAnswer, optionalDay, ordered } from './list-params.ts'
import { messageRef, messages } from './messages.ts'
import { CARRIERS } from './shipments.ts'

/**
 * A count or a sum of money, whole and never negative. Not zod's `.int()`, which stops at 2^53 − 1: a product may
 * cost up to that, so a day's or a year's sum may go past it, and is then as exact as a double (the sum was a
 * 500 before).
 */
const figure = z.number().nonnegative().multipleOf(1)

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

// ---------------------------------------------------------------------------------------------------------------
// The report over any period (CONTRACT 4.8).

export const REPORT_INTERVALS = ['day', 'week', 'month'] as const
export type ReportInterval = (typeof REPORT_INTERVALS)[number]
export const REPORT_COMPARISONS = ['none', 'previous', 'year'] as const
export type ReportComparison = (typeof REPORT_COMPARISONS)[number]
/** The longest period a report covers: three years, a leap day included (from and to both count). */
export const MAX_REPORT_DAYS = 3 * 365 + 1
/** Without `from` and `to`: the 30 days ending today, the dashboard's old chart. */
export const DEFAULT_REPORT_DAYS = 30
/** How many products `topProducts` lists. */
export const TOP_PRODUCTS = 10

const DAY_MS = 86_400_000
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`)
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The store day `n` days after `day` (before, when negative): calendar arithmetic on `YYYY-MM-DD`. */
export const addDays = (day: string, n: number): string => dayOf(dayMs(day) + n * DAY_MS)

/** How many days from `from` to `to`, both counted: 1 when they are the same day. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1

/** The same day a year before; 29 February becomes the 28th. */
export const dayYearBefore = (day: string): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const last = new Date(Date.UTC(y - 1, m, 0)).getUTCDate()
  return `${String(y - 1).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`
}

/**
 * The period a report compares with: `previous` is as many days just before `from`; `year` is the same days a
 * year earlier (29 February as the 28th). `none` is no comparison.
 */
export const comparePeriod = (
  from: string,
  to: string,
  compare: ReportComparison,
): { from: string; to: string } | undefined => {
  if (compare === 'none') return undefined
  if (compare === 'year') return { from: dayYearBefore(from), to: dayYearBefore(to) }
  const days = daysBetween(from, to)
  return { from: addDays(from, -days), to: addDays(from, -1) }
}

/**
 * The first day of the period `day` falls in: the day itself, the Monday of its week (weeks start on Monday,
 * as in Vietnam), or the 1st of its month.
 */
export const periodStart = (day: string, interval: ReportInterval): string => {
  if (interval === 'day') return day
  if (interval === 'month') return `${day.slice(0, 8)}01`
  const weekday = (new Date(dayMs(day)).getUTCDay() + 6) % 7 // Monday 0 … Sunday 6
  return addDays(day, -weekday)
}

/** The first days of the periods from `from` to `to`, in order: the periods a report's `series` has. */
export const periodStarts = (from: string, to: string, interval: ReportInterval): string[] => {
  const starts: string[] = []
  // Counted in milliseconds, not compared as text: the day after 9999-12-31 is not a YYYY-MM-DD.
  const end = dayMs(to)
  let start = dayMs(periodStart(from, interval))
  while (start <= end) {
    starts.push(dayOf(start))
    if (interval === 'month') {
      const d = new Date(start)
      start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)
    } else start += (interval === 'week' ? 7 : 1) * DAY_MS
  }
  return starts
}

/** A required-if-given store day of a report: `YYYY-MM-DD` that exists. */
const reportDay = (description: string) => optionalDay.meta({ description })

export const reportQuery = z
  .object({
    from: reportDay(
      `The first day of the period (YYYY-MM-DD, STORE_TZ), counted. Without from and to: the ${DEFAULT_REPORT_DAYS} days ending today`,
    ),
    to: reportDay(
      `The last day of the period (YYYY-MM-DD, STORE_TZ), counted; today when absent. Given alone: the ${DEFAULT_REPORT_DAYS} days ending then`,
    ),
    interval: z
      .union([z.literal(''), z.enum(REPORT_INTERVALS)], { error: messages.oneOf(REPORT_INTERVALS) })
      .optional()
      .transform((v): ReportInterval => v || 'day')
      .meta({ description: 'The series steps by day (the default), by week (Monday to Sunday) or by month' }),
    compare: z
      .union([z.literal(''), z.enum(REPORT_COMPARISONS)], { error: messages.oneOf(REPORT_COMPARISONS) })
      .optional()
      .transform((v): ReportComparison => v || 'none')
      .meta({
        description:
          'previous: as many days just before from; year: the same days a year earlier; none (the default): no comparison',
      }),
  })
  .superRefine(ordered([['from', 'to']]))
  .superRefine((value, ctx) => {
    if (
      value.from &&
      value.to &&
      value.from <= value.to &&
      daysBetween(value.from, value.to) > MAX_REPORT_DAYS
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: messageRef('rangeTooLong', { field: 'from', days: MAX_REPORT_DAYS }),
      })
    }
  })
export type ReportQuery = z.infer<typeof reportQuery>

const money = figure.meta({ description: 'Whole VND' })

/**
 * A period's figures. Orders count on the store day they were placed (`createdAt`, STORE_TZ). Cancelled
 * orders (status 0) count only in `cancelled`; every other figure leaves them out.
 */
export const reportTotals = z.object({
  /** Sum of `totalPrice` (what the customers pay, shipping included). */
  revenue: money,
  orders: figure,
  /** Units in the orders' lines. */
  units: figure,
  /** revenue / orders, rounded to the dong; 0 without orders. */
  averageOrder: money,
  /** Customer accounts (role user) created in the period. */
  newCustomers: figure,
  /** Orders placed in the period and now cancelled. */
  cancelled: figure,
  /** Sum of `shipingFee`. */
  shipping: money,
})
export type ReportTotals = z.infer<typeof reportTotals>

export const reportPoint = z.object({
  /** The first day of the period (YYYY-MM-DD): the day, the week's Monday, or the month's 1st. Only days from
   *  `from` to `to` count, so a first or last week or month may be cut short. */
  period: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  revenue: money,
  orders: figure,
  units: figure,
})
export type ReportPoint = z.infer<typeof reportPoint>

/** A product's or a category's share: units sold and their revenue, each line's `price × quantity`. */
export const reportShare = z.object({ id: z.string(), name: z.string(), units: figure, revenue: money })
export type ReportShare = z.infer<typeof reportShare>

export const reportPayment = z.object({
  /** The order's `methodPayment` as stored ('0' unpaid, '1' cash, '2' wallet, '3' PayPal, or another code). */
  methodPayment: z.string(),
  orders: figure,
  /** Sum of `totalPrice`. */
  revenue: money,
})
export type ReportPayment = z.infer<typeof reportPayment>

export const reportSource = z.object({
  /** Where the orders came from (CONTRACT 5.1). */
  source: z.enum(ORDER_SOURCES),
  orders: figure,
  /** Sum of `totalPrice`. */
  revenue: money,
})
export type ReportSource = z.infer<typeof reportSource>

/** The cash on delivery of a carrier that is still to be paid over (CONTRACT 5.5). */
export const reportCodCarrier = z.object({
  carrier: z.enum(CARRIERS),
  /** Delivered shipments whose COD the carrier has not paid over yet. */
  orders: figure,
  amount: money,
})
export type ReportCodCarrier = z.infer<typeof reportCodCarrier>

/**
 * Cash on delivery (CONTRACT 5.5): what the carriers hold now, whatever the period, and what they paid over in
 * the period (by the day it was recorded, STORE_TZ), their fees, and what reached the shop.
 */
export const reportCod = z.object({
  /** COD of delivered shipments not yet paid over, now. */
  outstanding: money,
  /** The same by carrier, most first. */
  byCarrier: z.array(reportCodCarrier),
  /** COD paid over in the period. */
  collected: money,
  /** The carriers' fees kept out of what they paid over in the period. */
  fees: money,
  /** collected − fees: what reached the shop. */
  net: z.number().int().meta({ description: 'Whole VND' }),
})
export type ReportCod = z.infer<typeof reportCod>

export const report = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(REPORT_INTERVALS),
  compare: z.enum(REPORT_COMPARISONS),
  compareFrom: z.string().optional(),
  compareTo: z.string().optional(),
  totals: reportTotals,
  compareTotals: reportTotals.optional(),
  /** One point per period from `from` to `to`, oldest first, zeros where nothing sold. */
  series: z.array(reportPoint),
  /** The same over the compared period, as many points as it has periods. */
  compareSeries: z.array(reportPoint).optional(),
  /** The ten products with the most revenue (then units, then id), deleted ones included under their name. */
  topProducts: z.array(reportShare),
  /** Every category that sold in the period, most revenue first; a product counts in its current category. */
  byCategory: z.array(reportShare),
  /** Every payment method with orders in the period, most revenue first. */
  byPayment: z.array(reportPayment),
  /** Every source with orders in the period (phone, Zalo, the storefront…), most revenue first (CONTRACT 5.1). */
  bySource: z.array(reportSource),
  /** Cash on delivery (CONTRACT 5.5): outstanding now, and collected, fees and net over the period. */
  cod: reportCod,
})
export type Report = z.infer<typeof report>
export const reportAnswer = envelope(report)

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
  report: {
    method: 'GET',
    path: '/admin/analytics/report',
    permission: 'dashboard:read',
    summary:
      "The report of a period of the store's calendar (STORE_TZ): totals, a series by day, week or month, a comparison, the top products, and revenue by category and by payment method (CONTRACT 4.8)",
    query: reportQuery,
    answer: reportAnswer,
  },
  reportExport: {
    method: 'GET',
    path: '/admin/analytics/report/export',
    permission: 'dashboard:read',
    summary: "A report's series as CSV: one row per period, with the compared period's figures beside it",
    query: reportQuery,
    answer: csvAnswer,
    responses: {
      200: {
        description:
          'period,revenue,orders,units, one row per period; with a comparison, comparePeriod,compareRevenue,compareOrders,compareUnits beside them',
        content: { 'text/csv': { schema: csvAnswer } },
      },
    },
  },
})
