import type { AuditEntity } from '@store/contract'
import { eq, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import { lastChangeOf } from './audit.ts'
import { badRequest, editedMeanwhile, HttpError } from './errors.ts'

/**
 * Edited meanwhile (CONTRACT 4.6). Every record with an edit screen has a `version` column that each edit call
 * raises by one (`nextVersion`). An edit that says which version it was made from is applied only if the record
 * is still at it: the check is a condition of the UPDATE itself (`versionIs`), so no other write can come
 * between the check and the change. When the UPDATE then touches no row, `staleOrMissing` answers 409 with the
 * record as it is now, or the record's 404 when it is gone.
 *
 * @example
 *   const sent = sentVersion(request)
 *   const [row] = await db.update(brands).set({ name, version: nextVersion(brands.version) })
 *     .where(and(eq(brands.id, id), versionIs(brands.version, sent))).returning()
 *   if (!row) return staleOrMissing(() => getBrand(db, id))
 */

/** The version a request edits from: `version` in its body, else `If-Match: "<version>"`; undefined if neither. */
export function sentVersion(request: {
  body?: unknown
  headers: Record<string, unknown>
}): number | undefined {
  const body = request.body
  if (body && typeof body === 'object' && 'version' in body) {
    const v = (body as { version?: unknown }).version
    if (typeof v === 'number') return v
  }
  const header = request.headers['if-match']
  if (header === undefined || header === '') return undefined
  const m = typeof header === 'string' ? /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header) : null
  if (!m) throw badRequest('If-Match', 'versionHeader')
  return Number(m[1])
}

/** The UPDATE's condition that the record is still at `sent`; no condition when nothing was sent. */
export const versionIs = (column: PgColumn, sent: number | undefined): SQL | undefined =>
  sent === undefined ? undefined : eq(column, sent)

/** The value an edit sets the version to. */
export const nextVersion = (column: PgColumn): SQL => sql`${column} + 1`

/**
 * After an UPDATE with `versionIs` touched no row: 409 with the current record when it still exists (`current`
 * throws the record's own 404 when it does not).
 */
export async function staleOrMissing(current: () => Promise<unknown>): Promise<never> {
  throw editedMeanwhile(await current())
}

/**
 * A write call's failure as it is answered: an `editedMeanwhile` refusal about a record the log knows gains who
 * last changed it and when (`params: { by, at }`, from its newest audit entry), for the person to see whose save
 * came first. The call runner asks once the call's transaction is over; any other failure goes on as it is.
 */
export async function whoEditedMeanwhile(
  db: Db,
  error: unknown,
  entity: AuditEntity,
  id: string | null,
): Promise<unknown> {
  if (!(error instanceof HttpError) || error.refusal.code !== 'editedMeanwhile' || id === null) return error
  const last = await lastChangeOf(db, entity, id)
  return last
    ? new HttpError(409, { code: 'editedMeanwhile', params: last }, error.fields, error.data)
    : error
}
