import type { Category, CategoryBody, ListQuery } from '@store/contract'
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { categories } from '../../db/schema.ts'
import { deleteUnlessUsed, freeSlug, slugTaken } from '../../lib/catalog.ts'
import { isUniqueViolation, notFound } from '../../lib/errors.ts'
import { ids } from '../../lib/ids.ts'
import { matching, metaOf, pageOf, searchTerm } from '../../lib/list.ts'
import { countRows } from '../../lib/row-counts.ts'

type Row = typeof categories.$inferSelect
const slugged = { table: categories, id: categories.id, slug: categories.slug }

export const toCategory = (c: Row): Category => ({
  ...ids(c.id),
  name: c.name,
  slug: c.slug,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
})

export async function listCategories(db: Db, query: ListQuery) {
  const term = searchTerm(query.name)
  const search = term ? matching(categories.nameSearch, term) : undefined
  const { limit, offset } = pageOf(query)
  const [page, total] = await Promise.all([
    db
      .select()
      .from(categories)
      .where(search?.where)
      .orderBy(desc(categories.createdAt), desc(categories.id))
      .limit(limit)
      .offset(offset),
    countRows(db, 'categories', search),
  ])
  return { data: page.map(toCategory), meta: metaOf(query, total) }
}

export async function allCategories(db: Db) {
  const all = await db.select().from(categories).orderBy(categories.name, categories.id)
  return all.map(toCategory)
}

export async function getCategory(db: Db, id: number | null) {
  const [row] = id ? await db.select().from(categories).where(eq(categories.id, id)) : []
  if (!row) throw notFound('categoryNotFound')
  return toCategory(row)
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

export async function updateCategory(db: Db, id: number | null, body: CategoryBody, now: Date) {
  await getCategory(db, id)
  const slug = await freeSlug(db, slugged, 'category', body.name, { exceptId: id! })
  try {
    const [row] = await db
      .update(categories)
      .set({ name: body.name, slug, updatedAt: now })
      .where(eq(categories.id, id!))
      .returning()
    return toCategory(row!)
  } catch (error) {
    throw raced(error, slug)
  }
}

/** A category still used by products stays: order history points at those products. */
export async function deleteCategory(db: Db, id: number | null) {
  await getCategory(db, id)
  await deleteUnlessUsed(db, 'category', id!, () => db.delete(categories).where(eq(categories.id, id!)))
}
