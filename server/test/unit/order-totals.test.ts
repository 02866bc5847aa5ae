import { describe, expect, it } from 'vitest'
import { orderTotals } from '../../src/modules/orders/totals.ts'

describe('orderTotals', () => {
  it('sums the lines, takes the discount off the subtotal and adds shipping after it', () => {
    const totals = orderTotals({
      lines: [
        { price: 250_000, quantity: 2 },
        { price: 99_000, quantity: 3 },
      ],
      discountPercent: 10,
      shipingFee: 30_000,
    })
    // subtotal 500,000 + 297,000 = 797,000; discount 79,700; total 797,000 − 79,700 + 30,000
    expect(totals).toEqual({ quantity: 5, subtotal: 797_000, totalPrice: 747_300, amount: 747_300 })
  })

  it('rounds the discount to whole VND, half up', () => {
    // 15 % of 1,003 is 150.45 → 150; 15 % of 1,010 is 151.5 → 152
    expect(
      orderTotals({ lines: [{ price: 1_003, quantity: 1 }], discountPercent: 15, shipingFee: 0 }),
    ).toEqual({
      quantity: 1,
      subtotal: 1_003,
      totalPrice: 853,
      amount: 853,
    })
    expect(
      orderTotals({ lines: [{ price: 1_010, quantity: 1 }], discountPercent: 15, shipingFee: 0 }).totalPrice,
    ).toBe(858)
  })

  it('gives the shipping fee alone when the discount is 100 %', () => {
    const totals = orderTotals({
      lines: [{ price: 120_000, quantity: 4 }],
      discountPercent: 100,
      shipingFee: 25_000,
    })
    expect(totals).toEqual({ quantity: 4, subtotal: 480_000, totalPrice: 25_000, amount: 25_000 })
  })

  it('is zero but for shipping with no lines, and keeps whole numbers', () => {
    expect(orderTotals({ lines: [], discountPercent: 7, shipingFee: 15_000 })).toEqual({
      quantity: 0,
      subtotal: 0,
      totalPrice: 15_000,
      amount: 15_000,
    })
    for (let d = 0; d <= 100; d++) {
      const { totalPrice } = orderTotals({
        lines: [{ price: 33_333, quantity: 3 }],
        discountPercent: d,
        shipingFee: 1,
      })
      expect(Number.isInteger(totalPrice)).toBe(true)
      expect(totalPrice).toBeGreaterThanOrEqual(1)
      expect(totalPrice).toBeLessThanOrEqual(99_999 + 1)
    }
  })
})
