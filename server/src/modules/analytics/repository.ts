import type { SalesDay, SalesFigures } from '@store/contract'
import { type SQL, sql } from 'drizzle-orm'
import { type Db, rows } from '../../db/client.ts'

const HOUR = 3600

/** A half-open span of time, [from, to), in seconds since the epoch. */
type Span = readonly [from: number, to: number]

/**
 * How to sum a span from the hourly rollup (`order_stats`, UTC hours): the whole hours inside it come from the
 * rollup, the rest (at most an hour at each end, when the store's midnight is not on the hour, as at +05:30)
 * from the orders themselves.
 */
export function splitSpan([from, to]: Span): { hours: Span | undefined; edges: Span[] } {
  const firstHour = Math.ceil(from / HOUR) * HOUR
  const lastHour = Math.floor(to / HOUR) * HOUR
  const edges: Span[] = [
    [from, Math.min(firstHour, to)],
    [Math.max(lastHour, firstHour), to],
  ]
  return {
    hours: firstHour < lastHour ? [firstHour, lastHour] : undefined,
    edges: edges.filter(([a, b]) => a < b),
  }
}

const at = (seconds: number) => sql`${new Date(seconds * 1000).toISOString()}::timestamptz`

const inSpans = (column: SQL, spans: Span[]): SQL =>
  spans.length
    ? sql`(${sql.join(
        spans.map(([a, b]) => sql`(${column} >= ${at(a)} and ${column} < ${at(b)})`),
        sql` or `,
      )})`
    : sql`false`

/** The store's day and month around `now`, in its time zone, as instants (PostgreSQL knows every zone's rules). */
async function calendar(db: Db, now: Date, timeZone: string): Promise<{ day: Span; month: Span }> {
  const [row] = await rows<{ d0: number; d1: number; m0: number; m1: number }>(
    db,
    sql`select extract(epoch from (date_trunc('day', t) at time zone ${timeZone}))::float8 as d0,
               extract(epoch from ((date_trunc('day', t) + interval '1 day') at time zone ${timeZone}))::float8 as d1,
               extract(epoch from (date_trunc('month', t) at time zone ${timeZone}))::float8 as m0,
               extract(epoch from ((date_trunc('month', t) + interval '1 month') at time zone ${timeZone}))::float8 as m1
          from (select ${now.toISOString()}::timestamptz at time zone ${timeZone} as t) local`,
  )
  return { day: [row!.d0, row!.d1], month: [row!.m0, row!.m1] }
}

/**
 * The dashboard's figures: cancelled orders (status 0) excluded, "today" and "this month" in `timeZone`.
 * All time is one pass over the hourly rollup; this month and today are ranges of it plus, for zones whose
 * midnight is not on a UTC hour, the orders of the partial hours at their ends (read over the created_at index).
 */
export async function salesFigures(db: Db, now: Date, timeZone: string): Promise<SalesFigures> {
  const { day, month } = await calendar(db, now, timeZone)
  const d = splitSpan(day)
  const m = splitSpan(month)
  const inHours = (hours: Span | undefined) => inSpans(sql`bucket`, hours ? [hours] : [])
  const created = sql`o.created_at`
  const edges = [...m.edges, ...d.edges]
  // One statement: every figure comes from the same snapshot.
  const [row] = await rows<SalesFigures>(
    db,
    sql`with hourly as (
          select coalesce(sum(orders), 0) as orders_total,
                 coalesce(sum(amount), 0) as amount_total,
                 coalesce(sum(sold), 0) as sold_total,
                 coalesce(sum(shipping), 0) as shipping_total,
                 coalesce(sum(orders) filter (where ${inHours(m.hours)}), 0) as orders_month,
                 coalesce(sum(amount) filter (where ${inHours(m.hours)}), 0) as amount_month,
                 coalesce(sum(sold) filter (where ${inHours(m.hours)}), 0) as sold_month,
                 coalesce(sum(shipping) filter (where ${inHours(m.hours)}), 0) as shipping_month,
                 coalesce(sum(amount) filter (where ${inHours(d.hours)}), 0) as amount_day
            from order_stats
        ),
        partial as (
          select o.created_at, o.total_price, o.shiping_fee,
                 (select coalesce(sum(l.quantity), 0) from order_lines l where l.order_id = o.id) as sold
            from orders o
           where o.status <> 0 and ${inSpans(created, edges)}
        ),
        edge as (
          select coalesce(count(*) filter (where ${inSpans(sql`created_at`, m.edges)}), 0) as orders_month,
                 coalesce(sum(total_price) filter (where ${inSpans(sql`created_at`, m.edges)}), 0) as amount_month,
                 coalesce(sum(sold) filter (where ${inSpans(sql`created_at`, m.edges)}), 0) as sold_month,
                 coalesce(sum(shiping_fee) filter (where ${inSpans(sql`created_at`, m.edges)}), 0) as shipping_month,
                 coalesce(sum(total_price) filter (where ${inSpans(sql`created_at`, d.edges)}), 0) as amount_day
            from partial
        )
        select (h.amount_day + e.amount_day)::float8 as "amountCurrentDate",
               (h.orders_month + e.orders_month)::float8 as "orderMonth",
               h.orders_total::float8 as "orderTotal",
               (h.sold_month + e.sold_month)::float8 as "soldMonth",
               h.sold_total::float8 as "soldTotal",
               (h.amount_month + e.amount_month)::float8 as "amountMonth",
               h.amount_total::float8 as "amountTotal",
               (h.shipping_month + e.shipping_month)::float8 as "shippingMonth",
               h.shipping_total::float8 as "shippingTotal"
          from hourly h, edge e`,
  )
  return row!
}

