import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orderLines, products } from '../../db/schema.ts'

// Stock that follows orders (CONTRACT 5.3): a product's `quantity` is what is left to sell. An order's lines take
// their units in the order's transaction, and give them back when a line goes, shrinks, or the order is cancelled
// or deleted. Lines from before orders took stock (`stock_taken` false) move nothing.

/** Units a product is asked for. */
export interface Wanted {
  productId: number
  quantity: number
}

/**
 * Takes the units `wanted` asks for, all or none: each product's stock goes down by what is asked of it only if
 * that many are left (one `UPDATE … WHERE quantity >= n`, which holds the row until the transaction ends, so two
 * orders racing for the last unit cannot both get it). Products are taken in id order, so two orders never wait
 * on each other. Answers the products that were short with how many they have left; when there is any, the caller
 * refuses and its transaction writes nothing.
 */
export async function takeStock(db: Db, wanted: readonly Wanted[]): Promise<Map<number, number>> {
  const need = new Map<number, number>()
  for (const w of wanted) need.set(w.productId, (need.get(w.productId) ?? 0) + w.quantity)
  const short = new Map<number, number>()
  for (const [productId, quantity] of [...need].sort(([a], [b]) => a - b)) {
    if (quantity <= 0) continue
    const [taken] = await db
      .update(products)
      .set({ quantity: sql`${products.quantity} - ${quantity}` })
      .where(and(eq(products.id, productId), gte(products.quantity, quantity)))
      .returning({ id: products.id })
    if (taken) continue
    const [left] = await db
      .select({ quantity: products.quantity })
      .from(products)
      .where(eq(products.id, productId))
    short.set(productId, left?.quantity ?? 0)
  }
  return short
}

/** Gives back units to products' stock: a line deleted or shrunk, an order cancelled or deleted. */
export async function returnStock(db: Db, given: readonly { productId: number; quantity: number }[]) {
  const back = new Map<number, number>()
  for (const g of given) if (g.quantity > 0) back.set(g.productId, (back.get(g.productId) ?? 0) + g.quantity)
  for (const [productId, quantity] of [...back].sort(([a], [b]) => a - b))
    await db
      .update(products)
      .set({ quantity: sql`${products.quantity} + ${quantity}` })
      .where(eq(products.id, productId))
}

/**
 * Gives back what the lines of `orderId` took, and marks them as holding nothing: an order cancelled or deleted.
 * Lines that took no stock are left alone.
 */
export async function releaseOrderStock(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return
  const released = await db
    .update(orderLines)
    .set({ stockTaken: false })
    .where(and(inArray(orderLines.orderId, [...orderIds]), eq(orderLines.stockTaken, true)))
    .returning({ productId: orderLines.productId, quantity: orderLines.quantity })
  await returnStock(db, released)
}
