import { describe, expect, it } from 'vitest'
import { fileUrl, paths } from './paths.ts'

describe('paths', () => {
  it('builds the spec addresses', () => {
    expect(paths.userEdit('42')).toBe('/admin/user/edit/42')
    expect(paths.categoryEdit('7')).toBe('/admin/category/edit/7')
    expect(paths.productEdit('p1')).toBe('/admin/product/edit/p1')
    expect(paths.brandEdit('b1')).toBe('/admin/brand/edit/b1')
    expect(paths.orderEdit('o1')).toBe('/admin/order/edit/o1')
    // The list links pass the order id twice, as the spec's client did.
    expect(paths.orderDetail('o1')).toBe('/admin/order/o1/detail/o1')
    expect(paths.reviews).toBe('/admin/product-reviews')
  })

  it("builds the staff addresses and a record's history in the audit log", () => {
    expect(paths.staffEdit('s1')).toBe('/admin/staff/edit/s1')
    expect(paths.history('order', 'o1')).toBe('/admin/audit-log?entity=order&entityId=o1')
    expect(new URL(paths.history('user', 'a&b=c'), 'http://x').searchParams.get('entityId')).toBe('a&b=c')
  })

  it('keeps an odd id inside its path segment', () => {
    expect(paths.userEdit('a/b?c')).toBe('/admin/user/edit/a%2Fb%3Fc')
  })

  it('serves a stored image from the file endpoint, and nothing for no image', () => {
    expect(fileUrl('/2026/11/x.webp')).toBe('/api/file/2026/11/x.webp')
    expect(fileUrl(null)).toBeUndefined()
    expect(fileUrl(undefined)).toBeUndefined()
    expect(fileUrl('')).toBeUndefined()
  })
})
