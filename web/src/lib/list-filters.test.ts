import {
  optionalChoice,
  optionalDay,
  optionalId,
  optionalWhole,
  ordered,
  orderListQuery,
  SIZES,
  statusList,
} from '@store/contract'
import type { endpoints } from '@store/contract/client'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type FilterOf, filterValues, type ListFilter, paramsOf, toggleChoice } from './list-filters.ts'

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
/** The query these filters fill, as a list's contract would declare it, from the contract's own parts. */
const QUERY = z
  .object({
    size: optionalChoice(SIZES),
    brand: optionalId,
    status: statusList,
    minTotal: optionalWhole(),
    maxTotal: optionalWhole(),
    from: optionalDay,
    to: optionalDay,
    userId: optionalId,
  })
  .superRefine(
    ordered([
      ['minTotal', 'maxTotal'],
      ['from', 'to'],
    ]),
  )
const read = (query: string) => filterValues(FILTERS, new URLSearchParams(query), QUERY)

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

describe('filterValues with a list’s own contract schema', () => {
  type OrderFilter = FilterOf<typeof endpoints.orders.list>
  const orderFilters: OrderFilter[] = [
    { kind: 'days', from: 'from', to: 'to', label: 'Placed' },
    { kind: 'range', min: 'minTotal', max: 'maxTotal', label: 'Amount' },
    { kind: 'fixed', param: 'userId', label: 'Customer' },
  ]
  const readOrders = (query: string) => filterValues(orderFilters, new URLSearchParams(query), orderListQuery)

  it('keeps what the order list’s query takes, as the server reads it', () => {
    expect(readOrders('from=2026-11-01&to=2026-11-30&minTotal=007&userId=u7')).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      minTotal: '7',
      userId: 'u7',
    })
  })

  it('drops what the schema refuses, one value at a time, and keeps the rest', () => {
    expect(readOrders('from=2026-02-30&to=2026-03-01&minTotal=1e3&maxTotal=9')).toEqual({
      to: '2026-03-01',
      maxTotal: '9',
    })
    // The reversed range is the schema's own rule (`ordered`): its upper end goes, as the 400 would name it.
    expect(readOrders(`minTotal=500&maxTotal=20&userId=${'x'.repeat(65)}`)).toEqual({ minTotal: '500' })
  })

  it('follows whatever rule the schema has: the web app keeps no copy of it', () => {
    const upTo99 = z.object({ minTotal: optionalWhole(99), maxTotal: optionalWhole(99) })
    expect(filterValues(orderFilters, new URLSearchParams('minTotal=100&maxTotal=99'), upTo99)).toEqual({
      maxTotal: '99',
    })
  })

  it('types each filter’s parameters against the list call’s query', () => {
    // Checked by the type check (`tsc -p web`): each line below fails to compile without its directive.
    // @ts-expect-error: the order list takes no minPrice (a product filter)
    const notTaken: OrderFilter = { kind: 'range', min: 'minPrice', max: 'maxPrice', label: 'Price' }
    // @ts-expect-error: the page is the list's own, not a filter's
    const paging: OrderFilter = { kind: 'fixed', param: 'page', label: 'Page' }
    expect([notTaken, paging].flatMap(paramsOf)).toEqual(['minPrice', 'maxPrice', 'page'])
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
