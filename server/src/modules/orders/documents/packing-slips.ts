import { codToCollect } from './cod.ts'
import type { DocumentOrder, ShopDetails } from './data.ts'
import { COD_WORDS, carrierName, printedTime } from './labels.ts'
import { vnd, vndInWords } from './money.ts'
import {
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  type Column,
  drawTable,
  finish,
  footers,
  INK,
  MARGIN,
  MUTED,
  newDocument,
  type Pdf,
  printable,
  RULE,
  rule,
} from './pdf.ts'

// Packing slips (CONTRACT 4.7): a page an order, for the person packing it: who it goes to, what goes in the
// box and the customer's note. No prices: the slip travels in the parcel. It shows the cash on delivery the
// courier collects, as the shipping label does (CONTRACT 5.5, `cod.ts`), and the carrier once there is one.

const LINE_COLUMNS: Column[] = [
  { header: '#', width: 26, align: 'right' },
  { header: 'Sản phẩm / Product', width: 339 },
  { header: 'Cỡ / Size', width: 70, align: 'center' },
  { header: 'SL / Qty', width: 80, align: 'right' },
]

export interface PackingSlipsInput {
  orders: readonly DocumentOrder[]
  shop: ShopDetails
  timeZone: string
}

/** One page an order, in the order given; an order whose lines do not fit carries on to a page of its own. */
export function packingSlipsPdf({ orders, shop, timeZone }: PackingSlipsInput): Promise<Buffer> {
  const doc = newDocument(
    `Phiếu đóng gói / Packing slips (${orders.length})`,
    shop.shopName || 'Store back-office',
  )
  orders.forEach((order, i) => {
    if (i > 0) doc.addPage()
    slip(doc, order, shop, timeZone)
  })
  footers(
    doc,
    shop.shopName ? `${shop.shopName} · Phiếu đóng gói / Packing slip` : 'Phiếu đóng gói / Packing slip',
  )
  return finish(doc)
}

function slip(doc: Pdf, order: DocumentOrder, shop: ShopDetails, timeZone: string): void {
  const half = CONTENT_WIDTH / 2
  doc.font('bold').fontSize(16).fillColor(INK).text('PHIẾU ĐÓNG GÓI', MARGIN, MARGIN, { width: half })
  doc.font('regular').fontSize(8.5).fillColor(MUTED).text('PACKING SLIP', MARGIN, doc.y, { width: half })
  const sender = [shop.shopName, shop.phone].filter(Boolean).join(' · ')
  if (sender) doc.text(`Người gửi / From: ${printable(sender)}`, MARGIN, doc.y + 2, { width: half })
  const left = doc.y
  doc
    .font('bold')
    .fontSize(20)
    .fillColor(INK)
    .text(`#${order.id}`, MARGIN + half, MARGIN, { width: half, align: 'right' })
  doc
    .font('regular')
    .fontSize(9.5)
    .text(`Ngày đặt / Placed: ${printedTime(order.createdAt, timeZone)}`, MARGIN + half, doc.y, {
      width: half,
      align: 'right',
    })
  let y = Math.max(left, doc.y) + 10
  rule(doc, y)
  y += 12

  doc
    .font('bold')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text('GIAO ĐẾN / SHIP TO', MARGIN, y, { width: CONTENT_WIDTH })
  doc
    .font('bold')
    .fontSize(13)
    .fillColor(INK)
    .text(printable(order.customer.name), MARGIN, doc.y + 2, { width: CONTENT_WIDTH })
  if (order.customer.phoneNumber)
    doc
      .font('bold')
      .fontSize(11)
      .text(`ĐT / Phone: ${order.customer.phoneNumber}`, MARGIN, doc.y + 2, { width: CONTENT_WIDTH })
  doc
    .font('regular')
    .fontSize(11)
    .text(printable(order.address), MARGIN, doc.y + 2, { width: CONTENT_WIDTH })
  y = cod(doc, order, doc.y + 10) + 12

  const note = order.customerNote.trim()
  if (note) {
    const text = printable(note)
    doc.font('regular').fontSize(10)
    const height = doc.heightOfString(text, { width: CONTENT_WIDTH - 20 }) + 26
    doc.roundedRect(MARGIN, y, CONTENT_WIDTH, height, 4).lineWidth(0.8).strokeColor(RULE).stroke()
    doc
      .font('bold')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text('GHI CHÚ CỦA KHÁCH / CUSTOMER NOTE', MARGIN + 10, y + 8, {
        width: CONTENT_WIDTH - 20,
      })
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(INK)
      .text(text, MARGIN + 10, doc.y + 2, { width: CONTENT_WIDTH - 20 })
    y += height + 12
  }

  const rows = order.lines.map((l, i) => [
    String(i + 1),
    printable(l.name),
    l.size ?? '—',
    String(l.quantity),
  ])
  y = drawTable(
    doc,
    LINE_COLUMNS,
    rows,
    y,
    () => {
      doc.font('bold').fontSize(10).fillColor(INK)
      doc.text(`#${order.id} (tiếp / continued)`, MARGIN, MARGIN, { width: CONTENT_WIDTH })
      return doc.y + 8
    },
    10,
  )
  const units = order.lines.reduce((sum, l) => sum + l.quantity, 0)
  if (y + 60 > CONTENT_BOTTOM) {
    doc.addPage()
    y = MARGIN
  }
  doc.font('bold').fontSize(10).fillColor(INK)
  doc.text(`Tổng số lượng / Items: ${units}`, MARGIN, y + 8, { width: CONTENT_WIDTH, align: 'right' })
  doc.font('regular').fontSize(9).fillColor(MUTED)
  doc.text('Người đóng gói / Packed by: ____________________    Kiểm tra / Checked: ☐', MARGIN, doc.y + 22, {
    width: CONTENT_WIDTH,
  })
}

/** The carrier and the cash on delivery, boxed, from `top`; answers the y below the box. */
function cod(doc: Pdf, order: DocumentOrder, top: number): number {
  const inner = CONTENT_WIDTH - 20
  const collect = codToCollect(order)
  let y = top + 8
  if (order.shipment) {
    const tracking = order.shipment.trackingNumber ? ` · ${order.shipment.trackingNumber}` : ''
    doc.font('regular').fontSize(9).fillColor(MUTED)
    doc.text(`Vận chuyển / Carrier: ${carrierName(order.shipment.carrier)}${tracking}`, MARGIN + 10, y, {
      width: inner,
    })
    y = doc.y + 3
  }
  const words =
    collect.kind === 'collect'
      ? `${COD_WORDS.collect} / COD: ${vnd(collect.amount)}`
      : collect.kind === 'paid'
        ? `${COD_WORDS.paid} / Paid`
        : `${COD_WORDS.none} / No cash on delivery`
  doc
    .font('bold')
    .fontSize(13)
    .fillColor(INK)
    .text(words, MARGIN + 10, y, { width: inner })
  if (collect.kind === 'collect')
    doc
      .font('regular')
      .fontSize(9)
      .text(`(${vndInWords(collect.amount)})`, MARGIN + 10, doc.y + 1, { width: inner })
  const bottom = doc.y + 8
  doc
    .roundedRect(MARGIN, top, CONTENT_WIDTH, bottom - top, 4)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke()
  return bottom
}
