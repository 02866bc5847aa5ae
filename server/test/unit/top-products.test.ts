import type { ReportShare } from '@store/contract'
import { describe, expect, it } from 'vitest'
import { type KeptTop, nextTop } from '../../src/modules/analytics/report.ts'

// The top products of a range after sales, from the products kept and those sold since (report.ts): the answer
// when the ten are sure to be among them, null when a product never kept might rank among them.

const share = (id: number, revenue: number, units = 1): ReportShare => ({
  id: String(id),
  name: `P${id}`,
  units,
  revenue,
})
/** Products 1 to n, product i with revenue 1000 - i: best first. */
const ranked = (n: number) => Array.from({ length: n }, (_, i) => share(i + 1, 1000 - (i + 1)))
const kept = (n: number, floorAt: number | null): KeptTop => {
  const products = ranked(n)
  return { folds: '1', products, floor: floorAt === null ? null : products[floorAt - 1]! }
}
const ids = (top: KeptTop | null) => top?.products.slice(0, 10).map((p) => Number(p.id))

describe('nextTop', () => {
  it('puts a product sold since in its place, and takes the new figures of a kept one', () => {
    const next = nextTop(kept(100, 100), [share(500, 1500), share(3, 950)])
    expect(ids(next)).toEqual([500, 1, 2, 4, 5, 6, 7, 8, 9, 10])
    expect(next?.products.find((p) => p.id === '3')?.revenue).toBe(950)
    // Sold down below the last kept, it is cut off the hundred: it ranks below the floor, where none may rise.
    expect(
      nextTop(kept(100, 100), [share(500, 1500), share(3, 10)])?.products.map((p) => p.id),
    ).not.toContain('3')
  })

  it('gives up when the tenth would rank at or below the floor, since a product never kept may rank there', () => {
    // Products 1 to 91 refunded to nothing: 9 left above the floor (product 100).
    const refunds = ranked(91).map((p) => ({ ...p, units: 0, revenue: 0 }))
    expect(nextTop(kept(100, 100), refunds)).toBeNull()
    // 90 refunded: the tenth is product 100, the floor itself, and products never kept may tie with it.
    expect(nextTop(kept(100, 100), refunds.slice(0, 90))).toBeNull()
    expect(ids(nextTop(kept(100, 100), refunds.slice(0, 89)))).toEqual([
      90, 91, 92, 93, 94, 95, 96, 97, 98, 99,
    ])
  })

  it('orders ties by units, then by id, as the statement does', () => {
    const next = nextTop(kept(3, null), [share(7, 997, 2), share(2, 997, 1)])
    expect(next?.products.map((p) => p.id)).toEqual(['1', '7', '2', '3'])
  })

  it('needs no floor when every product of the range was kept: none is missing', () => {
    const next = nextTop(kept(5, null), [share(1, 0, 0), share(2, 0, 0)])
    expect(ids(next)).toEqual([3, 4, 5])
    expect(next?.floor).toBeNull()
  })

  it('keeps a hundred products, and raises the floor to the last kept when it ranks above the old one', () => {
    const sold = [share(201, 990), share(202, 989)]
    const next = nextTop(kept(100, 100), sold)
    expect(next?.products).toHaveLength(100)
    // Products 99 and 100 are cut off; the last kept, product 98, is the new floor.
    expect(next?.floor?.id).toBe('98')
    // Without a floor before, the last kept becomes one.
    expect(nextTop(kept(99, null), sold)?.floor?.id).toBe('98')
  })
})
