import { slugify } from '@store/contract'
import { and, eq, ne, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import { products } from '../db/schema.ts'
import { badRequest, conflict, isForeignKeyViolation } from './errors.ts'

interface Slugged {
  table: PgTable
  id: PgColumn
  slug: PgColumn
}

type Label = 'category' | 'brand' | 'product'

/** The 409 of a taken slug, on the `name` field that made it. */
export const slugTaken = (label: Label, slug: string) => conflict(`${label}SlugTaken`, { slug }, 'name')

/**
 * The slug of `name` ('Đồng hồ' → 'dong-ho') when no other row of `t` holds it: a 400 naming `name` when the
 * name has no letter or digit, a 409 naming it when the slug is taken. `scope` narrows the rows that count
 * (live products: a deleted one frees its slug).
 */
export async function freeSlug(
  db: Db,
  t: Slugged,
  label: Label,
  name: string,
  options: { exceptId?: number; scope?: SQL } = {},
): Promise<string> {
  const slug = slugify(name)
  if (!slug) throw badRequest('name', 'nameNeedsLetter')
  const [taken] = await db
    .select({ id: t.id })
    .from(t.table)
    .where(and(eq(t.slug, slug), options.scope, options.exceptId ? ne(t.id, options.exceptId) : undefined))
  if (taken) throw slugTaken(label, slug)
  return slug
}

/**
 * Deletes a brand or category unless products use it: order history points at those products, deleted ones
 * included, so the answer is a 409 that says how many.
 */
export async function deleteUnlessUsed(
  db: Db,
  label: 'brand' | 'category',
  id: number,
  remove: () => Promise<unknown>,
): Promise<void> {
  const column = label === 'brand' ? products.brandId : products.categoryId
  const [usage] = await db
    .select({
      live: sql<number>`count(*) filter (where ${products.deletedAt} is null)::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(products)
    .where(eq(column, id))
  if (usage && usage.live > 0) {
    throw conflict(`${label}InUse`, { count: usage.live })
  }
  if (usage && usage.all > 0) {
    throw conflict(`${label}Kept`, { count: usage.all })
  }
  try {
    await remove()
  } catch (error) {
    // A product created between the count and the delete holds it now.
    if (isForeignKeyViolation(error)) throw conflict(`${label}Used`)
    throw error
  }
}
