import { describe, expect, it } from 'vitest'
import { delayMs, MemoryLimiter } from '../../src/lib/rate-limit.ts'
import { clientOf } from '../../src/modules/auth/sign-in-limits.ts'

describe('clientOf', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:AAAA::5', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
    ['2001:db8:1:2:3:4:192.0.2.33', '2001:db8:1:2::/64'],
  ])('counts %s as %s', (ip, client) => {
    expect(clientOf(ip)).toBe(client)
  })
})

describe('the pair’s delays', () => {
  const gate = { max: 10, windowMs: 900_000, delayAfter: 3, delayMaxMs: 30_000 }
  it('wait nothing before the third failure, then 1 s doubling up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => delayMs(gate, n))).toEqual([
      0, 0, 0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ])
  })

  it('are the same in memory: a refused attempt is not counted', async () => {
    const store = new MemoryLimiter()
    for (let i = 0; i < 3; i++) expect(await store.take('k', gate, 0)).toEqual({ ok: true })
    expect(await store.take('k', gate, 400)).toEqual({ ok: false, reason: 'wait', retryMs: 600 })
    expect(await store.take('k', gate, 1_000)).toEqual({ ok: true })
    expect(await store.take('k', gate, 2_999)).toEqual({ ok: false, reason: 'wait', retryMs: 1 })
  })
})
