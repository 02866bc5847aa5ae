import { endpoints } from '@store/contract'
import { sendCsv, storeTime } from '../../lib/csv.ts'
import { implement } from '../../lib/endpoints.ts'
import { toDbId } from '../../lib/ids.ts'
import { reviewBulkStatus } from './bulk.ts'
import { deleteReview, listReviews, reviewBatches, setReviewStatus } from './repository.ts'

/** The export's columns, in order: the product and the customer by name beside their ids. */
const CSV_HEADER = [
  'id',
  'createdAt',
  'rating',
  'status',
  'content',
  'productId',
  'productName',
  'customerName',
  'customerEmail',
] as const

export const reviewRoutes = implement(endpoints.reviews, (app) => {
  const { config } = app.services
  return {
    list: async (request, _reply, { db }) => ({
      status: true,
      ...(await listReviews(db, request.query)),
      message: 'OK',
    }),
    export: async (request, reply) =>
      sendCsv(reply, {
        list: 'product-reviews',
        now: app.services.now(),
        timeZone: config.STORE_TZ,
        header: CSV_HEADER,
        batches: reviewBatches(app.services.database.longDb, request.query, config.EXPORT_BATCH_ROWS),
        row: (r) => [
          String(r.id),
          storeTime(r.createdAt, config.STORE_TZ),
          r.rating,
          r.status,
          r.content,
          String(r.product.id),
          r.product.name,
          r.user.name,
          r.user.email,
        ],
      }),
    // Moderation (CONTRACT 4.5): the same status again changes nothing and answers the review as it is.
    update: async (request, _reply, { db, audit }) => {
      const { before, after } = await setReviewStatus(
        db,
        toDbId(request.params.id),
        request.body.status,
        app.services.now(),
      )
      audit.diff({ status: before.status }, { status: after.status })
      return { status: true, data: after, message: 'Review updated' }
    },
    bulkStatus: reviewBulkStatus(app),
    remove: async (request, _reply, { db, audit }) => {
      const { id, ...review } = await deleteReview(db, request.params.commentId, request.query.productId)
      // The address names the review `commentId`, not `id`.
      audit.entityId = id
      audit.deleted(review)
      return { status: true, data: null, message: 'Review deleted' }
    },
  }
})
