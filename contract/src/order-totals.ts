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

/** The discount taken off a subtotal, rounded to whole VND (half up): 15 % of 1,010 is 152. */
export const orderDiscount = (subtotal: number, discountPercent: number) =>
  Math.round((subtotal * discountPercent) / 100)

/**
 * The one formula for an order's figures, the server's when it saves and the web's while an order is typed:
 * quantity and subtotal are sums over the lines; the discount is taken off the subtotal and rounded to whole
 * VND (half up); the shipping fee is added after the discount, so a discount never reduces shipping.
 */
export function orderTotals({ lines, discountPercent, shipingFee }: OrderPricing): OrderTotals {
  let quantity = 0
  let subtotal = 0
  for (const line of lines) {
    quantity += line.quantity
    subtotal += line.price * line.quantity
  }
  const totalPrice = subtotal - orderDiscount(subtotal, discountPercent) + shipingFee
  return { quantity, subtotal, totalPrice, amount: totalPrice }
}
