import { describe, expect, it } from 'vitest'
import { axisTicks, linear, linePath, ringSlices } from './scale.ts'

describe('linear', () => {
  it('maps a domain onto a range, upside down too', () => {
    const y = linear([0, 1000], [200, 0])
    expect([y(0), y(250), y(1000)]).toEqual([200, 150, 0])
  })

  it('puts everything in the middle of the range when the domain is one value', () => {
    expect(linear([0, 0], [10, 30])(0)).toBe(20)
  })
})

describe('axisTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten, up to the first tick at or above the largest value', () => {
    expect(axisTicks(3_100_000)).toEqual([
      0, 500_000, 1_000_000, 1_500_000, 2_000_000, 2_500_000, 3_000_000, 3_500_000,
    ])
    expect(axisTicks(12_345_678)).toEqual([0, 2e6, 4e6, 6e6, 8e6, 10e6, 12e6, 14e6])
    expect(axisTicks(100)).toEqual([0, 20, 40, 60, 80, 100])
  })

  it('never steps by less than one: counts are whole', () => {
    expect(axisTicks(3)).toEqual([0, 1, 2, 3])
    expect(axisTicks(1)).toEqual([0, 1])
  })

  it('gives an axis of 0 to 1 when there is nothing to show', () => {
    expect(axisTicks(0)).toEqual([0, 1])
    expect(axisTicks(Number.NaN)).toEqual([0, 1])
  })
})

describe('linePath', () => {
  it('moves to the first point and draws to the others, to a hundredth of a pixel', () => {
    expect(
      linePath([
        { x: 0, y: 10 },
        { x: 10.123, y: 5 },
        { x: 20, y: 0 },
      ]),
    ).toBe('M0,10L10.12,5L20,0')
  })

  it('leaves a gap where a point is missing', () => {
    expect(linePath([{ x: 0, y: 10 }, null, { x: 20, y: 5 }, { x: 30, y: 0 }])).toBe('M0,10M20,5L30,0')
    expect(linePath([null, null])).toBe('')
  })
})

describe('ringSlices', () => {
  it('turns clockwise from twelve o’clock, each slice its share of the turn', () => {
    const [first, second] = ringSlices([3, 1], 80, 50)
    // Three quarters, from twelve o'clock to nine: the large arc; then the last quarter back to twelve.
    expect(first).toBe('M0,-80A80,80 0 1 1 -80,0L-50,0A50,50 0 1 0 0,-50Z')
    expect(second).toBe('M-80,0A80,80 0 0 1 0,-80L0,-50A50,50 0 0 0 -50,0Z')
  })

  it('draws a single value as the whole ring, with its hole', () => {
    expect(ringSlices([5], 80, 50)).toEqual([
      'M0,-80A80,80 0 1 1 0,80A80,80 0 1 1 0,-80ZM0,-50A50,50 0 1 0 0,50A50,50 0 1 0 0,-50Z',
    ])
  })

  it('draws nothing for a value of 0, and nothing at all when every value is 0', () => {
    expect(ringSlices([0, 2, 0], 80, 50).map((path) => path === '')).toEqual([true, false, true])
    expect(ringSlices([0, 0], 80, 50)).toEqual(['', ''])
  })
})
