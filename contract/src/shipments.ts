import { z } from 'zod'
import { envelope, idParams, isoDate, optionalText, wholeNumber } from './common.ts'
import { defineEndpoints } from './endpoint.ts'
import { bulkAnswer, bulkIds } from './list-params.ts'
import { messageRef, messages } from './messages.ts'

// Shipments, COD and labels (CONTRACT 5.5): an order handed to a courier, the cash it collects for the shop, and
// the label stuck on the parcel.

/** The couriers a Vietnamese shop ships with; `self` is the shop's own delivery. */
export const CARRIERS = [
  'ghn',
  'ghtk',
  'viettelpost',
  'jt',
  'spx',
  'vnpost',
  'ninjavan',
  'ahamove',
  'self',
  'other',
] as const
export type Carrier = (typeof CARRIERS)[number]

/** Each carrier's name as it calls itself, the same in both languages (`self` and `other` are translated). */
export const CARRIER_NAMES: Record<Carrier, string> = {
  ghn: 'Giao Hàng Nhanh',
  ghtk: 'Giao Hàng Tiết Kiệm',
  viettelpost: 'Viettel Post',
  jt: 'J&T Express',
  spx: 'SPX Express',
  vnpost: 'VNPost',
  ninjavan: 'Ninja Van',
  ahamove: 'Ahamove',
  self: 'Shop delivery',
  other: 'Other',
}

/** Where each carrier lets anyone follow a parcel by its number; none for those without a public page. */
const TRACKING_PAGES: Partial<Record<Carrier, string>> = {
  ghn: 'https://donhang.ghn.vn/?order_code=',
  ghtk: 'https://i.ghtk.vn/',
  viettelpost: 'https://viettelpost.com.vn/tra-cuu-hanh-trinh-don/?peopleTracking=sender&orderNumber=',
  jt: 'https://jtexpress.vn/vi/tracking?type=track&billcode=',
  spx: 'https://spx.vn/track?',
  vnpost: 'https://www.vnpost.vn/tra-cuu-hanh-trinh/buu-pham?key=',
  ninjavan: 'https://www.ninjavan.co/vi-vn/tracking?id=',
}

/** The public tracking address of a parcel, or null (no number yet, or a carrier without a tracking page). */
export function trackingUrl(carrier: Carrier, trackingNumber: string | null): string | null {
  const page = TRACKING_PAGES[carrier]
  return page && trackingNumber ? `${page}${encodeURIComponent(trackingNumber)}` : null
}

/** A shipment's way: ready (packed, label printed) → in transit → delivered, or returned to the shop. */
export const SHIPMENT_STATUSES = ['ready', 'in-transit', 'delivered', 'returned'] as const
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number]

/**
 * The moves a shipment allows (CONTRACT 5.5): forward only, a step may be skipped; delivered makes the order
 * Delivered, returned makes it Cancelled and brings its stock back. Delivered and returned are final.
 */
export const SHIPMENT_MOVES: Record<ShipmentStatus, readonly ShipmentStatus[]> = {
  ready: ['in-transit', 'delivered', 'returned'],
  'in-transit': ['delivered', 'returned'],
  delivered: [],
  returned: [],
}
export const canMoveShipment = (from: ShipmentStatus, to: ShipmentStatus) => SHIPMENT_MOVES[from].includes(to)

/**
 * Where a shipment's cash on delivery stands: `none` when there is nothing to collect (paid before, or returned),
 * `pending` while the courier still carries the parcel, `outstanding` once delivered and until the courier pays
 * it over, then `collected`.
 */
export const COD_STATUSES = ['none', 'pending', 'outstanding', 'collected'] as const
export type CodStatus = (typeof COD_STATUSES)[number]

export const codStatusOf = (s: {
  status: ShipmentStatus
  codAmount: number
  codCollectedAt: string | null
}): CodStatus => {
  if (s.codCollectedAt !== null) return 'collected'
  if (s.codAmount === 0 || s.status === 'returned') return 'none'
  return s.status === 'delivered' ? 'outstanding' : 'pending'
}

/** The longest tracking number a carrier gives (theirs are 8 to 20 characters). */
export const MAX_TRACKING_LENGTH = 40

/** A tracking number: letters, digits and dashes, as couriers print them; empty is none. */
export const trackingNumber = z
  .string()
  .trim()
  .max(MAX_TRACKING_LENGTH, messages.tooLong(MAX_TRACKING_LENGTH))
  .refine((v) => /^[A-Za-z0-9._-]*$/.test(v), messageRef('trackingNumber'))
  .transform((v) => (v === '' ? null : v.toUpperCase()))

export const carrier = z.enum(CARRIERS, { error: messages.oneOf(CARRIERS) })

export const shipment = z.object({
  id: z.string(),
  carrier: z.enum(CARRIERS),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  /** What the courier collects from the receiver, in VND; 0 when the order was paid before. */
  codAmount: z.number().int(),
  codStatus: z.enum(COD_STATUSES),
  /** When the courier's payment of the COD was recorded. */
  codCollectedAt: isoDate.nullable(),
  /** The carrier's charge it kept out of the COD, from its statement. */
  carrierFee: z.number().int().nullable(),
  weightGrams: z.number().int().nullable(),
  note: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  createdAt: isoDate,
  updatedAt: isoDate,
})
export type Shipment = z.infer<typeof shipment>

/** The heaviest parcel a courier takes by road, in grams (50 kg). */
export const MAX_WEIGHT_GRAMS = 50_000

