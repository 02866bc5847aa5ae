import { eq } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'

/**
 * Locks the row a write call is about to change, until its transaction ends. A handler reads the record's
 * "before" after this, so no other write can slip in between that read and its own write, and the entry's
 * before values are exactly what the write replaced. An unknown id locks nothing; the write then answers its
 * own 404.
 */
export async function lockForChange(db: Db, table: PgTable, id: PgColumn, value: number | null) {
  if (value === null) return
  await db.select({ id }).from(table).where(eq(id, value)).for('update')
}
