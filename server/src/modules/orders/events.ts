import type { Order, OrderEvent, OrderEventType } from '@store/contract'
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orderEvents, orders } from '../../db/schema.ts'
import type { Actor } from '../../lib/actor.ts'
import { notFound } from '../../lib/errors.ts'
import { ids } from '../../lib/ids.ts'
import { liveEvents } from '../../lib/live-events.ts'

// An order's timeline (CONTRACT 4.5): each status move, payment change, edit, deleted line and staff note, with
// who did it and when. A change writes its event through the call's `db`, which for a write call is the call's
// transaction: the event exists exactly when the change does.

/** What an event says, apart from which order, who and when. */
export interface EventInput {
  type: OrderEventType
  from?: string | number
  to?: string | number
  note?: string
  changes?: Record<string, [unknown, unknown]>
}

type EventRow = typeof orderEvents.$inferSelect

/** A status is kept as its code, in text: the answer gives it back as the number it was. */
const keptValue = (type: string, value: string | null) =>
  value === null ? undefined : type === 'status' ? Number(value) : value

export function toOrderEvent(row: EventRow): OrderEvent {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    // An account deleted since leaves the entry without an actor, as the audit log does.
    actor:
      row.actorId === null
        ? null
        : { name: row.actorName ?? '', email: row.actorEmail ?? '', ...ids(row.actorId) },
    type: row.type,
    ...(row.fromValue !== null && { from: keptValue(row.type, row.fromValue) }),
    ...(row.toValue !== null && { to: keptValue(row.type, row.toValue) }),
    ...(row.note !== null && { note: row.note }),
    ...(row.changes !== null && { changes: row.changes }),
  }
}

/**
 * Writes events of one order, in the order given, and answers them as the timeline shows them; notes the live
 * update `order.created` (with a 'created' entry) or `order.updated`.
 */
export async function recordEvents(
  db: Db,
  orderId: number,
  actor: Actor | null,
  at: Date,
  events: readonly EventInput[],
): Promise<OrderEvent[]> {
  if (events.length === 0) return []
  const rows = await db
    .insert(orderEvents)
    .values(
      events.map((e) => ({
        orderId,
        at,
        actorId: actor?.id ?? null,
        actorName: actor?.name ?? null,
        actorEmail: actor?.email ?? null,
        type: e.type,
        fromValue: e.from === undefined ? null : String(e.from),
        toValue: e.to === undefined ? null : String(e.to),
        note: e.note ?? null,
        changes: e.changes ?? null,
      })),
    )
    .returning()
  // Every change of an order writes its timeline, here: the live updates say so (CONTRACT 5.7), once committed.
  const made = events.some((e) => e.type === 'created')
  liveEvents.emit({ type: made ? 'order.created' : 'order.updated', data: { id: String(orderId) } })
  return rows.map(toOrderEvent)
}

/** The fields an 'edited' event follows; the status and the payment status have events of their own. */
const EDITED_FIELDS = ['address', 'amount', 'quantity', 'customerNote', 'methodPayment'] as const

/** The events an edit of an order makes: its status move, its payment change, and the other fields it changed. */
export function eventsOfEdit(before: Order, after: Order): EventInput[] {
  const events: EventInput[] = []
  if (before.status !== after.status) events.push({ type: 'status', from: before.status, to: after.status })
  if (before.paymentStatus !== after.paymentStatus)
    events.push({ type: 'payment', from: before.paymentStatus, to: after.paymentStatus })
  const changes: Record<string, [unknown, unknown]> = {}
  for (const field of EDITED_FIELDS) {
    if (before[field] !== after[field]) changes[field] = [before[field], after[field]]
  }
  if (Object.keys(changes).length > 0) events.push({ type: 'edited', changes })
  return events
}

/**
 * The timeline of an order, newest first (ties by id, the later written first). An order staff took (CONTRACT
 * 5.1) starts with its stored 'created' entry; one placed by the storefront has none, and its timeline ends with
 * a 'created' entry made from the order's `createdAt`, with no actor (docs/deviations.md).
 */
export async function listOrderEvents(db: Db, orderId: number | null): Promise<OrderEvent[]> {
  const [order] = orderId
    ? await db
        .select({ id: orders.id, createdAt: orders.createdAt })
        .from(orders)
        .where(eq(orders.id, orderId))
    : []
  if (!order) throw notFound('orderNotFound')
  const rows = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(desc(orderEvents.at), desc(orderEvents.id))
  const events = rows.map(toOrderEvent)
  // An order staff took has its own 'created' entry, with who took it; one from the storefront gets it here.
  if (events.at(-1)?.type === 'created') return events
  return [
    ...events,
    { id: `created-${order.id}`, at: order.createdAt.toISOString(), actor: null, type: 'created' },
  ]
}

/** A staff note on the order's timeline; 404 for an unknown order. */
export async function addOrderNote(
  db: Db,
  orderId: number | null,
  note: string,
  actor: Actor | null,
  at: Date,
): Promise<OrderEvent> {
  const [order] = orderId
    ? await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('key share')
    : []
  if (!order) throw notFound('orderNotFound')
  const [event] = await recordEvents(db, order.id, actor, at, [{ type: 'note', note }])
  return event!
}
