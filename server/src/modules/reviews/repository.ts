import type {
  Review,
  ReviewExportQuery,
  ReviewListQuery,
  ReviewSortField,
  ReviewStatus,
} from '@store/contract'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { products, reviews, users } from '../../db/schema.ts'
import { type Narrowed, narrowing, pageWithTotal, totalOf } from '../../lib/counts.ts'
import { keysetBatches } from '../../lib/csv.ts'
import { notFound } from '../../lib/errors.ts'
import { ids, toDbId } from '../../lib/ids.ts'
import { matches, metaOf, onSortedPage, type SortKeys, searchTerm, sortingOf } from '../../lib/list.ts'
import { lockForChange } from '../../lib/row-lock.ts'
import { recomputeRatings } from './rating.ts'

/**
 * The sorts of the review list (CONTRACT 4.1): bare columns, served by `reviews_created_idx` and
 * `reviews_rating_idx` read either way.
 */
const reviewSorts: SortKeys<ReviewSortField> = {
  createdAt: [{ expr: reviews.createdAt, type: 'timestamptz' }],
  rating: [{ expr: reviews.rating, type: 'smallint' }],
}

/** The review list's search and filters (AND); an id no product can have matches nothing. */
function reviewFilters(query: ReviewExportQuery): Narrowed | undefined {
  const term = searchTerm(query.content)
  const productId = query.productId === undefined ? undefined : toDbId(query.productId)
  return narrowing(term && { term, where: matches(reviews.contentSearch, term) }, [
    query.rating === undefined ? undefined : eq(reviews.rating, query.rating),
    productId === undefined ? undefined : productId === null ? sql`false` : eq(reviews.productId, productId),
    query.status === undefined ? undefined : eq(reviews.status, query.status),
  ])
}

const reviewColumns = {
  id: reviews.id,
  content: reviews.content,
  rating: reviews.rating,
  status: reviews.status,
  createdAt: reviews.createdAt,
  user: { id: users.id, name: users.name, email: users.email },
  product: {
    id: products.id,
    name: products.name,
    thumbnail: sql<string | null>`${products.images}[1]`,
  },
}

/** Reviews of soft-deleted products are listed too: they are the store's history. */
export async function listReviews(db: Db, query: ReviewListQuery) {
  const filters = reviewFilters(query)
  const sorting = sortingOf(reviewSorts, reviews.id, query.sortBy)
  const { rows, total } = await pageWithTotal(totalOf(db, 'reviews', filters), (total) =>
    db
      .select({ ...reviewColumns, total })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(onSortedPage(db, { table: reviews, id: reviews.id }, filters?.where, sorting.orderBy, query))
      .orderBy(...sorting.orderBy),
  )
  return { data: rows.map(reviewOf), meta: metaOf(query, total) }
}

type ReviewRow = {
  id: number
  content: string
  rating: number
  status: ReviewStatus
  createdAt: Date
  user: { id: number; name: string }
  product: { id: number; name: string; thumbnail: string | null }
}

const reviewOf = (r: ReviewRow): Review => ({
  content: r.content,
  rating: r.rating,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  user: { name: r.user.name, ...ids(r.user.id) },
  product: { name: r.product.name, thumbnail: r.product.thumbnail, ...ids(r.product.id) },
  ...ids(r.id),
})

/** One review as the list shows it; 404 for an id no review has. */
export async function getReview(db: Db, id: number | null): Promise<Review> {
  if (id === null) throw notFound('reviewNotFound')
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.id, id))
  if (!row) throw notFound('reviewNotFound')
  return reviewOf(row)
}

/**
 * Moderation (CONTRACT 4.5): sets a review's status and, when it changed, its product's rating to the mean of
 * the approved reviews, in the caller's transaction. The review is locked while read, so `before` is exactly
 * what the update replaced. A review already at `status` is left as it is (not even `updatedAt` moves).
 */
export async function setReviewStatus(db: Db, id: number | null, status: ReviewStatus, now: Date) {
  await lockForChange(db, reviews, reviews.id, id)
  const before = await getReview(db, id)
  if (before.status === status) return { before, after: before }
  await db.update(reviews).set({ status, updatedAt: now }).where(eq(reviews.id, id!))
  await recomputeRatings(db, [Number(before.product.id)])
  return { before, after: { ...before, status } }
}

/** Every review the export's query matches, in the list's order, a batch at a time (keyset on the sort keys). */
export function reviewBatches(db: Db, query: ReviewExportQuery, size: number) {
  const filters = reviewFilters(query)
  const sorting = sortingOf(reviewSorts, reviews.id, query.sortBy)
  return keysetBatches(
    (last: { cursor: string[] } | undefined) =>
      db
        .select({ ...reviewColumns, cursor: sorting.cursor })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(and(filters?.where, last ? sorting.after(last.cursor) : undefined))
        .orderBy(...sorting.orderBy)
        .limit(size),
    size,
  )
}

/**
 * Deletes a review and sets its product's rating to the mean of the reviews left, together. When `productId` is
 * sent (an empty value counts as not sent) it must name the review's product. Answers the review as it was,
 * with who wrote it and about what (for the audit log); it is locked while read, so that is what was deleted.
 */
export async function deleteReview(db: Db, commentId: string, productId: string | undefined) {
  const id = toDbId(commentId)
  const onlyProduct = productId ? toDbId(productId) : undefined
  if (!id || onlyProduct === null) throw notFound('reviewNotFound')
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({
        id: reviews.id,
        content: reviews.content,
        rating: reviews.rating,
        user: { id: users.id, name: users.name },
        product: { id: products.id, name: products.name },
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(onlyProduct ? and(eq(reviews.id, id), eq(reviews.productId, onlyProduct)) : eq(reviews.id, id))
      .for('update', { of: reviews })
    if (!review) throw notFound('reviewNotFound')
    await tx.delete(reviews).where(eq(reviews.id, review.id))
    await recomputeRatings(tx, [review.product.id])
    return {
      id: String(review.id),
      content: review.content,
      rating: review.rating,
      user: { id: String(review.user.id), name: review.user.name },
      product: { id: String(review.product.id), name: review.product.name },
    }
  })
}
