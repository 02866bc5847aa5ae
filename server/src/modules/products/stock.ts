import type { StockAdjustmentBody, StockMovement, StockReason } from '@store/contract'
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orderLines, products, productVariants, stockMovements } from '../../db/schema.ts'
import type { ChangeBy } from '../../lib/actor.ts'
import { badRequest, conflict, notFound } from '../../lib/errors.ts'
import { ids } from '../../lib/ids.ts'
import { liveEvents } from '../../lib/live-events.ts'
import { nextVersion } from '../../lib/versions.ts'
import { lowStockThreshold } from '../settings/repository.ts'
import { variantsOfRow } from './variants-column.ts'

// Stock that follows orders, with its history (CONTRACT 5.3). A product's `quantity` is what is left to sell, and
// every change of it goes through `moveStock`, which writes the change and its movement in the caller's
// transaction: orders taking and giving back units, hand adjustments and counts. The product form and the import
// set a quantity outright and record the difference with `recordMovements`.

/** A change of one product's stock, or of one of its variants': by how much, why, and for which order. */
export interface StockMove {
  productId: number
  variantId?: number | null
  delta: number
  reason: StockReason
  orderId?: number | null
  note?: string | null
}

/** A movement as written: the move and the stock it left. */
export interface Moved extends StockMove {
  after: number
}

/**
 * Writes the movements of changes already made, in one statement. Every change of stock comes here, so here is
 * where a stock falling low is noticed (`noteLowStock`).
 */
export async function recordMovements(db: Db, moved: readonly Moved[], by: ChangeBy) {
  if (moved.length === 0) return
  await noteLowStock(db, moved)
  await db.insert(stockMovements).values(
    moved.map((m) => ({
      productId: m.productId,
      variantId: m.variantId ?? null,
      delta: m.delta,
      after: m.after,
      reason: m.reason,
      orderId: m.orderId ?? null,
      note: m.note ?? null,
      at: by.now,
      actorId: by.actor?.id ?? null,
      actorName: by.actor?.name ?? null,
      actorEmail: by.actor?.email ?? null,
    })),
  )
}

/**
 * Notes the live update `stock.low` (CONTRACT 5.7) for each holder whose stock fell from above the shop's
 * low-stock threshold to it or below: once as it crosses, not again on every sale below it. The threshold costs
 * a query, and only when a call is noting events and some stock went down.
 */
async function noteLowStock(db: Db, moved: readonly Moved[]) {
  const lowStockDefault = liveEvents.lowStockDefault
  const falling = moved.filter((m) => m.delta < 0)
  if (lowStockDefault === undefined || falling.length === 0) return
  const threshold = await lowStockThreshold(db, lowStockDefault)
  for (const m of falling) {
    if (m.after > threshold || m.after - m.delta <= threshold) continue
    const data = {
      productId: String(m.productId),
      ...(m.variantId ? { variantId: String(m.variantId) } : {}),
    }
    liveEvents.emit({ type: 'stock.low', data })
  }
}

/** What names a stock's holder: the product, or one of its variants. */
export const holderOf = (productId: number, variantId?: number | null) => `${productId}/${variantId ?? ''}`

/**
 * Moves stock, all or none, and records each move. A move that takes units (delta below 0) happens only if that
 * many are left: one `UPDATE … WHERE quantity + delta >= 0`, which holds the row until the transaction ends, so
 * two orders racing for the last unit cannot both get it (and the tables' checks refuse a negative stock whatever
 * the code does). A variant's move locks its product, changes the variant, then the product by the same delta, so the product's
 * `quantity` stays the sum of its variants'. The product's version rises, so a product form filled before the
 * move cannot save its old quantity over it (CONTRACT 4.6). Moves of one holder and reason are added up, and
 * holders are taken in (product, variant) order so two transactions never wait on each other in a circle. A move
 * of 0 is skipped, except a count, which records that the shelf was counted. Answers the holders (`holderOf`) that
 * were short with how many they have left; when there is any, the caller refuses and its transaction writes
 * nothing.
 */
