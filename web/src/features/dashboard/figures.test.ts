import { describe, expect, it } from 'vitest'
import { isLabelledDay, labelInterval, niceTicks, percentOf } from './figures.ts'

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

describe('niceTicks (y-axis)', () => {
  it('runs from 0 in round steps to at least the highest value', () => {
    expect(niceTicks(1_234_000)).toEqual([0, 500_000, 1_000_000, 1_500_000])
    expect(niceTicks(10_000_000)).toEqual([0, 2_500_000, 5_000_000, 7_500_000, 10_000_000])
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8])
  })

  it('is a single 0 tick when nothing was sold', () => {
    expect(niceTicks(0)).toEqual([0])
  })

  it('never steps below 1 VND', () => {
    expect(niceTicks(1)).toEqual([0, 1])
  })
})

describe('x-axis labels', () => {
  it('labels every fifth day counted back from today', () => {
    const labelled = Array.from({ length: 30 }, (_, i) => i).filter((i) => isLabelledDay(i, 30))
    expect(labelled).toEqual([4, 9, 14, 19, 24, 29])
  })

  it('spaces labels further apart when the bars are too narrow for one every five days', () => {
    // 30 days on a wide card: 22 px a day.
    expect(labelInterval(22, 34)).toBe(5)
    // 30 days on a phone: 8.3 px a day, 41 px for five, wider than a label.
    expect(labelInterval(8.3, 34)).toBe(5)
    expect(labelInterval(6, 34)).toBe(10)
    expect(labelInterval(2, 34)).toBe(20)
    const labelled = Array.from({ length: 30 }, (_, i) => i).filter((i) => isLabelledDay(i, 30, 10))
    expect(labelled).toEqual([9, 19, 29])
  })
})
