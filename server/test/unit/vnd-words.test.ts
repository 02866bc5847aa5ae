import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { groupDigits, vnd, vndInWords } from '../../src/modules/orders/documents/money.ts'

// The invoice's money (CONTRACT 4.7): VND grouped by dots, and the total in Vietnamese words.

const DIGITS: Record<string, number> = {
  không: 0,
  một: 1,
  mốt: 1,
  hai: 2,
  ba: 3,
  bốn: 4,
  tư: 4,
  năm: 5,
  lăm: 5,
  sáu: 6,
  bảy: 7,
  tám: 8,
  chín: 9,
}

/** 0 to 999 from its words: '[d trăm] [linh d | mười [d] | d mươi [d]]'. */
function belowThousand(words: string[]): number {
  let rest = words
  let value = 0
  const hundred = rest.indexOf('trăm')
  if (hundred >= 0) {
    expect(hundred).toBe(1)
    value += DIGITS[rest[0]!]! * 100
    rest = rest.slice(2)
  }
  if (rest[0] === 'linh') return value + unit(rest[1]!, 'plain')
  if (rest[0] === 'mười') return value + 10 + (rest[1] ? unit(rest[1], 'after mười') : 0)
  if (rest[1] === 'mươi') return value + DIGITS[rest[0]!]! * 10 + (rest[2] ? unit(rest[2], 'after mươi') : 0)
  expect(rest.length).toBeLessThanOrEqual(1)
  return value + (rest[0] ? unit(rest[0], 'plain') : 0)
}

/**
 * A last digit, spelled as Vietnamese wants it where it stands: 5 is 'lăm' after 'mười' or 'mươi', 1 is 'mốt'
 * after 'mươi', and 'mốt' or 'lăm' nowhere else ('tư' after 'mươi' and 'bốn' are both right).
 */
function unit(word: string, place: 'plain' | 'after mười' | 'after mươi'): number {
  const digit = DIGITS[word]
  expect(digit, word).toBeDefined()
  if (digit === 5) expect(word).toBe(place === 'plain' ? 'năm' : 'lăm')
  if (digit === 1) expect(word).toBe(place === 'after mươi' ? 'mốt' : 'một')
  if (word === 'tư') expect(place).toBe('after mươi')
  return digit!
}

/** The words read back into a number, independently of how they were made: split at the largest unit. */
function parse(words: string[]): number {
  for (const [unit, size] of [
    ['tỷ', 1e9],
    ['triệu', 1e6],
    ['nghìn', 1e3],
  ] as const) {
    const at = words.lastIndexOf(unit)
    if (at >= 0)
      return parse(words.slice(0, at)) * size + (at + 1 < words.length ? parse(words.slice(at + 1)) : 0)
  }
  return belowThousand(words)
}

const readBack = (text: string) => {
  expect(text.endsWith(' đồng')).toBe(true)
  return parse(text.slice(0, -' đồng'.length).toLocaleLowerCase('vi').split(' '))
}

describe('vnd', () => {
  it('groups thousands with dots and writes the đồng sign after a no-break space', () => {
    expect(vnd(0)).toBe('0\u00a0₫')
    expect(vnd(999)).toBe('999\u00a0₫')
    expect(vnd(1000)).toBe('1.000\u00a0₫')
    expect(vnd(1_250_000)).toBe('1.250.000\u00a0₫')
    expect(vnd(-150_305)).toBe('−150.305\u00a0₫')
    expect(groupDigits(1_000_000_000)).toBe('1.000.000.000')
    expect(groupDigits(Number.MAX_SAFE_INTEGER)).toBe('9.007.199.254.740.991')
  })

  it('agrees with Vietnamese number formatting for any amount', () => {
    const vi = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 })
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(groupDigits(n)).toBe(vi.format(n))
      }),
    )
  })
})

describe('vndInWords', () => {
  it.each([
    [0, 'Không đồng'],
    [1, 'Một đồng'],
    [5, 'Năm đồng'],
    [10, 'Mười đồng'],
    [11, 'Mười một đồng'],
    [14, 'Mười bốn đồng'],
    [15, 'Mười lăm đồng'],
    [21, 'Hai mươi mốt đồng'],
    [24, 'Hai mươi tư đồng'],
    [25, 'Hai mươi lăm đồng'],
    [101, 'Một trăm linh một đồng'],
    [105, 'Một trăm linh năm đồng'],
    [110, 'Một trăm mười đồng'],
    [1_001, 'Một nghìn không trăm linh một đồng'],
    [1_010, 'Một nghìn không trăm mười đồng'],
    [15_000, 'Mười lăm nghìn đồng'],
    [105_000, 'Một trăm linh năm nghìn đồng'],
    [1_250_000, 'Một triệu hai trăm năm mươi nghìn đồng'],
    [1_000_005, 'Một triệu không trăm linh năm đồng'],
    [2_000_500, 'Hai triệu năm trăm đồng'],
    [21_000_000, 'Hai mươi mốt triệu đồng'],
    [1_000_000_000, 'Một tỷ đồng'],
    [1_000_000_001, 'Một tỷ không trăm linh một đồng'],
    [1_000_000_000_000, 'Một nghìn tỷ đồng'],
    [
      999_999_999,
      'Chín trăm chín mươi chín triệu chín trăm chín mươi chín nghìn chín trăm chín mươi chín đồng',
    ],
  ])('%d is %s', (n, words) => {
    expect(vndInWords(n)).toBe(words)
  })

  it('reads back as the same amount, for any whole amount of VND', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 0, max: 2_000 }),
          fc.integer({ min: 0, max: 100_000_000 }),
          fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        ),
        (n) => {
          const words = vndInWords(n)
          expect(words.charAt(0)).toBe(words.charAt(0).toLocaleUpperCase('vi'))
          expect(words).not.toMatch(/\d| {2}/)
          expect(readBack(words)).toBe(n)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('refuses what is not a whole, non-negative amount', () => {
    for (const n of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])
      expect(() => vndInWords(n), String(n)).toThrow(RangeError)
  })
})
