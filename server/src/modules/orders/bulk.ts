import { type endpoints, ORDER_STATUS_NAMES } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { actorOf } from '../../lib/actor.ts'
import { nameOf } from '../../lib/audit.ts'
import { bulkMessage, eachOnItsOwn, summary } from '../../lib/bulk.ts'
import type { Handler } from '../../lib/endpoints.ts'
import { toDbId } from '../../lib/ids.ts'
import { lockOrder, moveOrderStatus } from './repository.ts'

type BulkStatusEndpoint = (typeof endpoints.orders)['bulkStatus']

/**
 * `orders.bulkStatus`: each order moved on its own through `moveOrderStatus` (CONTRACT 4.5), with its own entry
 * in the audit log (an update of its status), so its history shows the move; the call's entry lists the orders
 * moved and those refused.
 */
export function orderBulkStatus(app: FastifyInstance): Handler<BulkStatusEndpoint> {
  return async (request, _reply, { db, audit }) => {
    const change = { now: app.services.now(), actor: actorOf(request) }
    const to = request.body.status
    const subject = { entity: 'order', action: 'update' } as const
    const outcomes = await eachOnItsOwn(db, audit, request.body.ids, subject, async (tx, text, note) => {
      const before = await lockOrder(tx, toDbId(text))
      await moveOrderStatus(tx, before, to, change)
      note.entityId = before.id
      note.name = nameOf(before)
      note.set('status', before.status, to)
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
