import {
  isOrderOpen,
  type NewOrderBody,
  type OrderLine,
  type OrderLineChange,
  type OrderLineInput,
  type OrderStatus,
} from '@store/contract'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orderLines, orders, products, productVariants, users } from '../../db/schema.ts'
import { badRequest, conflict, HttpError, isUniqueViolation, notFound } from '../../lib/errors.ts'
import { ids, toDbId } from '../../lib/ids.ts'
import { lockForChange } from '../../lib/row-lock.ts'
import { addressText } from '../places/units.ts'
import { holderOf, moveStock, takeStock } from '../products/stock.ts'
import { type EventInput, recordEvents } from './events.ts'
import { getOrder, listOrderLines, type OrderChange, refigure } from './repository.ts'
import { orderTotals } from './totals.ts'

// Orders taken by staff (CONTRACT 5.1): a new order with its customer, address and lines, and lines added to or
// changed on an open order. Each runs in the call's transaction: its stock (stock.ts), its figures and its
// timeline are written together or not at all.

/** A line's product as a line needs it: what it is called and costs now, and the variant chosen. */
interface Priced {
  id: number
  name: string
  price: number
  variant: { id: number; sku: string; size: string | null; color: string | null } | null
}

/**
 * The products of `lines`, each checked, each naming its line's field (`prefix` + `productId`: `lines.2.productId`
 * in a new order, `productId` for one line): an id that is no product is a 400 `selectProduct`, a deleted product
 * `productDeleted`. A product with variants sells only through one of them (CONTRACT 5.4): no `variantId` is
 * `chooseVariant`, one of another product or retired `variantUnknown`; a product without takes none. The price is
 * the variant's when it has one, else the product's.
 */
async function productsOf(db: Db, lines: readonly { input: OrderLineInput; prefix: string }[]) {
  const wanted = lines.map((l) => toDbId(l.input.productId))
  const known = wanted.filter((id) => id !== null)
  const found = await db
    .select({ id: products.id, name: products.name, price: products.price, deletedAt: products.deletedAt })
    .from(products)
    .where(inArray(products.id, known))
  const variants = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      sku: productVariants.sku,
      size: productVariants.size,
      color: productVariants.color,
      price: productVariants.price,
    })
    .from(productVariants)
    .where(and(inArray(productVariants.productId, known), eq(productVariants.retired, false)))
  const byId = new Map(found.map((p) => [p.id, p]))
  return lines.map(({ input, prefix }, i): Priced => {
    const product = byId.get(wanted[i]!)
    if (!product) throw badRequest(`${prefix}productId`, 'selectProduct')
    if (product.deletedAt) throw badRequest(`${prefix}productId`, 'productDeleted')
    const own = variants.filter((v) => v.productId === product.id)
    if (own.length === 0 && input.variantId === undefined)
      return { id: product.id, name: product.name, price: product.price, variant: null }
    const variant = own.find((v) => String(v.id) === input.variantId)
    if (!variant)
      throw badRequest(
        `${prefix}variantId`,
        input.variantId === undefined ? 'chooseVariant' : 'variantUnknown',
      )
    const { price, productId: _productId, ...chosen } = variant
    return { id: product.id, name: product.name, price: price ?? product.price, variant: chosen }
  })
}

/** A 409 for one line short of stock: `quantity` with how many are left. */
function oneLineShort(short: Map<string, number>) {
  const [left] = [...short.values()]
  if (left !== undefined) throw conflict('stockLeft', { left }, 'quantity')
}

/** A line as the timeline keeps it: the product by id and name, and what was bought. */
const lineOnTimeline = (l: {
  id: number
  product: Priced
  price: number
  quantity: number
  size: string | null
}) => ({
  id: String(l.id),
  product: { name: l.product.name, ...ids(l.product.id) },
  price: l.price,
  quantity: l.quantity,
  size: l.size,
  ...(l.product.variant && {
    variant: { sku: l.product.variant.sku, size: l.product.variant.size, color: l.product.variant.color },
  }),
})

