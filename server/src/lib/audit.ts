import { AUDIT_NOISE, type AuditAction, type AuditEntity, type AuditField } from '@store/contract'
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/client.ts'
import { auditLog, orderEvents } from '../db/schema.ts'

export type Changes = Record<string, [before: unknown, after: unknown]>

/**
 * Fields whose values never reach the log: a change reads `changed`. A one-time link (`setupLink`, `link`)
 * carries its token in its address, so it is a secret too.
 */
const SECRET = /^(password\w*|\w*hash|\w*secret|\w*token|code|recoveryCodes?|\w*link)$/i
/** Fields no person changes, left out of a record's changes (`AUDIT_NOISE`). */
const NOISE = new Set(AUDIT_NOISE)

const comparable = (value: unknown) => JSON.stringify(value ?? null)

/** A value as the log keeps it: a secret nested in it (a token inside an object) reads `changed` as well. */
function scrubbed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubbed)
  if (value === null || typeof value !== 'object' || value instanceof Date) return value
  return Object.fromEntries(
    Object.entries(value).map(([field, v]) => [field, SECRET.test(field) ? 'changed' : scrubbed(v)]),
  )
}

/**
 * What people call a record, for the log to show beside its id ('Product “Áo thun basic”' rather than 'Product
 * 64'): its own name; else its product's, for an order line or a review; else its customer's, for an order.
 */
export function nameOf(record: unknown): string | undefined {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return undefined
  const r = record as {
    name?: unknown
    product?: { name?: unknown } | null
    user?: { name?: unknown } | null
  }
  for (const name of [r.name, r.product?.name, r.user?.name])
    if (typeof name === 'string' && name !== '') return name
  return undefined
}

/**
 * Actions that edit a record: an entry of one says what changed, so an edit that changed nothing (a form saved
 * as it was) writes none. Every other action is an event worth its entry even without fields (a sign-in).
 */
const EDITS: ReadonlySet<AuditAction> = new Set(['update', 'shipment'])

/** Whether a note makes an entry: anything but an edit that changed no field. */
export const worthAnEntry = (action: AuditAction, note: AuditNote) =>
  !EDITS.has(action) || Object.keys(note.changes).length > 0

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
  /**
   * What people call the record (`nameOf`). Taken from the record whose fields are noted (the new one of an
   * edit), else from the answer's `data`, else, for one's own account, from the account; a handler sets it when
   * none of those holds it.
   */
  name?: string | null
  changes: Changes = {}
  /** Who acted, when it is not the signed-in account (a sign-in, a reset link). */
  actor?: { id: number; name: string; email: string } | null
  /** Another action than the endpoint's: a failed sign-in. */
  action?: AuditAction
  /** Nothing happened worth an entry (a reset asked for an email no account has). */
  skip = false
  /** A call recorded outside its transaction also records its failure (a wrong password). */
  recordFailure = false

  /** The changed fields of an update: each field of `after` whose value differs from `before`'s. */
  diff(before: object, after: object, fields?: readonly string[]) {
    const a = after as Record<string, unknown>
    const b = before as Record<string, unknown>
    this.name ??= nameOf(after) ?? nameOf(before)
    for (const field of fields ?? Object.keys(a)) {
      if (NOISE.has(field) || !(field in a)) continue
      if (comparable(b[field]) !== comparable(a[field])) this.put(field, b[field], a[field])
    }
    return this
  }

  /** Every field of a new record, as `[null, value]`. */
  created(after: object) {
    return this.diff({}, after)
  }

  /** Every field of a deleted record, as `[value, null]`. */
  deleted(before: object) {
    this.name ??= nameOf(before)
    for (const [field, value] of Object.entries(before)) {
      if (!NOISE.has(field) && value !== null && value !== undefined) this.put(field, value, null)
    }
    return this
  }

  /** One change, of a field the log knows (`AUDIT_FIELDS`, each with its label on the Audit log screen). */
  set(field: AuditField, before: unknown, after: unknown) {
    return this.put(field, before, after)
  }

  /** One change; a secret is written as `changed` whatever its values. */
  private put(field: string, before: unknown, after: unknown) {
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
  /** What people call the record (`nameOf`); none for an entry about no one record. */
  entityName?: string | null
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
    entityName: entry.entityName ?? null,
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
  const entityId = note.entityId !== undefined ? note.entityId : (fromAddress ?? fromAnswer ?? null)
  const actor =
    note.actor !== undefined
      ? note.actor
      : admin
        ? { id: admin.id, name: admin.name, email: admin.email }
        : null
  // One's own account (a sign-in, a password changed) is called by one's own name.
  const ownAccount = spec.entity === 'account' && actor !== null && entityId === String(actor.id)
  const entityName =
    entityId === null ? null : (note.name ?? nameOf(data) ?? (ownAccount ? actor.name : undefined) ?? null)
  return {
    action: note.action ?? spec.action,
    entity: spec.entity,
    entityId,
    entityName,
    actor,
    changes: note.changes,
    ip: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
    at: request.server.services.now(),
  }
}

/** Record types that are one record underneath: a member of staff is an account, and a user of the user calls. */
const ONE_ACCOUNT: readonly AuditEntity[] = ['staff', 'user', 'account']

/** The actions that change a record as its edit screen shows it (and move its version): not a sign-in, say. */
const CHANGES: readonly AuditAction[] = ['create', 'update', 'stockAdjust', 'shipment']

/**
 * Who last changed a record and when, as its newest entry of a change says: what a refusal of an edit made from
 * an older version tells the person (CONTRACT 4.6). Undefined when the log has no such entry, or none with a
 * person.
 */
export async function lastChangeOf(db: Db, entity: AuditEntity, entityId: string) {
  if (entity === 'order') return lastOrderChange(db, entityId)
  const entities = ONE_ACCOUNT.includes(entity) ? ONE_ACCOUNT : [entity]
  const [last] = await db
    .select({ name: auditLog.actorName, at: auditLog.at })
    .from(auditLog)
    .where(
      and(
        inArray(auditLog.entity, [...entities]),
        eq(auditLog.entityId, entityId),
        inArray(auditLog.action, [...CHANGES]),
      ),
    )
    // As the record's index is built (`nulls last`), so it serves the order.
    .orderBy(sql`${auditLog.at} desc nulls last`, sql`${auditLog.id} desc nulls last`)
    .limit(1)
  return last?.name ? { by: last.name, at: last.at.toISOString() } : undefined
}

/**
 * An order's changes, its lines' included (filed in the log under each line), are all on the order's timeline: its
 * newest event that is not a note says who last changed it and when.
 */
async function lastOrderChange(db: Db, orderId: string) {
  if (!/^\d{1,18}$/.test(orderId)) return undefined
  const [last] = await db
    .select({ name: orderEvents.actorName, at: orderEvents.at })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, Number(orderId)), ne(orderEvents.type, 'note')))
    // As the timeline's index is built, so it serves the order.
    .orderBy(sql`${orderEvents.at} desc`, sql`${orderEvents.id} desc`)
    .limit(1)
  return last?.name ? { by: last.name, at: last.at.toISOString() } : undefined
}
