import {
  addDays,
  comparePeriod,
  DEFAULT_REPORT_DAYS,
  daysBetween,
  endpoints,
  MAX_REPORT_DAYS,
  periodStarts,
  type Report,
  type ReportCod,
  type ReportInterval,
  type ReportPayment,
  type ReportPoint,
  type ReportQuery,
  type ReportShare,
  type ReportSource,
  type ReportTotals,
  TOP_PRODUCTS,
} from '@store/contract'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { type Db, preparedPerDb, rows } from '../../db/client.ts'
import { storeTime } from '../../lib/csv.ts'
import { badRequest } from '../../lib/errors.ts'

// The report over any period (CONTRACT 4.8), read from the rollups by store day of migration 0011: sales_days,
// product_days, category_days, payment_days. Each is kept by the transactions that write orders, lines and
// customers, so a report of three years sums about a thousand rows of sales_days and never reads an order.

/** A report's days, both counted, after the defaults: the last 30 days ending today without from and to. */
export interface ReportRange {
  from: string
  to: string
}

/**
 * The days a query asks for. `to` defaults to today in the store's zone and `from` to the 30 days ending with
 * `to`; what the defaults make is checked as the query's own values are (reversed, or over three years: 400).
 */
export function reportRange(
  query: Pick<ReportQuery, 'from' | 'to'>,
  now: Date,
  timeZone: string,
): ReportRange {
  const to = query.to ?? storeTime(now, timeZone).slice(0, 10)
  const from = query.from ?? addDays(to, -(DEFAULT_REPORT_DAYS - 1))
  // A `from` alone after today: the `to` it would be reversed against was never sent, so `from` is named.
  if (from > to && query.to === undefined) throw badRequest('from', 'afterToday', { today: to })
  if (from > to) throw badRequest('to', 'rangeReversed', { field: 'from' })
  if (daysBetween(from, to) > MAX_REPORT_DAYS)
    throw badRequest('to', 'rangeTooLong', { field: 'from', days: MAX_REPORT_DAYS })
  return { from, to }
}

const day = (value: string) => sql`${value}::date`

/** The figures of the days from `from` to `to`: one range of sales_days. */
const totalsOf = ({ from, to }: ReportRange) => sql`(
  select json_build_object(
           'revenue', coalesce(sum(revenue), 0), 'orders', coalesce(sum(orders), 0),
           'units', coalesce(sum(units), 0), 'newCustomers', coalesce(sum(customers), 0),
           'cancelled', coalesce(sum(cancelled), 0), 'shipping', coalesce(sum(shipping), 0))
    from sales_days where day >= ${day(from)} and day <= ${day(to)})`

/** The periods with sales, by the first day of each (date_trunc's week starts on Monday). */
const seriesOf = ({ from, to }: ReportRange, interval: ReportInterval) => sql`(
  select coalesce(json_agg(json_build_object('period', period, 'revenue', revenue, 'orders', orders, 'units', units)
                           order by period), '[]'::json)
    from (select to_char(date_trunc(${interval}, day::timestamp), 'YYYY-MM-DD') as period,
                 sum(revenue) as revenue, sum(orders) as orders, sum(units) as units
            from sales_days where day >= ${day(from)} and day <= ${day(to)}
           group by 1) s)`

/**
 * The cash on delivery of a report (CONTRACT 5.5): what is outstanding now, whatever the period (the rows of the
 * partial index `shipments_cod_outstanding_idx`, as few as the parcels the carriers hold), and what was paid over
 * in the period, by the store day of `cod_collected_at` in the zone the rollups use (`shipments_cod_collected_idx`).
 */
const codOf = ({ from, to }: ReportRange) => sql`(
  with outstanding as (
         select carrier, count(*) as orders, sum(cod_amount) as amount from shipments
          where status = 'delivered' and cod_amount > 0 and cod_collected_at is null
          group by carrier),
       zone as (select zone from stats_zone where id = 1)
  select json_build_object(
           'outstanding', (select coalesce(sum(amount), 0) from outstanding),
           'byCarrier', (select coalesce(json_agg(json_build_object('carrier', carrier, 'orders', orders,
                                                                    'amount', amount)
                                                  order by amount desc, carrier), '[]'::json)
                           from outstanding),
           'collected', coalesce(sum(s.cod_collected_amount), 0),
           'fees', coalesce(sum(s.carrier_fee), 0))
    from shipments s
   where s.cod_collected_at >= (${day(from)}::timestamp at time zone (select zone from zone))
     and s.cod_collected_at < ((${day(to)} + 1)::timestamp at time zone (select zone from zone)))`

