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
 * Sales per calendar day of the store (`timeZone`, the zone the day rollup is kept in): the `days` days ending
 * with today around `now`, oldest first, one entry per day (zeros when none sold), cancelled orders (status 0)
 * excluded as in `salesFigures`. One range of `sales_days`.
 */
export async function salesPerDay(db: Db, now: Date, timeZone: string, days: number): Promise<SalesDay[]> {
  const today = storeTime(now, timeZone).slice(0, 10)
  return rows<SalesDay>(
    db,
    sql`select to_char(d.day, 'YYYY-MM-DD') as date,
               coalesce(sum(s.revenue), 0)::float8 as amount,
               coalesce(sum(s.orders), 0)::float8 as orders
          from generate_series(${today}::date - ${days - 1}::int, ${today}::date, interval '1 day') d (day)
          left join sales_days s on s.day = d.day::date
         group by d.day
         order by d.day`,
  )
}
