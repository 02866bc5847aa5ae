import type { AuditAction, AuditEntity, AuditEntry, AuditFilters, AuditListQuery } from '@store/contract'
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { auditLog } from '../../db/schema.ts'
import { keysetBatches } from '../../lib/csv.ts'
import { toDbId } from '../../lib/ids.ts'
import { metaOf, pageOf } from '../../lib/list.ts'

type Row = typeof auditLog.$inferSelect

export const toAuditEntry = (r: Row): AuditEntry => ({
  id: String(r.id),
  at: r.at.toISOString(),
  actor:
    r.actorId === null ? null : { id: String(r.actorId), name: r.actorName ?? '', email: r.actorEmail ?? '' },
  action: r.action as AuditAction,
  entity: r.entity as AuditEntity,
  entityId: r.entityId,
  entityName: r.entityName,
  changes: r.changes ?? {},
  ip: r.ip,
  userAgent: r.userAgent,
})

/** A filter's text, trimmed; `undefined` when empty. */
const given = (value: string | undefined) => value?.trim() || undefined

/**
 * The entries `filters` keep. `from` and `to` are whole days of the shop's calendar (`timeZone`), both
 * included: from the first one's midnight there up to, not including, the midnight after the last one.
 * PostgreSQL turns the days into instants with the zone's own rules, summer time included.
 */
function matching(filters: AuditFilters, timeZone: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = []
  const actor = given(filters.actor)
  if (actor !== undefined) {
    const actorId = toDbId(actor)
    // An id that cannot be one of ours names nobody: no entry, rather than an error.
    conditions.push(actorId === null ? sql`false` : eq(auditLog.actorId, actorId))
  }
  if (filters.entity) conditions.push(eq(auditLog.entity, filters.entity))
  const entityId = given(filters.entityId)
  if (entityId !== undefined) conditions.push(eq(auditLog.entityId, entityId))
  if (filters.action) conditions.push(eq(auditLog.action, filters.action))
  if (filters.from)
    conditions.push(sql`${auditLog.at} >= (${filters.from}::date::timestamp at time zone ${timeZone})`)
  if (filters.to)
    conditions.push(sql`${auditLog.at} < ((${filters.to}::date + 1)::timestamp at time zone ${timeZone})`)
  return and(...conditions)
}

/** Newest first, ties broken by id; `nulls last` as the indexes are built, so they serve the order. */
const newestFirst = [sql`${auditLog.at} desc nulls last`, sql`${auditLog.id} desc nulls last`]

export async function listAuditLog(db: Db, query: AuditListQuery, timeZone: string) {
  const where = matching(query, timeZone)
  const { limit, offset } = pageOf(query)
  const [page, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::float8` }).from(auditLog).where(where),
  ])
  return { data: page.map(toAuditEntry), meta: metaOf(query, total?.n ?? 0) }
}

/**
 * Every entry `filters` keep, newest first, in batches of `size`. Each batch starts after the last entry of the
 * one before by `(at, id)`, its exact stored time included (read as text: a JavaScript date would drop the
 * microseconds and repeat or skip entries). An entry written while the export runs sorts before the batches
 * still to come, so it is not in the file, and no entry is ever in it twice.
 */
export function auditBatches(db: Db, filters: AuditFilters, timeZone: string, size: number) {
  const where = matching(filters, timeZone)
  type Cursored = Row & { cursorAt: string }
  return keysetBatches<Cursored>(async (last) => {
    const after = last
      ? sql`(${auditLog.at}, ${auditLog.id}) < (${last.cursorAt}::timestamptz, ${last.id})`
      : undefined
    return db
      .select({ ...getTableColumns(auditLog), cursorAt: sql<string>`${auditLog.at}::text` })
      .from(auditLog)
      .where(and(where, after))
      .orderBy(...newestFirst)
      .limit(size)
  }, size)
}
