import type { endpoints, Product } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { bulkMessage, eachOnItsOwn, summary } from '../../lib/bulk.ts'
import type { Handler } from '../../lib/endpoints.ts'
import { toDbId } from '../../lib/ids.ts'
import { deleteProduct, lockProduct } from './repository.ts'

type BulkDeleteEndpoint = (typeof endpoints.products)['bulkDelete']

/**
 * `products.bulkDelete`: each product deleted as the product's own delete does it, with its own entry in the
 * audit log, so its history shows the delete; the call's entry lists what was deleted and what was refused.
 * `audited` is the product as the log keeps it.
 */
export function productBulkDelete(
  app: FastifyInstance,
  audited: (product: Product) => object,
): Handler<BulkDeleteEndpoint> {
  return async (request, _reply, { db, audit }) => {
    const now = app.services.now()
    const subject = { entity: 'product', action: 'delete' } as const
    const outcomes = await eachOnItsOwn(db, audit, request.body.ids, subject, async (tx, text, note) => {
      const id = toDbId(text)
      const before = await lockProduct(tx, id)
      await deleteProduct(tx, id, now)
      note.entityId = before.id
      note.deleted(audited(before))
      return 'Product deleted'
    })
    const { done, refused } = summary(outcomes)
    audit.entityId = null
    audit.set('deleted', null, done)
    audit.set('refused', null, refused)
    return { status: true, data: outcomes, message: bulkMessage(outcomes, 'deleted') }
  }
}
