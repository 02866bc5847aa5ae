import {
  endpoints,
  isOrderDeletable,
  ORDER_STATUS_NAMES,
  type Order,
  type OrderLine,
  type OrderStatus,
} from '@store/contract'
import { actorOf } from '../../lib/actor.ts'
import { phoneCell, sendCsv } from '../../lib/csv.ts'
import { implement } from '../../lib/endpoints.ts'
import { conflict } from '../../lib/errors.ts'
import { toDbId } from '../../lib/ids.ts'
import { sentVersion } from '../../lib/versions.ts'
import { orderBulkStatus } from './bulk.ts'
import { orderInvoice, orderLabels, orderPackingSlips } from './documents.ts'
import { addOrderNote, listOrderEvents } from './events.ts'
import {
  deleteOrder,
  deleteOrderLine,
  getOrder,
  listOrderLines,
  listOrders,
  lockOrder,
  orderBatches,
  updateOrder,
} from './repository.ts'
import { addOrderLine, changeOrderLine, createOrder } from './taking.ts'

/** The export's columns, in order (CONTRACT 4.1): the customer by name and email, money as whole VND. */
const CSV_HEADER = [
  'id',
  'createdAt',
  'updatedAt',
  'status',
  'statusName',
  'customerName',
  'customerEmail',
  'phoneNumber',
  'address',
  'quantity',
  'subtotal',
  'shipingFee',
  'discountPercent',
  'totalPrice',
  'amount',
  'methodPayment',
  'paymentStatus',
  'customerNote',
  'source',
] as const

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

export const orderRoutes = implement(endpoints.orders, (app) => {
  const { config } = app.services
  return {
    bulkStatus: orderBulkStatus(app),
    invoice: orderInvoice(app),
    packingSlips: orderPackingSlips(app),
    labels: orderLabels(app),
    list: async (request, _reply, { db }) => ({
      status: true,
      ...(await listOrders(db, request.query, config.STORE_TZ)),
      message: 'OK',
    }),
    export: async (request, reply) =>
      sendCsv(reply, {
        list: 'orders',
        now: app.services.now(),
        timeZone: config.STORE_TZ,
        header: CSV_HEADER,
        batches: orderBatches(
          app.services.database.longDb,
          request.query,
          config.STORE_TZ,
          config.EXPORT_BATCH_ROWS,
        ),
        row: (o) => [
          String(o.id),
          o.createdAt,
          o.updatedAt,
          o.status,
          ORDER_STATUS_NAMES[o.status as OrderStatus],
          o.name,
          o.email,
          phoneCell(o.phoneNumber),
          o.address,
          o.quantity,
          o.subtotal,
          o.shipingFee,
          o.discountPercent,
          o.totalPrice,
          o.amount,
          o.methodPayment,
          o.paymentStatus,
          o.customerNote,
          o.source,
        ],
      }),
    create: async (request, _reply, { db, audit }) => {
      const order = await createOrder(db, request.body, { now: app.services.now(), actor: actorOf(request) })
      audit.created(audited(order))
      return { status: true, data: order, message: 'Order created' }
    },
    addLine: async (request, _reply, { db, audit }) => {
      const line = await addOrderLine(db, toDbId(request.params.id), request.body, {
        now: app.services.now(),
        actor: actorOf(request),
      })
      audit.created({ orderId: request.params.id, ...auditedLine(line) })
      return { status: true, data: line, message: 'Order line added' }
    },
    changeLine: async (request, _reply, { db, audit }) => {
      const { orderId, id } = request.params
      const before = (await listOrderLines(db, toDbId(orderId))).find((l) => l.id === id)
      const line = await changeOrderLine(db, toDbId(orderId), toDbId(id), request.body, {
        now: app.services.now(),
        actor: actorOf(request),
      })
      if (before) audit.diff({ orderId, ...auditedLine(before) }, { orderId, ...auditedLine(line) })
      return { status: true, data: line, message: 'Order line updated' }
    },
    get: async (request, _reply, { db }) => ({
      status: true,
      data: await getOrder(db, toDbId(request.params.id)),
      message: 'OK',
    }),
    update: async (request, _reply, { db, audit }) => {
      const { before, after } = await updateOrder(db, toDbId(request.params.id), {
        body: request.body,
        version: sentVersion(request),
        now: app.services.now(),
        actor: actorOf(request),
      })
      audit.diff(audited(before), audited(after))
      return { status: true, data: after, message: 'Order updated' }
    },
    events: async (request, _reply, { db }) => ({
      status: true,
      data: await listOrderEvents(db, toDbId(request.params.id)),
      message: 'OK',
    }),
    addNote: async (request, _reply, { db, audit }) => {
      const event = await addOrderNote(
        db,
        toDbId(request.params.id),
        request.body.note,
        actorOf(request),
        app.services.now(),
      )
      audit.created({ note: event.note })
      return { status: true, data: event, message: 'Note added' }
    },
    remove: async (request, _reply, { db, audit }) => {
      const id = toDbId(request.params.id)
      const order = await lockOrder(db, id)
      if (!isOrderDeletable(order)) throw conflict('orderKept')
      // The order and its lines as they are before the delete takes them all.
      audit.deleted({ ...audited(order), lines: (await listOrderLines(db, id)).map(auditedLine) })
      await deleteOrder(db, id, { now: app.services.now(), actor: actorOf(request) })
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
        actorOf(request),
      )
      audit.deleted({ orderId: order, ...auditedLine(line) })
      return { status: true, data: null, message: 'Order line deleted' }
    },
  }
})
