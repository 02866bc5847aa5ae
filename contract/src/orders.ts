import { z } from 'zod'
import {
  emptyEnvelope,
  entityIds,
  envelope,
  idParams,
  isoDate,
  listEnvelope,
  listQuery,
  optionalText,
  requiredText,
  wholeNumber,
} from './common.ts'
import { defineEndpoints } from './endpoint.ts'
import { ORDER_STATUSES, type OrderStatus, SPEC_ROLES } from './enums.ts'
import {
  bulkAnswer,
  bulkIds,
  csvAnswer,
  csvResponses,
  optionalDay,
  optionalId,
  optionalWhole,
  ordered,
  sortParam,
} from './list-params.ts'
import { messageRef, messages } from './messages.ts'

/** The largest quantity an order keeps (a PostgreSQL `integer`). */
export const MAX_ORDER_QUANTITY = 2_147_483_647

export const ORDER_SORT_FIELDS = ['createdAt', 'updatedAt', 'totalPrice', 'quantity', 'status'] as const
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number]

/** `status=1,2`: one or more codes 0 to 3, comma-separated, each once; empty is "not given". */
export const statusList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const text = v?.trim() ?? ''
    if (text === '') return undefined
    const codes = text.split(',').map((part) => part.trim())
    const wrong = codes.some((c) => !/^\d$/.test(c) || !ORDER_STATUSES.includes(Number(c) as OrderStatus))
    if (wrong || new Set(codes).size !== codes.length) {
      ctx.addIssue({ code: 'custom', message: messages.oneOf(ORDER_STATUSES) })
      return z.NEVER
    }
    return codes.map(Number).sort() as OrderStatus[]
  })
  .meta({ description: 'One or more status codes 0 to 3, comma-separated: 1,2' })

/** The order list's filters and sort (CONTRACT 4.1); `name` is the customer's name. */
const orderFilterShape = {
  name: listQuery.shape.name,
  sortBy: sortParam(ORDER_SORT_FIELDS),
  status: statusList,
  methodPayment: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const code = v?.trim() ?? ''
      if (code === '') return undefined
      if (!/^\d$/.test(code)) {
        ctx.addIssue({ code: 'custom', message: messageRef('paymentCode') })
        return z.NEVER
      }
      return code
    })
    .meta({ description: 'The payment method code (one digit)' }),
  from: optionalDay.meta({ description: 'Placed on or after this day (YYYY-MM-DD, STORE_TZ)' }),
  to: optionalDay.meta({ description: 'Placed on or before this day (YYYY-MM-DD, STORE_TZ)' }),
  minTotal: optionalWhole().meta({ description: 'totalPrice at least this, in VND' }),
  maxTotal: optionalWhole().meta({ description: 'totalPrice at most this, in VND' }),
  userId: optionalId.meta({ description: "The customer's id" }),
  /** Sent by the old client's order list; accepted and without effect. */
  role: z.enum(SPEC_ROLES, { error: messages.oneOf(SPEC_ROLES) }).optional(),
}
const orderRanges = ordered([
  ['from', 'to'],
  ['minTotal', 'maxTotal'],
])

export const orderListQuery = listQuery.extend(orderFilterShape).superRefine(orderRanges)
export type OrderListQuery = z.infer<typeof orderListQuery>
export const orderExportQuery = z.object(orderFilterShape).superRefine(orderRanges)
export type OrderExportQuery = z.infer<typeof orderExportQuery>

/**
 * The status moves a bulk change allows (CONTRACT 4.5): forward only (1 Pending → 2 Processing → 3 Delivered, a
 * step may be skipped) and 1 or 2 → 0 Cancelled. Delivered and Cancelled are final.
 */
export const STATUS_MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  0: [],
  1: [2, 3, 0],
  2: [3, 0],
  3: [],
}
export const canMoveStatus = (from: OrderStatus, to: OrderStatus) => STATUS_MOVES[from].includes(to)

export const order = z.object({
  ...entityIds,
  user: z.object({ ...entityIds, name: z.string(), email: z.string(), phoneNumber: z.string().nullable() }),
  address: z.string(),
  amount: z.number().int(),
  quantity: z.number().int(),
  status: z.literal(ORDER_STATUSES),
  customerNote: z.string(),
  subtotal: z.number().int(),
  /** Spelled so by the spec's client. */
  shipingFee: z.number().int(),
  discountPercent: z.number().int(),
  totalPrice: z.number().int(),
  /** '0' unpaid, '1' cash on delivery, '2' wallet, any other PayPal (`paymentKind`). */
  methodPayment: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
})
export type Order = z.infer<typeof order>