/**
 * The change versions a report is checked against, from the `changes` of the counters (migration 0013), which
 * only grow, each commit that writes a row of a population adding to its own:
 * - `sales`: the orders' and lines', what the top products are summed from;
 * - `all`: those and the users', products' and categories', which also name what a report shows (new
 *   customers, product and category names). A zone change rebuilds the rollups and moves the orders' on.
 * - `folds`: the folds of product_days' pending rows into compacted ones (compact_day_stats), and its
 *   rebuilds. While it stays, rows are only added to product_days, so a product that sold or was refunded since
 *   a read has a pending row in the range (see `KeptTop`).
 * Read in the same statement as the figures, so from the same snapshot, or alone to check a kept answer.
 */
const VERSIONS = {
  sales: sql<string>`coalesce(sum(changes) filter (where population in ('orders', 'order_lines')), 0)::text`,
  all: sql<string>`coalesce(sum(changes) filter (where population <> 'day_folds'), 0)::text`,
  folds: sql<string>`coalesce(sum(changes) filter (where population = 'day_folds'), 0)::text`,
}
const VERSIONS_FROM = sql`counts`
const VERSIONS_WHERE = sql`population in ('orders', 'order_lines', 'users', 'products', 'categories', 'shipments',
                                          'day_folds')
                            and name_search is null`

/** The versions alone, prepared: a kept answer is sent after this one small read. */
const versionsQuery = preparedPerDb((db) =>
  db.select(VERSIONS).from(VERSIONS_FROM).where(VERSIONS_WHERE).prepare('report_versions'),
)

interface Versions {
  sales: string
  all: string
  folds: string
}

/**
 * How many of a range's best products are kept with their figures: the top ten can then be told exactly, after
 * sales of other products, from these and the products sold since (`nextTop`), as long as the tenth of them
 * still ranks above the last kept.
 */
const TOP_KEPT = 100

/** The TOP_KEPT products with the most revenue (then units, then id) over a range of product_days. */
const topProductsOf = ({ from, to }: ReportRange) => sql`(
  select coalesce(json_agg(json_build_object('id', t.product_id::text, 'name', coalesce(p.name, ''),
                                             'units', t.units, 'revenue', t.revenue)
                           order by t.revenue desc, t.units desc, t.product_id), '[]'::json)
    from (select product_id, sum(units) as units, sum(revenue) as revenue
            from product_days where day >= ${day(from)} and day <= ${day(to)}
           group by product_id
          having sum(units) <> 0 or sum(revenue) <> 0
           order by revenue desc, units desc, product_id
           limit ${TOP_KEPT}) t
    left join products p on p.id = t.product_id)`

/**
 * Every product with a pending (not yet folded) row in the range, with its figures over the whole range: few,
 * the products sold or refunded since the last fold, each summed from its own rows (product_days_product_idx).
 */
const pendingProductsOf = ({ from, to }: ReportRange) => sql`(
  select coalesce(json_agg(json_build_object('id', t.product_id::text, 'name', coalesce(p.name, ''),
                                             'units', t.units, 'revenue', t.revenue)), '[]'::json)
    from (select d.product_id, sum(d.units) as units, sum(d.revenue) as revenue
            from product_days d
           where d.product_id in (select product_id from product_days
                                   where not compacted and day >= ${day(from)} and day <= ${day(to)})
             and d.day >= ${day(from)} and d.day <= ${day(to)}
           group by d.product_id) t
    left join products p on p.id = t.product_id)`

/** The current names of the remembered top products (a product renamed since shows its new name). */
const namesOf = (top: readonly ReportShare[]) => sql`(
  select coalesce(json_object_agg(id::text, name), '{}'::json)
    from products where id = any(${`{${top.map((p) => p.id).join(',')}}`}::bigint[]))`

