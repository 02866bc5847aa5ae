import type {
  Message,
  Product,
  ProductBody,
  ProductExportQuery,
  ProductListQuery,
  ProductSortField,
  Size,
  SortBy,
} from '@store/contract'
import { and, eq, gte, isNull, lte, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import { brands, categories, products, productVariants, stockMovements } from '../../db/schema.ts'
import type { ChangeBy } from '../../lib/actor.ts'
import { freeSlug, slugTaken } from '../../lib/catalog.ts'
import {
  knownTotal,
  type Narrowed,
  nameSearchPlan,
  narrowing,
  pageWithTotal,
  rowsOf,
  totalOf,
} from '../../lib/counts.ts'
import { keysetBatches } from '../../lib/csv.ts'
import { conflict, HttpError, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors.ts'
import { ids, toDbId } from '../../lib/ids.ts'
import {
  matches,
  metaOf,
  onSortedPage,
  preparedPages,
  type SortKeys,
  searchTerm,
  sortingOf,
  storeTimeText,
} from '../../lib/list.ts'
import { lockForChange } from '../../lib/row-lock.ts'
import { nextVersion, staleOrMissing, versionIs } from '../../lib/versions.ts'
import { productOfCode, quantityAfter, retireVariants, saveVariants } from './variants.ts'

type Row = typeof products.$inferSelect
interface Named {
  id: number
  name: string
}

const named = (n: Named) => ({ name: n.name, ...ids(n.id) })

export const toProduct = (p: Row, category: Named, brand: Named): Product => ({
  name: p.name,
  slug: p.slug,
  price: p.price,
  images: p.images,
  thumbnail: p.images[0] ?? null,
  description: p.description,
  size: p.size as Size[],
  quantity: p.quantity,
  category: named(category),
  brand: named(brand),
  sold: p.sold,
  rating: p.rating,
  version: p.version,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  deletedAt: p.deletedAt ? p.deletedAt.toISOString() : null,
  variants: p.variants ?? [],
  ...ids(p.id),
})

/** Rows of a list as the API answers them, each with its variants (`products.variants`, variants-column.ts). */
const answered = (rows: readonly { product: Row; category: Named; brand: Named }[]) =>
  rows.map((r) => toProduct(r.product, r.category, r.brand))

/** Products with their category's and brand's names, in one query; with `total`, a list's total beside each. */
const withNames = (db: Db, total: SQL<number | null> = sql`null::float8`) =>
  db
    .select({
      product: products,
      category: { id: categories.id, name: categories.name },
      brand: { id: brands.id, name: brands.name },
      total,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(brands, eq(brands.id, products.brandId))

/** Live products: the `products` population of the counters, in their own words. */
const live = rowsOf('products')
const slugged = { table: products, id: products.id, slug: products.slug }

/**
 * The sorts of the list (CONTRACT 4.1). Each expression is its index's (migration 0009) word for word, and every
 * query below also says `deleted_at is null`, so PostgreSQL walks the partial index instead of sorting the table.
 */
const productSorts: SortKeys<ProductSortField> = {
  name: [
    { expr: sql`${products.nameSearch} collate "C"`, type: 'text' },
    { expr: sql`${products.name} collate "C"`, type: 'text' },
  ],
  price: [{ expr: products.price, type: 'bigint' }],
  quantity: [{ expr: products.quantity, type: 'integer' }],
  sold: [{ expr: products.sold, type: 'integer' }],
  rating: [{ expr: products.rating, type: 'float8' }],
  createdAt: [{ expr: products.createdAt, type: 'timestamptz' }],
  updatedAt: [{ expr: products.updatedAt, type: 'timestamptz' }],
}

/** A category or brand filter; an id that cannot be one of ours names no product. */
const ofParent = (column: PgColumn, value: string | undefined) => {
  if (value === undefined) return undefined
  const id = toDbId(value)
  return id === null ? sql`false` : eq(column, id)
}

/**
 * How much stock a `stock` filter keeps; `lowStock` is the shop's threshold: `low` is 1 to it, or a product in
 * stock one of whose variants has at most that many left. The 0 of `out` is
 * written into the SQL, not bound: PostgreSQL uses a partial index only when it can prove the query implies the
 * index's condition, and products_stock_out_idx (`deleted_at is null and quantity = 0`, newest first) then
 * serves the page in list order.
 */
function stockIs(stock: ProductExportQuery['stock'], lowStock: number) {
  switch (stock) {
    case 'out':
      return sql`${products.quantity} = 0`
    case 'low':
      // A product sold by size is low too when one of its sizes is (that size may be out): what staff reorder.
      return sql`(${products.quantity} between 1 and ${lowStock} or (${products.quantity} > 0 and exists (
        select 1 from ${productVariants} where ${productVariants.productId} = ${products.id}
           and not ${productVariants.retired} and ${productVariants.quantity} <= ${lowStock})))`
    case 'in':
      return sql`${products.quantity} > 0`
    default:
      return undefined
  }
}

/**
 * What the search and filters keep of the live products (AND); undefined when nothing narrows the list. A search
 * that is exactly a variant's SKU or barcode (`coded`: its product) finds that product instead of names.
 */
function narrowedBy(query: ProductExportQuery, lowStock: number, coded?: number): Narrowed | undefined {
  const term = searchTerm(query.name)
  return narrowing(
    coded === undefined ? term && { term, where: matches(products.nameSearch, term) } : undefined,
    [
      coded === undefined ? undefined : eq(products.id, coded),
      ofParent(products.categoryId, query.category),
      ofParent(products.brandId, query.brand),
      query.minPrice === undefined ? undefined : gte(products.price, query.minPrice),
      query.maxPrice === undefined ? undefined : lte(products.price, query.maxPrice),
      stockIs(query.stock, lowStock),
      query.size === undefined ? undefined : sql`${products.size} @> array[${query.size}]::text[]`,
    ],
  )
}

/**
 * A name search matching at most this many products is listed by the names it matches
 * (`products_live_name_created_idx`): newest first, the page is read from that index alone.
 */
const FEW_MATCHES = 20_000

/** The first pages of the products list in each sort, prepared once; the total is the stored count. */
const unnarrowedPages = preparedPages('products_page', (db, sortBy, window, name) => {
  const { orderBy } = sortingOf(productSorts, products.id, sortBy as SortBy<ProductSortField>)
  return withNames(db, totalOf(db, 'products').column)
    .where(onSortedPage(db, { table: products, id: products.id }, live, orderBy, window))
    .orderBy(...orderBy)
    .prepare(name)
})

/**
 * A page of products and its total, in one statement. `lowStock` gives the shop's threshold, read only for a
 * list of products low on stock.
 */
export async function listProducts(db: Db, query: ProductListQuery, lowStock: () => Promise<number>) {
  const coded = await productOfCode(db, query.name)
  const narrowed = narrowedBy(query, query.stock === 'low' ? await lowStock() : 0, coded)
  if (!narrowed) {
    const { rows, total } = await pageWithTotal(totalOf(db, 'products'), () =>
      unnarrowedPages(db, query.sortBy, query),
    )
    return { data: answered(rows), meta: metaOf(query, total) }
  }
  const { orderBy } = sortingOf(productSorts, products.id, query.sortBy)
  let where = and(live, narrowed.where)
  let total = totalOf(db, 'products', narrowed)
  // A bare name search: its total and the names it matches first. When they name a few thousand products the
  // page is read by those names, which PostgreSQL estimates well, instead of by the trigram condition.
  if (narrowed.nameOnly !== undefined) {
    const plan = await nameSearchPlan(db, 'products', narrowed.nameOnly, FEW_MATCHES)
    if (plan.names) where = and(live, sql`${products.nameSearch} = any(${sql.param(plan.names)}::text[])`)
    if (plan.total !== undefined) total = knownTotal(plan.total)
  }
  const { rows, total: found } = await pageWithTotal(total, (total) =>
    withNames(db, total)
      .where(onSortedPage(db, { table: products, id: products.id }, where, orderBy, query))
      .orderBy(...orderBy),
  )
  return { data: answered(rows), meta: metaOf(query, found) }
}

/**
 * What an export writes of a product: its columns, its category's and brand's names, and its times already as
 * the file writes them.
 */
const exported = (timeZone: string) => ({
  id: products.id,
  name: products.name,
  slug: products.slug,
  price: products.price,
  quantity: products.quantity,
  category: categories.name,
  brand: brands.name,
  size: products.size,
  images: products.images,
  description: products.description,
  sold: products.sold,
  rating: products.rating,
  createdAt: storeTimeText(products.createdAt, timeZone),
  updatedAt: storeTimeText(products.updatedAt, timeZone),
})

/**
 * Every live product the search and filters keep, in the list's order, in batches of `size`. Each batch starts
 * after the last row of the one before by its sort keys and id, read back as text so a time keeps its
 * microseconds and no row is repeated or skipped between batches.
 */
export function productBatches(
  db: Db,
  query: ProductExportQuery,
  lowStock: number,
  timeZone: string,
  size: number,
  coded?: number,
) {
  const where = and(live, narrowedBy(query, lowStock, coded)?.where)
  const sorting = sortingOf(productSorts, products.id, query.sortBy)
  return keysetBatches(
    async (last: { cursor: string[] } | undefined) =>
      db
        .select({ ...exported(timeZone), cursor: sorting.cursor })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .innerJoin(brands, eq(brands.id, products.brandId))
        .where(last ? and(where, sorting.after(last.cursor)) : where)
        .orderBy(...sorting.orderBy)
        .limit(size),
    size,
  )
}

/** A live product; a deleted one is gone as far as the back-office is concerned. */
export async function getProduct(db: Db, id: number | null) {
  const [row] = id ? await withNames(db).where(and(eq(products.id, id), live)) : []
  if (!row) throw notFound('productNotFound')
  return answered([row])[0]!
}

/** A product's name, for the audit entry of a change that reads no more of it (stock adjusted). */
export async function productName(db: Db, id: number) {
  const [row] = await db.select({ name: products.name }).from(products).where(eq(products.id, id))
  return row?.name ?? null
}

/** A live product locked for a change until its transaction ends, and read as it is: the change's `before`. */
export async function lockProduct(db: Db, id: number | null) {
  await lockForChange(db, products, products.id, id)
  return getProduct(db, id)
}

/** The category and brand a form chose, or a 400 naming each one that does not exist. */
async function chosen(db: Db, body: Pick<ProductBody, 'category' | 'brand'>) {
  const categoryId = toDbId(body.category)
  const brandId = toDbId(body.brand)
  const [[category], [brand]] = await Promise.all([
    categoryId
      ? db
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(eq(categories.id, categoryId))
      : [],
    brandId ? db.select({ id: brands.id, name: brands.name }).from(brands).where(eq(brands.id, brandId)) : [],
  ])
  if (category && brand) return { category, brand }
  const fields: Record<string, Message> = {}
  if (!category) fields.category = { code: 'selectCategory' }
  if (!brand) fields.brand = { code: 'selectBrand' }
  throw new HttpError(400, Object.values(fields)[0]!, fields)
}

const writeFailed = (error: unknown, slug: string) => {
  if (isUniqueViolation(error, 'products_slug_live_key')) return slugTaken('product', slug)
  // The category or brand was deleted between the check and the write.
  if (isForeignKeyViolation(error)) return conflict('referenceGone')
  return error
}

/** The columns a form sets; `sold` and `rating` only when sent. */
const formColumns = (body: ProductBody, slug: string, categoryId: number, brandId: number) => ({
  name: body.name,
  slug,
  price: body.price,
  description: body.description,
  quantity: body.quantity,
  images: body.images,
  size: body.size,
  categoryId,
  brandId,
  ...(body.sold != null && { sold: body.sold }),
  ...(body.rating != null && { rating: body.rating }),
})

/** A new product with its variants; the stock it starts with is its first movement, `edited` (set by the form). */
export async function createProduct(db: Db, body: ProductBody, by: ChangeBy) {
  const { now } = by
  const { category, brand } = await chosen(db, body)
  const slug = await freeSlug(db, slugged, 'product', body.name, { scope: live })
  try {
    const [row] = await db
      .insert(products)
      .values({
        ...formColumns(body, slug, category.id, brand.id),
        quantity: quantityAfter(null, body.variants, body.quantity),
        sold: body.sold ?? 0,
        rating: body.rating ?? 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    await saveVariants(
      db,
      { productId: row!.id, quantity: 0, variants: [] },
      body.variants,
      body.quantity,
      by,
    )
    return getProduct(db, row!.id)
  } catch (error) {
    throw writeFailed(error, slug)
  }
}

/**
 * With `sent`, the product must still be at that version (CONTRACT 4.6), else 409 with it as it is now. Its
 * variants are saved as sent (`saveVariants`); each change of stock is an `edited` movement (CONTRACT 5.3).
 */
export async function updateProduct(
  db: Db,
  id: number | null,
  body: ProductBody,
  by: ChangeBy,
  sent?: number,
) {
  const { now } = by
  const current = await getProduct(db, id)
  const productId = Number(current.id)
  // Stale is said first, before any other refusal: what else is wrong may be gone once the form is reloaded.
  if (sent !== undefined && sent !== current.version) return staleOrMissing(() => getProduct(db, productId))
  const { category, brand } = await chosen(db, body)
  const slug = await freeSlug(db, slugged, 'product', body.name, { exceptId: productId, scope: live })
  const held = { productId, quantity: current.quantity, variants: current.variants }
  try {
    const [row] = await db
      .update(products)
      .set({
        ...formColumns(body, slug, category.id, brand.id),
        quantity: quantityAfter(held, body.variants, body.quantity),
        version: nextVersion(products.version),
        updatedAt: now,
      })
      .where(and(eq(products.id, productId), live, versionIs(products.version, sent)))
      .returning()
    if (!row) return staleOrMissing(() => getProduct(db, productId))
    await saveVariants(db, held, body.variants, body.quantity, by)
    return getProduct(db, productId)
  } catch (error) {
    throw writeFailed(error, slug)
  }
}

/** A soft delete: the row stays for the order lines that point at it, and its slug is free again. */
export async function deleteProduct(db: Db, id: number | null, now: Date) {
  const [row] = id
    ? await db
        .update(products)
        .set({ deletedAt: now, version: nextVersion(products.version), updatedAt: now })
        .where(and(eq(products.id, id), live))
        .returning({ id: products.id })
    : []
  if (!row) throw notFound('productNotFound')
  await retireVariants(db, row.id)
}

// The product import's SQL (import.ts checks the file and decides; these read and write). Every list of values
// travels as one JSON parameter, so a file of any length is one bound value per statement, not one per item.

/** `[values]` as one JSON parameter. */
const jsonList = (values: readonly (string | number)[]) => JSON.stringify(values)

/** Rows per statement of an import's writes: a few hundred kilobytes of JSON each, whatever the file's size. */
const IMPORT_BATCH = 2000

/** Slugs per statement of `slugHolders`. */
const SLUG_BATCH = 10_000

/**
 * The categories (or brands) whose name is one of `names` or whose slug is one of `slugs`: what an import's
 * category and brand cells can point at.
 */
export async function catalogRecordsNamed(
  db: Db,
  what: 'category' | 'brand',
  names: readonly string[],
  slugs: readonly string[],
): Promise<{ id: number; name: string; slug: string }[]> {
  const t = what === 'category' ? categories : brands
  return db
    .select({ id: t.id, name: t.name, slug: t.slug })
    .from(t)
    .where(
      sql`${t.name} = any(array(select jsonb_array_elements_text(${jsonList(names)}::jsonb)))
        or ${t.slug} = any(array(select jsonb_array_elements_text(${jsonList(slugs)}::jsonb)))`,
    )
}

/**
 * The live products among `ids`, which an import may update, with the images they show now; with `lock`, locked
 * until the call's transaction ends, as the form's update locks the product before reading it.
 */
export async function liveProducts(db: Db, ids: readonly number[], options: { lock: boolean }) {
  const query = db
    .select({ id: products.id, images: products.images })
    .from(products)
    .where(
      and(
        isNull(products.deletedAt),
        sql`${products.id} = any(array(select jsonb_array_elements_text(${jsonList(ids)}::jsonb)::bigint))`,
      ),
    )
    // In id order, so two imports that update the same products cannot lock them crosswise.
    .orderBy(products.id)
  return options.lock ? await query.for('update') : await query
}

/** The live product holding each of `slugs` that one holds: which slugs an import cannot give another product. */
export async function slugHolders(db: Db, slugs: readonly string[]): Promise<Map<string, number>> {
  const holders = new Map<string, number>()
  for (let i = 0; i < slugs.length; i += SLUG_BATCH) {
    const held = await db
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(
        and(
          isNull(products.deletedAt),
          sql`${products.slug} = any(array(select jsonb_array_elements_text(${jsonList(slugs.slice(i, i + SLUG_BATCH))}::jsonb)))`,
        ),
      )
    for (const h of held) holders.set(h.slug, h.id)
  }
  return holders
}

/** A product as an import writes it, every field checked. */
export interface ImportedProduct {
  /** The product it updates; none creates one. */
  id: number | null
  name: string
  slug: string
  price: number
  description: string
  quantity: number
  images: string[]
  size: string[]
  categoryId: number
  brandId: number
}

/**
 * Writes an import's checked rows: new products in the file's order, then the updates, each a statement per
 * batch that reads its rows from one JSON parameter. The products' counters are kept by statement-level
 * triggers, so a batch costs them one update, not one per row.
 */
export async function writeImportedProducts(db: Db, rows: readonly ImportedProduct[], by: ChangeBy) {
  const at = by.now.toISOString()
  // Each product whose stock the file sets (or starts) gets an `import` movement of the difference (CONTRACT 5.3).
  const movement = (made: string, delta: string) => sql`
    insert into ${stockMovements} (product_id, at, actor_id, actor_name, actor_email, delta, after, reason)
    select id, ${at}::timestamptz, ${by.actor?.id ?? null}::bigint, ${by.actor?.name ?? null}::text,
           ${by.actor?.email ?? null}::text, ${sql.raw(delta)}, quantity, 'import'
      from ${sql.raw(made)} where ${sql.raw(delta)} <> 0`
  const record = (p: ImportedProduct) => ({
    id: p.id,
    name: p.name,
    slug: p.slug,
    price: p.price,
    description: p.description,
    quantity: p.quantity,
    images: p.images,
    size: p.size,
    category_id: p.categoryId,
    brand_id: p.brandId,
  })
  const columns = sql.raw(
    'id bigint, name text, slug text, price bigint, description text, quantity integer, images text[], ' +
      'size text[], category_id bigint, brand_id bigint, ord integer',
  )
  const creating = rows.filter((p) => p.id === null)
  const updating = rows.filter((p) => p.id !== null)
  try {
    for (let i = 0; i < creating.length; i += IMPORT_BATCH) {
      const batch = creating.slice(i, i + IMPORT_BATCH).map((p, ord) => ({ ...record(p), ord }))
      await db.execute(sql`
        with made as (
          insert into ${products} (name, slug, price, description, quantity, images, size, category_id, brand_id,
            sold, rating, created_at, updated_at)
          select v.name, v.slug, v.price, v.description, v.quantity, v.images, v.size, v.category_id, v.brand_id,
            0, 0, ${at}::timestamptz, ${at}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(${columns})
          order by v.ord
          returning id, quantity
        )
        ${movement('made', 'quantity')}`)
    }
    for (let i = 0; i < updating.length; i += IMPORT_BATCH) {
      const batch = updating.slice(i, i + IMPORT_BATCH).map((p, ord) => ({ ...record(p), ord }))
      // Every part of one statement reads the rows as they were before it, so `held` is the stock before.
      await db.execute(sql`
        with held as (
          select p.id, p.quantity from ${products} p
           where p.id in (select (e->>'id')::bigint from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) e)
        ), changed as (
          update ${products} as p set name = v.name, slug = v.slug, price = v.price, description = v.description,
            -- A product with variants keeps the sum of theirs: the stock import sets those, by SKU.
            quantity = case when exists (select 1 from ${productVariants} pv where pv.product_id = p.id
                                          and not pv.retired) then p.quantity else v.quantity end,
            images = v.images, size = v.size, category_id = v.category_id,
            brand_id = v.brand_id, version = p.version + 1, updated_at = ${at}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(${columns})
          where p.id = v.id and p.deleted_at is null
          returning p.id, p.quantity
        ), moved as (
          select c.id, c.quantity, c.quantity - h.quantity as delta from changed c join held h on h.id = c.id
        )
        ${movement('moved', 'delta')}`)
    }
  } catch (error) {
    // Another call took a slug or deleted a category or brand between the checks and the writes.
    throw writeFailed(error, takenSlug(error))
  }
}

/** The slug a unique violation names (`Key (slug)=(ao-thun) already exists.`), for the 409's message. */
function takenSlug(error: unknown): string {
  let e: unknown = error
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const detail = (e as { detail?: unknown }).detail
    if (typeof detail === 'string') return /\(slug\)=\((.*)\)/.exec(detail)?.[1] ?? ''
    e = (e as { cause?: unknown }).cause
  }
  return ''
}
