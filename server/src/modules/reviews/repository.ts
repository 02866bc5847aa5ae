import type { Review, ReviewListQuery } from '@store/contract'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { products, reviews, users } from '../../db/schema.ts'
import { notFound } from '../../lib/errors.ts'
import { ids, toDbId } from '../../lib/ids.ts'
import { matching, metaOf, newestFirst, onPage, searchTerm } from '../../lib/list.ts'
import { countRows } from '../../lib/row-counts.ts'
import { recomputeRatings } from './rating.ts'

/** Reviews of soft-deleted products are listed too: they are the store's history. */
export async function listReviews(db: Db, query: ReviewListQuery) {
  const term = searchTerm(query.content)
  const search = term ? matching(reviews.contentSearch, term) : undefined
  const listed = { table: reviews, id: reviews.id, createdAt: reviews.createdAt }
  const [page, total] = await Promise.all([
    db
      .select({
        id: reviews.id,
        content: reviews.content,
        rating: reviews.rating,
        createdAt: reviews.createdAt,
        user: { id: users.id, name: users.name },
        product: {
          id: products.id,
          name: products.name,
          thumbnail: sql<string | null>`${products.images}[1]`,
        },
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(onPage(db, listed, search?.where, query))
      .orderBy(...newestFirst(listed)),
    countRows(db, 'reviews', search),
  ])
  const data: Review[] = page.map((r) => ({
    ...ids(r.id),
    content: r.content,
    rating: r.rating,
    createdAt: r.createdAt.toISOString(),
    user: { ...ids(r.user.id), name: r.user.name },
    product: { ...ids(r.product.id), name: r.product.name, thumbnail: r.product.thumbnail },
  }))
  return { data, meta: metaOf(query, total) }
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
