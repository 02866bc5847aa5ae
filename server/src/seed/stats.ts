import { sql } from 'drizzle-orm'
import { type Db, rows } from '../db/client.ts'

/**
 * Sets every product's `sold` (units in lines of delivered orders, CONTRACT 5.3) and `rating` (mean of its
 * approved reviews, two decimals, 0 with none: CONTRACT 4.5) from the rows themselves, in one set-based statement each way. Only rows
 * whose figures change are written; returns how many that was.
 */
export async function recomputeProductFigures(db: Db): Promise<number> {
  const result = await db.execute(sql`
    with sold as (
      select l.product_id, sum(l.quantity)::int as sold
        from order_lines l join orders o on o.id = l.order_id
       where o.status = 3
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

/**
 * Gives a freshly loaded store the stock history its orders would have written (CONTRACT 5.3): each stock's
 * opening (a product's own, or each of its variants') as received when the product was added, being what it holds
 * now plus what its orders took; then one `order` movement per order and stock for each order that is not
 * cancelled, in time order, each with the stock it left. Those orders' lines then hold their stock, so cancelling
 * one gives it back. Returns how many movements were written.
 */
export async function stockHistoryFromOrders(db: Db): Promise<number> {
  await db.execute(sql`
    update order_lines l set stock_taken = true
      from orders o where o.id = l.order_id and o.status <> 0 and not l.stock_taken`)
  const result = await db.execute(sql`
    with taken as (
      select l.product_id, l.variant_id, o.id as order_id, o.created_at as at, sum(l.quantity)::int as units
        from order_lines l join orders o on o.id = l.order_id
       where o.status <> 0
       group by l.product_id, l.variant_id, o.id, o.created_at
    ), holders as (
      select p.id as product_id, null::bigint as variant_id, p.quantity as held, p.created_at
        from products p
       where not exists (select 1 from product_variants v where v.product_id = p.id)
      union all
      select v.product_id, v.id, v.quantity, p.created_at
        from product_variants v join products p on p.id = v.product_id
    ), opening as (
      select h.product_id, h.variant_id, least(h.created_at, min(t.at)) - interval '1 minute' as at,
             h.held + coalesce(sum(t.units), 0)::int as stock
        from holders h
        left join taken t on t.product_id = h.product_id and t.variant_id is not distinct from h.variant_id
       group by h.product_id, h.variant_id, h.held, h.created_at
    ), moves as (
      select product_id, variant_id, at, stock as delta, stock as after, 'received' as reason,
             null::bigint as order_id
        from opening where stock > 0
      union all
      select t.product_id, t.variant_id, t.at, -t.units,
             (o.stock - sum(t.units) over (partition by t.product_id, t.variant_id
                                           order by t.at, t.order_id))::int,
             'order', t.order_id
        from taken t
        join opening o on o.product_id = t.product_id and o.variant_id is not distinct from t.variant_id
    )
    insert into stock_movements (product_id, variant_id, at, delta, after, reason, order_id)
    select product_id, variant_id, at, delta, after, reason, order_id from moves
     order by at, product_id, variant_id nulls first, order_id nulls first`)
  const counted = result as unknown as { rowCount?: number | null; affectedRows?: number }
  return counted.rowCount ?? counted.affectedRows ?? 0
}
