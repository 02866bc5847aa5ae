import { canMoveStatus, type endpoints, ORDER_STATUS_NAMES } from '@store/contract'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { orders } from '../../db/schema.ts'
import { bulkMessage, eachOnItsOwn, summary } from '../../lib/bulk.ts'
import type { Handler } from '../../lib/endpoints.ts'
import { HttpError } from '../../lib/errors.ts'
import { toDbId } from '../../lib/ids.ts'
import { nextVersion } from '../../lib/versions.ts'
import { AuditNote, entryOf, writeAuditEntry } from '../audit/record.ts'
import { lockForChange } from '../audit/repository.ts'
import { actorOf, recordEvents } from './events.ts'
import { getOrder } from './repository.ts'

type BulkStatusEndpoint = (typeof endpoints.orders)['bulkStatus']

/**
 * `orders.bulkStatus`: each order moved on its own, only as STATUS_MOVES allows (CONTRACT 4.5), with its own
 * entry in the audit log (an update of its status) and a 'status' event on its timeline, so its history shows the
 * move, and its version raised; the call's entry lists the orders moved and those refused.
 */
export function orderBulkStatus(app: FastifyInstance): Handler<BulkStatusEndpoint> {
  return async (request, _reply, { db, audit }) => {
    const now = app.services.now()
    const actor = actorOf(request)
    const to = request.body.status
    const outcomes = await eachOnItsOwn(db, request.body.ids, async (tx, text) => {
      const id = toDbId(text)
      await lockForChange(tx, orders, orders.id, id)
      const before = await getOrder(tx, id)
      const from = before.status
      if (from === to)
        throw new HttpError(409, { code: 'statusSame', params: { status: ORDER_STATUS_NAMES[from] } })
      if (!canMoveStatus(from, to))
        throw new HttpError(409, {
          code: 'statusMove',
          params: { from: ORDER_STATUS_NAMES[from], to: ORDER_STATUS_NAMES[to] },
        })
      await tx
        .update(orders)
        .set({ status: to, version: nextVersion(orders.version), updatedAt: now })
        .where(eq(orders.id, Number(before.id)))
      await recordEvents(tx, Number(before.id), actor, now, [{ type: 'status', from, to }])
      const note = new AuditNote().set('status', from, to)
      note.entityId = before.id
      await writeAuditEntry(tx, entryOf(request, { entity: 'order', action: 'update' }, note, undefined))
      return `Moved to ${ORDER_STATUS_NAMES[to]}`
    })
    const { done, refused } = summary(outcomes)
    audit.entityId = null
    audit.set('status', null, to)
    audit.set('moved', null, done)
    audit.set('refused', null, refused)
    return { status: true, data: outcomes, message: bulkMessage(outcomes, 'moved') }
  }
}
