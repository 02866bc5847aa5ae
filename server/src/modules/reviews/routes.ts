import {
  emptyEnvelope,
  reviewDeleteParams,
  reviewDeleteQuery,
  reviewList,
  reviewListQuery,
} from '@store/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { deleteReview, listReviews } from './repository.ts'

const tags = ['reviews']

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services

  app.get(
    '/admin/product-reviews',
    {
      schema: {
        summary: 'A page of product reviews, newest first; `content` searches the review text',
        tags,
        querystring: reviewListQuery,
        response: { 200: reviewList },
      },
    },
    async (request) => ({ status: true, ...(await listReviews(db, request.query)), message: 'OK' }),
  )

  app.delete(
    '/admin/product-reviews/:commentId',
    {
      schema: {
        summary: "Delete a review and recompute its product's rating",
        tags,
        params: reviewDeleteParams,
        querystring: reviewDeleteQuery,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await deleteReview(db, request.params.commentId, request.query.productId)
      return { status: true, data: null, message: 'Review deleted' }
    },
  )
}
