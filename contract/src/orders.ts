import { z } from 'zod'
import {
  email,
  emptyEnvelope,
  entityIds,
  envelope,
  idParams,
  isoDate,
  listEnvelope,
  listQuery,
  optionalText,
  phoneNumber,
  recordVersion,
  requiredText,
  sentVersion,
  wholeNumber,
} from './common.ts'
import { defineEndpoints } from './endpoint.ts'
import {
  ORDER_EVENT_TYPES,
  ORDER_SOURCES,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_STATUSES,
  SPEC_ROLES,
} from './enums.ts'
import {
  bulkAnswer,
  bulkIds,
  csvAnswer,
  csvResponses,
  optionalChoice,
  optionalDay,
  optionalId,
  optionalWhole,
  ordered,
  sortParam,
} from './list-params.ts'
import { messageRef, messages } from './messages.ts'
import { addressParts } from './places.ts'
import { CARRIERS, COD_STATUSES, SHIPMENT_STATUSES, shipment } from './shipments.ts'

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
  q: z.string().max(200, messages.tooLong(200)).optional().meta({
    description:
      "An order id (300 or #300), a customer's phone number in any common writing, or a customer's name",
  }),
  source: optionalChoice(ORDER_SOURCES).meta({ description: 'Where the orders came from' }),
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
  paymentStatus: optionalChoice(PAYMENT_STATUSES).meta({ description: 'Where the money stands' }),
  from: optionalDay.meta({ description: 'Placed on or after this day (YYYY-MM-DD, STORE_TZ)' }),
  to: optionalDay.meta({ description: 'Placed on or before this day (YYYY-MM-DD, STORE_TZ)' }),
  minTotal: optionalWhole().meta({ description: 'totalPrice at least this, in VND' }),
  maxTotal: optionalWhole().meta({ description: 'totalPrice at most this, in VND' }),
  userId: optionalId.meta({ description: "The customer's id" }),
  shipment: optionalChoice([...SHIPMENT_STATUSES, 'none'] as const).meta({
    description: "The shipment's step, or `none` for orders not shipped yet (CONTRACT 5.5)",
  }),
  carrier: optionalChoice(CARRIERS).meta({ description: 'Shipped with this carrier' }),
  codStatus: optionalChoice(COD_STATUSES).meta({
    description: "Where the shipment's cash on delivery stands: none, pending, outstanding, collected",
  }),
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
 * The status moves an order allows, one by one or in bulk (CONTRACT 4.5): forward only (1 Pending → 2 Processing → 3 Delivered, a
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
  /** The address by the 2025 units, when it was given so (CONTRACT 5.6). */
  addressParts: addressParts.nullable(),
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
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** Where the order came from (CONTRACT 5.1). */
  source: z.enum(ORDER_SOURCES),
  /** Staff set `amount` by hand: it no longer follows the lines (CONTRACT 4.5). */
  amountByHand: z.boolean(),
  /** Staff set `quantity` by hand: it no longer follows the lines. */
  quantityByHand: z.boolean(),
  /** The order's shipment with its carrier, tracking number and COD (CONTRACT 5.5); null before it ships. */
  shipment: shipment.nullable(),
  version: recordVersion,
  createdAt: isoDate,
  updatedAt: isoDate,
})
export type Order = z.infer<typeof order>

/** Statuses in which an order's amount, quantity and lines may still change (CONTRACT 4.5). */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = [1, 2]
export const isOrderOpen = (status: OrderStatus) => OPEN_ORDER_STATUSES.includes(status)

/**
 * Whether an order may be deleted (CONTRACT 5.2): only one still Pending or Cancelled whose money never arrived
 * (`unpaid` or `failed`) and that never shipped (a returned parcel is kept with its order). Any other is kept, and
 * cancelled instead (409 `orderKept`); only an admin deletes.
 */
export const isOrderDeletable = (o: Pick<Order, 'status' | 'paymentStatus' | 'shipment'>) =>
  (o.status === 1 || o.status === 0) &&
  (o.paymentStatus === 'unpaid' || o.paymentStatus === 'failed') &&
  o.shipment === null

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

export const paymentStatus = z.enum(PAYMENT_STATUSES, { error: messages.oneOf(PAYMENT_STATUSES) })

/**
 * The edit-order form (spec section 5, with CONTRACT 4.5): the status moves only as `STATUS_MOVES` allows (409
 * `statusMove`); `amount` and `quantity` sent unchanged leave them following the lines, a new value sets them by
 * hand, and either changes only while the order is open (409 `orderLocked`).
 */
export const orderBody = z.object({
  /** The address as text, or by the 2025 units (CONTRACT 5.6), which the server writes as text beside its codes. */
  address: z.union([requiredText(500), addressParts], { error: messages.required }),
  amount: wholeNumber(),
  quantity: wholeNumber(MAX_ORDER_QUANTITY),
  status: orderStatus,
  customerNote: optionalText(2000).nullish(),
  methodPayment: paymentCode.optional(),
  paymentStatus: paymentStatus.optional(),
  version: sentVersion,
})
export type OrderBody = z.infer<typeof orderBody>

