import { bankName } from '@store/contract'
import type { DocumentOrder, ShopDetails } from './data.ts'
import {
  AWAITING_PAYMENT,
  ORDER_STATUS_NAMES_VI,
  PAYMENT_STATUS_NAMES,
  paymentMethodName,
  printedTime,
} from './labels.ts'
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
import { qrRuns, transferPurpose, vietQrPayload } from './vietqr.ts'

// The invoice of one order (CONTRACT 4.7): the shop, the order and its customer, the lines, the figures in VND
// with the total in Vietnamese words, how it is paid, and while money is still to come a VietQR code that fills
// in the bank transfer.

const LINE_COLUMNS: Column[] = [
  { header: '#', width: 22, align: 'right' },
  { header: 'Sản phẩm\nProduct', width: 203 },
  { header: 'Cỡ\nSize', width: 42, align: 'center' },
  { header: 'SL\nQty', width: 50, align: 'right' },
  { header: 'Đơn giá\nUnit price', width: 93, align: 'right' },
  { header: 'Thành tiền\nAmount', width: 105, align: 'right' },
]

const QR_SIZE = 118
/**
 * The customer's note on the invoice, at most this many characters: a note may be 2,000 long, which would push
 * the lines off the first page; the packing slip, which the note is for, prints it whole.
 */
const NOTE_ON_INVOICE = 300

const clipped = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
const TOTALS_WIDTH = 260

export interface InvoiceInput {
  order: DocumentOrder
  shop: ShopDetails
  /** `STORE_TZ`: the order's date is printed on the shop's wall clock. */
  timeZone: string
}

/** The VietQR payload of an order still awaiting its money, when the shop has set its bank; else undefined. */
export function invoiceQr(order: DocumentOrder, shop: ShopDetails): string | undefined {
  if (!AWAITING_PAYMENT.has(order.paymentStatus)) return undefined
  if (!shop.bankBin || !shop.bankAccount) return undefined
  return vietQrPayload({
    bankBin: shop.bankBin,
    bankAccount: shop.bankAccount,
    amount: order.amount,
    orderId: order.id,
  })
}

/** The invoice as a PDF file: one A4 page, more when the lines do not fit on one. */
export function invoicePdf({ order, shop, timeZone }: InvoiceInput): Promise<Buffer> {
  const doc = newInvoice(order, shop)
  let y = header(doc, order, shop, timeZone)
  y = parties(doc, order, y)
  const rows = order.lines.map((l, i) => [
    String(i + 1),
    printable(l.name),
    l.size ?? '—',
    String(l.quantity),
    vnd(l.price),
    vnd(l.price * l.quantity),
  ])
  y = drawTable(doc, LINE_COLUMNS, rows, y, () => continuation(doc, order))
  y = totals(doc, order, y + 10)
  const qr = invoiceQr(order, shop)
  if (qr) transfer(doc, order, shop, qr, y + 14)
  footers(doc, 'Cảm ơn quý khách đã mua hàng! / Thank you for your order.')
  return finish(doc)
}

function newInvoice(order: DocumentOrder, shop: ShopDetails): Pdf {
  return newDocument(`Hóa đơn / Invoice #${order.id}`, shop.shopName || 'Store back-office')
}

/** The shop on the left, the title, number and date on the right; answers the y below both. */
function header(doc: Pdf, order: DocumentOrder, shop: ShopDetails, timeZone: string): number {
  const leftWidth = 300
  let left = MARGIN
  if (shop.shopName) {
    doc.font('bold').fontSize(15).fillColor(INK)
    doc.text(printable(shop.shopName), MARGIN, left, { width: leftWidth })
    left = doc.y + 2
  }
  doc.font('regular').fontSize(8.5).fillColor(MUTED)
  const details = [
    shop.address,
    [shop.phone && `ĐT / Phone: ${shop.phone}`, shop.email && `Email: ${shop.email}`]
      .filter(Boolean)
      .join(' · '),
    shop.taxCode && `MST / Tax code: ${shop.taxCode}`,
  ]
  for (const detail of details) {
    if (!detail) continue
    doc.text(printable(detail), MARGIN, left, { width: leftWidth })
    left = doc.y + 1
  }

  const rightWidth = 205
  const x = MARGIN + CONTENT_WIDTH - rightWidth
  doc
    .font('bold')
    .fontSize(16)
    .fillColor(INK)
    .text('HÓA ĐƠN BÁN HÀNG', x, MARGIN, { width: rightWidth, align: 'right' })
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text('SALES INVOICE', x, doc.y, { width: rightWidth, align: 'right' })
  doc.moveDown(0.4)
  doc.font('regular').fontSize(9.5).fillColor(INK)
  doc.text(`Số đơn / Order: #${order.id}`, x, doc.y, { width: rightWidth, align: 'right' })
  doc.text(`Ngày / Date: ${printedTime(order.createdAt, timeZone)}`, x, doc.y, {
    width: rightWidth,
    align: 'right',
  })
  const bottom = Math.max(left, doc.y) + 10
  rule(doc, bottom)
  return bottom + 12
}

