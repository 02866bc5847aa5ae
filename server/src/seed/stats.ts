import { sql } from 'drizzle-orm'
import { type Db, rows } from '../db/client.ts'

/**
 * Sets every product's `sold` (units in lines of orders that are not cancelled) and `rating` (mean of its
 * approved reviews, two decimals, 0 with none: CONTRACT 4.5) from the rows themselves, in one set-based statement each way. Only rows
 * whose figures change are written; returns how many that was.
 */
export async function recomputeProductFigures(db: Db): Promise<number> {
  const result = await db.execute(sql`
    with sold as (
      select l.product_id, sum(l.quantity)::int as sold
        from order_lines l join orders o on o.id = l.order_id
       where o.status <> 0
       group by l.product_id
    ), rated as (
      select product_id, round(avg(rating)::numeric, 2)::float8 as rating
        from reviews where status = 'approved' group by product_id
    )
    update products p set sold = coalesce(s.sold, 0), rating = coalesce(r.rating, 0)
      from products q
      left join sold s on s.product_id = q.id
      left join rated r on r.product_id = q.id
     where p.id = q.id and (p.sold <> coalesce(s.sold, 0) or p.rating <> coalesce(r.rating, 0))`)
  // node-postgres says rowCount, PGlite affectedRows.
  const counted = result as unknown as { rowCount?: number | null; affectedRows?: number }
  return counted.rowCount ?? counted.affectedRows ?? 0
}

/**
 * Calls `rebuild_stats()` (counters and sales rollups kept by triggers) when a migration has defined it, so
 * rows written with triggers off are counted too. Returns whether it ran.
 */
export async function rebuildStatsIfPresent(db: Db): Promise<boolean> {
  const [row] = await rows<{ present: boolean }>(
    db,
    sql`select to_regproc('rebuild_stats') is not null as present`,
  )
  if (!row?.present) return false
  await db.execute(sql`select rebuild_stats()`)
  return true
}

/** What a load ends with: product figures from their rows, then the store's counters. */
export async function finishLoad(db: Db): Promise<void> {
  await recomputeProductFigures(db)
  await rebuildStatsIfPresent(db)
}
