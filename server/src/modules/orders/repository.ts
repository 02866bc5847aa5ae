import type {
  Order,
  OrderBody,
  OrderExportQuery,
  OrderLine,
  OrderListQuery,
  OrderSortField,
  OrderStatus,
} from '@store/contract'
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orderLines, orders, products, users } from '../../db/schema.ts'
import { keysetBatches } from '../../lib/csv.ts'
import { conflict, notFound } from '../../lib/errors.ts'
import { ids, toDbId } from '../../lib/ids.ts'
import {
  allOf,
  matches,
  metaOf,
  onSortedPage,
  type SortKeys,
  searchTerm,
  sortingOf,
  storeTimeText,
  withinDays,
} from '../../lib/list.ts'
import { countRows, type Narrowing } from '../../lib/row-counts.ts'
import { orderTotals } from './totals.ts'

const orderColumns = {
  order: orders,
  user: { id: users.id, name: users.name, email: users.email, phoneNumber: users.phoneNumber },
}

export type OrderRow = {
  order: typeof orders.$inferSelect
  user: { id: number; name: string; email: string; phoneNumber: string | null }
}

export const toOrder = ({ order: o, user: u }: OrderRow): Order => ({
  ...ids(o.id),
  user: { ...ids(u.id), name: u.name, email: u.email, phoneNumber: u.phoneNumber },
  address: o.address,
  amount: o.amount,
  quantity: o.quantity,
  status: o.status as OrderStatus,
  customerNote: o.customerNote,
  subtotal: o.subtotal,
  shipingFee: o.shipingFee,
  discountPercent: o.discountPercent,
  totalPrice: o.totalPrice,
  methodPayment: o.methodPayment,
  createdAt: o.createdAt.toISOString(),
  updatedAt: o.updatedAt.toISOString(),
})

/**
 * Orders whose customer's name contains `term`. A condition over `orders` alone, so the list and its total
 * (countRows over the orders table) narrow the same way; it reads the users table too, so a rename retires
 * a remembered total.
 */
const customerNamed = (term: string): Narrowing => ({
  where: sql`${orders.userId} in (select ${users.id} from ${users} where ${matches(users.nameSearch, term)})`,
  reads: [orders.userId, users.id, users.nameSearch],
})

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
 * The filters of the order list and its export, with the customer-name search, as one narrowing (AND) over the
 * orders table; undefined when none is given. An id no order can have matches nothing.
 */
const customerIs = (userId: number | null): Narrowing =>
  userId === null
    ? { where: sql`false`, reads: [] }
    : { where: eq(orders.userId, userId), reads: [orders.userId] }

export function orderFilters(query: OrderExportQuery, timeZone: string): Narrowing | undefined {
  const term = searchTerm(query.name)
  const days = withinDays(orders.createdAt, query.from, query.to, timeZone)
  return allOf([
    term ? customerNamed(term) : undefined,
    query.status
      ? {
          where:
            query.status.length === 1
              ? eq(orders.status, query.status[0]!)
              : inArray(orders.status, query.status),
          reads: [orders.status],
        }
      : undefined,
    query.methodPayment !== undefined
      ? { where: eq(orders.methodPayment, query.methodPayment), reads: [orders.methodPayment] }
      : undefined,
    days.length > 0 ? { where: and(...days)!, reads: [orders.createdAt] } : undefined,
    query.minTotal !== undefined
      ? { where: gte(orders.totalPrice, query.minTotal), reads: [orders.totalPrice] }
      : undefined,
    query.maxTotal !== undefined
      ? { where: lte(orders.totalPrice, query.maxTotal), reads: [orders.totalPrice] }
      : undefined,
    query.userId === undefined ? undefined : customerIs(toDbId(query.userId)),
  ])
}

export async function listOrders(db: Db, query: OrderListQuery, timeZone: string) {
  const filters = orderFilters(query, timeZone)
  const sorting = orderSorting(query.sortBy)
  const [page, total] = await Promise.all([
    db
      .select(orderColumns)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(onSortedPage(db, { table: orders, id: orders.id }, filters?.where, sorting.orderBy, query))
      .orderBy(...sorting.orderBy),
    countRows(db, 'orders', filters),
  ])
  return { data: page.map(toOrder), meta: metaOf(query, total) }
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
    customerNote: orders.customerNote,
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
        .where(eq(orders.id, id))
    : []
  if (!row) throw notFound('orderNotFound')
  return toOrder(row)
}

export async function updateOrder(db: Db, id: number | null, body: OrderBody, now: Date) {
  const [updated] = id
    ? await db
        .update(orders)
        .set({
          address: body.address,
          amount: body.amount,
          quantity: body.quantity,
          status: body.status,
          ...(body.customerNote !== undefined ? { customerNote: body.customerNote ?? '' } : {}),
          ...(body.methodPayment !== undefined ? { methodPayment: body.methodPayment } : {}),
          updatedAt: now,
        })
        .where(eq(orders.id, id))
        .returning({ id: orders.id })
    : []
  if (!updated) throw notFound('orderNotFound')
  return getOrder(db, updated.id)
}

/** The order's lines go with it (the foreign key cascades). */
export async function deleteOrder(db: Db, id: number | null) {
  if (!id) throw notFound('orderNotFound')
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(orders).where(eq(orders.id, id)).returning({ id: orders.id })
    if (!deleted) throw notFound('orderNotFound')
  })
}

export async function listOrderLines(db: Db, orderId: number | null): Promise<OrderLine[]> {
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
    })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id))
  return lines.map((l) => ({
    ...ids(l.id),
    product: {
      ...ids(l.product.id),
      name: l.product.name,
      thumbnail: l.product.thumbnail,
      slug: l.product.slug,
      deletedAt: l.product.deletedAt ? l.product.deletedAt.toISOString() : null,
    },
    price: l.price,
    quantity: l.quantity,
    size: l.size,
  }))
}

/**
 * Removes one line and recomputes the order's figures from the lines that remain. The order row is locked
 * first so two line deletes on one order cannot both compute from a stale set of lines. Answers the line
 * removed, as it was, with its order's id (for the audit log).
 */
export async function deleteOrderLine(db: Db, orderId: number | null, lineId: number | null, now: Date) {
  if (!orderId) throw notFound('orderNotFound')
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, discountPercent: orders.discountPercent, shipingFee: orders.shipingFee })
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
        product: { id: products.id, name: products.name },
      })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(eq(orderLines.orderId, order.id))
    const removed = lines.find((l) => l.id === lineId)
    if (!lineId || !removed) throw notFound('orderLineNotFound')
    if (lines.length === 1) throw conflict('orderNeedsLine')
    await tx.delete(orderLines).where(and(eq(orderLines.id, lineId), eq(orderLines.orderId, order.id)))
    const totals = orderTotals({
      lines: lines.filter((l) => l.id !== lineId),
      discountPercent: order.discountPercent,
      shipingFee: order.shipingFee,
    })
    await tx
      .update(orders)
      .set({ ...totals, updatedAt: now })
      .where(eq(orders.id, order.id))
    return {
      orderId: String(order.id),
      product: { ...ids(removed.product.id), name: removed.product.name },
      price: removed.price,
      quantity: removed.quantity,
      size: removed.size,
    }
  })
}