const caption = (doc: Pdf, text: string, x: number, y: number, width: number) => {
  doc.font('bold').fontSize(7.5).fillColor(MUTED).text(text, x, y, { width, characterSpacing: 0.3 })
  return doc.y + 2
}

/** The customer and where it goes on the left; how it is paid on the right. Answers the y below both. */
function parties(doc: Pdf, order: DocumentOrder, top: number): number {
  const leftWidth = 290
  let y = caption(doc, 'KHÁCH HÀNG / CUSTOMER', MARGIN, top, leftWidth)
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(INK)
    .text(printable(order.customer.name), MARGIN, y, { width: leftWidth })
  doc.font('regular').fontSize(9)
  const contact = [order.customer.phoneNumber, order.customer.email].filter(Boolean).join(' · ')
  if (contact) doc.text(printable(contact), MARGIN, doc.y + 1, { width: leftWidth })
  doc.text(`Giao đến / Ship to: ${printable(order.address)}`, MARGIN, doc.y + 1, { width: leftWidth })
  const note = clipped(order.customerNote.trim(), NOTE_ON_INVOICE)
  if (note)
    doc.fillColor(MUTED).text(`Ghi chú / Note: ${printable(note)}`, MARGIN, doc.y + 1, { width: leftWidth })
  const left = doc.y

  const rightWidth = 205
  const x = MARGIN + CONTENT_WIDTH - rightWidth
  y = caption(doc, 'THANH TOÁN / PAYMENT', x, top, rightWidth)
  doc.font('regular').fontSize(9).fillColor(INK)
  doc.text(paymentMethodName(order.methodPayment), x, y, { width: rightWidth })
  doc.font('bold').text(PAYMENT_STATUS_NAMES[order.paymentStatus], x, doc.y + 1, { width: rightWidth })
  doc.font('regular').fillColor(MUTED)
  doc.text(`Đơn hàng / Order: ${ORDER_STATUS_NAMES_VI[order.status]}`, x, doc.y + 1, { width: rightWidth })
  return Math.max(left, doc.y) + 14
}

/** The top of a page the lines carried on to: the order's number again. */
function continuation(doc: Pdf, order: DocumentOrder): number {
  doc.font('bold').fontSize(10).fillColor(INK)
  doc.text(`Hóa đơn / Invoice #${order.id} (tiếp / continued)`, MARGIN, MARGIN, { width: CONTENT_WIDTH })
  return doc.y + 8
}

