import type { ProductVariant, ProductVariantInput } from '@store/contract'
import { and, asc, desc, eq, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orderLines, products, productVariants } from '../../db/schema.ts'
import type { ChangeBy } from '../../lib/actor.ts'
import { badRequest, conflict, isUniqueViolation } from '../../lib/errors.ts'
import { nextVersion } from '../../lib/versions.ts'
import { type Moved, moveStock, recordMovements } from './stock.ts'
import { variantsOfRow } from './variants-column.ts'

// A product's variants as the product form sets them (CONTRACT 5.4). The form sends the whole list: a variant
// with an id is kept and changed, one without is new, one left out is removed (refused once it was ordered). The
// product's `quantity` is the sum of its variants' whenever it has any, and every change of stock the form makes is
// an `edited` movement of the variant, or of the product's own stock when it gains or loses variants.

/** What a product holds before the form is saved: its own stock, or its variants'. */
export interface HeldStock {
  productId: number
  quantity: number
  variants: readonly ProductVariant[]
}

/**
 * The stock the product will answer once saved: the sum of the variants sent, else (no variants sent) those it
 * keeps, else the form's quantity.
 */
export function quantityAfter(
  held: HeldStock | null,
  sent: readonly ProductVariantInput[] | undefined,
  own: number,
) {
  const variants = sent ?? held?.variants ?? []
  return variants.length > 0 ? variants.reduce((sum, v) => sum + v.quantity, 0) : own
}

/**
 * Writes the variants sent for a product whose row already holds `quantityAfter`, and records the movements of
 * stock: each variant whose stock changed, appeared or went, and the product's own stock when it starts or stops
 * having variants. `sent` undefined keeps the variants as they are (the spec's form sends none). A SKU another live
 * variant has is a 409 naming `variants.N.sku`; an id the product does not have a 400; removing a variant that was
 * ordered a 409 `variantOrdered`.
 */
export async function saveVariants(
  db: Db,
  held: HeldStock,
  sent: readonly ProductVariantInput[] | undefined,
  own: number,
  by: ChangeBy,
) {
  const moved: Moved[] = []
  const { productId } = held
  const ownBefore = held.variants.length > 0 ? 0 : held.quantity
  if (sent === undefined) {
    if (held.variants.length === 0 && own !== ownBefore)
      moved.push({ productId, delta: own - ownBefore, after: own, reason: 'edited' })
    await recordMovements(db, moved, by)
    return
  }
  const before = new Map(held.variants.map((v) => [v.id, v]))
  sent.forEach((v, i) => {
    if (v.id !== undefined && !before.has(v.id)) throw badRequest(`variants.${i}.id`, 'variantUnknown')
  })
  await refuseTakenSkus(
    db,
    held.variants.map((v) => Number(v.id)),
    sent,
  )
  const keptIds = new Set(sent.flatMap((v) => (v.id === undefined ? [] : [v.id])))
  const removed = held.variants.filter((v) => !keptIds.has(v.id))
  if (removed.length > 0) {
    const [ordered] = await db
      .select({ sku: productVariants.sku })
      .from(orderLines)
      .innerJoin(productVariants, eq(productVariants.id, orderLines.variantId))
      .where(
        inArray(
          orderLines.variantId,
          removed.map((v) => Number(v.id)),
        ),
      )
      .limit(1)
    if (ordered) throw conflict('variantOrdered', { sku: ordered.sku }, 'variants')
    // Their stock leaves with them, recorded while the variant can still be named.
    await recordMovements(
      db,
      removed
        .filter((v) => v.quantity > 0)
        .map((v) => ({ productId, variantId: Number(v.id), delta: -v.quantity, after: 0, reason: 'edited' })),
      by,
    )
    await db.delete(productVariants).where(
      inArray(
        productVariants.id,
        removed.map((v) => Number(v.id)),
      ),
    )
  }
  // The product's own stock goes when it gains variants, and comes back (the form's quantity) when it loses them.
  const ownAfter = sent.length > 0 ? 0 : own
  if (ownAfter !== ownBefore)
    moved.push({ productId, delta: ownAfter - ownBefore, after: ownAfter, reason: 'edited' })
  for (const [position, v] of sent.entries()) {
    const columns = {
      sku: v.sku,
      size: v.size,
      color: v.color,
      price: v.price,
      barcode: v.barcode,
      quantity: v.quantity,
      position,
    }
    const old = v.id === undefined ? undefined : before.get(v.id)
    // Two variants trading SKUs, or another product's save taking one meanwhile: the unique index decides.
    const taken = (error: unknown) => {
      throw isUniqueViolation(error, 'product_variants_sku_key')
        ? conflict('skuTaken', { sku: v.sku, product: '' }, `variants.${position}.sku`)
        : error
    }
    const written = old
      ? await db
          .update(productVariants)
          .set(columns)
          .where(eq(productVariants.id, Number(old.id)))
          .returning({ id: productVariants.id })
          .catch(taken)
      : await db
          .insert(productVariants)
          .values({ productId, ...columns })
          .returning({ id: productVariants.id })
          .catch(taken)
    const delta = v.quantity - (old?.quantity ?? 0)
    if (delta !== 0)
      moved.push({ productId, variantId: written[0]!.id, delta, after: v.quantity, reason: 'edited' })
  }
  await recordMovements(db, moved, by)
  await db.update(products).set({ variants: variantsOfRow }).where(eq(products.id, productId))
}

