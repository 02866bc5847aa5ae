import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RedisLimiter } from '../../src/lib/rate-limit.ts'
import { ADMIN, expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// Runs when TEST_REDIS_URL names a Redis server (.ci/run sets it): sign-in limits shared by several processes.
const url = process.env.TEST_REDIS_URL!
const redis = new Redis(url)
// Every address here is the test's own loopback, so its per-address limit is set out of reach; the per-e-mail
// limit is what these tests exercise, each with an e-mail of its own.
const env = { REDIS_URL: url, LOGIN_LIMIT_PER_EMAIL: '3', LOGIN_LIMIT_PER_IP: '1000000' }
const emails: string[] = []
const freshEmail = () => {
  const email = `limit-${crypto.randomUUID()}@test.example`
  emails.push(email)
  return email
}
const signIn = (t: TestApp, email: string, password = 'Wrong1234') =>
  t.call('POST', '/api/admin/auth/login', { email, password }, {})

let first: TestApp
let second: TestApp
beforeAll(async () => {
  first = await startApp({ env })
  second = await startApp({ env })
})
afterAll(async () => {
  await Promise.all([first.close(), second.close()])
  if (emails.length) await redis.del(...emails.map((e) => `store:login:email:${e}`))
  redis.disconnect()
})

describe('sign-in limits in Redis', () => {
  it('adds up the attempts made on two server processes', async () => {
    const email = freshEmail()
    expectEnvelope(await signIn(first, email), 401)
    expectEnvelope(await signIn(second, email), 401)
    expectEnvelope(await signIn(first, email), 401)
    const refused = expectEnvelope(await signIn(second, email), 429)
    expect(refused.message).toMatch(/Too many sign-in attempts/)
    const ttl = await redis.pttl(`store:login:email:${email}`)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(15 * 60_000)
  })

  it('forgets an e-mail’s failed attempts once it signs in', async () => {
    for (let i = 0; i < 2; i++) expectEnvelope(await signIn(first, ADMIN.email), 401)
    expectEnvelope(await signIn(second, ADMIN.email, ADMIN.password), 200)
    expect(await redis.exists(`store:login:email:${ADMIN.email}`)).toBe(0)
    for (let i = 0; i < 3; i++) expectEnvelope(await signIn(first, ADMIN.email), 401)
    expectEnvelope(await signIn(first, ADMIN.email), 429)
    await redis.del(`store:login:email:${ADMIN.email}`)
  })

  it('counts a key again once its window has passed', async () => {
    const limiter = new RedisLimiter(redis, 'store:login:test:', 2, 300, (error) => {
      throw error
    })
    const key = crypto.randomUUID()
    expect([await limiter.take(key), await limiter.take(key), await limiter.take(key)]).toEqual([
      true,
      true,
      false,
    ])
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(await limiter.take(key)).toBe(true)
    await redis.del(`store:login:test:${key}`)
  })

  it('lets staff sign in while Redis cannot be reached, reporting each failure', async () => {
    const errors: unknown[] = []
    const away = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    })
    away.on('error', () => {})
    const limiter = new RedisLimiter(away, 'store:login:test:', 1, 60_000, (error) => errors.push(error))
    expect([await limiter.take('a'), await limiter.take('a')]).toEqual([true, true])
    expect(errors).toHaveLength(2)
    away.disconnect()

    const t = await startApp({ env: { ...env, REDIS_URL: 'redis://127.0.0.1:1' } })
    try {
      expectEnvelope(await signIn(t, ADMIN.email, ADMIN.password), 200)
    } finally {
      await t.close()
    }
  })
})
