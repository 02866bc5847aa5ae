import {
  type Carrier,
  canMoveShipment,
  type Order,
  type Shipment,
  type ShipmentBody,
  type ShipmentUpdateBody,
} from '@store/contract'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orders, shipments } from '../../db/schema.ts'
import type { ChangeBy } from '../../lib/actor.ts'
import { conflict, isUniqueViolation } from '../../lib/errors.ts'
import { nextVersion } from '../../lib/versions.ts'
import { type EventInput, recordEvents } from '../orders/events.ts'
import { lockOrder, moveOrderStatus, type ShipmentRow, toShipment } from '../orders/repository.ts'

// Shipments (CONTRACT 5.5): an order handed to a carrier, one an order. Every write locks the order first
// (`lockOrder`), so the checks below read the order and its shipment as they stay until the transaction ends, and
// a change of the order's status goes through the one status path, `moveOrderStatus`.

/** The order's shipment, as it is under the order's lock. */
async function shipmentOfOrder(db: Db, orderId: number): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(shipments).where(eq(shipments.orderId, orderId))
  return row
}

/** The order that holds `trackingNumber` at `carrier`, for the refusal that names it. */
async function trackingHolder(db: Db, carrier: Carrier, trackingNumber: string) {
  const [row] = await db
    .select({ orderId: shipments.orderId })
    .from(shipments)
    .where(and(eq(shipments.carrier, carrier), eq(shipments.trackingNumber, trackingNumber)))
  return row ? String(row.orderId) : ''
}

/**
 * Writes a shipment's row (an insert or an update) in a savepoint of its own: a tracking number another shipment
 * of the carrier holds is refused by the unique index `shipments_tracking_key` (whatever a check before it read,
 * two calls racing for one number cannot both have it), and the savepoint keeps the transaction usable to name
 * the order that holds it: 409 `trackingTaken`.
 */
async function writeTracked<T>(
  db: Db,
  carrier: Carrier,
  trackingNumber: string | null | undefined,
  write: (tx: Db) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction((tx) => write(tx as Db))
  } catch (error) {
    if (!trackingNumber || !isUniqueViolation(error, 'shipments_tracking_key')) throw error
    const orderId = await trackingHolder(db, carrier, trackingNumber)
    throw conflict('trackingTaken', { trackingNumber, orderId }, 'trackingNumber')
  }
}

/** What a shipment write answers: the order as it was before, and the shipment as it is now. */
export interface ShipmentWrite {
  before: Order
  shipment: Shipment
}

/**
 * A new shipment of an order (CONTRACT 5.5). Only a Processing order ships; a Pending one moves to Processing
 * first through `moveOrderStatus`, in the same transaction (any other status: 409 `shipmentOrderStatus`). One
 * shipment an order (409 `shipmentExists`; the order's lock makes a second call wait and find it). `codAmount`
 * defaults to the order's `amount` while it is not paid (nor refunded), else 0. The timeline gets a `shipment`
 * entry: its first step and what it was made with.
 */
export async function createShipment(
  db: Db,
  orderId: number | null,
  body: ShipmentBody,
  change: ChangeBy,
): Promise<ShipmentWrite> {
  const before = await lockOrder(db, orderId)
  if (before.shipment) throw conflict('shipmentExists')
  if (before.status !== 1 && before.status !== 2)
    throw conflict('shipmentOrderStatus', { status: before.status }, 'status')
  if (before.status === 1) await moveOrderStatus(db, before, 2, change)
  const id = Number(before.id)
  const paid = before.paymentStatus === 'paid' || before.paymentStatus === 'refunded'
  const codAmount = body.codAmount ?? (paid ? 0 : before.amount)
  const trackingNumber = body.trackingNumber ?? null
  const row = await writeTracked(db, body.carrier, trackingNumber, async (tx) => {
    const [inserted] = await tx
      .insert(shipments)
      .values({
        orderId: id,
        carrier: body.carrier,
        trackingNumber,
        codAmount,
        weightGrams: body.weightGrams ?? null,
        note: body.note ?? null,
        status: 'ready',
        createdAt: change.now,
        updatedAt: change.now,
      })
      .returning()
    return inserted!
  })
  await touchOrder(db, id, change.now)
  const changes: Record<string, [unknown, unknown]> = { carrier: [null, body.carrier] }
  if (trackingNumber !== null) changes.trackingNumber = [null, trackingNumber]
  changes.codAmount = [null, codAmount]
  await recordEvents(db, id, change.actor, change.now, [{ type: 'shipment', to: 'ready', changes }])
  return { before, shipment: toShipment(row) }
}

/** The order's version rises with its shipment: a form filled before it (CONTRACT 4.6) hears that it changed. */
async function touchOrder(db: Db, orderId: number, now: Date) {
  await db
    .update(orders)
    .set({ version: nextVersion(orders.version), updatedAt: now })
    .where(eq(orders.id, orderId))
}

