import type { Carrier, OrderStatus, PaymentStatus, ShipmentStatus } from '@store/contract'
import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../../db/client.ts'
import { orderLines, orders, products, productVariants, shipments, users } from '../../../db/schema.ts'
import { HttpError, notFound } from '../../../lib/errors.ts'
import { toDbId } from '../../../lib/ids.ts'
import { getShopSettings } from '../../settings/repository.ts'

// What the printed documents read: an order with its customer, its shipment (CONTRACT 5.5) and its lines, and the
// shop's details. Each is a read by primary key or by the lines' order index (the shipment by its unique order
// key), so a document costs the same in a store of any size.

export interface DocumentLine {
  name: string
  size: string | null
  quantity: number
  price: number
  /** The variant's SKU (CONTRACT 5.4); null for a line of a product without variants. */
  sku: string | null
}

/** The order's shipment as its label and packing slip print it (CONTRACT 5.5). */
export interface DocumentShipment {
  carrier: Carrier
  trackingNumber: string | null
  /** What the courier collects from the receiver, in VND; 0 when nothing. */
  codAmount: number
  status: ShipmentStatus
  note: string | null
}

export interface DocumentOrder {
  id: string
  createdAt: Date
  status: OrderStatus
  customer: { name: string; email: string; phoneNumber: string | null }
  address: string
  customerNote: string
  subtotal: number
  shipingFee: number
  discountPercent: number
  totalPrice: number
  amount: number
  methodPayment: string
  paymentStatus: PaymentStatus
  shipment: DocumentShipment | null
  lines: DocumentLine[]
}

/** The shop as its documents name it (CONTRACT 4.7): empty text where a detail is not set. */
export interface ShopDetails {
  shopName: string
  address: string
  phone: string
  email: string
  taxCode: string
  bankBin: string
  bankAccount: string
  bankAccountName: string
}

const orderColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  address: orders.address,
  customerNote: orders.customerNote,
  subtotal: orders.subtotal,
  shipingFee: orders.shipingFee,
  discountPercent: orders.discountPercent,
  totalPrice: orders.totalPrice,
  amount: orders.amount,
  methodPayment: orders.methodPayment,
  paymentStatus: orders.paymentStatus,
  customer: { name: users.name, email: users.email, phoneNumber: users.phoneNumber },
  shipmentCarrier: shipments.carrier,
  trackingNumber: shipments.trackingNumber,
  codAmount: shipments.codAmount,
  shipmentStatus: shipments.status,
  shipmentNote: shipments.note,
}

const lineColumns = {
  orderId: orderLines.orderId,
  name: products.name,
  size: orderLines.size,
  quantity: orderLines.quantity,
  price: orderLines.price,
  sku: productVariants.sku,
  variantSize: productVariants.size,
  color: productVariants.color,
}

type OrderRow = Omit<DocumentOrder, 'id' | 'lines' | 'status' | 'shipment'> & {
  id: number
  status: number
  // Null when the order has no shipment (a left join).
  shipmentCarrier: Carrier | null
  trackingNumber: string | null
  codAmount: number | null
  shipmentStatus: ShipmentStatus | null
  shipmentNote: string | null
}

const withLines = (
  { shipmentCarrier, trackingNumber, codAmount, shipmentStatus, shipmentNote, ...row }: OrderRow,
  lines: DocumentLine[],
): DocumentOrder => ({
  ...row,
  id: String(row.id),
  status: row.status as OrderStatus,
  shipment:
    shipmentCarrier === null
      ? null
      : {
          carrier: shipmentCarrier,
          trackingNumber,
          codAmount: codAmount ?? 0,
          status: shipmentStatus ?? 'ready',
          note: shipmentNote,
        },
  lines,
})

/** The orders with their customer and their shipment, if any (one at most: `shipments_order_key`). */
const orderRows = (db: Db) =>
  db
    .select(orderColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(shipments, eq(shipments.orderId, orders.id))

const linesOf = (db: Db, orderIds: number[]) =>
  db
    .select(lineColumns)
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(productVariants, eq(productVariants.id, orderLines.variantId))
    .where(
      orderIds.length === 1 ? eq(orderLines.orderId, orderIds[0]!) : inArray(orderLines.orderId, orderIds),
    )
    .orderBy(asc(orderLines.orderId), asc(orderLines.id))

interface LineRow extends DocumentLine {
  orderId: number
  variantSize: string | null
  color: string | null
}

/**
 * A line as a document prints it. A variant (CONTRACT 5.4) is named after the product, by its colour and SKU
 * ('Áo thun — Đen · AT-DEN-M'), and its size fills the size column.
 */
const line = ({ orderId: _, variantSize, color, ...l }: LineRow): DocumentLine =>
  l.sku === null
    ? l
    : { ...l, name: `${l.name}${color ? ` — ${color}` : ''} · ${l.sku}`, size: variantSize ?? l.size }

/** One order for its invoice, with its lines in the order they were bought; 404 when there is none. */
export async function invoiceOrder(db: Db, text: string): Promise<DocumentOrder> {
  const id = toDbId(text)
  if (!id) throw notFound('orderNotFound')
  const [[row], lines] = await Promise.all([orderRows(db).where(eq(orders.id, id)), linesOf(db, [id])])
  if (!row) throw notFound('orderNotFound')
  return withLines(row, lines.map(line))
}

/**
 * The orders of `ids`, in that order, each with its lines: one query for the orders and one for all their
 * lines. Ids that name no order are a 404 that lists them, and nothing is printed.
 */
export async function packingOrders(db: Db, ids: readonly string[]): Promise<DocumentOrder[]> {
  const wanted = ids.map((text) => ({ text, id: toDbId(text) }))
  const known = [...new Set(wanted.flatMap((w) => (w.id ? [w.id] : [])))]
  const [rows, lines] = known.length
    ? await Promise.all([orderRows(db).where(inArray(orders.id, known)), linesOf(db, known)])
    : [[], []]
  const byId = new Map(rows.map((row) => [row.id, row]))
  const missing = wanted.filter((w) => !w.id || !byId.has(w.id)).map((w) => w.text)
  if (missing.length > 0) {
    const refusal = { code: 'ordersNotFound' as const, params: { ids: missing.join(', ') } }
    throw new HttpError(404, refusal, { ids: refusal })
  }
  const linesById = new Map<number, DocumentLine[]>()
  for (const l of lines) {
    const list = linesById.get(l.orderId)
    if (list) list.push(line(l))
    else linesById.set(l.orderId, [line(l)])
  }
  return wanted.map((w) => withLines(byId.get(w.id!)!, linesById.get(w.id!) ?? []))
}

/** An order that has a shipment: what a shipping label prints. */
export type LabelOrder = DocumentOrder & { shipment: DocumentShipment }

/**
 * The orders of `ids` for their shipping labels (CONTRACT 5.5), read as packing slips read them: a 404 naming
 * the ids that are no order first, then a 409 `noLabel` naming the orders without a shipment; either way nothing
 * is printed, so a batch of labels is never printed short.
 */
export async function labelOrders(db: Db, ids: readonly string[]): Promise<LabelOrder[]> {
  const found = await packingOrders(db, ids)
  const without = found.filter((order) => order.shipment === null).map((order) => order.id)
  if (without.length > 0) {
    const refusal = { code: 'noLabel' as const, params: { ids: without.join(', ') } }
    throw new HttpError(409, refusal, { ids: refusal })
  }
  return found as LabelOrder[]
}

/** The shop's details from its settings (CONTRACT 4.7), as the Settings screen saved them. */
export const shopDetails = (db: Db): Promise<ShopDetails> => getShopSettings(db)