/** A new shipment of a Processing (or Pending) order; `codAmount` defaults to the order's amount while unpaid. */
export const shipmentBody = z.object({
  carrier,
  trackingNumber: trackingNumber.optional(),
  codAmount: wholeNumber().optional(),
  weightGrams: wholeNumber(MAX_WEIGHT_GRAMS).optional(),
  note: optionalText(500).optional(),
})
export type ShipmentBody = z.infer<typeof shipmentBody>

/** A step of a shipment, and its tracking number once the courier gives it. */
export const shipmentUpdateBody = z.object({
  status: z.enum(SHIPMENT_STATUSES, { error: messages.oneOf(SHIPMENT_STATUSES) }),
  trackingNumber: trackingNumber.optional(),
})
export type ShipmentUpdateBody = z.infer<typeof shipmentUpdateBody>

/** Shipments for many orders with one carrier, each order on its own (as the bulk calls of CONTRACT 4.1). */
export const bulkShipmentBody = z.object({ ids: bulkIds, carrier })
export type BulkShipmentBody = z.infer<typeof bulkShipmentBody>

/** The most tracking numbers one COD call takes: a week's statement of a busy shop. */
export const MAX_COD_NUMBERS = 5000

/** COD paid over by a carrier, by the tracking numbers it paid (CONTRACT 5.5). */
export const codCollectedBody = z.object({
  carrier,
  trackingNumbers: z
    .array(
      z
        .string()
        .trim()
        .min(1, messages.required)
        .max(MAX_TRACKING_LENGTH, messages.tooLong(MAX_TRACKING_LENGTH)),
      { error: messages.required },
    )
    .min(1, messages.required)
    .max(MAX_COD_NUMBERS, messageRef('tooManyIds', { max: MAX_COD_NUMBERS })),
})
export type CodCollectedBody = z.infer<typeof codCollectedBody>

/** What a COD call did with one tracking number. */
export const COD_RESULTS = [
  'collected',
  'unknown',
  'alreadyPaid',
  'amountDifferent',
  'notDelivered',
  'noCod',
] as const
export type CodResult = (typeof COD_RESULTS)[number]

export const codOutcome = z.object({
  trackingNumber: z.string(),
  result: z.enum(COD_RESULTS),
  /** The order of the tracking number, when one has it. */
  orderId: z.string().nullable(),
  /** The COD the shipment was to collect. */
  expected: z.number().int().nullable(),
  /** The amount the statement says was paid (a statement only). */
  paid: z.number().int().nullable(),
  /** The carrier's fee on the statement's row (a statement only). */
  fee: z.number().int().nullable(),
})
export type CodOutcome = z.infer<typeof codOutcome>

export const codAnswer = envelope(
  z.object({
    /** The statement was only checked (`dryRun=true`): nothing was written. */
    dryRun: z.boolean(),
    collected: z.number().int(),
    refused: z.number().int(),
    outcomes: z.array(codOutcome),
  }),
)
export type CodAnswer = z.infer<typeof codAnswer>

export const codQuery = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: messages.oneOf(['true', 'false']) })
    .optional()
    .transform((v) => v === 'true'),
})

export const shipmentEndpoints = defineEndpoints('shipments', {
  create: {
    method: 'POST',
    path: '/admin/orders/:id/shipment',
    permission: 'orders:write',
    summary: 'Hand a Processing order to a carrier (a Pending one moves to Processing first)',
    description:
      '`codAmount` defaults to the order’s `amount` while it is not paid, else 0. One live shipment an order (409 ' +
      '`shipmentExists`); an order neither Pending nor Processing is a 409. The order answers with `shipment`.',
    params: idParams,
    body: shipmentBody,
    status: 201,
    answer: envelope(shipment),
    audit: { entity: 'order', action: 'shipment' },
  },
  update: {
    method: 'PUT',
    path: '/admin/orders/:id/shipment',
    permission: 'orders:write',
    summary:
      'Move a shipment: ready → in-transit → delivered (order Delivered) or returned (order Cancelled)',
    description:
      'A returned shipment cancels the order and brings its stock back, a `returned` movement each. Moves other ' +
      'than SHIPMENT_MOVES are a 409 `shipmentMove`.',
    params: idParams,
    body: shipmentUpdateBody,
    answer: envelope(shipment),
    audit: { entity: 'order', action: 'shipment' },
  },
  bulkCreate: {
    method: 'POST',
    path: '/admin/orders/bulk-shipment',
    permission: 'orders:write',
    summary:
      'Shipments with one carrier for up to 500 orders, each on its own; the answer says which and why not',
    body: bulkShipmentBody,
    answer: bulkAnswer,
    audit: { entity: 'order', action: 'bulkShipment' },
  },
  codCollected: {
    method: 'POST',
    path: '/admin/shipments/cod-collected',
    permission: 'orders:write',
    summary: 'Record the COD a carrier paid over, by tracking numbers or by its CSV statement',
    description:
      'JSON `{carrier, trackingNumbers}`, or multipart with `carrier` and a `file` part: the carrier’s CSV ' +
      'statement with a tracking number column and an amount column (and a fee column when it has one). Each ' +
      'number on its own: a delivered shipment whose COD is outstanding (and, from a statement, paid in full) ' +
      'marks its order paid; the others answer why not. `dryRun=true` checks without writing.',
    consumes: ['application/json', 'multipart/form-data'],
    query: codQuery,
    body: z.unknown().meta({ description: '{carrier, trackingNumbers} or multipart: carrier and file' }),
    answer: codAnswer,
    audit: { entity: 'order', action: 'codCollected' },
  },
})
