import { type SQL, sql } from 'drizzle-orm'
import { type Db, rows } from '../db/client.ts'

/**
 * The exact number of rows of `table` that match `where`: the `totalResults` of a list page.
 * Every list counts through here, so how counting is made fast at millions of rows is decided in one place.
 */
export async function countRows(db: Db, table: SQL, where?: SQL): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::float8 as n from ${table}${where ? sql` where ${where}` : sql``}`,
  )
  return row?.n ?? 0
}