/**
 * A 409 naming the first SKU sent that a live variant of another product holds. The product's own variants
 * (`ownIds`) are left out: those kept keep their SKUs, those removed are gone before the new ones are written.
 */
async function refuseTakenSkus(db: Db, ownIds: readonly number[], sent: readonly ProductVariantInput[]) {
  if (sent.length === 0) return
  const taken = await db
    .select({ sku: productVariants.sku, product: products.name })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.retired, false),
        sql`lower(${productVariants.sku}) = any(${sql.param(sent.map((v) => v.sku.toLowerCase()))}::text[])`,
        ownIds.length > 0 ? notInArray(productVariants.id, [...ownIds]) : undefined,
      ),
    )
  if (taken.length === 0) return
  const held = new Map(taken.map((t) => [t.sku.toLowerCase(), t]))
  const i = sent.findIndex((v) => held.has(v.sku.toLowerCase()))
  const holder = held.get(sent[i]!.sku.toLowerCase())!
  throw conflict('skuTaken', { sku: sent[i]!.sku, product: holder.product }, `variants.${i}.sku`)
}

/** A deleted product's variants give their SKUs up; its order lines still name them. */
export async function retireVariants(db: Db, productId: number) {
  await db.update(productVariants).set({ retired: true }).where(eq(productVariants.productId, productId))
  await db.update(products).set({ variants: null }).where(eq(products.id, productId))
}

/** A row of the stock sheet (STOCK_CSV_COLUMNS): a variant, or a product without variants (no SKU). */
export interface StockSheetRow {
  id: number
  sku: string
  product: string
  size: string
  color: string
  price: number | null
  quantity: number
}

/**
 * The stock sheet's rows in batches of `size` products: live products newest first (by id), each product's own
 * row or its variants' in the form's order. Each batch starts below the last product id of the one before.
 */
export async function* stockSheetBatches(db: Db, size: number): AsyncGenerator<StockSheetRow[]> {
  let below: number | null = null
  for (;;) {
    const page = await db
      .select({
        id: products.id,
        name: products.name,
        price: products.price,
        quantity: products.quantity,
        variants: products.variants,
      })
      .from(products)
      .where(and(isNull(products.deletedAt), below === null ? undefined : lt(products.id, below)))
      .orderBy(desc(products.id))
      .limit(size)
    if (page.length === 0) return
    yield page.flatMap((p) => {
      const own = p.variants
      if (!own)
        return [
          { id: p.id, sku: '', product: p.name, size: '', color: '', price: p.price, quantity: p.quantity },
        ]
      return own.map((v) => ({
        id: p.id,
        sku: v.sku,
        product: p.name,
        size: v.size ?? '',
        color: v.color ?? '',
        price: v.price,
        quantity: v.quantity,
      }))
    })
    below = page.at(-1)!.id
  }
}

