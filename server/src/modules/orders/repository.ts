import {
  type CodStatus,
  canMoveStatus,
  codStatusOf,
  isOrderOpen,
  normalPhone,
  type Order,
  type OrderBody,
  type OrderExportQuery,
  type OrderLine,
  type OrderListQuery,
  type OrderSortField,
  type OrderStatus,
  type Shipment,
  type ShipmentStatus,
  trackingUrl,
} from '@store/contract'
import { and, asc, eq, getTableColumns, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orderLines, orders, products, productVariants, shipments, users } from '../../db/schema.ts'
import type { Actor, ChangeBy } from '../../lib/actor.ts'
import {
  knownTotal,
  type Narrowed,
  nameSearchPlan,
  narrowing,
  pageWithTotal,
  totalOf,
} from '../../lib/counts.ts'
import { keysetBatches } from '../../lib/csv.ts'
import { conflict, editedMeanwhile, notFound } from '../../lib/errors.ts'
import { ids, toDbId } from '../../lib/ids.ts'
import {
  matches,
  metaOf,
  onSortedPage,
  preparedPages,
  type SortKeys,
  searchTerm,
  sortingOf,
  storeTimeText,
  withinDays,
} from '../../lib/list.ts'
import { lockForChange } from '../../lib/row-lock.ts'
import { nextVersion } from '../../lib/versions.ts'
import { addressText } from '../places/units.ts'
import { type ReleaseReason, releaseOrderStock, returnStock } from '../products/stock.ts'
import { eventsOfEdit, recordEvents } from './events.ts'
import { orderTotals } from './totals.ts'

/**
 * What an order answer reads: the order, its customer, and its shipment (CONTRACT 5.5), left joined on the
 * unique `shipments_order_key`, so a page of orders reads one shipment row at most per order in the same statement.
 */
const orderColumns = {
  order: orders,
  user: { id: users.id, name: users.name, email: users.email, phoneNumber: users.phoneNumber },
  shipment: getTableColumns(shipments),
}

export type ShipmentRow = typeof shipments.$inferSelect

export type OrderRow = {
  order: typeof orders.$inferSelect
  user: { id: number; name: string; email: string; phoneNumber: string | null }
  shipment: ShipmentRow | null
}

/** A shipment as the API answers it: its public tracking address and where its COD stands worked out. */
export function toShipment(s: ShipmentRow): Shipment {
  const codCollectedAt = s.codCollectedAt ? s.codCollectedAt.toISOString() : null
  return {
    id: String(s.id),
    carrier: s.carrier,
    trackingNumber: s.trackingNumber,
    trackingUrl: trackingUrl(s.carrier, s.trackingNumber),
    codAmount: s.codAmount,
    codStatus: codStatusOf({ status: s.status, codAmount: s.codAmount, codCollectedAt }),
    codCollectedAt,
    carrierFee: s.carrierFee,
    weightGrams: s.weightGrams,
    note: s.note,
    status: s.status,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  }
}

export const toOrder = ({ order: o, user: u, shipment: s }: OrderRow): Order => ({
  user: { name: u.name, email: u.email, phoneNumber: u.phoneNumber, ...ids(u.id) },
  address: o.address,
  addressParts: o.addressParts ?? null,
  amount: o.amount,
  quantity: o.quantity,
  status: o.status as OrderStatus,
  customerNote: o.customerNote,
  subtotal: o.subtotal,
  shipingFee: o.shipingFee,
  discountPercent: o.discountPercent,
  totalPrice: o.totalPrice,
  methodPayment: o.methodPayment,
  paymentStatus: o.paymentStatus,
  source: o.source,
  amountByHand: o.amountByHand,
  quantityByHand: o.quantityByHand,
  shipment: s ? toShipment(s) : null,
  version: o.version,
  createdAt: o.createdAt.toISOString(),
  updatedAt: o.updatedAt.toISOString(),
  ...ids(o.id),
})

/**
 * What the order list's `q` looks for (CONTRACT 5.2): `#300` is an order id; a phone number in any writing
 * (`0909 123 456`, `0909.123.456`, `+84 909 123 456`) is a customer's phone, in its kept form; digits alone are an
 * order id, or a phone as well when they are as long as one; anything else is a customer's name.
 */
