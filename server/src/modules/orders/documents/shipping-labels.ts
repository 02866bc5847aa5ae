import { drawCode128 } from './barcode.ts'
import { codToCollect } from './cod.ts'
import type { DocumentLine, LabelOrder, ShopDetails } from './data.ts'
import { COD_WORDS, carrierName, printedTime } from './labels.ts'
import { vnd, vndInWords } from './money.ts'
import { A6, finish, INK, MUTED, newDocument, type Pdf, printable, RULE } from './pdf.ts'

// Shipping labels (CONTRACT 5.5): an A6 page an order, stuck on the parcel. What the courier needs first and
// largest (who it goes to, the barcode they scan, the cash to collect), then what the receiver checks (the
// lines, the note). Everything fits on its page: long texts are cut with an ellipsis and many lines end with a
// count of the rest, so a label is always one page.

const MARGIN = 14
const WIDTH = A6.width - 2 * MARGIN
const BOTTOM = A6.height - MARGIN
const BARCODE_HEIGHT = 52
/** The longest reference of a line (SKU or product name) before the ` × quantity`. */
const MAX_REFERENCE = 40

export interface ShippingLabelsInput {
  orders: readonly LabelOrder[]
  shop: ShopDetails
  timeZone: string
}

/** One A6 page an order, in the order given. */
export function shippingLabelsPdf({ orders, shop, timeZone }: ShippingLabelsInput): Promise<Buffer> {
  const doc = newDocument(
    `Nhãn giao hàng / Shipping labels (${orders.length})`,
    shop.shopName || 'Store back-office',
    { size: 'A6', margin: MARGIN },
  )
  orders.forEach((order, i) => {
    if (i > 0) doc.addPage()
    label(doc, order, shop, timeZone)
  })
  return finish(doc)
}

/**
 * What the barcode carries: the tracking number, or for a parcel without one (the shop's own delivery, or a
 * carrier's number not given yet) the order's number as `DH<id>` ('đơn hàng'), which the order search finds.
 */
export const barcodeText = (order: LabelOrder): string => order.shipment.trackingNumber ?? `DH${order.id}`

/**
 * A line as the label names it: the variant's SKU, or for a product without variants its name (and the size
 * bought), cut to MAX_REFERENCE characters; then ` × quantity`.
 */
export function lineReference(line: DocumentLine): string {
  const name = line.sku ?? `${line.name.trim()}${line.size ? ` (${line.size})` : ''}`
  const short = name.length > MAX_REFERENCE ? `${name.slice(0, MAX_REFERENCE - 1).trimEnd()}…` : name
  return `${printable(short)} × ${line.quantity}`
}

interface Style {
  font?: 'regular' | 'bold'
  size: number
  color?: string
  /** Lines at most; what does not fit ends with an ellipsis. */
  lines?: number
  align?: 'left' | 'center' | 'right'
  width?: number
}

/** Writes `text` at (`x`, `y`) in at most `lines` lines, and answers the y below it. */
function put(doc: Pdf, text: string, x: number, y: number, style: Style): number {
  doc
    .font(style.font ?? 'regular')
    .fontSize(style.size)
    .fillColor(style.color ?? INK)
  const height = doc.currentLineHeight(true) * (style.lines ?? 1) + 0.5
  doc.text(printable(text), x, y, {
    width: style.width ?? WIDTH,
    height,
    ellipsis: true,
    align: style.align ?? 'left',
  })
  return doc.y
}

function rule(doc: Pdf, y: number): void {
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke()
}

const heading = (doc: Pdf, text: string, y: number) =>
  put(doc, text, MARGIN, y, { font: 'bold', size: 6, color: MUTED })

