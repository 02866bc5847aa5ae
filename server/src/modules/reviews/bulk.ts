import type { endpoints } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { nameOf } from '../../lib/audit.ts'
import { bulkMessage, eachOnItsOwn, summary } from '../../lib/bulk.ts'
import type { Handler } from '../../lib/endpoints.ts'
import { HttpError } from '../../lib/errors.ts'
import { toDbId } from '../../lib/ids.ts'
import { setReviewStatus } from './repository.ts'

type BulkStatusEndpoint = (typeof endpoints.reviews)['bulkStatus']

/**
 * `reviews.bulkStatus`: each review approved, rejected or held on its own (CONTRACT 4.1, 4.5), its product's
 * rating recomputed with it, with its own entry in the audit log (an update of its status); a review already at
 * the status is refused as no change, an unknown id as not found. The call's entry lists the reviews changed and
 * those refused.
 */
export function reviewBulkStatus(app: FastifyInstance): Handler<BulkStatusEndpoint> {
  return async (request, _reply, { db, audit }) => {
    const now = app.services.now()
    const to = request.body.status
    const subject = { entity: 'review', action: 'update' } as const
    const outcomes = await eachOnItsOwn(db, audit, request.body.ids, subject, async (tx, text, note) => {
      const { before, after } = await setReviewStatus(tx, toDbId(text), to, now)
      if (before.status === to) throw new HttpError(409, { code: 'reviewStatusSame' })
      note.entityId = before.id
      note.name = nameOf(before)
      note.set('status', before.status, after.status)
      return `Marked ${to}`
    })
    const { done, refused } = summary(outcomes)
    audit.entityId = null
    audit.set('status', null, to)
    audit.set('changed', null, done)
    audit.set('refused', null, refused)
    return { status: true, data: outcomes, message: bulkMessage(outcomes, 'changed') }
  }
}
