import { paymentKind } from '@store/contract'
import type { DocumentOrder } from './data.ts'
import { AWAITING_PAYMENT } from './labels.ts'

// The cash the courier collects on delivery (CONTRACT 5.5), as the shipping label and the packing slip print it.
// The two documents travel together, so they read it by the same rule.

export type CodToCollect =
  /** The courier collects `amount` VND from the receiver. */
  | { kind: 'collect'; amount: number }
  /** Nothing to collect: the order is paid, or its shipment says 0. */
  | { kind: 'paid' }
  /** Nothing to collect, and nothing paid yet: an unpaid order paid otherwise than on delivery, not shipped. */
  | { kind: 'none' }

/**
 * Once an order has a shipment, its `codAmount` is what the courier collects: staff set it when they handed the
 * parcel over (it defaults to the unpaid amount), and the carrier is told the same figure, so the documents print
 * that and nothing else; 0 prints 'Đã thanh toán', as the carrier reads it. Before, an order paid by cash on
 * delivery (`methodPayment` '1') whose money is still to come collects its `amount` (the amount staff may have set
 * by hand, as the invoice's QR code asks). Any other order collects nothing; it reads as paid only when its
 * payment status says so (paid or refunded), and then before anything else.
 */
export function codToCollect(order: DocumentOrder): CodToCollect {
  // A paid (or refunded) order collects nothing, whatever its shipment was made with: paid after it was handed
  // over, or its COD already collected, the courier must not ask for the money again.
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') return { kind: 'paid' }
  if (order.shipment)
    return order.shipment.codAmount > 0
      ? { kind: 'collect', amount: order.shipment.codAmount }
      : { kind: 'paid' }
  if (
    paymentKind(order.methodPayment) === 'cash' &&
    AWAITING_PAYMENT.has(order.paymentStatus) &&
    order.amount > 0
  )
    return { kind: 'collect', amount: order.amount }
  return { kind: 'none' }
}