/**
 * Moves an order's shipment a step (SHIPMENT_MOVES; 409 `shipmentMove`), or sets its tracking number:
 * - `delivered` makes the order Delivered through `moveOrderStatus` (its units join `sold` there), unless staff
 *   already made it Delivered by hand; `delivered_at` is set, which starts its COD being outstanding;
 * - `returned` cancels the order through `moveOrderStatus`, its stock coming back as `returned` movements;
 *   an order staff already cancelled has given its stock back, so only the shipment moves. A Delivered order
 *   cannot be returned (409 `statusMove` from the status path): its units are counted sold.
 * - the same step with a new tracking number only sets the number (an `edited` entry on the timeline); the same
 *   step without one is a 409 `shipmentSame`.
 * No shipment: 409 `noShipment`. A move is a `shipment` entry from → to, with the tracking number it set.
 */
export async function updateShipment(
  db: Db,
  orderId: number | null,
  body: ShipmentUpdateBody,
  change: ChangeBy,
): Promise<ShipmentWrite> {
  const before = await lockOrder(db, orderId)
  const id = Number(before.id)
  const current = await shipmentOfOrder(db, id)
  if (!current) throw conflict('noShipment')
  const from = current.status
  const to = body.status
  const number = body.trackingNumber
  const numberSet = number !== undefined && number !== null && number !== current.trackingNumber
  if (from === to && !numberSet) throw conflict('shipmentSame', { status: from }, 'status')
  if (from !== to && !canMoveShipment(from, to)) throw conflict('shipmentMove', { from, to }, 'status')

  const row = await writeTracked(db, current.carrier, numberSet ? number : null, async (tx) => {
    const [updated] = await tx
      .update(shipments)
      .set({
        status: to,
        ...(numberSet && { trackingNumber: number }),
        ...(to === 'delivered' && from !== to && { deliveredAt: change.now }),
        updatedAt: change.now,
      })
      .where(eq(shipments.id, current.id))
      .returning()
    return updated!
  })
  await touchOrder(db, id, change.now)
  const changes: Record<string, [unknown, unknown]> | undefined = numberSet
    ? { trackingNumber: [current.trackingNumber, number] }
    : undefined
  const event: EventInput =
    from === to
      ? { type: 'edited', changes: changes! }
      : { type: 'shipment', from, to, ...(changes && { changes }) }
  await recordEvents(db, id, change.actor, change.now, [event])
  // The order follows its parcel, after it on the timeline: the shipment's step is what moved it.
  if (to === 'delivered' && from !== to && before.status !== 3) await moveOrderStatus(db, before, 3, change)
  if (to === 'returned' && from !== to && before.status !== 0)
    await moveOrderStatus(db, before, 0, { ...change, released: 'returned' })
  return { before, shipment: toShipment(row) }
}

/** A shipment of a carrier found by its tracking number, with its order's payment, for the COD statement. */
export interface CodCandidate {
  shipment: ShipmentRow
  orderId: number
  paymentStatus: string
}

/**
 * The shipments of `carrier` with these tracking numbers, with their orders' payment status, their orders locked
 * until the call's transaction ends, in id order: every writer of a shipment holds its order's lock, as
 * `lockOrder` takes it first, so two statements of the same numbers recorded at once cannot both collect one, and
 * a shipment cannot move while its COD is settled.
 */
export async function codCandidates(
  db: Db,
  carrier: Carrier,
  trackingNumbers: readonly string[],
): Promise<Map<string, CodCandidate>> {
  if (trackingNumbers.length === 0) return new Map()
  const found = await db
    .select({ shipment: shipments, paymentStatus: orders.paymentStatus })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(shipments.carrier, carrier), inArray(shipments.trackingNumber, [...trackingNumbers])))
    .orderBy(orders.id)
    .for('update', { of: orders })
  return new Map(
    found.map((f) => [
      f.shipment.trackingNumber!,
      { shipment: f.shipment, orderId: f.shipment.orderId, paymentStatus: f.paymentStatus },
    ]),
  )
}

/**
 * Records the COD a carrier paid over for one shipment: the shipment's collected time, amount and the carrier's
 * fee; its order paid (a `payment` entry, as the edit form writes one) and a `cod` entry with the amount and the
 * tracking number (and the fee, when the statement had one). The order's version rises.
 */
export async function collectCod(
  db: Db,
  candidate: CodCandidate,
  paid: { amount: number; fee: number | null },
  change: ChangeBy,
) {
  const { shipment, orderId } = candidate
  await db
    .update(shipments)
    .set({
      codCollectedAt: change.now,
      codCollectedAmount: paid.amount,
      carrierFee: paid.fee,
      updatedAt: change.now,
    })
    .where(eq(shipments.id, shipment.id))
  await db
    .update(orders)
    .set({ paymentStatus: 'paid', version: nextVersion(orders.version), updatedAt: change.now })
    .where(eq(orders.id, orderId))
  const events: EventInput[] = []
  if (candidate.paymentStatus !== 'paid')
    events.push({ type: 'payment', from: candidate.paymentStatus, to: 'paid' })
  events.push({
    type: 'cod',
    to: paid.amount,
    note: shipment.trackingNumber ?? '',
    ...(paid.fee !== null && { changes: { carrierFee: [null, paid.fee] } }),
  })
  await recordEvents(db, orderId, change.actor, change.now, events)
}
