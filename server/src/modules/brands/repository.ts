import type {
  BRANDS_SORT_FIELDS,
  Brand,
  BrandCreateBody,
  BrandListQuery,
  BrandUpdateBody,
} from '@store/contract'
import { and, eq, getTableColumns, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { brands } from '../../db/schema.ts'
import { deleteUnlessUsed, freeSlug, slugTaken } from '../../lib/catalog.ts'
import { countRows } from '../../lib/counts.ts'
import { keysetBatches } from '../../lib/csv.ts'
import { isUniqueViolation, notFound } from '../../lib/errors.ts'
import { ids } from '../../lib/ids.ts'
import { matches, metaOf, pageOf, type SortKeys, searchTerm, sortingOf } from '../../lib/list.ts'
import { lockForChange } from '../../lib/row-lock.ts'
import { nextVersion, staleOrMissing, versionIs } from '../../lib/versions.ts'

type Row = typeof brands.$inferSelect
const slugged = { table: brands, id: brands.id, slug: brands.slug }

export const toBrand = (b: Row): Brand => ({
  name: b.name,
  logo: b.logo,
  slug: b.slug,
  version: b.version,
  createdAt: b.createdAt.toISOString(),
  updatedAt: b.updatedAt.toISOString(),
  ...ids(b.id),
})

/**
 * The sorts of the list (CONTRACT 4.1). The name is sorted as the other lists sort it: by its search text, then
 * by its own text, byte by byte, so the order is the same on every database.
 */
const brandSorts: SortKeys<(typeof BRANDS_SORT_FIELDS)[number]> = {
  name: [
    { expr: sql`${brands.nameSearch} collate "C"`, type: 'text' },
    { expr: sql`${brands.name} collate "C"`, type: 'text' },
  ],
  createdAt: [{ expr: brands.createdAt, type: 'timestamptz' }],
}

export async function listBrands(db: Db, query: BrandListQuery) {
  const term = searchTerm(query.name)
  const search = term ? { where: matches(brands.nameSearch, term) } : undefined
  const { orderBy } = sortingOf(brandSorts, brands.id, query.sortBy)
  const { limit, offset } = pageOf(query)
  const [page, total] = await Promise.all([
    db
      .select()
      .from(brands)
      .where(search?.where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset),
    countRows(db, 'brands', search),
  ])
  return { data: page.map(toBrand), meta: metaOf(query, total) }
}

/**
 * Every brand the search keeps, in the list's order, in batches of `size`, each after the last row of the one
 * before by its sort keys and id (read back as text, so a time keeps its microseconds).
 */
export function brandBatches(db: Db, query: Pick<BrandListQuery, 'name' | 'sortBy'>, size: number) {
  const term = searchTerm(query.name)
  const where = term ? matches(brands.nameSearch, term) : undefined
  const sorting = sortingOf(brandSorts, brands.id, query.sortBy)
  return keysetBatches(
    async (last: { cursor: string[] } | undefined) =>
      db
        .select({ ...getTableColumns(brands), cursor: sorting.cursor })
        .from(brands)
        .where(last ? and(where, sorting.after(last.cursor)) : where)
        .orderBy(...sorting.orderBy)
        .limit(size),
    size,
  )
}

/**
 * Every brand, for the pickers, in the list's name order: by the name without its diacritics, then the name, so
 * 'Ánh Dương' sits among the A's and not after 'Zara' as byte order puts it.
 */
export async function allBrands(db: Db) {
  const all = await db
    .select()
    .from(brands)
    .orderBy(...sortingOf(brandSorts, brands.id, 'name:asc').orderBy)
  return all.map(toBrand)
}

async function findBrand(db: Db, id: number | null) {
  const [row] = id ? await db.select().from(brands).where(eq(brands.id, id)) : []
  if (!row) throw notFound('brandNotFound')
  return row
}

export const getBrand = async (db: Db, id: number | null) => toBrand(await findBrand(db, id))

/** A brand locked for a change until its transaction ends, and read as it is: the change's `before`. */
export async function lockBrand(db: Db, id: number | null) {
  await lockForChange(db, brands, brands.id, id)
  return getBrand(db, id)
}

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

/**
 * Only the fields sent change; `logo: null` removes the logo. With `sent`, the brand must still be at that
 * version (CONTRACT 4.6), else 409 with the brand as it is now.
 */
export async function updateBrand(
  db: Db,
  id: number | null,
  body: BrandUpdateBody,
  now: Date,
  sent?: number,
) {
  const current = await findBrand(db, id)
  // Stale is said first, before any other refusal: what else is wrong may be gone once the form is reloaded.
  if (sent !== undefined && sent !== current.version) return staleOrMissing(() => getBrand(db, current.id))
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
        version: nextVersion(brands.version),
        updatedAt: now,
      })
      .where(and(eq(brands.id, current.id), versionIs(brands.version, sent)))
      .returning()
    if (!row) return staleOrMissing(() => getBrand(db, current.id))
    return toBrand(row)
  } catch (error) {
    throw raced(error, slug)
  }
}

/** A brand still used by products stays: order history points at those products. */
export async function deleteBrand(db: Db, id: number | null) {
  const current = await findBrand(db, id)
  await deleteUnlessUsed(db, 'brand', current.id, () => db.delete(brands).where(eq(brands.id, current.id)))
}
