import {
  emptyEnvelope,
  idParams,
  orderAnswer,
  orderBody,
  orderDetailParams,
  orderLineParams,
  orderLines,
  orderList,
  orderListQuery,
} from '@store/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { toDbId } from '../../lib/ids.ts'
import {
  deleteOrder,
  deleteOrderLine,
  getOrder,
  listOrderLines,
  listOrders,
  updateOrder,
} from './repository.ts'

const tags = ['orders']

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services

  app.get(
    '/admin/orders',
    {
      schema: {
        summary: "A page of orders, newest first; `name` searches the customer's name",
        tags,
        querystring: orderListQuery,
        response: { 200: orderList },
      },
    },
    async (request) => ({ status: true, ...(await listOrders(db, request.query)), message: 'OK' }),
  )

  app.get(
    '/admin/orders/:id',
    { schema: { summary: 'One order', tags, params: idParams, response: { 200: orderAnswer } } },
    async (request) => ({ status: true, data: await getOrder(db, toDbId(request.params.id)), message: 'OK' }),
  )

  app.put(
    '/admin/orders/:id',
    {
      schema: {
        summary: "Edit an order's address, figures, status, note and payment method",
        tags,
        params: idParams,
        body: orderBody,
        response: { 200: orderAnswer },
      },
    },
    async (request) => ({
      status: true,
      data: await updateOrder(db, toDbId(request.params.id), request.body, app.services.now()),
      message: 'Order updated',
    }),
  )

  app.delete(
    '/admin/orders/:id',
    {
      schema: {
        summary: 'Delete an order and its lines',
        tags,
        params: idParams,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await deleteOrder(db, toDbId(request.params.id))
      return { status: true, data: null, message: 'Order deleted' }
    },
  )

  app.get(
    '/admin/orders/:orderId/detail/:id',
    {
      schema: {
        summary: 'The lines of an order (the second id is ignored; clients repeat the order id)',
        tags,
        params: orderDetailParams,
        response: { 200: orderLines },
      },
    },
    async (request) => ({
      status: true,
      data: await listOrderLines(db, toDbId(request.params.orderId)),
      message: 'OK',
    }),
  )

  app.delete(
    '/admin/orders/:orderId/detail/:id',
    {
      schema: {
        summary: "Delete one line of an order and recompute the order's figures",
        tags,
        params: orderLineParams,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const { orderId, id } = request.params
      await deleteOrderLine(db, toDbId(orderId), toDbId(id), app.services.now())
      return { status: true, data: null, message: 'Order line deleted' }
    },
  )
}
