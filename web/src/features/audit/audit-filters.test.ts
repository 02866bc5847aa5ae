import { describe, expect, it } from 'vitest'
import { fileNameOf } from '../../lib/download.ts'
import { auditFiltersOf, recordPath, valueText, withFilter } from './audit-filters.ts'

describe("the audit log's filters in the address", () => {
  it('reads the filters the server takes', () => {
    const params = new URLSearchParams(
      'actor=a1&entity=product&entityId=p1&action=update&from=2026-06-01&to=2026-06-30&page=2',
    )
    expect(auditFiltersOf(params)).toEqual({
      actor: 'a1',
      entity: 'product',
      entityId: 'p1',
      action: 'update',
      from: '2026-06-01',
      to: '2026-06-30',
    })
  })

  it('drops a value the server would refuse, so a hand-edited link shows the whole log', () => {
    const params = new URLSearchParams('entity=planet&action=explode&from=2026-02-30&to=yesterday&actor=%20')
    expect(auditFiltersOf(params)).toEqual({})
  })

  it('starts again at page 1 when a filter changes, and forgets a record id with its type', () => {
    const params = new URLSearchParams('entity=product&entityId=p1&page=3')
    expect(Object.fromEntries(withFilter(params, 'action', 'delete'))).toEqual({
      entity: 'product',
      entityId: 'p1',
      action: 'delete',
    })
    expect(Object.fromEntries(withFilter(params, 'entity', 'order'))).toEqual({ entity: 'order' })
    expect(Object.fromEntries(withFilter(params, 'entityId', ''))).toEqual({ entity: 'product' })
  })
})

describe('the screen of a record', () => {
  it('links each record with an edit screen', () => {
    expect(recordPath({ entity: 'user', entityId: 'u1', action: 'update' })).toBe('/admin/user/edit/u1')
    expect(recordPath({ entity: 'staff', entityId: 's1', action: 'create' })).toBe('/admin/staff/edit/s1')
    expect(recordPath({ entity: 'category', entityId: 'c1', action: 'update' })).toBe(
      '/admin/category/edit/c1',
    )
    expect(recordPath({ entity: 'brand', entityId: 'b1', action: 'update' })).toBe('/admin/brand/edit/b1')
    expect(recordPath({ entity: 'product', entityId: 'p1', action: 'update' })).toBe('/admin/product/edit/p1')
    expect(recordPath({ entity: 'order', entityId: 'o1', action: 'update' })).toBe(
      '/admin/order/o1/detail/o1',
    )
  })

  it('links nothing deleted, nothing without an id, and no kind of record without a screen', () => {
    expect(recordPath({ entity: 'product', entityId: 'p1', action: 'delete' })).toBeUndefined()
    expect(recordPath({ entity: 'account', entityId: null, action: 'signInFailed' })).toBeUndefined()
    expect(recordPath({ entity: 'review', entityId: 'r1', action: 'update' })).toBeUndefined()
    expect(recordPath({ entity: 'orderLine', entityId: 'l1', action: 'delete' })).toBeUndefined()
  })
})

describe('a changed value as text', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    ['Áo thun', 'Áo thun'],
    [250000, '250000'],
    [false, 'false'],
    [['S', 'M'], '["S","M"]'],
    [{ id: 'c1', name: 'Áo' }, '{"id":"c1","name":"Áo"}'],
  ])('%j reads %j', (value, text) => {
    expect(valueText(value)).toBe(text)
  })
})

describe('the file name of an export', () => {
  it('comes from the answer’s Content-Disposition', () => {
    expect(fileNameOf('attachment; filename="audit-log-20260604.csv"')).toBe('audit-log-20260604.csv')
    expect(fileNameOf("attachment; filename*=UTF-8''audit%20log.csv")).toBe('audit log.csv')
    expect(fileNameOf(null)).toBeUndefined()
    expect(fileNameOf('inline')).toBeUndefined()
  })
})
