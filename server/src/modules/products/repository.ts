import type { Message, Product, ProductBody, ProductListQuery, Size } from '@store/contract'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { brands, categories, products } from '../../db/schema.ts'
import { freeSlug, slugTaken } from '../../lib/catalog.ts'
import { conflict, HttpError, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors.ts'
import { ids, toDbId } from '../../lib/ids.ts'
import { matching, metaOf, newestFirst, onPage, searchTerm } from '../../lib/list.ts'
import { countRows } from '../../lib/row-counts.ts'

type Row = typeof products.$inferSelect
interface Named {
  id: number
  name: string
}

const named = (n: Named) => ({ ...ids(n.id), name: n.name })

export const toProduct = (p: Row, category: Named, brand: Named): Product => ({
  ...ids(p.id),
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
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  deletedAt: p.deletedAt ? p.deletedAt.toISOString() : null,
})

/** Products with their category's and brand's names, in one query. */
const withNames = (db: Db) =>
  db
    .select({
      product: products,
      category: { id: categories.id, name: categories.name },
      brand: { id: brands.id, name: brands.name },
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(brands, eq(brands.id, products.brandId))

const live = isNull(products.deletedAt)
const slugged = { table: products, id: products.id, slug: products.slug }

/**
 * Live products out of stock. The 0 is written into the SQL, not bound: PostgreSQL uses a partial index only
 * when it can prove the query implies the index's condition, and products_stock_out_idx (`deleted_at is null
 * and quantity = 0`, newest first) then serves the page in list order.
 */
const outOfStock = and(live, sql`${products.quantity} = 0`)

export async function listProducts(db: Db, query: ProductListQuery) {
  const term = searchTerm(query.name)
  const search = term ? matching(products.nameSearch, term) : undefined
  const listed = { table: products, id: products.id, createdAt: products.createdAt }
  const out = query.stock === 'out'
  const [page, total] = await Promise.all([
    withNames(db)
      .where(onPage(db, listed, and(out ? outOfStock : live, search?.where), query))
      .orderBy(...newestFirst(listed)),
    // The out-of-stock total is the 'stock_out' counter the products trigger keeps (migration 0006), so it
    // costs the same few-row read as every other list total instead of a count over the partial index.
    countRows(db, out ? 'stock_out' : 'products', search),
  ])
  return { data: page.map((r) => toProduct(r.product, r.category, r.brand)), meta: metaOf(query, total) }
}

/** A live product; a deleted one is gone as far as the back-office is concerned. */
export async function getProduct(db: Db, id: number | null) {
  const [row] = id ? await withNames(db).where(and(eq(products.id, id), live)) : []
  if (!row) throw notFound('productNotFound')
  return toProduct(row.product, row.category, row.brand)
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

export async function createProduct(db: Db, body: ProductBody, now: Date) {
  const { category, brand } = await chosen(db, body)
  const slug = await freeSlug(db, slugged, 'product', body.name, { scope: live })
  try {
    const [row] = await db
      .insert(products)
      .values({
        ...formColumns(body, slug, category.id, brand.id),
        sold: body.sold ?? 0,
        rating: body.rating ?? 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    return toProduct(row!, category, brand)
  } catch (error) {
    throw writeFailed(error, slug)
  }
}

export async function updateProduct(db: Db, id: number | null, body: ProductBody, now: Date) {
  const current = await getProduct(db, id)
  const productId = Number(current.id)
  const { category, brand } = await chosen(db, body)
  const slug = await freeSlug(db, slugged, 'product', body.name, { exceptId: productId, scope: live })
  try {
    const [row] = await db
      .update(products)
      .set({ ...formColumns(body, slug, category.id, brand.id), updatedAt: now })
      .where(and(eq(products.id, productId), live))
      .returning()
    if (!row) throw notFound('productNotFound')
    return toProduct(row, category, brand)
  } catch (error) {
    throw writeFailed(error, slug)
  }
}

/** A soft delete: the row stays for the order lines that point at it, and its slug is free again. */
export async function deleteProduct(db: Db, id: number | null, now: Date) {
  const [row] = id
    ? await db
        .update(products)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(products.id, id), live))
        .returning({ id: products.id })
    : []
  if (!row) throw notFound('productNotFound')
}