export function orderSearch(q: string | undefined): { id?: number | null; phone?: string; name?: string } {
  const text = q?.trim() ?? ''
  if (text === '') return {}
  if (/^#\d+$/.test(text)) return { id: toDbId(text.slice(1)) }
  const phone = normalPhone(text)
  const isPhone = /^[\d\s.()+-]+$/.test(text) && /^\d{9,15}$/.test(phone)
  if (/^\d+$/.test(text)) return { id: toDbId(text), ...(isPhone && { phone }) }
  return isPhone ? { phone } : { name: text }
}

/**
 * Orders of the customers whose phone number is `phone` (kept form), through `users_phone_idx`. As `= any(array(…))`
 * the customers are read once, before the orders, so with an order number beside it PostgreSQL ORs two index
 * scans; as `in (select …)` it filtered every order by a hashed subplan (1.2 s on 2M orders instead of 0.3 ms).
 */
const customerPhoned = (phone: string) =>
  sql`${orders.userId} = any(array(select ${users.id} from ${users} where ${users.phoneNumber} = ${phone}))`

/** The order `id` (none when it cannot be an id), or the orders of the customers with `phone`. */
function idOrPhone({ id, phone }: { id?: number | null; phone?: string }): SQL | undefined {
  const byId = id === undefined ? undefined : id === null ? sql`false` : eq(orders.id, id)
  const byPhone = phone === undefined ? undefined : customerPhoned(phone)
  return byId && byPhone ? or(byId, byPhone) : (byId ?? byPhone)
}

/** Orders whose customer's name contains `term`: a condition over `orders` alone, so the list and its total agree. */
const customerNamed = (term: string) =>
  sql`${orders.userId} in (select ${users.id} from ${users} where ${matches(users.nameSearch, term)})`

/**
 * The sorts of the order list (CONTRACT 4.1). Each key is a bare column, so the btree indexes of migration 0009
 * (`orders_updated_idx`, `orders_total_idx`, …, each ending with the id) serve it read forwards or backwards.
 */
const orderSorts: SortKeys<OrderSortField> = {
  createdAt: [{ expr: orders.createdAt, type: 'timestamptz' }],
  updatedAt: [{ expr: orders.updatedAt, type: 'timestamptz' }],
  totalPrice: [{ expr: orders.totalPrice, type: 'bigint' }],
  quantity: [{ expr: orders.quantity, type: 'integer' }],
  status: [{ expr: orders.status, type: 'smallint' }],
}

/** The chosen sort of the order list, its ties broken by id. */
export const orderSorting = (sortBy: OrderExportQuery['sortBy']) => sortingOf(orderSorts, orders.id, sortBy)

/**
 * What the filters of the order list and its export, with the customer-name search, keep (AND) of the orders;
 * undefined when none is given. An id no order can have matches nothing.
 */
export function orderFilters(query: OrderExportQuery, timeZone: string): Narrowed | undefined {
  const found = orderSearch(query.q)
  // `q` as a name is the spec's `name` search; both given, the orders must match both.
  const named = searchTerm(query.name)
  const term = named ?? found.name
  const userId = query.userId === undefined ? undefined : toDbId(query.userId)
  return narrowing(term && { term, where: customerNamed(term) }, [
    named !== undefined && found.name !== undefined ? customerNamed(found.name) : undefined,
    idOrPhone(found),
    query.source !== undefined ? eq(orders.source, query.source) : undefined,
    query.status
      ? query.status.length === 1
        ? eq(orders.status, query.status[0]!)
        : inArray(orders.status, query.status)
      : undefined,
    query.methodPayment !== undefined ? eq(orders.methodPayment, query.methodPayment) : undefined,
    // Served by `orders_payment_created_idx` (payment status, then newest first).
    query.paymentStatus !== undefined ? eq(orders.paymentStatus, query.paymentStatus) : undefined,
    ...withinDays(orders.createdAt, query.from, query.to, timeZone),
    query.minTotal !== undefined ? gte(orders.totalPrice, query.minTotal) : undefined,
    query.maxTotal !== undefined ? lte(orders.totalPrice, query.maxTotal) : undefined,
    userId === undefined ? undefined : userId === null ? sql`false` : eq(orders.userId, userId),
    ...shipmentFilters(query),
  ])
}

/** Where each COD state of `codStatusOf` stands, as a condition over `shipments` (CONTRACT 5.5). */
const codStatusWhere: Record<CodStatus, SQL> = {
  collected: sql`${shipments.codCollectedAt} is not null`,
  // The very condition of `shipments_cod_outstanding_idx`.
  outstanding: sql`${shipments.status} = 'delivered' and ${shipments.codAmount} > 0 and ${shipments.codCollectedAt} is null`,
  pending: sql`${shipments.status} in ('ready', 'in-transit') and ${shipments.codAmount} > 0 and ${shipments.codCollectedAt} is null`,
  none: sql`${shipments.codCollectedAt} is null and (${shipments.codAmount} = 0 or ${shipments.status} = 'returned')`,
}

/**
 * The list's shipment filters (CONTRACT 5.5) as conditions over `orders` alone, so a page and its total agree
 * (docs/counts.md): the orders whose shipment is at a step, goes with a carrier, or has its COD in a state, all
 * three in one `orders.id in (select order_id from shipments where …)`, which PostgreSQL reads as a semi-join from
 * the shipments that match (`shipments_status_idx`, the partial COD indexes); `none` is the orders without a
 * shipment, an anti-join on `shipments_order_key`.
 */
function shipmentFilters(query: OrderExportQuery): SQL[] {
  const { shipment: step, carrier, codStatus } = query
  const conditions: SQL[] = []
  if (step === 'none')
    conditions.push(sql`not exists (select from ${shipments} where ${shipments.orderId} = "orders"."id")`)
  const on = [
    step !== undefined && step !== 'none' ? eq(shipments.status, step as ShipmentStatus) : undefined,
    carrier !== undefined ? eq(shipments.carrier, carrier) : undefined,
    codStatus !== undefined ? codStatusWhere[codStatus] : undefined,
  ].filter((c) => c !== undefined)
  if (on.length > 0)
    conditions.push(sql`${orders.id} in (select ${shipments.orderId} from ${shipments} where ${and(...on)})`)
  return conditions
}

/** A page of orders with their customers, `total` beside each row. */
const ordersPage = (
  db: Db,
  total: SQL<number | null>,
  where: SQL | undefined,
  orderBy: SQL[],
  page: Parameters<typeof onSortedPage>[4],
) =>
  db
    .select({ ...orderColumns, total })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(shipments, eq(shipments.orderId, orders.id))
    .where(onSortedPage(db, { table: orders, id: orders.id }, where, orderBy, page))
    .orderBy(...orderBy)

/** The pages of the order list in each sort, with no search or filter, prepared once; the total is stored. */
const unnarrowedPages = preparedPages('orders_page', (db, sortBy, window, name) =>
  ordersPage(
    db,
    totalOf(db, 'orders').column,
    undefined,
    orderSorting(sortBy as OrderExportQuery['sortBy']).orderBy,
    window,
  ).prepare(name),
)

/** A search by customer name matching at most this many orders is listed by its customers' ids. */
const FEW_MATCHES = 20_000

export async function listOrders(db: Db, query: OrderListQuery, timeZone: string) {
  const narrowed = orderFilters(query, timeZone)
  if (!narrowed) {
    const { rows, total } = await pageWithTotal(totalOf(db, 'orders'), () =>
      unnarrowedPages(db, query.sortBy, query),
    )
    return { data: rows.map(toOrder), meta: metaOf(query, total) }
  }
  const sorting = orderSorting(query.sortBy)
  let { where } = narrowed
  let total = totalOf(db, 'orders', narrowed)
  // A bare search by customer name: its total and the customer names it matches first (their counters). When
  // those customers have a few thousand orders, the page is read by their ids from orders_user_idx.
  if (narrowed.nameOnly !== undefined) {
    const plan = await nameSearchPlan(db, 'orders', narrowed.nameOnly, FEW_MATCHES)
    if (plan.names) {
      where = sql`${orders.userId} = any(array(select ${users.id} from ${users}
                                                where ${users.nameSearch} = any(${sql.param(plan.names)}::text[])))`
    }
    if (plan.total !== undefined) total = knownTotal(plan.total)
  }
  const { rows, total: found } = await pageWithTotal(total, (total) =>
    ordersPage(db, total, where, sorting.orderBy, query),
  )
  return { data: rows.map(toOrder), meta: metaOf(query, found) }
}

/**
 * Every order the export's query matches, in the list's order, a batch at a time: each batch starts after the
 * sort keys of the last row of the one before (keyset), so a deep batch costs what the first one does.
 */
export function orderBatches(db: Db, query: OrderExportQuery, timeZone: string, size: number) {
  const filters = orderFilters(query, timeZone)
  const sorting = orderSorting(query.sortBy)
  // Only what the file holds, its times already as text: reading two million orders is mostly turning rows
  // into objects, and this halves it.
  const columns = {
    id: orders.id,
    createdAt: storeTimeText(orders.createdAt, timeZone),
    updatedAt: storeTimeText(orders.updatedAt, timeZone),
    status: orders.status,
    name: users.name,
    email: users.email,
    phoneNumber: users.phoneNumber,
    address: orders.address,
    quantity: orders.quantity,
    subtotal: orders.subtotal,
    shipingFee: orders.shipingFee,
    discountPercent: orders.discountPercent,
    totalPrice: orders.totalPrice,
    amount: orders.amount,
    methodPayment: orders.methodPayment,
    paymentStatus: orders.paymentStatus,
    customerNote: orders.customerNote,
    source: orders.source,
    cursor: sorting.cursor,
  }
  return keysetBatches(
    (last: { cursor: string[] } | undefined) =>
      db
        .select(columns)
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(and(filters?.where, last ? sorting.after(last.cursor) : undefined))
        .orderBy(...sorting.orderBy)
        .limit(size),
    size,
  )
}

export async function getOrder(db: Db, id: number | null) {
  const [row] = id
    ? await db
        .select(orderColumns)
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .leftJoin(shipments, eq(shipments.orderId, orders.id))
        .where(eq(orders.id, id))
    : []
  if (!row) throw notFound('orderNotFound')
  return toOrder(row)
}

/** An order locked for a change until its transaction ends, and read as it is: what a change is checked against. */
export async function lockOrder(db: Db, id: number | null): Promise<Order> {
  await lockForChange(db, orders, orders.id, id)
  return getOrder(db, id)
}

/** Who changes an order, and when. */
export type OrderChange = ChangeBy

/**
 * The one way an order's status moves (CONTRACT 4.5), whoever asks: the edit form, the bulk call, and what comes
 * next (a shipment). `before` is the order as `lockOrder` read it. The move is checked (409 `statusSame` for no
 * move, `statusMove` for one STATUS_MOVES does not allow), written with whatever else the caller changes in the
 * same statement (`also`), the version raised, and put on the order's timeline.
 */
export async function moveOrderStatus(
  db: Db,
  before: Order,
  to: OrderStatus,
  change: OrderChange & {
    also?: Partial<typeof orders.$inferInsert>
    /** Why a cancelled order's stock comes back: `order-cancelled` unless said (a returned parcel says `returned`). */
    released?: Extract<ReleaseReason, 'order-cancelled' | 'returned'>
  },
) {
  const from = before.status
  if (from === to) throw conflict('statusSame', { status: from }, 'status')
  if (!canMoveStatus(from, to)) throw conflict('statusMove', { from, to }, 'status')
  await db
    .update(orders)
    .set({ ...change.also, status: to, version: nextVersion(orders.version), updatedAt: change.now })
    .where(eq(orders.id, Number(before.id)))
  // A cancelled order gives back the stock its lines took; a delivered one counts its units as sold (CONTRACT 5.3).
  if (to === 0) await releaseOrderStock(db, [Number(before.id)], change.released ?? 'order-cancelled', change)
  if (to === 3) await countSold(db, Number(before.id))
  await recordEvents(db, Number(before.id), change.actor, change.now, [{ type: 'status', from, to }])
}

/** What an edit is made from: the form, the version it was filled from (if said), when, and by whom. */
export interface OrderEdit extends OrderChange {
  body: OrderBody
  version: number | undefined
}

/**
 * Edits an order as CONTRACT 4.5 allows, in the call's transaction, and answers it before and after:
 * - the status moves only through `moveOrderStatus`; the same status is no change;
 * - `amount` and `quantity` sent as they are stay as they are, following the lines; a different value sets them
 *   by hand, which only an open order (Pending or Processing) allows (409 `orderLocked`);
 * - a `version` sent that the order is no longer at answers 409 `editedMeanwhile` with the order as it is.
 * Every edit raises the version, and what it changed goes on the order's timeline.
 */
export async function updateOrder(db: Db, id: number | null, edit: OrderEdit) {
  const { body, version: sent, now } = edit
  const before = await lockOrder(db, id)
  // The row is locked, so this is the version the UPDATE below will find: checked first, a stale form hears
  // that the order changed rather than a refusal computed from the order it no longer shows.
  if (sent !== undefined && sent !== before.version) throw editedMeanwhile(before)
  const amountSet = body.amount !== before.amount
  const quantitySet = body.quantity !== before.quantity
  for (const [field, set] of [
    ['amount', amountSet],
    ['quantity', quantitySet],
  ] as const) {
    if (set && !isOrderOpen(before.status))
      throw conflict('orderLocked', { field, status: before.status }, field)
  }
  // An address by the 2025 units is written as text beside its codes; text alone keeps no codes.
  const place =
    typeof body.address === 'string'
      ? { address: body.address, addressParts: body.address === before.address ? before.addressParts : null }
      : { address: addressText(body.address, 'address'), addressParts: body.address }
  const changed = {
    ...place,
    ...(amountSet && { amount: body.amount, amountByHand: true }),
    ...(quantitySet && { quantity: body.quantity, quantityByHand: true }),
    ...(body.customerNote !== undefined ? { customerNote: body.customerNote ?? '' } : {}),
    ...(body.methodPayment !== undefined ? { methodPayment: body.methodPayment } : {}),
    ...(body.paymentStatus !== undefined ? { paymentStatus: body.paymentStatus } : {}),
  }
  if (body.status !== before.status) {
    await moveOrderStatus(db, before, body.status, { ...edit, also: changed })
  } else {
    await db
      .update(orders)
      .set({ ...changed, version: nextVersion(orders.version), updatedAt: now })
      .where(eq(orders.id, Number(before.id)))
  }
  const after = await getOrder(db, Number(before.id))
  await recordEvents(
    db,
    Number(before.id),
    edit.actor,
    now,
    eventsOfEdit(before, after).filter((e) => e.type !== 'status'),
  )
  return { before, after }
}

/**
 * A delivered order's units join its products' `sold`: 'Đã bán' is what buyers received. Lines of a deleted
 * product count too, so its figure stays true if it is restored.
 */
async function countSold(db: Db, orderId: number) {
  await db.execute(sql`
    update ${products} p set sold = p.sold + l.units
      from (select product_id, sum(quantity)::int as units from ${orderLines}
             where order_id = ${orderId} group by product_id) l
     where p.id = l.product_id`)
}

/** The order's lines go with it (the foreign key cascades), and the stock they took goes back (CONTRACT 5.3). */
export async function deleteOrder(db: Db, id: number | null, by: ChangeBy) {
  if (!id) throw notFound('orderNotFound')
  await db.transaction(async (tx) => {
    await releaseOrderStock(tx, [id], 'order-deleted', by)
    const [deleted] = await tx.delete(orders).where(eq(orders.id, id)).returning({ id: orders.id })
    if (!deleted) throw notFound('orderNotFound')
  })
}

/** An order's lines with their product and variant, in the order they were added; `lineId` narrows to one. */
export async function listOrderLines(db: Db, orderId: number | null, lineId?: number): Promise<OrderLine[]> {
  const [order] = orderId ? await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)) : []
  if (!order) throw notFound('orderNotFound')
  const lines = await db
    .select({
      id: orderLines.id,
      price: orderLines.price,
      quantity: orderLines.quantity,
      size: orderLines.size,
      product: {
        id: products.id,
        name: products.name,
        slug: products.slug,
        thumbnail: sql<string | null>`${products.images}[1]`,
        deletedAt: products.deletedAt,
      },
      variantId: productVariants.id,
      variantSku: productVariants.sku,
      variantSize: productVariants.size,
      variantColor: productVariants.color,
    })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(productVariants, eq(productVariants.id, orderLines.variantId))
    .where(
      and(eq(orderLines.orderId, order.id), lineId === undefined ? undefined : eq(orderLines.id, lineId)),
    )
    .orderBy(asc(orderLines.id))
  return lines.map((l) => ({
    product: {
      name: l.product.name,
      thumbnail: l.product.thumbnail,
      slug: l.product.slug,
      deletedAt: l.product.deletedAt ? l.product.deletedAt.toISOString() : null,
      ...ids(l.product.id),
    },
    price: l.price,
    quantity: l.quantity,
    size: l.size,
    variant:
      l.variantId === null
        ? null
        : { sku: l.variantSku!, size: l.variantSize, color: l.variantColor, ...ids(l.variantId) },
    ...ids(l.id),
  }))
}