/** The figures on the right, then the total in words across the page. Answers the y below. */
function totals(doc: Pdf, order: DocumentOrder, top: number): number {
  const discount = order.subtotal + order.shipingFee - order.totalPrice
  const rows: [label: string, value: string, strong?: boolean][] = [
    ['Tạm tính / Subtotal', vnd(order.subtotal)],
    ['Phí vận chuyển / Shipping', vnd(order.shipingFee)],
    [
      order.discountPercent ? `Giảm giá / Discount (${order.discountPercent}%)` : 'Giảm giá / Discount',
      vnd(discount === 0 ? 0 : -discount),
    ],
  ]
  const words = `Bằng chữ / In words: ${vndInWords(order.totalPrice)}.`
  doc.font('regular').fontSize(9)
  const wordsHeight = doc.heightOfString(words, { width: CONTENT_WIDTH })
  const needed = rows.length * 15 + 26 + (order.amount !== order.totalPrice ? 16 : 0) + wordsHeight + 10
  let y = top
  if (y + needed > CONTENT_BOTTOM) {
    doc.addPage()
    y = continuation(doc, order)
  }
  const x = MARGIN + CONTENT_WIDTH - TOTALS_WIDTH
  const line = (label: string, value: string, size: number, font: 'regular' | 'bold') => {
    doc.font(font).fontSize(size).fillColor(INK)
    doc.text(label, x, y, { width: TOTALS_WIDTH * 0.6, lineBreak: false })
    doc.text(value, x + TOTALS_WIDTH * 0.4, y, {
      width: TOTALS_WIDTH * 0.6,
      align: 'right',
      lineBreak: false,
    })
    y += size + 6
  }
  for (const [label, value] of rows) line(label, value, 9, 'regular')
  doc
    .moveTo(x, y)
    .lineTo(x + TOTALS_WIDTH, y)
    .lineWidth(0.8)
    .strokeColor(INK)
    .stroke()
  y += 5
  line('TỔNG CỘNG / TOTAL', vnd(order.totalPrice), 11, 'bold')
  if (order.amount !== order.totalPrice) line('Số tiền cần thu / To collect', vnd(order.amount), 10, 'bold')
  y += 4
  doc.font('bold').fontSize(9).fillColor(INK)
  doc.text('Bằng chữ / In words: ', MARGIN, y, { width: CONTENT_WIDTH, continued: true })
  doc.font('regular').text(`${vndInWords(order.totalPrice)}.`)
  return doc.y
}

/** The VietQR code and the transfer's details beside it, in a box. */
function transfer(doc: Pdf, order: DocumentOrder, shop: ShopDetails, payload: string, top: number): void {
  // The code keeps its quiet zone (4 modules) clear of the box's edge.
  const pad = 14
  const height = QR_SIZE + 2 * pad
  let y = top
  if (y + height > CONTENT_BOTTOM) {
    doc.addPage()
    y = continuation(doc, order)
  }
  doc.roundedRect(MARGIN, y, CONTENT_WIDTH, height, 4).lineWidth(0.8).strokeColor(RULE).stroke()
  drawQr(doc, payload, MARGIN + pad, y + pad, QR_SIZE)
  const x = MARGIN + QR_SIZE + 2 * pad + 10
  const width = CONTENT_WIDTH - (x - MARGIN) - pad
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(INK)
    .text('CHUYỂN KHOẢN VIETQR / PAY BY BANK TRANSFER', x, y + pad, { width })
  doc.font('regular').fontSize(8).fillColor(MUTED)
  doc.text('Quét mã bằng ứng dụng ngân hàng / Scan with a banking app (NAPAS 247)', x, doc.y + 1, {
    width,
  })
  doc.moveDown(0.5)
  const bank = bankName(shop.bankBin)
  const details: [string, string][] = [
    ['Ngân hàng / Bank', bank ? `${bank} (${shop.bankBin})` : shop.bankBin],
    ['Số tài khoản / Account', shop.bankAccount],
    ['Chủ tài khoản / Name', shop.bankAccountName],
    ['Số tiền / Amount', vnd(order.amount)],
    ['Nội dung / Purpose', transferPurpose(order.id)],
  ]
  for (const [label, value] of details) {
    if (!value) continue
    const at = doc.y + 1
    doc.font('regular').fontSize(9).fillColor(MUTED).text(label, x, at, { width: 130, lineBreak: false })
    doc
      .font('bold')
      .fillColor(INK)
      .text(printable(value), x + 130, at, { width: width - 130 })
  }
}

/** The QR code of `payload` as vector squares, `size` points wide, at (x, y). */
function drawQr(doc: Pdf, payload: string, x: number, y: number, size: number): void {
  const { size: modules, runs } = qrRuns(payload)
  const m = size / modules
  doc.save()
  for (const [row, column, length] of runs) doc.rect(x + column * m, y + row * m, length * m, m)
  doc.fillColor('#000000').fill()
  doc.restore()
}
