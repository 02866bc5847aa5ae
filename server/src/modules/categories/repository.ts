import type { Category, CategoryBody, ListQuery } from '@store/contract'
import { slugify } from '@store/contract'
import { and, desc, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { categories, products } from '../../db/schema.ts'
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts'
import { ids } from '../../lib/ids.ts'
import { matches, metaOf, pageOf, searchTerm } from '../../lib/list.ts'
import { countRows } from '../../lib/totals.ts'

type Row = typeof categories.$inferSelect

export const toCategory = (c: Row): Category => ({
  ...ids(c.id),
  name: c.name,
  slug: c.slug,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
})

export async function listCategories(db: Db, query: ListQuery) {
  const term = searchTerm(query.name)
  const where = term ? matches(categories.name, term) : undefined
  const { limit, offset } = pageOf(query)
  const [page, total] = await Promise.all([
    db
      .select()
      .from(categories)
      .where(where)
      .orderBy(desc(categories.createdAt), desc(categories.id))
      .limit(limit)
      .offset(offset),
    countRows(db, 'categories', where),
  ])
  return { data: page.map(toCategory), meta: metaOf(query, total) }
}

export async function allCategories(db: Db) {
  const all = await db.select().from(categories).orderBy(categories.name, categories.id)
  return all.map(toCategory)
}

export async function getCategory(db: Db, id: number | null) {
  const [row] = id ? await db.select().from(categories).where(eq(categories.id, id)) : []
  if (!row) throw notFound('Category')
  return toCategory(row)
}

async function slugFor(db: Db, name: string, exceptId?: number) {
  const slug = slugify(name)
  if (!slug) throw badRequest('name', 'The name needs at least one letter or digit')
  const [taken] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(exceptId ? and(eq(categories.slug, slug), ne(categories.id, exceptId)) : eq(categories.slug, slug))
  if (taken) throw conflict(`A category with the slug '${slug}' already exists`, 'name')
  return slug
}

const slugTaken = (error: unknown) =>
  isUniqueViolation(error, 'categories_slug_key')
    ? conflict('A category with this slug already exists', 'name')
    : error

export async function createCategory(db: Db, body: CategoryBody) {
  const slug = await slugFor(db, body.name)
  try {
    const [row] = await db.insert(categories).values({ name: body.name, slug }).returning()
    return toCategory(row!)
  } catch (error) {
    throw slugTaken(error)
  }
}

export async function updateCategory(db: Db, id: number | null, body: CategoryBody, now: Date) {
  await getCategory(db, id)
  const slug = await slugFor(db, body.name, id!)
  try {
    const [row] = await db
      .update(categories)
      .set({ name: body.name, slug, updatedAt: now })
      .where(eq(categories.id, id!))
      .returning()
    return toCategory(row!)
  } catch (error) {
    throw slugTaken(error)
  }
}

/** A category still used by products stays: order history points at those products. */
export async function deleteCategory(db: Db, id: number | null) {
  await getCategory(db, id)
  const [usage] = await db
    .select({
      live: sql<number>`count(*) filter (where ${products.deletedAt} is null)::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(products)
    .where(eq(products.categoryId, id!))
  if (usage && usage.all > 0) {
    throw conflict(
      usage.live > 0
        ? `This category is used by ${usage.live} product${usage.live === 1 ? '' : 's'}; move or delete them first`
        : `This category is still used by ${usage.all} deleted product${usage.all === 1 ? '' : 's'} kept for order history`,
    )
  }
  await db.delete(categories).where(eq(categories.id, id!))
}