/** What a stock sheet's row sets: a variant's or a product's stock, and its price when the row gives one. */
export interface CountedStock {
  line: number
  productId: number
  variantId: number | null
  quantity: number
  /** undefined: leave the price; null: the variant follows its product's. */
  price: number | null | undefined
}

/**
 * The holders a stock sheet names, locked until the transaction ends: variants by SKU, products by id. The
 * products are locked first, in id order, and their variants read after, the order every change of a variant's
 * stock takes its locks in (`moveStock`).
 */
export async function stockHolders(db: Db, skus: readonly string[], productIds: readonly number[]) {
  const bySku = () =>
    skus.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: productVariants.id,
            productId: productVariants.productId,
            sku: productVariants.sku,
            quantity: productVariants.quantity,
            price: productVariants.price,
          })
          .from(productVariants)
          .innerJoin(products, eq(products.id, productVariants.productId))
          .where(
            and(
              eq(productVariants.retired, false),
              isNull(products.deletedAt),
              sql`lower(${productVariants.sku}) = any(${sql.param(skus.map((sku) => sku.toLowerCase()))}::text[])`,
            ),
          )
          .orderBy(asc(productVariants.id))
  const owning = new Set([...productIds, ...(await bySku()).map((v) => v.productId)])
  const locked =
    owning.size === 0
      ? []
      : await db
          .select({
            id: products.id,
            quantity: products.quantity,
            price: products.price,
            deletedAt: products.deletedAt,
            // Named in full: inside the subquery a bare "id" would be the variant's.
            variants: sql<number>`(select count(*)::int from product_variants v
                                    where v.product_id = products.id and not v.retired)`,
          })
          .from(products)
          .where(inArray(products.id, [...owning]))
          .orderBy(asc(products.id))
          .for('update')
  const wanted = new Set(productIds)
  return {
    variants: await bySku(),
    products: locked.filter((p) => wanted.has(p.id) && p.deletedAt === null),
  }
}

/**
 * Writes a checked stock sheet: each stock that changed a `count` movement (through `moveStock`, so a product's sum
 * follows its variants), each price given set. Answers how many rows changed something.
 */
export async function writeCountedStock(
  db: Db,
  rows: readonly (CountedStock & { before: number; priceBefore?: number | null })[],
  by: ChangeBy,
): Promise<number> {
  let changed = 0
  const moves = rows
    .filter((r) => r.quantity !== r.before)
    .map((r) => ({
      productId: r.productId,
      variantId: r.variantId,
      delta: r.quantity - r.before,
      reason: 'count' as const,
    }))
  await moveStock(db, moves, by)
  for (const r of rows) {
    const priced = r.price !== undefined && r.price !== r.priceBefore
    if (priced && r.variantId !== null) {
      await db.update(productVariants).set({ price: r.price }).where(eq(productVariants.id, r.variantId))
      await db.update(products).set({ variants: variantsOfRow }).where(eq(products.id, r.productId))
    }
    if (priced && r.variantId === null)
      await db
        .update(products)
        .set({ price: r.price!, version: nextVersion(products.version), updatedAt: by.now })
        .where(eq(products.id, r.productId))
    if (priced || r.quantity !== r.before) changed++
  }
  return changed
}

/**
 * The live product one of whose variants has exactly this SKU or barcode (any case), if any: what the product
 * list's search finds for a code typed or scanned (CONTRACT 5.4).
 */
export async function productOfCode(db: Db, text: string | undefined): Promise<number | undefined> {
  const code = text?.trim().toLowerCase()
  if (!code) return undefined
  const [found] = await db
    .select({ productId: productVariants.productId })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.retired, false),
        isNull(products.deletedAt),
        sql`(lower(${productVariants.sku}) = ${code} or ${productVariants.barcode} = ${text!.trim()})`,
      ),
    )
    .limit(1)
  return found?.productId
}
