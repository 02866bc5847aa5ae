import { sql } from 'drizzle-orm'
import { type Db, rows } from '../src/db/client.ts'

// The report of CONTRACT 4.8 worked out the slow way, in JavaScript, from the rows of the store as they are:
// every order, line, product, category and account, the day of each instant taken from Intl for the store's
// zone (not from PostgreSQL), and the calendar arithmetic written here rather than borrowed from the code under
// test. The report tests compare every answer with what this says.

export interface StoreRows {
  orders: {
    id: string
    /** Epoch milliseconds: text would follow the session's TimeZone, which differs between servers. */
    at: number
    status: number
    totalPrice: number
    shipingFee: number
    methodPayment: string
    source: string
  }[]
  lines: { orderId: string; productId: string; price: number; quantity: number }[]
  products: Map<string, { name: string; categoryId: string }>
  categories: Map<string, string>
  accounts: { role: string; at: number }[]
}

/** Everything the report is made of, read back from the tables. */
export async function readStore(db: Db): Promise<StoreRows> {
  const epoch = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`)
  const [orders, lines, products, categories, accounts] = await Promise.all([
    rows<StoreRows['orders'][number]>(
      db,
      sql`select id::text as id, ${epoch('created_at')} as at, status::int as status,
                 total_price::float8 as "totalPrice", shiping_fee::float8 as "shipingFee",
                 method_payment as "methodPayment", source
            from orders`,
    ),
    rows<StoreRows['lines'][number]>(
      db,
      sql`select order_id::text as "orderId", product_id::text as "productId", price::float8 as price,
                 quantity::int as quantity
            from order_lines`,
    ),
    rows<{ id: string; name: string; categoryId: string }>(
      db,
      sql`select id::text as id, name, category_id::text as "categoryId" from products`,
    ),
    rows<{ id: string; name: string }>(db, sql`select id::text as id, name from categories`),
    rows<{ role: string; at: number }>(db, sql`select role, ${epoch('created_at')} as at from users`),
  ])
  return {
    orders,
    lines,
    products: new Map(products.map((p) => [p.id, { name: p.name, categoryId: p.categoryId }])),
    categories: new Map(categories.map((c) => [c.id, c.name])),
    accounts,
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** The store's calendar day (YYYY-MM-DD) of an instant in `timeZone`, by Intl's rules. */
export function localDay(at: Date | number, timeZone: string): string {
  let format = dayFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dayFormats.set(timeZone, format)
  }
  return format.format(at)
}

const DAY = 86_400_000
const utcDay = (day: string) => Date.parse(`${day}T00:00:00Z`)
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** `day` moved by `n` calendar days. */
export const shiftDay = (day: string, n: number) => dayText(utcDay(day) + n * DAY)

/** How many days from `from` to `to`, both counted. */
export const countDays = (from: string, to: string) => Math.round((utcDay(to) - utcDay(from)) / DAY) + 1

/** The same calendar day a year before; 29 February, which that year lacks, is the 28th. */
export function lastYear(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const leap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const dd = m === 2 && d === 29 && !leap(y - 1) ? 28 : d
  return `${y - 1}-${String(m).padStart(2, '0')}-${String(dd).padStart(2, '0')}`
}

export type Interval = 'day' | 'week' | 'month'
export type Comparison = 'none' | 'previous' | 'year'

/** The first day of the period holding `day`: itself, the Monday of its week, or the 1st of its month. */
export function periodOf(day: string, interval: Interval): string {
  if (interval === 'day') return day
  if (interval === 'month') return `${day.slice(0, 7)}-01`
  const sundayZero = new Date(utcDay(day)).getUTCDay()
  return shiftDay(day, -((sundayZero + 6) % 7))
}

/** The periods of the days from `from` to `to`, each named by its first day, in order: walked day by day. */
export function periodsOf(from: string, to: string, interval: Interval): string[] {
  const periods: string[] = []
  // Counted, not compared as text: the day after 9999-12-31 is no longer YYYY-MM-DD.
  for (let i = 0; i < countDays(from, to); i++) {
    const period = periodOf(shiftDay(from, i), interval)
    if (periods.at(-1) !== period) periods.push(period)
  }
  return periods
}

export interface Range {
  from: string
  to: string
}

export function comparedRange({ from, to }: Range, compare: Comparison): Range | undefined {
  if (compare === 'none') return undefined
  if (compare === 'year') return { from: lastYear(from), to: lastYear(to) }
  const days = countDays(from, to)
  return { from: shiftDay(from, -days), to: shiftDay(from, -1) }
}

interface Totals {
  revenue: number
  orders: number
  units: number
  averageOrder: number
  newCustomers: number
  cancelled: number
  shipping: number
}
interface Point {
  period: string
  revenue: number
  orders: number
  units: number
}
interface Share {
  id: string
  name: string
  units: number
  revenue: number
}

export interface TruthReport {
  from: string
  to: string
  interval: Interval
  compare: Comparison
  compareFrom?: string
  compareTo?: string
  totals: Totals
  compareTotals?: Totals
  series: Point[]
  compareSeries?: Point[]
  topProducts: Share[]
  byCategory: Share[]
  byPayment: { methodPayment: string; orders: number; revenue: number }[]
  bySource: { source: string; orders: number; revenue: number }[]
  cod: { outstanding: number; byCarrier: never[]; collected: number; fees: number; net: number }
}

/**
 * The COD of a store built here: its orders never ship, so there is none. The report's COD figures are tied to
 * shipments by `test/api/shipments-report.test.ts`.
 */
const NO_COD = { outstanding: 0, byCarrier: [], collected: 0, fees: 0, net: 0 }

const byId = (a: string, b: string) => Number(a) - Number(b)
const bySize = (a: Share, b: Share) => b.revenue - a.revenue || b.units - a.units || byId(a.id, b.id)

/** The report a store's rows make for a query, days in `timeZone`. */
export function truthReport(
  store: StoreRows,
  timeZone: string,
  query: Range & { interval: Interval; compare: Comparison },
): TruthReport {
  const orderDay = new Map(store.orders.map((o) => [o.id, localDay(o.at, timeZone)]))
  const live = store.orders.filter((o) => o.status !== 0)
  const unitsOf = new Map<string, number>()
  for (const l of store.lines) unitsOf.set(l.orderId, (unitsOf.get(l.orderId) ?? 0) + l.quantity)
  const within = (day: string, r: Range) => day >= r.from && day <= r.to

  const totals = (r: Range): Totals => {
    const counted = live.filter((o) => within(orderDay.get(o.id)!, r))
    const revenue = counted.reduce((n, o) => n + o.totalPrice, 0)
    return {
      revenue,
      orders: counted.length,
      units: counted.reduce((n, o) => n + (unitsOf.get(o.id) ?? 0), 0),
      averageOrder: counted.length === 0 ? 0 : Math.round(revenue / counted.length),
      newCustomers: store.accounts.filter((a) => a.role === 'user' && within(localDay(a.at, timeZone), r))
        .length,
      cancelled: store.orders.filter((o) => o.status === 0 && within(orderDay.get(o.id)!, r)).length,
      shipping: counted.reduce((n, o) => n + o.shipingFee, 0),
    }
  }
  const series = (r: Range): Point[] => {
    const points = new Map(
      periodsOf(r.from, r.to, query.interval).map((period) => [
        period,
        { period, revenue: 0, orders: 0, units: 0 },
      ]),
    )
    for (const o of live) {
      const day = orderDay.get(o.id)!
      if (!within(day, r)) continue
      const p = points.get(periodOf(day, query.interval))!
      p.revenue += o.totalPrice
      p.orders += 1
      p.units += unitsOf.get(o.id) ?? 0
    }
    return [...points.values()]
  }

  const range = { from: query.from, to: query.to }
  const liveIds = new Set(live.filter((o) => within(orderDay.get(o.id)!, range)).map((o) => o.id))
  const shares = (keyOf: (productId: string) => string, nameOf: (key: string) => string) => {
    const sums = new Map<string, Share>()
    for (const l of store.lines) {
      if (!liveIds.has(l.orderId)) continue
      const key = keyOf(l.productId)
      const s = sums.get(key) ?? { id: key, name: nameOf(key), units: 0, revenue: 0 }
      s.units += l.quantity
      s.revenue += l.price * l.quantity
      sums.set(key, s)
    }
    return [...sums.values()].filter((s) => s.units !== 0 || s.revenue !== 0).sort(bySize)
  }
  const payments = new Map<string, { methodPayment: string; orders: number; revenue: number }>()
  for (const o of live) {
    if (!liveIds.has(o.id)) continue
    const p = payments.get(o.methodPayment) ?? { methodPayment: o.methodPayment, orders: 0, revenue: 0 }
    p.orders += 1
    p.revenue += o.totalPrice
    payments.set(o.methodPayment, p)
  }
  const sources = new Map<string, { source: string; orders: number; revenue: number }>()
  for (const o of live) {
    if (!liveIds.has(o.id)) continue
    const s = sources.get(o.source) ?? { source: o.source, orders: 0, revenue: 0 }
    s.orders += 1
    s.revenue += o.totalPrice
    sources.set(o.source, s)
  }

  const compared = comparedRange(range, query.compare)
  return {
    from: query.from,
    to: query.to,
    interval: query.interval,
    compare: query.compare,
    ...(compared && { compareFrom: compared.from, compareTo: compared.to }),
    totals: totals(range),
    ...(compared && { compareTotals: totals(compared) }),
    series: series(range),
    ...(compared && { compareSeries: series(compared) }),
    topProducts: shares(
      (id) => id,
      (id) => store.products.get(id)?.name ?? '',
    ).slice(0, 10),
    byCategory: shares(
      (id) => store.products.get(id)!.categoryId,
      (id) => store.categories.get(id) ?? '',
    ),
    byPayment: [...payments.values()].sort(
      (a, b) =>
        b.revenue - a.revenue ||
        b.orders - a.orders ||
        (a.methodPayment < b.methodPayment ? -1 : a.methodPayment > b.methodPayment ? 1 : 0),
    ),
    bySource: [...sources.values()].sort(
      (a, b) =>
        b.revenue - a.revenue ||
        b.orders - a.orders ||
        (a.source < b.source ? -1 : a.source > b.source ? 1 : 0),
    ),
    cod: NO_COD,
  }
}
