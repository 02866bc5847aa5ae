import { endpoints } from '@store/contract'
import { implement } from '../../lib/endpoints.ts'
import { deleteReview, listReviews } from './repository.ts'

export const reviewRoutes = implement(endpoints.reviews, () => {
  return {
    list: async (request, _reply, { db }) => ({
      status: true,
      ...(await listReviews(db, request.query)),
      message: 'OK',
    }),
    remove: async (request, _reply, { db, audit }) => {
      const { id, ...review } = await deleteReview(db, request.params.commentId, request.query.productId)
      // The address names the review `commentId`, not `id`.
      audit.entityId = id
      audit.deleted(review)
      return { status: true, data: null, message: 'Review deleted' }
    },
  }
})
