import { z } from 'zod'
import { emptyEnvelope, entityIds, isoDate, listEnvelope, listQuery } from './common.ts'
import { defineEndpoints } from './endpoint.ts'
import { messages } from './messages.ts'

/** The review list searches the review text, under the name `content` (spec section 2). */
export const reviewListQuery = listQuery.omit({ name: true }).extend({
  content: z.string().max(200, messages.tooLong(200)).optional(),
})
export type ReviewListQuery = z.infer<typeof reviewListQuery>

export const review = z.object({
  ...entityIds,
  content: z.string(),
  rating: z.number().int().min(0).max(5),
  createdAt: isoDate,
  user: z.object({ ...entityIds, name: z.string() }),
  product: z.object({ ...entityIds, name: z.string(), thumbnail: z.string().nullable() }),
})
export type Review = z.infer<typeof review>

export const reviewList = listEnvelope(review)

export const reviewDeleteParams = z.object({ commentId: z.string().max(64) })
/** `productId`, when sent, must be the review's product: a stale screen cannot delete another product's review. */
export const reviewDeleteQuery = z.object({ productId: z.string().max(64).optional() })

export const reviewEndpoints = defineEndpoints('reviews', {
  list: {
    method: 'GET',
    path: '/admin/product-reviews',
    permission: 'reviews:read',
    summary: 'A page of product reviews, newest first; `content` searches the review text',
    query: reviewListQuery,
    answer: reviewList,
  },
  remove: {
    method: 'DELETE',
    path: '/admin/product-reviews/:commentId',
    permission: 'reviews:write',
    summary: "Delete a review and recompute its product's rating",
    params: reviewDeleteParams,
    query: reviewDeleteQuery,
    answer: emptyEnvelope,
    audit: { entity: 'review', action: 'delete' },
  },
})
