import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'

/**
 * Sets each product's `rating` to the mean of its approved reviews (two decimals), 0 when it has none: pending
 * and rejected reviews do not count (CONTRACT 4.5). Call it inside the transaction that changed the reviews, so
 * the rating and the reviews are never seen apart.
 */
export async function recomputeRatings(db: Db, productIds: number[]): Promise<void> {
  const unique = [...new Set(productIds)]
  if (unique.length === 0) return
  await db.execute(sql`
    update products p
       set rating = coalesce((select round(avg(r.rating)::numeric, 2)::float8 from reviews r
                               where r.product_id = p.id and r.status = 'approved'), 0)
     where p.id in (${sql.join(
       unique.map((id) => sql`${id}`),
       sql`, `,
     )})`)
}