interface Row {
  versions: Versions
  topProducts: ReportShare[] | null
  pending: ReportShare[] | null
  names: Record<string, string> | null
  totals: Omit<ReportTotals, 'averageOrder'>
  series: ReportPoint[]
  compareTotals: Omit<ReportTotals, 'averageOrder'> | null
  compareSeries: ReportPoint[] | null
  byCategory: ReportShare[]
  byPayment: ReportPayment[]
  bySource: ReportSource[]
  cod: Omit<ReportCod, 'net'>
}

/** Values by key with the change version each was made at; the oldest entry goes first beyond `size`. */
class Remembered<T> {
  readonly #entries = new Map<string, { version: string; value: T }>()
  constructor(readonly size: number) {}

  get(key: string) {
    return this.#entries.get(key)
  }

  set(key: string, version: string, value: T) {
    this.#entries.delete(key)
    this.#entries.set(key, { version, value })
    if (this.#entries.size > this.size) this.#entries.delete(this.#entries.keys().next().value!)
  }
}

/**
 * What an app remembers of the reports asked for lately, one per app, so per database:
 * - `answers`: each report's answer as sent, at the `all` version. A report asked for again with nothing it
 *   shows written since is sent from here after one read of the versions, the statement of the figures unrun:
 *   the dashboard's report is asked for by every member of staff who opens it, far more often than orders
 *   are written.
 * - `tops`: each range's top products, at the `sales` version. Summing a range of product_days is the one part
 *   of a report whose cost grows with the store (every product sold in the range: about 70,000 rows a week at
 *   two million orders a year); everything else reads a few rows a day. After a write that is not an order's
 *   (a product renamed, a customer added) they are taken from here, with the products' current names.
 */
export class RememberedReports {
  readonly answers = new Remembered<string>(256)
  readonly tops = new Remembered<KeptTop>(256)
}

/**
 * A range's best products as last read, at a `sales` version (the key of `tops`) and a `folds` version:
 * - `products`: each with its figures over the range, best first; those of the TOP_KEPT best when summed, then
 *   the products sold or refunded since, with their new figures;
 * - `floor`: the last of the TOP_KEPT when summed. Every product not in `products` ranks at or below it, and
 *   stays there: while `folds` stays, a product that sold since has a pending row in the range and is read
 *   again (`pendingProductsOf`). Null when the range had fewer products with sales: then none is missing.
 */
export interface KeptTop {
  folds: string
  products: ReportShare[]
  floor: ReportShare | null
}

/** Best first: the most revenue, then the most units, then the smallest id (as the statement orders them). */
const byRank = (a: ReportShare, b: ReportShare) =>
  b.revenue - a.revenue || b.units - a.units || Number(a.id) - Number(b.id)

/**
 * The kept products with the pending ones' new figures, best first, when the top ten are sure to be among
 * them; null when a product never kept might now rank among the ten (the range is then summed anew). The list
 * stays at TOP_KEPT products: those cut off rank below the last one kept, which becomes the floor if it ranks
 * above the old one.
 */
export function nextTop(kept: KeptTop, pending: readonly ReportShare[]): KeptTop | null {
  const fresh = new Map(pending.map((p) => [p.id, numbers(p)]))
  const products = [...kept.products.filter((p) => !fresh.has(p.id)), ...fresh.values()]
    .filter((p) => p.units !== 0 || p.revenue !== 0)
    .sort(byRank)
  const tenth = products[TOP_PRODUCTS - 1]
  if (kept.floor !== null && (tenth === undefined || byRank(tenth, kept.floor) >= 0)) return null
  if (products.length <= TOP_KEPT) return { ...kept, products }
  const last = products[TOP_KEPT - 1]!
  const floor = kept.floor === null || byRank(last, kept.floor) < 0 ? last : kept.floor
  return { ...kept, products: products.slice(0, TOP_KEPT), floor }
}

/**
 * Every figure of a report, and the `all` version it was read at. Each comes from one statement, so from one
 * snapshot. With `memory`, a range whose best products are kept (`KeptTop`) takes them from there, with their
 * current names: as they are when nothing sold since (the `sales` version is the same), else with the figures of
 * the products sold since (`nextTop`). Otherwise the statement sums the range's products, and the best are kept.
 */
export async function buildReport(
  db: Db,
  range: ReportRange,
  query: Pick<ReportQuery, 'interval' | 'compare'>,
  memory?: RememberedReports,
): Promise<{ report: Report; version: string }> {
  const key = `${range.from}|${range.to}`
  const kept = memory?.tops.get(key)
  let r = kept ? await readReport(db, range, query, kept.value.products) : undefined
  let best: ReportShare[] | undefined
  if (r && kept) {
    const { sales, folds } = r.versions
    if (sales === kept.version) best = kept.value.products
    else if (folds === kept.value.folds) {
      const next = nextTop(kept.value, r.pending ?? [])
      if (next) memory?.tops.set(key, sales, next)
      best = next?.products
    }
  }
  if (!r || !best) {
    r = await readReport(db, range, query, undefined)
    best = r.topProducts!.map(numbers)
    const floor = best.length < TOP_KEPT ? null : best[best.length - 1]!
    memory?.tops.set(key, r.versions.sales, { folds: r.versions.folds, products: best, floor })
  }
  // The current names: read with the figures for the kept products, with their figures for the pending ones.
  const names = new Map(Object.entries(r.names ?? {}))
  for (const p of r.pending ?? []) names.set(p.id, p.name)
  const topProducts = best.slice(0, TOP_PRODUCTS).map((p) => ({ ...p, name: names.get(p.id) ?? p.name }))
  return { report: reportOf(r, range, query, topProducts), version: r.versions.all }
}

/**
 * The answer of `GET /analytics/report` as sent (the envelope, encoded by its schema as the route's serializer
 * does): from `memory` when nothing the report shows was written since it was made, else built and kept.
 */
export async function reportAnswer(
  db: Db,
  range: ReportRange,
  query: Pick<ReportQuery, 'interval' | 'compare'>,
  memory: RememberedReports,
): Promise<string> {
  const key = `${range.from}|${range.to}|${query.interval}|${query.compare}`
  const kept = memory.answers.get(key)
  if (kept) {
    const [now] = await versionsQuery(db).execute()
    if (now?.all === kept.version) return kept.value
  }
  const { report, version } = await buildReport(db, range, query, memory)
  const json = JSON.stringify(
    z.encode(endpoints.analytics.report.answer, { status: true, data: report, message: 'OK' }),
  )
  memory.answers.set(key, version, json)
  return json
}

async function readReport(
  db: Db,
  range: ReportRange,
  query: Pick<ReportQuery, 'interval' | 'compare'>,
  remembered: readonly ReportShare[] | undefined,
): Promise<Row> {
  const { from, to } = range
  const compared = comparePeriod(from, to, query.compare)
  const [row] = await rows<Row>(
    db,
    sql`select ${totalsOf(range)} as "totals",
               ${seriesOf(range, query.interval)} as "series",
               ${compared ? totalsOf(compared) : sql`null::json`} as "compareTotals",
               ${compared ? seriesOf(compared, query.interval) : sql`null::json`} as "compareSeries",
               ${remembered ? sql`null::json` : topProductsOf(range)} as "topProducts",
               ${remembered ? pendingProductsOf(range) : sql`null::json`} as "pending",
               ${remembered ? namesOf(remembered) : sql`null::json`} as "names",
               (select json_build_object('sales', ${VERSIONS.sales}, 'all', ${VERSIONS.all},
                                         'folds', ${VERSIONS.folds})
                  from ${VERSIONS_FROM} where ${VERSIONS_WHERE}) as "versions",
               (select coalesce(json_agg(json_build_object('id', t.category_id::text, 'name', coalesce(c.name, ''),
                                                           'units', t.units, 'revenue', t.revenue)
                                         order by t.revenue desc, t.units desc, t.category_id), '[]'::json)
                  from (select category_id, sum(units) as units, sum(revenue) as revenue
                          from category_days where day >= ${day(from)} and day <= ${day(to)}
                         group by category_id
                        having sum(units) <> 0 or sum(revenue) <> 0) t
                  left join categories c on c.id = t.category_id) as "byCategory",
               (select coalesce(json_agg(json_build_object('methodPayment', method_payment, 'orders', orders,
                                                           'revenue', revenue)
                                         order by revenue desc, orders desc, method_payment), '[]'::json)
                  from (select method_payment, sum(orders) as orders, sum(revenue) as revenue
                          from payment_days where day >= ${day(from)} and day <= ${day(to)}
                         group by method_payment
                        having sum(orders) <> 0 or sum(revenue) <> 0) t) as "byPayment",
               (select coalesce(json_agg(json_build_object('source', source, 'orders', orders, 'revenue', revenue)
                                         order by revenue desc, orders desc, source), '[]'::json)
                  from (select source, sum(orders) as orders, sum(revenue) as revenue
                          from payment_days where day >= ${day(from)} and day <= ${day(to)}
                         group by source
                        having sum(orders) <> 0 or sum(revenue) <> 0) t) as "bySource",
               ${codOf(range)} as "cod"`,
  )
  return row!
}

function reportOf(
  r: Row,
  range: ReportRange,
  query: Pick<ReportQuery, 'interval' | 'compare'>,
  topProducts: ReportShare[],
): Report {
  const { from, to } = range
  const compared = comparePeriod(from, to, query.compare)
  return {
    from,
    to,
    interval: query.interval,
    compare: query.compare,
    ...(compared && { compareFrom: compared.from, compareTo: compared.to }),
    totals: withAverage(r.totals),
    ...(compared && r.compareTotals && { compareTotals: withAverage(r.compareTotals) }),
    series: everyPeriod(r.series, range, query.interval),
    ...(compared &&
      r.compareSeries && { compareSeries: everyPeriod(r.compareSeries, compared, query.interval) }),
    topProducts,
    byCategory: r.byCategory.map(numbers),
    byPayment: r.byPayment.map((p) => ({ ...p, orders: Number(p.orders), revenue: Number(p.revenue) })),
    bySource: r.bySource.map((s) => ({ ...s, orders: Number(s.orders), revenue: Number(s.revenue) })),
    cod: codFigures(r.cod),
  }
}

function codFigures(cod: Omit<ReportCod, 'net'>): ReportCod {
  const collected = Number(cod.collected)
  const fees = Number(cod.fees)
  return {
    outstanding: Number(cod.outstanding),
    byCarrier: cod.byCarrier.map((c) => ({ ...c, orders: Number(c.orders), amount: Number(c.amount) })),
    collected,
    fees,
    net: collected - fees,
  }
}

const numbers = (share: ReportShare): ReportShare => ({
  ...share,
  units: Number(share.units),
  revenue: Number(share.revenue),
})

function withAverage(totals: Omit<ReportTotals, 'averageOrder'>): ReportTotals {
  const t = {
    revenue: Number(totals.revenue),
    orders: Number(totals.orders),
    units: Number(totals.units),
    newCustomers: Number(totals.newCustomers),
    cancelled: Number(totals.cancelled),
    shipping: Number(totals.shipping),
  }
  return { ...t, averageOrder: t.orders === 0 ? 0 : Math.round(t.revenue / t.orders) }
}

/** One point per period of the range, oldest first; a period without sales is there with zeros. */
function everyPeriod(
  points: ReportPoint[],
  { from, to }: ReportRange,
  interval: ReportInterval,
): ReportPoint[] {
  const byPeriod = new Map(points.map((p) => [p.period, p]))
  return periodStarts(from, to, interval).map((period) => {
    const p = byPeriod.get(period)
    return {
      period,
      revenue: Number(p?.revenue ?? 0),
      orders: Number(p?.orders ?? 0),
      units: Number(p?.units ?? 0),
    }
  })
}

/**
 * Puts the store's zone where the day rollups' triggers read it, and rebuilds them when it changed (a new
 * STORE_TZ): in one transaction, so a report never sums days of two zones. Several processes starting at once
 * queue on the row; the first rebuilds, the others find the zone set.
 */
export async function syncStatsZone(db: Db, timeZone: string): Promise<boolean> {
  // A database without the migrations (an app that only serves files, in a test) has no rollups to keep.
  const [table] = await rows<{ present: boolean }>(
    db,
    sql`select to_regclass('stats_zone') is not null as present`,
  )
  if (!table?.present) return false
  return db.transaction(async (tx) => {
    const changed = await rows<{ zone: string }>(
      tx,
      sql`update stats_zone set zone = ${timeZone} where id = 1 and zone is distinct from ${timeZone} returning zone`,
    )
    if (changed.length === 0) return false
    await tx.execute(sql`select rebuild_day_stats()`)
    return true
  })
}