function label(doc: Pdf, order: LabelOrder, shop: ShopDetails, timeZone: string): void {
  // The carrier, and the order's number and date.
  const left = WIDTH * 0.6
  const carrierBottom = put(doc, carrierName(order.shipment.carrier), MARGIN, MARGIN, {
    font: 'bold',
    size: 12,
    lines: 2,
    width: left,
  })
  const right = { width: WIDTH - left, align: 'right' as const }
  let y = put(doc, `Đơn / Order #${order.id}`, MARGIN + left, MARGIN, { font: 'bold', size: 9, ...right })
  y = put(doc, printedTime(order.createdAt, timeZone), MARGIN + left, y + 1, { size: 7, ...right })
  y = Math.max(y, carrierBottom) + 4
  rule(doc, y)

  // The sender: the shop.
  y = heading(doc, 'NGƯỜI GỬI / FROM', y + 4)
  if (shop.shopName) y = put(doc, shop.shopName, MARGIN, y + 1, { font: 'bold', size: 8 })
  const contact = [shop.phone, shop.address].filter(Boolean).join(' · ')
  if (contact) y = put(doc, contact, MARGIN, y + 1, { size: 7, lines: 2 })
  y += 4
  rule(doc, y)

  // The receiver, large.
  y = heading(doc, 'NGƯỜI NHẬN / TO', y + 4)
  y = put(doc, order.customer.name, MARGIN, y + 1, { font: 'bold', size: 15, lines: 2 })
  if (order.customer.phoneNumber)
    y = put(doc, `ĐT: ${order.customer.phoneNumber}`, MARGIN, y + 1, { font: 'bold', size: 13 })
  y = put(doc, order.address, MARGIN, y + 2, { size: 10, lines: 3 })
  y += 5
  rule(doc, y)

  // The barcode the courier scans, its text under it.
  const code = barcodeText(order)
  y += 6
  drawCode128(doc, code, MARGIN, y, WIDTH, BARCODE_HEIGHT)
  y = put(doc, code, MARGIN, y + BARCODE_HEIGHT + 3, { font: 'bold', size: 11, align: 'center' })
  if (!order.shipment.trackingNumber)
    y = put(doc, 'Mã đơn hàng (chưa có mã vận đơn) / Order number (no tracking number)', MARGIN, y, {
      size: 6,
      color: MUTED,
      align: 'center',
    })

  // The cash to collect, boxed.
  y += 5
  const top = y
  const cod = codToCollect(order)
  if (cod.kind === 'collect') {
    y = put(doc, `${COD_WORDS.collect}: ${vnd(cod.amount)}`, MARGIN + 6, y + 5, {
      font: 'bold',
      size: 14,
      width: WIDTH - 12,
    })
    y = put(doc, `(${vndInWords(cod.amount)})`, MARGIN + 6, y + 1, { size: 7, lines: 2, width: WIDTH - 12 })
  } else {
    y = put(doc, COD_WORDS[cod.kind], MARGIN + 6, y + 5, {
      font: 'bold',
      size: 14,
      width: WIDTH - 12,
      align: 'center',
    })
  }
  y += 5
  doc
    .roundedRect(MARGIN, top, WIDTH, y - top, 3)
    .lineWidth(1.2)
    .strokeColor(INK)
    .stroke()

  // The note at the foot, kept to three lines; the lines fill what is left above it.
  const notes = [order.customerNote.trim(), order.shipment.note?.trim() ?? ''].filter(Boolean).join(' — ')
  let noteTop = BOTTOM
  if (notes) {
    doc.font('regular').fontSize(7.5)
    const lineHeight = doc.currentLineHeight(true)
    const text = printable(`Ghi chú / Note: ${notes}`)
    noteTop =
      BOTTOM - Math.min(3, Math.ceil(doc.heightOfString(text, { width: WIDTH }) / lineHeight)) * lineHeight
    put(doc, text, MARGIN, noteTop, { size: 7.5, lines: 3 })
    noteTop -= 3
  }
  const units = order.lines.reduce((sum, l) => sum + l.quantity, 0)
  y = heading(doc, `HÀNG / ITEMS (${units})`, y + 5)
  doc.font('regular').fontSize(8)
  // Each row is a line of text and a point of space.
  const rowHeight = doc.currentLineHeight(true) + 1
  const room = Math.max(0, Math.floor((noteTop - y) / rowHeight))
  const shown = order.lines.length <= room ? order.lines : order.lines.slice(0, Math.max(0, room - 1))
  for (const line of shown) y = put(doc, lineReference(line), MARGIN, y + 1, { size: 8 })
  const rest = order.lines.slice(shown.length)
  if (rest.length > 0 && room > 0) {
    const restUnits = rest.reduce((sum, l) => sum + l.quantity, 0)
    put(doc, `… và ${rest.length} dòng khác (${restUnits} sp) / ${rest.length} more lines`, MARGIN, y + 1, {
      size: 8,
      color: MUTED,
    })
  }
}