/** The most lines an order takes at once (CONTRACT 5.1). */
export const MAX_ORDER_LINES = 200
/** The most units of one line. */
export const MAX_LINE_QUANTITY = 10_000

// One range check for both ends, so 10,001 is told 'between 1 and 10000' like 0 is, rather than the whole
// number rule's 'between 0 and 10000', which would offer 0.
const lineQuantity = wholeNumber().refine(
  (n) => n >= 1 && n <= MAX_LINE_QUANTITY,
  messageRef('range', { min: 1, max: MAX_LINE_QUANTITY }),
)

/** A line as staff enter it: the product (and its variant), how many, and a price when not the catalogue's. */
export const orderLineInput = z.object({
  productId: z.string({ error: messages.required }).trim().min(1, messages.required).max(64),
  variantId: z.string().trim().max(64).optional(),
  quantity: lineQuantity,
  price: wholeNumber().optional(),
})
export type OrderLineInput = z.infer<typeof orderLineInput>

/** A change of an open order's line: its quantity, and a price when not the one it has. */
export const orderLineChange = z.object({
  quantity: lineQuantity,
  price: wholeNumber().optional(),
})
export type OrderLineChange = z.infer<typeof orderLineChange>

/**
 * The customer of a new order (CONTRACT 5.1): `{ id }` of an existing one, or a new one by name and phone (an
 * email if they give one), who gets no password.
 */
export const orderCustomer = z
  .object({
    id: z.string().trim().max(64).optional(),
    name: requiredText(120).optional(),
    phoneNumber: phoneNumber.optional(),
    email: email.optional(),
  })
  .superRefine((c, ctx) => {
    if (c.id !== undefined) return
    if (c.name === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: messages.required })
    if (c.phoneNumber === undefined)
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: messages.required })
  })
export type OrderCustomer = z.infer<typeof orderCustomer>

/** An order staff take by phone, chat or at the counter (CONTRACT 5.1); the server works out its totals. */
export const newOrderBody = z.object({
  customer: orderCustomer,
  /** The address as text, or by the 2025 units (CONTRACT 5.6). */
  address: z.union([requiredText(500), addressParts], { error: messages.required }),
  lines: z
    .array(orderLineInput, { error: messages.required })
    .min(1, messageRef('atLeastOneLine'))
    .max(MAX_ORDER_LINES, messageRef('tooManyLines', { max: MAX_ORDER_LINES })),
  shippingFee: wholeNumber().optional(),
  discountPercent: wholeNumber(100).optional(),
  methodPayment: paymentCode.optional(),
  paymentStatus: paymentStatus.optional(),
  customerNote: optionalText(2000).optional(),
  source: z.enum(ORDER_SOURCES, { error: messages.oneOf(ORDER_SOURCES) }),
})
export type NewOrderBody = z.infer<typeof newOrderBody>

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
  /** The variant bought (CONTRACT 5.4), which every document prints; null for a product without variants. */
  variant: z
    .object({ ...entityIds, sku: z.string(), size: z.string().nullable(), color: z.string().nullable() })
    .nullable(),
})
export type OrderLine = z.infer<typeof orderLine>
export const orderLineAnswer = envelope(orderLine)

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
  id: z.string().max(64).describe('The id of the line'),
})

/** Who did something to an order: a staff account, or nobody for what the store itself did. */
export const orderActor = z.object({ ...entityIds, name: z.string(), email: z.string() }).nullable()

/**
 * One entry of an order's timeline (CONTRACT 4.5): `from`/`to` for a status (codes) or a payment status;
 * `changes` (field → [before, after]) for an edit; `note` for a note, and the removed line for 'line-deleted'.
 */
export const orderEvent = z.object({
  id: z.string(),
  at: isoDate,
  actor: orderActor,
  type: z.enum(ORDER_EVENT_TYPES),
  from: z.union([z.number(), z.string()]).optional(),
  to: z.union([z.number(), z.string()]).optional(),
  note: z.string().optional(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).optional(),
})
export type OrderEvent = z.infer<typeof orderEvent>
export const orderEvents = envelope(z.array(orderEvent))

export const MAX_NOTE_LENGTH = 2000
export const orderNoteBody = z.object({ note: requiredText(MAX_NOTE_LENGTH) })
export type OrderNoteBody = z.infer<typeof orderNoteBody>

/** `ids=1,2,3`: the orders to print, each once, 1 to 100 of them. */
export const MAX_PACKING_SLIPS = 100
export const packingSlipQuery = z.object({
  ids: z
    .string({ error: messageRef('idList') })
    .transform((v, ctx) => {
      const list = v
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '')
      if (list.length === 0 || list.some((part) => part.length > 64)) {
        ctx.addIssue({ code: 'custom', message: messageRef('idList') })
        return z.NEVER
      }
      if (list.length > MAX_PACKING_SLIPS) {
        ctx.addIssue({ code: 'custom', message: messageRef('tooManyIds', { max: MAX_PACKING_SLIPS }) })
        return z.NEVER
      }
      if (new Set(list).size !== list.length) {
        ctx.addIssue({ code: 'custom', message: messageRef('idTwice') })
        return z.NEVER
      }
      return list
    })
    .meta({ description: 'Order ids, comma-separated: 12,15,20' }),
})