/** A status code 0 to 3; a select sends it as text, so '2' is 2. */
export const orderStatus = z
  .union([z.number(), z.string()], {
    error: (issue) => (issue.input === undefined ? messages.required : messages.oneOf(ORDER_STATUSES)),
  })
  .transform((v, ctx) => {
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v
    if (!ORDER_STATUSES.includes(n as OrderStatus)) {
      ctx.addIssue({ code: 'custom', message: messages.oneOf(ORDER_STATUSES) })
      return z.NEVER
    }
    return n as OrderStatus
  })

export const orderBulkStatusBody = z.object({ ids: bulkIds, status: orderStatus })
export type OrderBulkStatusBody = z.infer<typeof orderBulkStatusBody>

/** A payment code: one digit; empty means unpaid ('0'). */
export const paymentCode = z
  .union([z.string(), z.number()], { error: messageRef('paymentCode') })
  .transform((v, ctx) => {
    const code = String(v).trim()
    if (code === '') return '0'
    if (!/^\d$/.test(code)) {
      ctx.addIssue({ code: 'custom', message: messageRef('paymentCode') })
      return z.NEVER
    }
    return code
  })

/** The edit-order form. Staff may set amount and quantity directly (spec section 5). */
export const orderBody = z.object({
  address: requiredText(500),
  amount: wholeNumber(),
  quantity: wholeNumber(MAX_ORDER_QUANTITY),
  status: orderStatus,
  customerNote: optionalText(2000).nullish(),
  methodPayment: paymentCode.optional(),
})
export type OrderBody = z.infer<typeof orderBody>

export const orderAnswer = envelope(order)
export const orderList = listEnvelope(order)

export const orderLine = z.object({
  ...entityIds,
  product: z.object({
    ...entityIds,
    name: z.string(),
    thumbnail: z.string().nullable(),
    slug: z.string(),
    /** Set when the product was deleted since; its line stays as history. */
    deletedAt: isoDate.nullable(),
  }),
  price: z.number().int(),
  quantity: z.number().int(),
  size: z.string().nullable(),
})
export type OrderLine = z.infer<typeof orderLine>

export const orderLines = envelope(z.array(orderLine))

/**
 * The detail paths share one template, `/admin/orders/{orderId}/detail/{id}` (OpenAPI allows one name a
 * position): reading, `id` is ignored, as clients repeat the order id there; deleting, `id` is the line's id.
 */
export const orderDetailParams = z.object({
  orderId: z.string().max(64),
  id: z.string().max(64).describe('Ignored: clients repeat the order id'),
})
export const orderLineParams = z.object({
  orderId: z.string().max(64),
  id: z.string().max(64).describe('The id of the line to delete'),
})

export const orderEndpoints = defineEndpoints('orders', {
  list: {
    method: 'GET',
    path: '/admin/orders',
    permission: 'orders:read',
    summary: "A page of orders, sorted and filtered; `name` searches the customer's name",
    query: orderListQuery,
    answer: orderList,
  },
  export: {
    method: 'GET',
    path: '/admin/orders/export',
    permission: 'orders:read',
    summary: 'Every order the filters match, as a CSV file in the list’s order',
    query: orderExportQuery,
    answer: csvAnswer,
    responses: csvResponses,
  },
  bulkStatus: {
    method: 'POST',
    path: '/admin/orders/bulk-status',
    permission: 'orders:write',
    summary: 'Move up to 500 orders to a status, each on its own; the answer says which moved and why not',
    description:
      'Only the moves of CONTRACT 4.5: 1 → 2 → 3, and 1 or 2 → 0. An order already at the status is refused as no change.',
    body: orderBulkStatusBody,
    answer: bulkAnswer,
    audit: { entity: 'order', action: 'bulkStatus' },
  },
  get: {
    method: 'GET',
    path: '/admin/orders/:id',
    permission: 'orders:read',
    summary: 'One order',
    params: idParams,
    answer: orderAnswer,
  },
  update: {
    method: 'PUT',
    path: '/admin/orders/:id',
    permission: 'orders:write',
    summary: "Edit an order's address, figures, status, note and payment method",
    params: idParams,
    body: orderBody,
    answer: orderAnswer,
    audit: { entity: 'order', action: 'update' },
  },
  remove: {
    method: 'DELETE',
    path: '/admin/orders/:id',
    permission: 'orders:write',
    summary: 'Delete an order and its lines',
    params: idParams,
    answer: emptyEnvelope,
    audit: { entity: 'order', action: 'delete' },
  },
  lines: {
    method: 'GET',
    path: '/admin/orders/:orderId/detail/:id',
    permission: 'orders:read',
    summary: 'The lines of an order (the second id is ignored; clients repeat the order id)',
    params: orderDetailParams,
    answer: orderLines,
  },
  removeLine: {
    method: 'DELETE',
    path: '/admin/orders/:orderId/detail/:id',
    permission: 'orders:write',
    summary: "Delete one line of an order and recompute the order's figures",
    params: orderLineParams,
    answer: emptyEnvelope,
    audit: { entity: 'orderLine', action: 'delete' },
  },
})
