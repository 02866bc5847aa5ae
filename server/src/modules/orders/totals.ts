/** What an order's figures are computed from: its lines, its discount and its shipping fee. */
export interface OrderPricing {
  lines: readonly { price: number; quantity: number }[]
  /** A whole percentage, 0 to 100. */
  discountPercent: number
  shipingFee: number
}

export interface OrderTotals {
  quantity: number
  subtotal: number
  totalPrice: number
  /** What the customer pays; the same as `totalPrice` whenever the server computes it. */
  amount: number
}

/**
 * The one formula for an order's figures: quantity and subtotal are sums over the lines; the discount is taken
 * off the subtotal and rounded to whole VND (half up); the shipping fee is added after the discount, so a
 * discount never reduces shipping.
 */
export function orderTotals({ lines, discountPercent, shipingFee }: OrderPricing): OrderTotals {
  let quantity = 0
  let subtotal = 0
  for (const line of lines) {
    quantity += line.quantity
    subtotal += line.price * line.quantity
  }
  const discount = Math.round((subtotal * discountPercent) / 100)
  const totalPrice = subtotal - discount + shipingFee
  return { quantity, subtotal, totalPrice, amount: totalPrice }
}
