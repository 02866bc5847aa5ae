import { describe, expect, it } from 'vitest'
import { changeOf, percentOf, toneOf } from './figures.ts'

describe('percentOf (the month as a share of all time)', () => {
  it('is month / total × 100', () => {
    expect(percentOf(25, 200)).toBe(12.5)
    expect(percentOf(300, 300)).toBe(100)
  })

  it('is 0 when the total is 0, instead of dividing by zero', () => {
    expect(percentOf(0, 0)).toBe(0)
    expect(percentOf(5, 0)).toBe(0)
  })

  it('rounds to one decimal', () => {
    expect(percentOf(1, 3)).toBe(33.3)
    expect(percentOf(2, 3)).toBe(66.7)
    expect(percentOf(1, 7)).toBe(14.3)
    // 0.05 % rounds up, as a person would round it.
    expect(percentOf(1, 2000)).toBe(0.1)
    expect(percentOf(1, 1_000_000)).toBe(0)
  })
})

describe('changeOf (against the compared period)', () => {
  it('is up or down by the change in per cent of the compared figure, one decimal', () => {
    expect(changeOf(1125, 1000)).toEqual({ kind: 'up', percent: 12.5 })
    expect(changeOf(750, 1000)).toEqual({ kind: 'down', percent: 25 })
    expect(changeOf(0, 1000)).toEqual({ kind: 'down', percent: 100 })
    expect(changeOf(3000, 1000)).toEqual({ kind: 'up', percent: 200 })
    expect(changeOf(2, 3)).toEqual({ kind: 'down', percent: 33.3 })
  })

  it('is no change for equal figures, for a change under 0.05 %, and for 0 both times', () => {
    expect(changeOf(1000, 1000)).toEqual({ kind: 'same' })
    expect(changeOf(1_000_400, 1_000_000)).toEqual({ kind: 'same' })
    expect(changeOf(999_600, 1_000_000)).toEqual({ kind: 'same' })
    expect(changeOf(0, 0)).toEqual({ kind: 'same' })
  })

  it('is new, not Infinity, when the compared figure is 0', () => {
    expect(changeOf(5, 0)).toEqual({ kind: 'new' })
    expect(changeOf(Number.NaN, 5)).toEqual({ kind: 'same' })
  })
})

describe('toneOf', () => {
  it('is good when a figure rises, bad when it falls, neutral when it holds', () => {
    expect(toneOf({ kind: 'up', percent: 5 })).toBe('good')
    expect(toneOf({ kind: 'new' })).toBe('good')
    expect(toneOf({ kind: 'down', percent: 5 })).toBe('bad')
    expect(toneOf({ kind: 'same' })).toBe('neutral')
  })

  it('turns round for a figure where more is worse, such as cancelled orders', () => {
    expect(toneOf({ kind: 'up', percent: 5 }, false)).toBe('bad')
    expect(toneOf({ kind: 'new' }, false)).toBe('bad')
    expect(toneOf({ kind: 'down', percent: 5 }, false)).toBe('good')
    expect(toneOf({ kind: 'same' }, false)).toBe('neutral')
  })
})
