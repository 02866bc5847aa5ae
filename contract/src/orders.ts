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
import { messageRef, messages } from './messages.ts'

/** The largest quantity an order keeps (a PostgreSQL `integer`). */
export const MAX_ORDER_QUANTITY = 2_147_483_647

/** `role` is sent by the old client's order list; it is accepted and has no effect. */
export const orderListQuery = listQuery.extend({
  role: z.enum(SPEC_ROLES, { error: messages.oneOf(SPEC_ROLES) }).optional(),
})
export type OrderListQuery = z.infer<typeof orderListQuery>

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
    summary: "A page of orders, newest first; `name` searches the customer's name",
    query: orderListQuery,
    answer: orderList,
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
