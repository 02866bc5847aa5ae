import { endpoints } from '@store/contract'
import { implement } from '../../lib/endpoints.ts'
import { deleteReview, listReviews } from './repository.ts'

export const reviewRoutes = implement(endpoints.reviews, (app) => {
  return {
    list: async (request, _reply, { db }) => ({
      status: true,
      ...(await listReviews(db, request.query)),
      message: 'OK',
    }),
    remove: async (request, _reply, { db }) => {
      await deleteReview(db, request.params.commentId, request.query.productId)
      return { status: true, data: null, message: 'Review deleted' }
    },
  }
})
