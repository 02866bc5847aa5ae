import type { AuditAction, AuditEntity } from '@store/contract'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/client.ts'
import { auditLog } from '../db/schema.ts'

export type Changes = Record<string, [before: unknown, after: unknown]>

/**
 * Fields whose values never reach the log: a change reads `changed`. A one-time link (`setupLink`, `link`)
 * carries its token in its address, so it is a secret too.
 */
const SECRET = /^(password\w*|\w*hash|\w*secret|\w*token|code|recoveryCodes?|\w*link)$/i
/**
 * Fields no person changes (kept by the database, or the record's id, which the entry names already), left out
 * of a record's changes. `version` (CONTRACT 4.6) moves with every edit, so it would only repeat that there was
 * one.
 */
const NOISE = new Set(['id', '_id', 'updatedAt', 'createdAt', 'version', 'nameSearch', 'contentSearch'])

const comparable = (value: unknown) => JSON.stringify(value ?? null)

/** A value as the log keeps it: a secret nested in it (a token inside an object) reads `changed` as well. */
function scrubbed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubbed)
  if (value === null || typeof value !== 'object' || value instanceof Date) return value
  return Object.fromEntries(
    Object.entries(value).map(([field, v]) => [field, SECRET.test(field) ? 'changed' : scrubbed(v)]),
  )
}

/** What one entry is about: the kind of record and what was done to it. */
export interface AuditSubject {
  entity: AuditEntity
  action: AuditAction
}

/**
 * What a write call tells the audit log beyond what its endpoint already says (`audit` in the endpoint table):
 * the record's id when the address does not hold it, the fields it changed, and for a sign-in who it was and
 * whether it failed. A call about many records (a bulk call) also notes one entry per record it changed
 * (`records`, filled by `eachOnItsOwn`). The call runner writes every entry; a handler only fills this in.
 */
export class AuditNote {
  /** The entries of the records a bulk call changed, each with its own subject; written before the call's own. */
  readonly records: { subject: AuditSubject; note: AuditNote }[] = []
  /** The record's id; by default the address's `:id`, else the answer's `data.id`. */
  entityId?: string | null
  changes: Changes = {}
  /** Who acted, when it is not the signed-in account (a sign-in, a reset link). */
  actor?: { id: number; name: string; email: string } | null
  /** Another action than the endpoint's: a failed sign-in. */
  action?: AuditAction
  /** Nothing happened worth an entry (a reset asked for an e-mail no account has). */
  skip = false
  /** A call recorded outside its transaction also records its failure (a wrong password). */
  recordFailure = false

  /** The changed fields of an update: each field of `after` whose value differs from `before`'s. */
  diff(before: object, after: object, fields?: readonly string[]) {
    const a = after as Record<string, unknown>
    const b = before as Record<string, unknown>
    for (const field of fields ?? Object.keys(a)) {
      if (NOISE.has(field) || !(field in a)) continue
      if (comparable(b[field]) !== comparable(a[field])) this.set(field, b[field], a[field])
    }
    return this
  }

  /** Every field of a new record, as `[null, value]`. */
  created(after: object) {
    return this.diff({}, after)
  }

  /** Every field of a deleted record, as `[value, null]`. */
  deleted(before: object) {
    for (const [field, value] of Object.entries(before)) {
      if (!NOISE.has(field) && value !== null && value !== undefined) this.set(field, value, null)
    }
    return this
  }

  /** One change; a secret is written as `changed` whatever its values. */
  set(field: string, before: unknown, after: unknown) {
    this.changes[field] = SECRET.test(field)
      ? [null, 'changed']
      : [scrubbed(before ?? null), scrubbed(after ?? null)]
    return this
  }
}

export interface AuditEntryInput {
  action: AuditAction
  entity: AuditEntity
  entityId: string | null
  actor: { id: number; name: string; email: string } | null
  changes: Changes
  ip: string | null
  userAgent: string | null
  at: Date
}

export async function writeAuditEntry(db: Db, entry: AuditEntryInput) {
  await db.insert(auditLog).values({
    at: entry.at,
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.name ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    changes: entry.changes,
    ip: entry.ip,
    userAgent: entry.userAgent,
  })
}

/** The entry a call's note and its endpoint make, with the defaults a note leaves to them. */
export function entryOf(
  request: FastifyRequest,
  spec: AuditSubject,
  note: AuditNote,
  answer: unknown,
): AuditEntryInput {
  const params = request.params as Record<string, unknown> | undefined
  const data = (answer as { data?: { id?: unknown } } | null | undefined)?.data
  const fromAnswer = data && typeof data === 'object' && typeof data.id === 'string' ? data.id : undefined
  const fromAddress = typeof params?.id === 'string' ? params.id : undefined
  const admin = request.admin
  const userAgent = request.headers['user-agent']
  return {
    action: note.action ?? spec.action,
    entity: spec.entity,
    entityId: note.entityId !== undefined ? note.entityId : (fromAddress ?? fromAnswer ?? null),
    actor:
      note.actor !== undefined
        ? note.actor
        : admin
          ? { id: admin.id, name: admin.name, email: admin.email }
          : null,
    changes: note.changes,
    ip: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
    at: request.server.services.now(),
  }
}
