import { endpoints } from '@store/contract'
import { implement } from '../../lib/endpoints.ts'
import { toDbId } from '../../lib/ids.ts'
import {
  deleteOrder,
  deleteOrderLine,
  getOrder,
  listOrderLines,
  listOrders,
  updateOrder,
} from './repository.ts'

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
    update: async (request, _reply, { db }) => ({
      status: true,
      data: await updateOrder(db, toDbId(request.params.id), request.body, app.services.now()),
      message: 'Order updated',
    }),
    remove: async (request, _reply, { db }) => {
      await deleteOrder(db, toDbId(request.params.id))
      return { status: true, data: null, message: 'Order deleted' }
    },
    lines: async (request, _reply, { db }) => ({
      status: true,
      data: await listOrderLines(db, toDbId(request.params.orderId)),
      message: 'OK',
    }),
    removeLine: async (request, _reply, { db }) => {
      const { orderId, id } = request.params
      await deleteOrderLine(db, toDbId(orderId), toDbId(id), app.services.now())
      return { status: true, data: null, message: 'Order line deleted' }
    },
  }
})
