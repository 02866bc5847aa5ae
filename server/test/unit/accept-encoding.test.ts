import { describe, expect, it } from 'vitest'
import { preferredEncoding } from '../../src/web/static.ts'

describe('preferredEncoding', () => {
  it('takes brotli when allowed, gzip otherwise, nothing when neither is', () => {
    const cases: [string | string[] | undefined, 'br' | 'gzip' | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['GZIP, Deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0.5, gzip;q=0.8', 'gzip'],
      ['br;q=0.8, gzip;q=0.8', 'br'],
      ['*', 'br'],
      ['*;q=0, gzip', 'gzip'],
      ['gzip;q=0, *', 'br'],
      ['deflate', undefined],
      ['identity', undefined],
      ['br;q=0, gzip;q=0', undefined],
      ['br;q=nonsense', undefined],
      ['', undefined],
      [undefined, undefined],
      [['gzip', 'br;q=0'], 'gzip'],
    ]
    for (const [header, expected] of cases) expect(preferredEncoding(header), String(header)).toBe(expected)
  })
})
