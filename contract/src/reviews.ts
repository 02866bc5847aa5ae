import { z } from 'zod'
import { emptyEnvelope, entityIds, envelope, idParams, isoDate, listEnvelope, listQuery } from './common.ts'
import { defineEndpoints } from './endpoint.ts'
import { REVIEW_STATUSES } from './enums.ts'
import {
  bulkAnswer,
  bulkIds,
  csvAnswer,
  csvResponses,
  optionalChoice,
  optionalId,
  optionalIntIn,
  sortParam,
} from './list-params.ts'
import { messages } from './messages.ts'

export const REVIEW_SORT_FIELDS = ['createdAt', 'rating'] as const
export type ReviewSortField = (typeof REVIEW_SORT_FIELDS)[number]

/** The review list searches the review text, under the name `content` (spec section 2). */
const reviewFilterShape = {
  content: z.string().max(200, messages.tooLong(200)).optional(),
  sortBy: sortParam(REVIEW_SORT_FIELDS),
  rating: optionalIntIn(0, 5).meta({ description: 'Reviews of exactly this many stars, 0 to 5' }),
  productId: optionalId.meta({ description: "The product's id" }),
  status: optionalChoice(REVIEW_STATUSES).meta({ description: 'pending, approved or rejected' }),
}
export const reviewListQuery = listQuery.omit({ name: true }).extend(reviewFilterShape)
export type ReviewListQuery = z.infer<typeof reviewListQuery>
export const reviewExportQuery = z.object(reviewFilterShape)
export type ReviewExportQuery = z.infer<typeof reviewExportQuery>

export const review = z.object({
  ...entityIds,
  content: z.string(),
  rating: z.number().int().min(0).max(5),
  status: z.enum(REVIEW_STATUSES),
  createdAt: isoDate,
  user: z.object({ ...entityIds, name: z.string() }),
  product: z.object({ ...entityIds, name: z.string(), thumbnail: z.string().nullable() }),
})
export type Review = z.infer<typeof review>

export const reviewList = listEnvelope(review)

export const reviewStatus = z.enum(REVIEW_STATUSES, { error: messages.oneOf(REVIEW_STATUSES) })
/** Moderation (CONTRACT 4.5): a review's status; the product's rating counts approved reviews only. */
export const reviewUpdateBody = z.object({ status: reviewStatus })
export type ReviewUpdateBody = z.infer<typeof reviewUpdateBody>
export const reviewBulkStatusBody = z.object({ ids: bulkIds, status: reviewStatus })
export type ReviewBulkStatusBody = z.infer<typeof reviewBulkStatusBody>

export const reviewDeleteParams = z.object({ commentId: z.string().max(64) })
/** `productId`, when sent, must be the review's product: a stale screen cannot delete another product's review. */
export const reviewDeleteQuery = z.object({ productId: z.string().max(64).optional() })

export const reviewEndpoints = defineEndpoints('reviews', {
  list: {
    method: 'GET',
    path: '/admin/product-reviews',
    permission: 'reviews:read',
    summary: 'A page of product reviews, sorted and filtered; `content` searches the review text',
    query: reviewListQuery,
    answer: reviewList,
  },
  export: {
    method: 'GET',
    path: '/admin/product-reviews/export',
    permission: 'reviews:read',
    summary: 'Every review the filters match, as a CSV file in the list’s order',
    query: reviewExportQuery,
    answer: csvAnswer,
    responses: csvResponses,
  },
  bulkStatus: {
    method: 'POST',
    path: '/admin/product-reviews/bulk-status',
    permission: 'reviews:write',
    summary:
      'Approve or reject up to 500 reviews, each on its own; the answer says which changed and why not',
    body: reviewBulkStatusBody,
    answer: bulkAnswer,
    audit: { entity: 'review', action: 'bulkStatus' },
  },
  update: {
    method: 'PUT',
    path: '/admin/product-reviews/:id',
    permission: 'reviews:write',
    summary: "Approve, reject or hold a review; its product's rating follows",
    params: idParams,
    body: reviewUpdateBody,
    answer: envelope(review),
    audit: { entity: 'review', action: 'update' },
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
