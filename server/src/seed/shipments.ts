import { type Carrier, PAYMENT_METHODS, type ShipmentStatus } from '@store/contract'

// The demo store's shipments (CONTRACT 5.5), made from its orders without drawing from the random stream, so the
// rest of the demo stays as it was: Processing orders packed (ready) or with the carrier (in transit), Delivered
// ones delivered, some Cancelled ones returned. Cash on delivery follows the payment method: an order paid in cash
// or not paid yet collects its amount; one paid by wallet or PayPal collects nothing. A delivered one whose order
// is paid (cash) has had its COD paid over by the carrier, with its fee; one not paid yet is still outstanding.

const DAY = 86_400_000
const HOUR = 3_600_000

/** The carriers in turn, the big ones more often, and now and then the shop's own delivery. */
const ROTATION: readonly Carrier[] = [
  'ghn',
  'ghtk',
  'viettelpost',
  'jt',
  'spx',
  'ghn',
  'ghtk',
  'ninjavan',
  'vnpost',
  'self',
]

/** How each carrier's numbers start, as their labels print them. */
const PREFIX: Partial<Record<Carrier, string>> = {
  ghn: 'GA',
  ghtk: 'S',
  viettelpost: 'VTP',
  jt: 'JT',
  spx: 'SPXVN',
  vnpost: 'EB',
  ninjavan: 'NV',
}

/** What a shipment is made from: its order as the demo plans it, with the amount its lines come to. */
export interface ShippedOrder {
  status: number
  methodPayment: string
  amount: number
  createdAt: Date
  updatedAt: Date
}

export interface PlannedShipment {
  /** The index of its order in the plan. */
  order: number
  carrier: Carrier
  trackingNumber: string | null
  codAmount: number
  weightGrams: number
  status: ShipmentStatus
  deliveredAt: Date | null
  codCollectedAt: Date | null
  codCollectedAmount: number | null
  carrierFee: number | null
  createdAt: Date
  updatedAt: Date
}

/** The shipments of the planned orders, by their index and status alone: the same orders give the same ones. */
export function planShipments(orders: readonly ShippedOrder[], now: number): PlannedShipment[] {
  const planned: PlannedShipment[] = []
  let processing = 0
  let cancelled = 0
  orders.forEach((o, i) => {
    let status: ShipmentStatus
    if (o.status === 2) {
      const turn = processing++ % 3
      // Every third Processing order is still being packed: no shipment yet.
      if (turn === 2) return
      status = turn === 0 ? 'ready' : 'in-transit'
    } else if (o.status === 3) status = 'delivered'
    else if (o.status === 0) {
      // Every other cancelled order came back from the carrier; the others were cancelled before they shipped.
      if (cancelled++ % 2 === 1) return
      status = 'returned'
    } else return
    const carrier = ROTATION[i % ROTATION.length]!
    const prefix = PREFIX[carrier]
    const trackingNumber = prefix === undefined ? null : `${prefix}${10_000_000 + i * 7_919}`
    const cod = o.methodPayment === PAYMENT_METHODS.cash || o.methodPayment === PAYMENT_METHODS.unpaid
    const codAmount = cod ? o.amount : 0
    const last = o.updatedAt.getTime()
    const createdAt = new Date(
      Math.max(o.createdAt.getTime(), last - (status === 'delivered' ? 2 * DAY : HOUR)),
    )
    const deliveredAt = status === 'delivered' ? o.updatedAt : null
    // A cash order delivered is paid (as the demo's payment statuses say), so its carrier has paid the COD over.
    const collected = deliveredAt !== null && codAmount > 0 && o.methodPayment === PAYMENT_METHODS.cash
    const codCollectedAt = collected
      ? new Date(Math.max(last, Math.min(now - HOUR, last + (1 + (i % 4)) * DAY)))
      : null
    planned.push({
      order: i,
      carrier,
      trackingNumber,
      codAmount,
      weightGrams: 300 + (i % 7) * 150,
      status,
      deliveredAt,
      codCollectedAt,
      codCollectedAmount: collected ? codAmount : null,
      // Couriers charge a flat fee a parcel, a little more for the bigger ones.
      carrierFee: collected ? 15_000 + (i % 3) * 5_000 : null,
      createdAt,
      updatedAt: codCollectedAt ?? o.updatedAt,
    })
  })
  return planned
}
