export const SIZES = ['S', 'M', 'L', 'XL'] as const
export type Size = (typeof SIZES)[number]

/** Order status codes, spec section 4. */
export const ORDER_STATUS = { cancelled: 0, pending: 1, processing: 2, delivered: 3 } as const
export const ORDER_STATUSES = [0, 1, 2, 3] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
/** Each status's English name: in exports (beside the code) and in the parameters of a refused move. */
export const ORDER_STATUS_NAMES: Record<OrderStatus, string> = {
  0: 'Cancelled',
  1: 'Pending',
  2: 'Processing',
  3: 'Delivered',
}

/** Gender codes: 1 female, 2 male. */
export const GENDER = { female: 1, male: 2 } as const
export const GENDERS = [1, 2] as const

/** `user` is a customer; `admin` and `staff` sign in to the back-office (permissions.ts). */
export const ROLES = ['user', 'admin', 'staff'] as const
export type Role = (typeof ROLES)[number]
/** The roles the spec's client knows and sends as list filters: customers and administrators. */
export const SPEC_ROLES = ['user', 'admin'] as const

/** Payment method codes: '0' or empty unpaid, '1' cash on delivery, '2' wallet, any other PayPal. */
export const PAYMENT_METHODS = { unpaid: '0', cash: '1', wallet: '2', paypal: '3' } as const
export type PaymentKind = 'unpaid' | 'cash' | 'wallet' | 'paypal'
export const paymentKind = (code: string | null | undefined): PaymentKind => {
  if (!code || code === '0') return 'unpaid'
  if (code === '1') return 'cash'
  if (code === '2') return 'wallet'
  return 'paypal'
}

/**
 * Where an order's money stands (CONTRACT 4.5), apart from how it is paid (`methodPayment`): a cash-on-delivery
 * order is `pending` until the courier hands the cash over.
 */
export const PAYMENT_STATUSES = ['unpaid', 'pending', 'paid', 'failed', 'refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** Where an order came from (CONTRACT 5.1): `shop` is at the counter; orders from before sources were kept are `web`. */
export const ORDER_SOURCES = ['phone', 'zalo', 'facebook', 'shop', 'web', 'marketplace', 'other'] as const
export type OrderSource = (typeof ORDER_SOURCES)[number]

/** A review waits for a moderator; only approved reviews count in a product's rating (CONTRACT 4.5). */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

/** What an order's timeline records (CONTRACT 4.5). */
export const ORDER_EVENT_TYPES = [
  'created',
  'status',
  'payment',
  'edited',
  'line-added',
  'line-changed',
  'line-deleted',
  'note',
  /** A shipment made or moved (CONTRACT 5.5): `to` its step, `note` the carrier and tracking number. */
  'shipment',
  /** COD the courier paid over: `to` the amount, `note` the carrier and tracking number. */
  'cod',
] as const
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number]
