import { describe, expect, it } from 'vitest'
import { keepTouched, keepTouchedRows, sameValue } from './edit-body.ts'

interface Row {
  id?: string
  sku: string
  quantity: number | string
}

interface Values {
  name: string
  quantity: number | string
  images: string[]
  variants: Row[]
}

const start: Values = {
  name: 'Áo thun',
  quantity: 8,
  images: ['/a.webp'],
  variants: [
    { id: '1', sku: 'AO-M', quantity: 5 },
    { id: '2', sku: 'AO-L', quantity: 3 },
  ],
}

describe('keepTouched', () => {
  it('takes the fresh value of each field left as it started, and keeps each one changed', () => {
    const current = { ...start, name: 'Áo thun cổ tròn', images: ['/b.webp'] }
    const fresh = { ...start, quantity: 12, name: 'Áo thun', images: ['/a.webp', '/c.webp'] }
    expect(keepTouched(fresh, current, start)).toEqual({
      ...fresh,
      name: 'Áo thun cổ tròn',
      images: ['/b.webp'],
    })
  })

  it('follows a list of rows by id: untouched cells take the fresh values, typed ones and new rows stay', () => {
    // Row 1's SKU typed over, row 2 removed, a new row added; then row 1's stock moved on the server.
    const current: Values = {
      ...start,
      variants: [
        { id: '1', sku: 'AT-M', quantity: 5 },
        { sku: 'AO-XL', quantity: 0 },
      ],
    }
    const fresh: Values = {
      ...start,
      quantity: 10,
      variants: [
        { id: '1', sku: 'AO-M', quantity: 7 },
        { id: '2', sku: 'AO-L', quantity: 3 },
      ],
    }
    expect(keepTouched(fresh, current, start, { variants: keepTouchedRows })).toEqual({
      ...fresh,
      variants: [
        { id: '1', sku: 'AT-M', quantity: 7 },
        { sku: 'AO-XL', quantity: 0 },
      ],
    })
    // A stock typed in the row that moved stays the user's.
    const typed = { ...start, variants: [{ id: '1', sku: 'AO-M', quantity: 20 }, start.variants[1]!] }
    expect(keepTouchedRows(fresh.variants, typed.variants, start.variants)[0]).toEqual({
      id: '1',
      sku: 'AO-M',
      quantity: 20,
    })
  })

  it('compares plain values deeply, an absent key the same as an undefined one', () => {
    expect(sameValue({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true)
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true)
    expect(sameValue([1, 2], [2, 1])).toBe(false)
    expect(sameValue('5', 5)).toBe(false)
    expect(sameValue([], {})).toBe(false)
  })
})
