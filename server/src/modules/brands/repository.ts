import type { Brand, BrandCreateBody, BrandUpdateBody, ListQuery } from '@store/contract'
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { brands } from '../../db/schema.ts'
import { deleteUnlessUsed, freeSlug, slugTaken } from '../../lib/catalog.ts'
import { isUniqueViolation, notFound } from '../../lib/errors.ts'
import { ids } from '../../lib/ids.ts'
import { matching, metaOf, pageOf, searchTerm } from '../../lib/list.ts'
import { countRows } from '../../lib/row-counts.ts'

type Row = typeof brands.$inferSelect
const slugged = { table: brands, id: brands.id, slug: brands.slug }

export const toBrand = (b: Row): Brand => ({
  ...ids(b.id),
  name: b.name,
  logo: b.logo,
  slug: b.slug,
  createdAt: b.createdAt.toISOString(),
  updatedAt: b.updatedAt.toISOString(),
})

export async function listBrands(db: Db, query: ListQuery) {
  const term = searchTerm(query.name)
  const search = term ? matching(brands.nameSearch, term) : undefined
  const { limit, offset } = pageOf(query)
  const [page, total] = await Promise.all([
    db
      .select()
      .from(brands)
      .where(search?.where)
      .orderBy(desc(brands.createdAt), desc(brands.id))
      .limit(limit)
      .offset(offset),
    countRows(db, 'brands', search),
  ])
  return { data: page.map(toBrand), meta: metaOf(query, total) }
}

export async function allBrands(db: Db) {
  const all = await db.select().from(brands).orderBy(brands.name, brands.id)
  return all.map(toBrand)
}

async function findBrand(db: Db, id: number | null) {
  const [row] = id ? await db.select().from(brands).where(eq(brands.id, id)) : []
  if (!row) throw notFound('brandNotFound')
  return row
}

export const getBrand = async (db: Db, id: number | null) => toBrand(await findBrand(db, id))

/** Another writer took the slug between the check and the write. */
const raced = (error: unknown, slug: string) =>
  isUniqueViolation(error, 'brands_slug_key') ? slugTaken('brand', slug) : error

export async function createBrand(db: Db, body: BrandCreateBody, now: Date) {
  const slug = await freeSlug(db, slugged, 'brand', body.name)
  try {
    const [row] = await db
      .insert(brands)
      .values({ name: body.name, slug, logo: body.logo, createdAt: now, updatedAt: now })
      .returning()
    return toBrand(row!)
  } catch (error) {
    throw raced(error, slug)
  }
}

/** Only the fields sent change; `logo: null` removes the logo. */
export async function updateBrand(db: Db, id: number | null, body: BrandUpdateBody, now: Date) {
  const current = await findBrand(db, id)
  const renamed = body.name !== undefined && body.name !== current.name
  const slug = renamed
    ? await freeSlug(db, slugged, 'brand', body.name!, { exceptId: current.id })
    : current.slug
  try {
    const [row] = await db
      .update(brands)
      .set({
        ...(renamed && { name: body.name, slug }),
        ...(body.logo !== undefined && { logo: body.logo }),
        updatedAt: now,
      })
      .where(eq(brands.id, current.id))
      .returning()
    return toBrand(row!)
  } catch (error) {
    throw raced(error, slug)
  }
}

/** A brand still used by products stays: order history points at those products. */
export async function deleteBrand(db: Db, id: number | null) {
  const current = await findBrand(db, id)
  await deleteUnlessUsed(db, 'brand', current.id, () => db.delete(brands).where(eq(brands.id, current.id)))
}
