import type { SalesDay, SalesFigures } from '@store/contract'
import { sql } from 'drizzle-orm'
import { type Db, rows } from '../../db/client.ts'
import { storeTime } from '../../lib/csv.ts'

/**
 * The dashboard's figures: cancelled orders (status 0) excluded, "today" and "this month" in `timeZone`. Summed
 * from the day rollup (`sales_days`, migration 0011), which its triggers keep by the store's day in the zone
 * the server set at start (`syncStatsZone`, the same `STORE_TZ`): three years are about 1,100 rows, where the
 * hourly rollup held 26,000. One statement, so every figure comes from the same snapshot.
 */
export async function salesFigures(db: Db, now: Date, timeZone: string): Promise<SalesFigures> {
  const today = storeTime(now, timeZone).slice(0, 10)
  const [year, month] = today.split('-').map(Number) as [number, number]
  const monthStart = `${today.slice(0, 8)}01`
  const nextMonth = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
  const inMonth = sql`s.day >= ${monthStart}::date and s.day < ${nextMonth}::date`
  const [row] = await rows<SalesFigures>(
    db,
    sql`select coalesce(sum(s.revenue) filter (where s.day = ${today}::date), 0)::float8 as "amountCurrentDate",
               coalesce(sum(s.orders) filter (where ${inMonth}), 0)::float8 as "orderMonth",
               coalesce(sum(s.orders), 0)::float8 as "orderTotal",
               coalesce(sum(s.units) filter (where ${inMonth}), 0)::float8 as "soldMonth",
               coalesce(sum(s.units), 0)::float8 as "soldTotal",
               coalesce(sum(s.revenue) filter (where ${inMonth}), 0)::float8 as "amountMonth",
               coalesce(sum(s.revenue), 0)::float8 as "amountTotal",
               coalesce(sum(s.shipping) filter (where ${inMonth}), 0)::float8 as "shippingMonth",
               coalesce(sum(s.shipping), 0)::float8 as "shippingTotal"
          from sales_days s`,
  )
  return row!
}

/**
 * Sales per calendar day of the store (`timeZone`): the `days` days ending with today around `now`, oldest
 * first, one entry per day (zeros when none sold), cancelled orders (status 0) excluded as in `salesFigures`.
 *
 * Each day is cut in SQL: PostgreSQL turns each local midnight into an
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
