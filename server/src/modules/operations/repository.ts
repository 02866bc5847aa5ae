import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'

/** The health check's question: the cheapest statement there is, which throws when the database cannot answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`)
}
