import { describe, expect, it } from 'vitest'
import { filterValues, type ListFilter, paramsOf, toggleChoice } from './list-filters.ts'

const FILTERS: ListFilter[] = [
  { kind: 'select', param: 'size', label: 'Size', options: [{ value: 'M', label: 'M' }] },
  { kind: 'select', param: 'brand', label: 'Brand', options: [], anyId: true },
  {
    kind: 'chips',
    param: 'status',
    label: 'Status',
    options: ['1', '2', '3', '0'].map((value) => ({ value, label: value })),
  },
  { kind: 'range', min: 'minTotal', max: 'maxTotal', label: 'Amount' },
  { kind: 'days', from: 'from', to: 'to', label: 'Placed' },
  { kind: 'fixed', param: 'userId', label: 'Customer' },
]
const read = (query: string) => filterValues(FILTERS, new URLSearchParams(query))

describe('filterValues', () => {
  it('keeps each value the server would take', () => {
    expect(
      read('size=M&brand=b-12&status=0,2&minTotal=0100&maxTotal=500&from=2026-11-01&to=2026-11-30&userId=u7'),
    ).toEqual({
      size: 'M',
      brand: 'b-12',
      // In the options' order, so one choice has one address.
      status: '2,0',
      minTotal: '100',
      maxTotal: '500',
      from: '2026-11-01',
      to: '2026-11-30',
      userId: 'u7',
    })
  })

  it('drops what the server would refuse: unknown choices, repeated chips, non-numbers, impossible days', () => {
    expect(
      read('size=XXL&status=1,1&minTotal=-5&maxTotal=1.5&from=2026-02-31&to=yesterday&brand=a,b'),
    ).toEqual({})
    expect(read('status=1,9')).toEqual({})
  })

  it('drops the upper end of a reversed range, numbers compared as numbers', () => {
    expect(read('minTotal=900&maxTotal=1000')).toEqual({ minTotal: '900', maxTotal: '1000' })
    expect(read('minTotal=1000&maxTotal=900')).toEqual({ minTotal: '1000' })
    expect(read('from=2026-11-30&to=2026-11-01')).toEqual({ from: '2026-11-30' })
  })

  it('reads nothing from empty values', () => {
    expect(read('size=&status=&from=')).toEqual({})
  })
})

describe('paramsOf', () => {
  it('names the parameters of each kind of filter', () => {
    expect(FILTERS.flatMap(paramsOf)).toEqual([
      'size',
      'brand',
      'status',
      'minTotal',
      'maxTotal',
      'from',
      'to',
      'userId',
    ])
  })
})

describe('toggleChoice', () => {
  const options = ['0', '1', '2', '3'].map((value) => ({ value, label: value }))
  it('turns a choice on in the options’ order, and off again', () => {
    expect(toggleChoice(options, '', '2')).toBe('2')
    expect(toggleChoice(options, '2', '1')).toBe('1,2')
    expect(toggleChoice(options, '1,2', '2')).toBe('1')
    expect(toggleChoice(options, '1', '1')).toBe('')
  })
  it('drops what is not an option', () => {
    expect(toggleChoice(options, '9,1', '3')).toBe('1,3')
  })
})
