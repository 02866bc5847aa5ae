import type { endpoints } from '@store/contract'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Handler } from '../../lib/endpoints.ts'
import { invoiceOrder, packingOrders, shopDetails } from './documents/data.ts'
import { fileDay } from './documents/labels.ts'

type Orders = typeof endpoints.orders

// The printed documents of CONTRACT 4.7, made on the server as PDF files: the fonts, the words and the QR code
// come with the server, so what prints does not depend on the browser or the machine. The PDF code (pdfkit,
// fontkit, the QR encoder: about 28 MB) is loaded on the first document asked for.

const sendPdf = (reply: FastifyReply, name: string, pdf: Buffer): FastifyReply =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(pdf)

/** `orders.invoice`: one order's invoice (`invoice-<id>.pdf`); 404 for an unknown order. */
export function orderInvoice(app: FastifyInstance): Handler<Orders['invoice']> {
  const timeZone = app.services.config.STORE_TZ
  return async (request, reply, { db }) => {
    const [order, shop] = await Promise.all([invoiceOrder(db, request.params.id), shopDetails(db)])
    const { invoicePdf } = await import('./documents/invoice.ts')
    return sendPdf(reply, `invoice-${order.id}.pdf`, await invoicePdf({ order, shop, timeZone }))
  }
}

/**
 * `orders.packingSlips`: a page an order of `ids`, in that order (`packing-slips-<YYYYMMDD>.pdf`); 404 naming
 * every id that is no order, and then nothing is printed.
 */
export function orderPackingSlips(app: FastifyInstance): Handler<Orders['packingSlips']> {
  const timeZone = app.services.config.STORE_TZ
  return async (request, reply, { db }) => {
    const [orders, shop] = await Promise.all([packingOrders(db, request.query.ids), shopDetails(db)])
    const name = `packing-slips-${fileDay(app.services.now(), timeZone)}.pdf`
    const { packingSlipsPdf } = await import('./documents/packing-slips.ts')
    return sendPdf(reply, name, await packingSlipsPdf({ orders, shop, timeZone }))
  }
}