export async function moveStock(
  db: Db,
  moves: readonly StockMove[],
  by: ChangeBy,
): Promise<Map<string, number>> {
  const merged = new Map<string, StockMove>()
  for (const move of moves) {
    const key = `${holderOf(move.productId, move.variantId)}/${move.reason}/${move.orderId ?? ''}`
    const seen = merged.get(key)
    merged.set(key, seen ? { ...seen, delta: seen.delta + move.delta } : move)
  }
  const short = new Map<string, number>()
  const moved: Moved[] = []
  const ordered = [...merged.values()].sort(
    (a, b) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0),
  )
  for (const move of ordered) {
    if (move.delta === 0 && move.reason !== 'count') continue
    const after = move.variantId ? await moveVariant(db, move) : await moveProduct(db, move)
    if (after !== null) {
      moved.push({ ...move, after })
      continue
    }
    short.set(holderOf(move.productId, move.variantId), await stockOf(db, move))
  }
  if (short.size === 0) await recordMovements(db, moved, by)
  return short
}

/** A product's own stock moved, if enough is left; answers the stock after, or null when short. */
async function moveProduct(db: Db, move: StockMove): Promise<number | null> {
  const [row] = await db
    .update(products)
    .set({ quantity: sql`${products.quantity} + ${move.delta}`, version: nextVersion(products.version) })
    .where(and(eq(products.id, move.productId), sql`${products.quantity} + ${move.delta} >= 0`))
    .returning({ after: products.quantity })
  return row ? row.after : null
}

/**
 * A variant's stock moved, if enough is left, and its product's by as much; answers the variant's after. The
 * product's row is locked first, as the product form and the stock sheet lock it before its variants: every
 * change of a variant's stock takes the two locks in the same order, so none waits on another in a circle.
 */
async function moveVariant(db: Db, move: StockMove): Promise<number | null> {
  await db.select({ id: products.id }).from(products).where(eq(products.id, move.productId)).for('update')
  const [row] = await db
    .update(productVariants)
    .set({ quantity: sql`${productVariants.quantity} + ${move.delta}` })
    .where(
      and(
        eq(productVariants.id, move.variantId!),
        eq(productVariants.productId, move.productId),
        sql`${productVariants.quantity} + ${move.delta} >= 0`,
      ),
    )
    .returning({ after: productVariants.quantity })
  if (!row) return null
  await db
    .update(products)
    .set({
      quantity: sql`${products.quantity} + ${move.delta}`,
      version: nextVersion(products.version),
      variants: variantsOfRow,
    })
    .where(eq(products.id, move.productId))
  return row.after
}

/** What a holder has left: the variant's stock, or the product's. */
async function stockOf(db: Db, move: StockMove): Promise<number> {
  const [left] = move.variantId
    ? await db
        .select({ quantity: productVariants.quantity })
        .from(productVariants)
        .where(eq(productVariants.id, move.variantId))
    : await db.select({ quantity: products.quantity }).from(products).where(eq(products.id, move.productId))
  return left?.quantity ?? 0
}

/** Units of a product (or of one of its variants) an order line asks for or gives back. */
export interface Units {
  productId: number
  variantId?: number | null
  quantity: number
}

/** Takes an order's units (see `moveStock`): answers the short products, and then nothing may be written. */
export const takeStock = (db: Db, wanted: readonly Units[], orderId: number | null, by: ChangeBy) =>
  moveStock(
    db,
    wanted.map((w) => ({
      productId: w.productId,
      variantId: w.variantId ?? null,
      delta: -w.quantity,
      reason: 'order' as const,
      orderId,
    })),
    by,
  )

/** Gives units back: a line deleted or shrunk, an order cancelled or deleted. */
export async function returnStock(
  db: Db,
  given: readonly Units[],
  reason: StockReason,
  orderId: number | null,
  by: ChangeBy,
) {
  await moveStock(
    db,
    given
      .filter((g) => g.quantity > 0)
      .map((g) => ({
        productId: g.productId,
        variantId: g.variantId ?? null,
        delta: g.quantity,
        reason,
        orderId,
      })),
    by,
  )
}

/** Why an order's whole stock comes back: cancelled, deleted, or its parcel returned by the carrier (CONTRACT 5.5). */
export type ReleaseReason = 'order-cancelled' | 'order-deleted' | 'returned'

/**
 * Gives back what the lines of the orders took, and marks them as holding nothing: an order cancelled (by hand or
 * by a returned shipment) or deleted. Lines from before orders took stock (`stock_taken` false) move nothing.
 */
