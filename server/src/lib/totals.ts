import { type SQL, sql } from 'drizzle-orm'
import { type Db, rows } from '../db/client.ts'

/** The populations a list shows. `products` are the live ones; `customers` and `admins` are users by role. */
export type Counted =
  | 'users'
  | 'customers'
  | 'admins'
  | 'categories'
  | 'brands'
  | 'products'
  | 'reviews'
  | 'orders'

const populations: Record<Counted, { table: SQL; where?: SQL }> = {
  users: { table: sql`users` },
  customers: { table: sql`users`, where: sql`role = 'user'` },
  admins: { table: sql`users`, where: sql`role = 'admin'` },
  categories: { table: sql`categories` },
  brands: { table: sql`brands` },
  products: { table: sql`products`, where: sql`deleted_at is null` },
  reviews: { table: sql`reviews` },
  orders: { table: sql`orders` },
}

/**
 * The exact `totalResults` of a list: every row of `what`, narrowed by `search` (a condition over the same
 * table) when given. Every list counts through here, so how counting stays fast at millions of rows is
 * decided in one place.
 */
export async function countRows(db: Db, what: Counted, search?: SQL): Promise<number> {
  const { table, where } = populations[what]
  const conditions = [where, search].filter((c): c is SQL => c !== undefined)
  const filter = conditions.length ? sql` where ${sql.join(conditions, sql` and `)}` : sql``
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::float8 as n from ${table}${filter}`)
  return row?.n ?? 0
}