export const pdfAnswer = z.custom<Uint8Array>().meta({ type: 'string', format: 'binary' })
export const pdfResponses = (description: string) => ({
  200: { description, content: { 'application/pdf': { schema: pdfAnswer } } },
})

export const orderEndpoints = defineEndpoints('orders', {
  list: {
    method: 'GET',
    path: '/admin/orders',
    permission: 'orders:read',
    summary:
      "A page of orders, sorted and filtered; `q` finds an order by number, the customer's phone or name, `name` by the customer's name",
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
  packingSlips: {
    method: 'GET',
    path: '/admin/orders/packing-slips.pdf',
    permission: 'orders:read',
    summary: 'Packing slips: one page per order, its lines without prices',
    query: packingSlipQuery,
    answer: pdfAnswer,
    responses: pdfResponses('One A4 page per order, in the order of `ids`'),
  },
  labels: {
    method: 'GET',
    path: '/admin/orders/labels.pdf',
    permission: 'orders:read',
    summary:
      'Shipping labels: one A6 page per order, with the tracking number as a barcode and the COD to collect',
    description:
      'Each order must have a shipment (409 `noLabel` naming those without, and nothing is printed); 404 naming ' +
      'every id that is no order.',
    query: packingSlipQuery,
    answer: pdfAnswer,
    responses: pdfResponses('One A6 page per order, in the order of `ids`'),
  },
  get: {
    method: 'GET',
    path: '/admin/orders/:id',
    permission: 'orders:read',
    summary: 'One order',
    params: idParams,
    answer: orderAnswer,
  },
  invoice: {
    method: 'GET',
    path: '/admin/orders/:id/invoice.pdf',
    permission: 'orders:read',
    summary: 'The invoice of an order, with the total in Vietnamese words and a VietQR code while unpaid',
    params: idParams,
    answer: pdfAnswer,
    responses: pdfResponses('The invoice, one A4 page'),
  },
  events: {
    method: 'GET',
    path: '/admin/orders/:id/events',
    permission: 'orders:read',
    summary: "The order's timeline, newest first: status, payment, edits, deleted lines and notes",
    params: idParams,
    answer: orderEvents,
  },
  addNote: {
    method: 'POST',
    path: '/admin/orders/:id/notes',
    permission: 'orders:write',
    summary: "Add a staff note to the order's timeline",
    params: idParams,
    body: orderNoteBody,
    answer: envelope(orderEvent),
    status: 201,
    audit: { entity: 'order', action: 'note' },
  },
  create: {
    method: 'POST',
    path: '/admin/orders',
    permission: 'orders:write',
    summary:
      'Take an order by phone, chat or at the counter: an existing or new customer, lines, fee and discount',
    description:
      "The server works out the totals and takes the lines' stock in the same transaction: a line short of stock is a 409 naming it in `errors` (`lines.0.quantity`) with how many are left, and nothing is written. A new customer gets no password; one whose phone an existing customer has is a 409 naming that customer.",
    body: newOrderBody,
    status: 201,
    answer: orderAnswer,
    audit: { entity: 'order', action: 'create' },
  },
  addLine: {
    method: 'POST',
    path: '/admin/orders/:id/lines',
    permission: 'orders:write',
    summary: 'Add a line to a Pending or Processing order, taking its stock and recomputing the figures',
    params: idParams,
    body: orderLineInput,
    status: 201,
    answer: orderLineAnswer,
    audit: { entity: 'orderLine', action: 'create' },
  },
  changeLine: {
    method: 'PUT',
    path: '/admin/orders/:orderId/lines/:id',
    permission: 'orders:write',
    summary: "Change a line's quantity (moving the difference of stock) or price, recomputing the figures",
    params: orderLineParams,
    body: orderLineChange,
    answer: orderLineAnswer,
    audit: { entity: 'orderLine', action: 'update' },
  },
  update: {
    method: 'PUT',
    path: '/admin/orders/:id',
    permission: 'orders:write',
    summary: "Edit an order's address, figures, status, note, payment method and payment status",
    description:
      'The status moves as CONTRACT 4.5 allows (409 otherwise); amount, quantity and lines change only while the order is Pending or Processing. Send `version` (or If-Match) to refuse a stale edit with 409.',
    params: idParams,
    body: orderBody,
    answer: orderAnswer,
    audit: { entity: 'order', action: 'update' },
  },
  remove: {
    method: 'DELETE',
    path: '/admin/orders/:id',
    permission: 'orders:delete',
    summary: 'Delete an order and its lines: admins only, and only a Pending or Cancelled order never paid',
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