/**
 * Works the order's figures out again from `lines` (amount and quantity only where staff did not set them by
 * hand), writes them with a new version, and answers what moved, for the timeline.
 */
export async function refigure(
  db: Db,
  order: Pick<
    typeof orders.$inferSelect,
    | 'id'
    | 'discountPercent'
    | 'shipingFee'
    | 'quantity'
    | 'subtotal'
    | 'totalPrice'
    | 'amount'
    | 'amountByHand'
    | 'quantityByHand'
  >,
  lines: readonly { price: number; quantity: number }[],
  now: Date,
) {
  const { amount, quantity, ...totals } = orderTotals({
    lines,
    discountPercent: order.discountPercent,
    shipingFee: order.shipingFee,
  })
  const figures = {
    ...totals,
    ...(order.quantityByHand ? {} : { quantity }),
    ...(order.amountByHand ? {} : { amount }),
  }
  await db
    .update(orders)
    .set({ ...figures, version: nextVersion(orders.version), updatedAt: now })
    .where(eq(orders.id, order.id))
  const moved: Record<string, [unknown, unknown]> = {}
  for (const [field, after] of Object.entries(figures)) {
    const before = order[field as keyof typeof figures]
    if (before !== after) moved[field] = [before, after]
  }
  return moved
}

/**
 * Removes one line of an open order (409 `linesLocked` once it is delivered or cancelled) and recomputes the
 * order's figures from the lines that remain: `amount` and `quantity` follow unless staff set them by hand. The
 * order row is locked first so two line deletes on one order cannot both compute from a stale set of lines. The
 * order's version rises and the timeline gets the line as it was with the figures that moved. Answers the line
 * removed, as it was, with its order's id (for the audit log).
 */
