import type { endpoints } from '@store/contract'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Handler } from '../../lib/endpoints.ts'
import { HttpError } from '../../lib/errors.ts'
import type { Services } from '../../types.ts'
import { invoiceOrder, labelOrders, packingOrders, shopDetails } from './documents/data.ts'
import { fileDay } from './documents/labels.ts'
import { PdfPool, PdfQueueFullError } from './documents/pdf-pool.ts'

type Orders = typeof endpoints.orders

// The printed documents of CONTRACT 4.7 and the shipping labels of 5.5, made on the server as PDF files: the
// fonts, the words, the QR code and the barcode come with the server, so what prints does not depend on the browser or the machine. The handlers read the
// data here; the PDF is laid out on a thread of the app's PDF pool (`documents/pdf-pool.ts`, PDF_WORKERS
// threads), which loads the PDF code (pdfkit, fontkit, the QR and barcode encoders) when the first document is
// asked for. While the threads are busy and as many documents wait as the pool allows, a document is refused
// 503 with Retry-After.

/** Documents that may wait for a thread, for each thread of the pool. */
export const PDF_WAITING_PER_THREAD = 10

const pools = new WeakMap<Services, PdfPool>()

/** The app's PDF pool, made with the app's first document route and closed with the app. */
function pdfPool(app: FastifyInstance): PdfPool {
  const known = pools.get(app.services)
  if (known) return known
  const size = app.services.config.PDF_WORKERS
  const pool = new PdfPool(size, size * PDF_WAITING_PER_THREAD)
  app.addHook('onClose', () => pool.close())
  pools.set(app.services, pool)
  return pool
}

/** The PDF pool of an app (by its `app.services`), once a document route made it: for checks of its state. */
export const pdfPoolOf = (services: Services): PdfPool | undefined => pools.get(services)

/**
 * Runs a document's handler: a full pool, found before the data is read or when the document is handed over, is
 * a 503 `documentsBusy` that says when to try again.
 */
async function whileRoom(reply: FastifyReply, work: () => Promise<FastifyReply>): Promise<FastifyReply> {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof PdfQueueFullError)) throw error
    reply.header('retry-after', String(error.retryAfterSeconds))
    throw new HttpError(503, { code: 'documentsBusy', params: { seconds: error.retryAfterSeconds } })
  }
}

const sendPdf = (reply: FastifyReply, name: string, pdf: Buffer): FastifyReply =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(pdf)

/** `orders.invoice`: one order's invoice (`invoice-<id>.pdf`); 404 for an unknown order. */
export function orderInvoice(app: FastifyInstance): Handler<Orders['invoice']> {
  const timeZone = app.services.config.STORE_TZ
  const pool = pdfPool(app)
  return (request, reply, { db }) =>
    whileRoom(reply, async () => {
      pool.checkRoom()
      const [order, shop] = await Promise.all([invoiceOrder(db, request.params.id), shopDetails(db)])
      const pdf = await pool.render({ kind: 'invoice', input: { order, shop, timeZone } })
      return sendPdf(reply, `invoice-${order.id}.pdf`, pdf)
    })
}

/**
 * `orders.packingSlips`: a page an order of `ids`, in that order (`packing-slips-<YYYYMMDD>.pdf`); 404 naming
 * every id that is no order, and then nothing is printed.
 */
export function orderPackingSlips(app: FastifyInstance): Handler<Orders['packingSlips']> {
  const timeZone = app.services.config.STORE_TZ
  const pool = pdfPool(app)
  return (request, reply, { db }) =>
    whileRoom(reply, async () => {
      pool.checkRoom()
      const [orders, shop] = await Promise.all([packingOrders(db, request.query.ids), shopDetails(db)])
      const name = `packing-slips-${fileDay(app.services.now(), timeZone)}.pdf`
      const pdf = await pool.render({ kind: 'packingSlips', input: { orders, shop, timeZone } })
      return sendPdf(reply, name, pdf)
    })
}

/**
 * `orders.labels`: an A6 shipping label an order of `ids`, in that order (`labels-<YYYYMMDD>.pdf`); 404 naming
 * every id that is no order, then 409 `noLabel` naming the orders without a shipment, and then nothing is printed.
 */
export function orderLabels(app: FastifyInstance): Handler<Orders['labels']> {
  const timeZone = app.services.config.STORE_TZ
  const pool = pdfPool(app)
  return (request, reply, { db }) =>
    whileRoom(reply, async () => {
      pool.checkRoom()
      const [orders, shop] = await Promise.all([labelOrders(db, request.query.ids), shopDetails(db)])
      const name = `labels-${fileDay(app.services.now(), timeZone)}.pdf`
      const pdf = await pool.render({ kind: 'labels', input: { orders, shop, timeZone } })
      return sendPdf(reply, name, pdf)
    })
}
