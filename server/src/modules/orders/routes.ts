import { endpoints, type Order, type OrderLine } from '@store/contract'
import type { Db } from '../../db/client.ts'
import { orders } from '../../db/schema.ts'
import { implement } from '../../lib/endpoints.ts'
import { toDbId } from '../../lib/ids.ts'
import { lockForChange } from '../audit/repository.ts'
import {
  deleteOrder,
  deleteOrderLine,
  getOrder,
  listOrderLines,
  listOrders,
  updateOrder,
} from './repository.ts'

/** An order as the audit log keeps it: its customer without the repeated `_id`. */
const audited = ({ user: { _id, ...user }, ...order }: Order) => ({ ...order, user })

/** An order line as the audit log keeps it: the product by id and name, and what was bought. */
const auditedLine = (
  l: Pick<OrderLine, 'price' | 'quantity' | 'size'> & { product: { id: string; name: string } },
) => ({
  product: { id: l.product.id, name: l.product.name },
  price: l.price,
  quantity: l.quantity,
  size: l.size,
})

/** The order and its lines as they are before a delete takes them all. */
const wholeOrder = async (db: Db, id: number | null) => ({
  ...audited(await getOrder(db, id)),
  lines: (await listOrderLines(db, id)).map(auditedLine),
})

export const orderRoutes = implement(endpoints.orders, (app) => {
  return {
    list: async (request, _reply, { db }) => ({
      status: true,
      ...(await listOrders(db, request.query)),
      message: 'OK',
    }),
    get: async (request, _reply, { db }) => ({
      status: true,
      data: await getOrder(db, toDbId(request.params.id)),
      message: 'OK',
    }),
    update: async (request, _reply, { db, audit }) => {
      const id = toDbId(request.params.id)
      await lockForChange(db, orders, orders.id, id)
      const before = await getOrder(db, id)
      const updated = await updateOrder(db, id, request.body, app.services.now())
      audit.diff(audited(before), audited(updated))
      return { status: true, data: updated, message: 'Order updated' }
    },
    remove: async (request, _reply, { db, audit }) => {
      const id = toDbId(request.params.id)
      await lockForChange(db, orders, orders.id, id)
      audit.deleted(await wholeOrder(db, id))
      await deleteOrder(db, id)
      return { status: true, data: null, message: 'Order deleted' }
    },
    lines: async (request, _reply, { db }) => ({
      status: true,
      data: await listOrderLines(db, toDbId(request.params.orderId)),
      message: 'OK',
    }),
    removeLine: async (request, _reply, { db, audit }) => {
      const { orderId, id } = request.params
      const { orderId: order, ...line } = await deleteOrderLine(
        db,
        toDbId(orderId),
        toDbId(id),
        app.services.now(),
      )
      audit.deleted({ orderId: order, ...auditedLine(line) })
      return { status: true, data: null, message: 'Order line deleted' }
    },
  }
})
