import type { CATEGORIES_SORT_FIELDS, Category, CategoryBody, CategoryListQuery } from '@store/contract'
import { and, eq, getTableColumns, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { categories } from '../../db/schema.ts'
import { deleteUnlessUsed, freeSlug, slugTaken } from '../../lib/catalog.ts'
import { countRows } from '../../lib/counts.ts'
import { keysetBatches } from '../../lib/csv.ts'
import { isUniqueViolation, notFound } from '../../lib/errors.ts'
import { ids } from '../../lib/ids.ts'
import { matches, metaOf, pageOf, type SortKeys, searchTerm, sortingOf } from '../../lib/list.ts'
import { lockForChange } from '../../lib/row-lock.ts'
import { nextVersion, staleOrMissing, versionIs } from '../../lib/versions.ts'

type Row = typeof categories.$inferSelect
const slugged = { table: categories, id: categories.id, slug: categories.slug }

export const toCategory = (c: Row): Category => ({
  name: c.name,
  slug: c.slug,
  version: c.version,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
  ...ids(c.id),
})

/**
 * The sorts of the list (CONTRACT 4.1). The name is sorted as the other lists sort it: by its search text, then
 * by its own text, byte by byte, so the order is the same on every database.
 */
const categorySorts: SortKeys<(typeof CATEGORIES_SORT_FIELDS)[number]> = {
  name: [
    { expr: sql`${categories.nameSearch} collate "C"`, type: 'text' },
    { expr: sql`${categories.name} collate "C"`, type: 'text' },
  ],
  createdAt: [{ expr: categories.createdAt, type: 'timestamptz' }],
}

export async function listCategories(db: Db, query: CategoryListQuery) {
  const term = searchTerm(query.name)
  const search = term ? { where: matches(categories.nameSearch, term) } : undefined
  const { orderBy } = sortingOf(categorySorts, categories.id, query.sortBy)
  const { limit, offset } = pageOf(query)
  const [page, total] = await Promise.all([
    db
      .select()
      .from(categories)
      .where(search?.where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset),
    countRows(db, 'categories', search),
  ])
  return { data: page.map(toCategory), meta: metaOf(query, total) }
}

/**
 * Every category the search keeps, in the list's order, in batches of `size`, each after the last row of the one
 * before by its sort keys and id (read back as text, so a time keeps its microseconds).
 */
export function categoryBatches(db: Db, query: Pick<CategoryListQuery, 'name' | 'sortBy'>, size: number) {
  const term = searchTerm(query.name)
  const where = term ? matches(categories.nameSearch, term) : undefined
  const sorting = sortingOf(categorySorts, categories.id, query.sortBy)
  return keysetBatches(
    async (last: { cursor: string[] } | undefined) =>
      db
        .select({ ...getTableColumns(categories), cursor: sorting.cursor })
        .from(categories)
        .where(last ? and(where, sorting.after(last.cursor)) : where)
        .orderBy(...sorting.orderBy)
        .limit(size),
    size,
  )
}

/**
 * Every category, for the pickers, in the list's name order: by the name without its diacritics, then the name,
 * so 'Áo khoác' sits among the A's and not after 'Túi xách' as byte order puts it.
 */
export async function allCategories(db: Db) {
  const all = await db
    .select()
    .from(categories)
    .orderBy(...sortingOf(categorySorts, categories.id, 'name:asc').orderBy)
  return all.map(toCategory)
}

export async function getCategory(db: Db, id: number | null) {
  const [row] = id ? await db.select().from(categories).where(eq(categories.id, id)) : []
  if (!row) throw notFound('categoryNotFound')
  return toCategory(row)
}

/** A category locked for a change until its transaction ends, and read as it is: the change's `before`. */
export async function lockCategory(db: Db, id: number | null) {
  await lockForChange(db, categories, categories.id, id)
  return getCategory(db, id)
}

/** Another writer took the slug between the check and the write. */
const raced = (error: unknown, slug: string) =>
  isUniqueViolation(error, 'categories_slug_key') ? slugTaken('category', slug) : error

export async function createCategory(db: Db, body: CategoryBody) {
  const slug = await freeSlug(db, slugged, 'category', body.name)
  try {
    const [row] = await db.insert(categories).values({ name: body.name, slug }).returning()
    return toCategory(row!)
  } catch (error) {
    throw raced(error, slug)
  }
}

/** With `sent`, the category must still be at that version (CONTRACT 4.6), else 409 with it as it is now. */
export async function updateCategory(
  db: Db,
  id: number | null,
  body: CategoryBody,
  now: Date,
  sent?: number,
) {
  const current = await getCategory(db, id)
  // Stale is said first, before any other refusal: what else is wrong may be gone once the form is reloaded.
  if (sent !== undefined && sent !== current.version) return staleOrMissing(() => getCategory(db, id))
  const slug = await freeSlug(db, slugged, 'category', body.name, { exceptId: id! })
  try {
    const [row] = await db
      .update(categories)
      .set({ name: body.name, slug, version: nextVersion(categories.version), updatedAt: now })
      .where(and(eq(categories.id, id!), versionIs(categories.version, sent)))
      .returning()
    if (!row) return staleOrMissing(() => getCategory(db, id))
    return toCategory(row)
  } catch (error) {
    throw raced(error, slug)
  }
}

/** A category still used by products stays: order history points at those products. */
export async function deleteCategory(db: Db, id: number | null) {
  await getCategory(db, id)
  await deleteUnlessUsed(db, 'category', id!, () => db.delete(categories).where(eq(categories.id, id!)))
}