/** The timeline entry of a line added: the line, and the catalogue's price when staff gave another one. */
const lineAdded = (line: Parameters<typeof lineOnTimeline>[0]): EventInput => ({
  type: 'line-added',
  changes: {
    line: [null, lineOnTimeline(line)],
    ...(line.price !== line.product.price && { price: [line.product.price, line.price] }),
  },
})

/** The customer of a new order: the one named by id, or one made from a name and phone (no password). */
async function customerOf(db: Db, customer: NewOrderBody['customer']): Promise<number> {
  if (customer.id !== undefined) {
    const id = toDbId(customer.id)
    const [found] = id
      ? await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, id), eq(users.role, 'user')))
      : []
    if (!found) throw badRequest('customer.id', 'customerNotFound')
    return found.id
  }
  const phone = customer.phoneNumber!
  const [holder] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.phoneNumber, phone), eq(users.role, 'user')))
    .limit(1)
  if (holder)
    throw conflict('phoneTaken', { name: holder.name, id: String(holder.id) }, 'customer.phoneNumber')
  if (customer.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${customer.email.toLowerCase()}`)
      .limit(1)
    if (taken) throw conflict('emailTaken', undefined, 'customer.email')
  }
  // Two orders at once for one new email: the unique index decides, and the second hears what the check says.
  const [made] = await db
    .insert(users)
    .values({ name: customer.name!, phoneNumber: phone, email: customer.email ?? '', role: 'user' })
    .returning({ id: users.id })
    .catch((error: unknown) => {
      throw isUniqueViolation(error, 'users_email_lower_key')
        ? conflict('emailTaken', undefined, 'customer.email')
        : error
    })
  return made!.id
}

/**
 * A new order taken by staff, Pending, with its lines' stock taken (a short line is a 409 and nothing is written)
 * and its figures worked out by the server. Its timeline starts with who took it and each line, with the
 * catalogue's price beside a price staff changed. Answers the order.
 */
export async function createOrder(db: Db, body: NewOrderBody, change: OrderChange) {
  const userId = await customerOf(db, body.customer)
  const address =
    typeof body.address === 'string'
      ? { address: body.address, addressParts: null }
      : { address: addressText(body.address, 'address'), addressParts: body.address }
  const priced = await productsOf(
    db,
    body.lines.map((input, i) => ({ input, prefix: `lines.${i}.` })),
  )
  const lines = body.lines.map((input, i) => ({
    product: priced[i]!,
    productId: priced[i]!.id,
    variantId: priced[i]!.variant?.id ?? null,
    quantity: input.quantity,
    price: input.price ?? priced[i]!.price,
  }))
  const discountPercent = body.discountPercent ?? 0
  const shipingFee = body.shippingFee ?? 0
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      ...address,
      status: 1,
      customerNote: body.customerNote ?? '',
      methodPayment: body.methodPayment ?? '0',
      paymentStatus: body.paymentStatus ?? 'unpaid',
      source: body.source,
      discountPercent,
      shipingFee,
      ...orderTotals({ lines, discountPercent, shipingFee }),
      createdAt: change.now,
      updatedAt: change.now,
    })
    .returning({ id: orders.id })
  // Taken once the order has its id, which its movements name; a short line undoes the order with the rest.
  const short = await takeStock(db, lines, order!.id, change)
  if (short.size > 0) {
    const numbers = lines.flatMap((l, i) => (short.has(holderOf(l.productId, l.variantId)) ? [i] : []))
    throw new HttpError(
      409,
      { code: 'linesShort', params: { lines: numbers.map((i) => i + 1).join(', ') } },
      Object.fromEntries(
        numbers.map((i) => [
          `lines.${i}.quantity`,
          {
            code: 'stockLeft',
            params: { left: short.get(holderOf(lines[i]!.productId, lines[i]!.variantId))! },
          },
        ]),
      ),
    )
  }
  const stored = await db
    .insert(orderLines)
    .values(
      lines.map((l) => ({
        orderId: order!.id,
        productId: l.productId,
        variantId: l.variantId,
        price: l.price,
        quantity: l.quantity,
        stockTaken: true,
      })),
    )
    .returning({ id: orderLines.id })
  await recordEvents(db, order!.id, change.actor, change.now, [
    { type: 'created', to: body.source },
    ...lines.map((l, i) => lineAdded({ ...l, id: stored[i]!.id, size: null })),
  ])
  return getOrder(db, order!.id)
}

/** An open order, locked, with its lines: what a change of its lines works from. 409 once it is closed. */
async function openOrder(db: Db, orderId: number | null) {
  await lockForChange(db, orders, orders.id, orderId)
  const [order] = orderId ? await db.select().from(orders).where(eq(orders.id, orderId)) : []
  if (!order) throw notFound('orderNotFound')
  const status = order.status as OrderStatus
  if (!isOrderOpen(status)) throw conflict('linesLocked', { status })
  const lines = await db
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      price: orderLines.price,
      quantity: orderLines.quantity,
      size: orderLines.size,
      stockTaken: orderLines.stockTaken,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
  return { order, lines }
}

/** A line as the API answers it, read back with its product and variant. */
async function answerLine(db: Db, orderId: number, lineId: number): Promise<OrderLine> {
  const [line] = await listOrderLines(db, orderId, lineId)
  return line!
}

/** A line added to an open order: its stock taken, the figures worked out again, the timeline told. */
export async function addOrderLine(
  db: Db,
  orderId: number | null,
  input: OrderLineInput,
  change: OrderChange,
) {
  const { order, lines } = await openOrder(db, orderId)
  const [product] = await productsOf(db, [{ input, prefix: '' }])
  const price = input.price ?? product!.price
  const variantId = product!.variant?.id ?? null
  oneLineShort(
    await takeStock(db, [{ productId: product!.id, variantId, quantity: input.quantity }], order.id, change),
  )
  const [line] = await db
    .insert(orderLines)
    .values({
      orderId: order.id,
      productId: product!.id,
      variantId,
      price,
      quantity: input.quantity,
      stockTaken: true,
    })
    .returning({ id: orderLines.id })
  const moved = await refigure(db, order, [...lines, { price, quantity: input.quantity }], change.now)
  const added = lineAdded({ id: line!.id, product: product!, price, quantity: input.quantity, size: null })
  await recordEvents(db, order.id, change.actor, change.now, [
    { ...added, changes: { ...added.changes, ...moved } },
  ])
  return answerLine(db, order.id, line!.id)
}

/**
 * A line of an open order changed: more units take the difference from stock (409 when short), fewer give it
 * back (a line from before orders took stock moves none); a price replaces the line's. The figures are worked out
 * again and the timeline gets what moved.
 */
export async function changeOrderLine(
  db: Db,
  orderId: number | null,
  lineId: number | null,
  input: OrderLineChange,
  change: OrderChange,
) {
  const { order, lines } = await openOrder(db, orderId)
  const line = lines.find((l) => l.id === lineId)
  if (!line) throw notFound('orderLineNotFound')
  const price = input.price ?? line.price
  const delta = input.quantity - line.quantity
  // More units take the difference (refused when short), fewer give it back.
  if (line.stockTaken && delta !== 0) {
    const move = { productId: line.productId, variantId: line.variantId, delta: -delta, orderId: order.id }
    oneLineShort(await moveStock(db, [{ ...move, reason: 'line-changed' }], change))
  }
  await db.update(orderLines).set({ quantity: input.quantity, price }).where(eq(orderLines.id, line.id))
  const moved = await refigure(
    db,
    order,
    lines.map((l) => (l.id === line.id ? { price, quantity: input.quantity } : l)),
    change.now,
  )
  const answer = await answerLine(db, order.id, line.id)
  const changes: Record<string, [unknown, unknown]> = {
    line: [
      null,
      {
        id: answer.id,
        product: { name: answer.product.name, id: answer.product.id, _id: answer.product._id },
        price,
        quantity: input.quantity,
        size: line.size,
        ...(answer.variant && {
          variant: { sku: answer.variant.sku, size: answer.variant.size, color: answer.variant.color },
        }),
      },
    ],
    ...(delta !== 0 && { lineQuantity: [line.quantity, input.quantity] }),
    ...(price !== line.price && { linePrice: [line.price, price] }),
    ...moved,
  }
  await recordEvents(db, order.id, change.actor, change.now, [{ type: 'line-changed', changes }])
  return answer
}