/**
 * Sales per calendar day of the store (`timeZone`): the `days` days ending with today around `now`, oldest
 * first, one entry per day (zeros when none sold), cancelled orders (status 0) excluded as in `salesFigures`.
 *
 * Each day is cut the way `splitSpan` cuts a span, in SQL: PostgreSQL turns each local midnight into an
 * instant (it knows every zone's rules, DST included), the whole UTC hours between two midnights are one
 * range of the hourly rollup (an index-only scan), and the parts of an hour at either end, which only zones
 * whose midnight is not on the hour have (+05:30, +05:45, St John's), are summed from the orders themselves
 * over the created_at index. Every figure comes from one statement, so from one snapshot.
 */
export async function salesPerDay(db: Db, now: Date, timeZone: string, days: number): Promise<SalesDay[]> {
  const zone = sql`${timeZone}::text`
  // MATERIALIZED: each day's bounds are worked out once, not again inside every index condition below.
  const query = sql`with spans as materialized (
          select day, t0, t1,
                 -- The first whole hour at or after the day's start, and the last hour boundary before its end.
                 case when stats_hour(t0) = t0 then t0 else stats_hour(t0) + interval '1 hour' end as h0,
                 stats_hour(t1) as h1
            from (select today - i as day,
                         ((today - i)::timestamp at time zone ${zone}) as t0,
                         ((today - i + 1)::timestamp at time zone ${zone}) as t1
                    from (select (${now.toISOString()}::timestamptz at time zone ${zone})::date as today) d,
                         generate_series(0, ${days - 1}::int) i) local_days
        )
        -- Each lateral aggregate is one index range scan a day. Aggregates cannot be flattened into a join,
        -- which PostgreSQL, unable to tell how short each range is, might otherwise run over whole tables.
        select to_char(s.day, 'YYYY-MM-DD') as date,
               (hourly.amount + head.amount + tail.amount)::float8 as amount,
               (hourly.orders + head.orders + tail.orders)::float8 as orders
          from spans s
          cross join lateral (
            select coalesce(sum(orders), 0) as orders, coalesce(sum(amount), 0) as amount
              from order_stats where bucket >= s.h0 and bucket < s.h1
          ) hourly
          cross join lateral (
            select count(*) as orders, coalesce(sum(total_price), 0) as amount
              from orders where created_at >= s.t0 and created_at < least(s.h0, s.t1) and status <> 0
          ) head
          cross join lateral (
            select count(*) as orders, coalesce(sum(total_price), 0) as amount
              from orders where created_at >= greatest(s.h1, s.h0) and created_at < s.t1 and status <> 0
          ) tail
         order by s.day`
  return db.transaction(async (tx) => {
    // The planner cannot estimate an index range whose bounds come from another row, so it guesses thousands
    // of orders a day and a cost past jit_above_cost: on a PostgreSQL server with JIT on (the default),
    // compiling took 2 s for a statement that runs in milliseconds. Off for this statement only; PGlite has no
    // JIT and takes the setting as a no-op.
    await tx.execute(sql`set local jit = off`)
    return rows<SalesDay>(tx, query)
  })
}