export async function deleteOrderLine(
  db: Db,
  orderId: number | null,
  lineId: number | null,
  now: Date,
  actor: Actor | null,
) {
  if (!orderId) throw notFound('orderNotFound')
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        discountPercent: orders.discountPercent,
        shipingFee: orders.shipingFee,
        quantity: orders.quantity,
        subtotal: orders.subtotal,
        totalPrice: orders.totalPrice,
        amount: orders.amount,
        amountByHand: orders.amountByHand,
        quantityByHand: orders.quantityByHand,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update')
    if (!order) throw notFound('orderNotFound')
    const lines = await tx
      .select({
        id: orderLines.id,
        price: orderLines.price,
        quantity: orderLines.quantity,
        size: orderLines.size,
        stockTaken: orderLines.stockTaken,
        variantId: orderLines.variantId,
        product: { id: products.id, name: products.name },
        variant: { sku: productVariants.sku, size: productVariants.size, color: productVariants.color },
      })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .leftJoin(productVariants, eq(productVariants.id, orderLines.variantId))
      .where(eq(orderLines.orderId, order.id))
    const removed = lines.find((l) => l.id === lineId)
    if (!lineId || !removed) throw notFound('orderLineNotFound')
    const status = order.status as OrderStatus
    if (!isOrderOpen(status)) throw conflict('linesLocked', { status })
    if (lines.length === 1) throw conflict('orderNeedsLine')
    await tx.delete(orderLines).where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, order.id)))
    if (removed.stockTaken)
      await returnStock(
        tx,
        [{ productId: removed.product.id, variantId: removed.variantId, quantity: removed.quantity }],
        'line-deleted',
        order.id,
        {
          now,
          actor,
        },
      )
    const moved = await refigure(
      tx,
      order,
      lines.filter((l) => l.id !== lineId),
      now,
    )
    const line = {
      id: String(removed.id),
      product: { name: removed.product.name, ...ids(removed.product.id) },
      price: removed.price,
      quantity: removed.quantity,
      size: removed.size,
      // The timeline names the variant of a line deleted, as it names that of a line added.
      ...(removed.variant && { variant: removed.variant }),
    }
    const changes: Record<string, [unknown, unknown]> = { line: [line, null], ...moved }
    await recordEvents(tx, order.id, actor, now, [{ type: 'line-deleted', changes }])
    return {
      orderId: String(order.id),
      product: line.product,
      price: removed.price,
      quantity: removed.quantity,
      size: removed.size,
    }
  })
}
