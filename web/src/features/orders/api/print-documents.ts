import { endpoints } from '@store/contract/client'
import { downloadFile } from '../../../lib/download.ts'

/**
 * Downloads an order's invoice (CONTRACT 4.7: a PDF with the shop's details, the lines, the total in words and,
 * while unpaid, a VietQR code), with the session's token. Answers the file's name.
 *
 * @example const name = await printInvoice('12') // 'invoice-12.pdf'
 */
export const printInvoice = (orderId: string): Promise<string> =>
  downloadFile(endpoints.orders.invoice, {
    params: { id: orderId },
    accept: 'application/pdf',
    fallbackName: `invoice-${orderId}.pdf`,
  })

/**
 * Downloads the packing slips of the chosen orders: one page each, in the order given, without prices.
 *
 * @example await printPackingSlips(['12', '15'])
 */
export const printPackingSlips = (orderIds: readonly string[]): Promise<string> =>
  downloadFile(endpoints.orders.packingSlips, {
    query: { ids: orderIds.join(',') },
    accept: 'application/pdf',
    fallbackName: 'packing-slips.pdf',
  })

/**
 * Downloads the shipping labels of the chosen orders (CONTRACT 5.5): one A6 page each, in the order given, with
 * the carrier, the tracking number's barcode and the COD to collect. An order without a shipment is a 409
 * `noLabel`, thrown as `ApiError`.
 *
 * @example await printLabels(['12', '15']) // 'labels-20261128.pdf'
 */
export const printLabels = (orderIds: readonly string[]): Promise<string> =>
  downloadFile(endpoints.orders.labels, {
    query: { ids: orderIds.join(',') },
    accept: 'application/pdf',
    fallbackName: 'labels.pdf',
  })