export async function releaseOrderStock(
  db: Db,
  orderIds: readonly number[],
  reason: ReleaseReason,
  by: ChangeBy,
) {
  if (orderIds.length === 0) return
  const released = await db
    .update(orderLines)
    .set({ stockTaken: false })
    .where(and(inArray(orderLines.orderId, [...orderIds]), eq(orderLines.stockTaken, true)))
    .returning({
      orderId: orderLines.orderId,
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      quantity: orderLines.quantity,
    })
  await moveStock(
    db,
    released.map((l) => ({
      productId: l.productId,
      variantId: l.variantId,
      delta: l.quantity,
      reason,
      orderId: l.orderId,
    })),
    by,
  )
}

/** A product's stock, its row locked until the transaction ends; 404 when there is no live product of that id. */
export async function lockedStock(db: Db, productId: number | null): Promise<number> {
  const [row] = productId
    ? await db
        .select({ quantity: products.quantity })
        .from(products)
        .where(and(eq(products.id, productId), sql`${products.deletedAt} is null`))
        .for('update')
    : []
  if (!row) throw notFound('productNotFound')
  return row.quantity
}

type MovementRow = typeof stockMovements.$inferSelect

const toMovement = (row: MovementRow): StockMovement => ({
  id: String(row.id),
  at: row.at.toISOString(),
  actor:
    row.actorId === null
      ? null
      : { name: row.actorName ?? '', email: row.actorEmail ?? '', ...ids(row.actorId) },
  delta: row.delta,
  after: row.after,
  reason: row.reason,
  ...(row.orderId !== null && { orderId: String(row.orderId) }),
  ...(row.note !== null && { note: row.note }),
  ...(row.variantId !== null && { variantId: String(row.variantId) }),
})

/** A page of a product's movements, newest first, with how many there are. */
export async function listMovements(db: Db, productId: number | null, page: number, limit: number) {
  const [product] = productId
    ? await db.select({ id: products.id }).from(products).where(eq(products.id, productId))
    : []
  if (!product) throw notFound('productNotFound')
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, product.id))
      .orderBy(desc(stockMovements.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(stockMovements).where(eq(stockMovements.productId, product.id)),
  ])
  const totalResults = total?.n ?? 0
  return {
    data: rows.map(toMovement),
    meta: { page, limit, totalPages: Math.ceil(totalResults / limit), totalResults },
  }
}

/** The latest movement of a product: what an adjustment answers. */
export async function latestMovement(db: Db, productId: number): Promise<StockMovement> {
  const [row] = await db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(desc(stockMovements.id))
    .limit(1)
  if (!row) throw notFound('productNotFound')
  return toMovement(row)
}

/**
 * A hand change of stock (CONTRACT 5.3): `delta` as sent, or for a count the difference between the stock counted
 * and the stock held. A product with variants is adjusted one variant at a time (`variantId` required, 400), one
 * without takes none. A take larger than the stock is a 409 naming what is left. Answers the stock before and the
 * movement written.
 */
export async function adjustStock(
  db: Db,
  productId: number | null,
  body: StockAdjustmentBody,
  by: ChangeBy,
): Promise<{ before: number; movement: StockMovement }> {
  let before = await lockedStock(db, productId)
  const id = productId!
  const variants = await db
    .select({ id: productVariants.id, quantity: productVariants.quantity })
    .from(productVariants)
    .where(and(eq(productVariants.productId, id), eq(productVariants.retired, false)))
  let variantId: number | null = null
  if (variants.length > 0 || body.variantId !== undefined) {
    const variant = variants.find((v) => String(v.id) === body.variantId)
    if (!variant)
      throw badRequest('variantId', body.variantId === undefined ? 'chooseVariant' : 'variantUnknown')
    variantId = variant.id
    before = variant.quantity
  }
  const delta = body.reason === 'count' ? body.quantity! - before : body.delta!
  const move = { productId: id, variantId, delta, reason: body.reason, note: body.note || null }
  const short = await moveStock(db, [move], by)
  if (short.size > 0) throw conflict('stockLeft', { left: before }, 'delta')
  return { before, movement: await latestMovement(db, id) }
}
