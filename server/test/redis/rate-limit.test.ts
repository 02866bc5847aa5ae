import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  connectRedis,
  FallbackLimiter,
  LIMIT_STORE_REST_MS,
  LimitStoreDown,
  LimitStoreHealth,
  RedisLimiter,
} from '../../src/lib/rate-limit.ts'
import { ADMIN, type Answer, expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// Runs when TEST_REDIS_URL names a Redis server (.ci/run sets it): sign-in limits shared by several processes.
// Both apps read one clock that the tests move, as two servers share the time of day.
const url = process.env.TEST_REDIS_URL!
const redis = new Redis(url)
const PREFIX = 'store:signin:'
// Small limits, so each rule is reached in a few attempts: a pair waits after 2 failures and is refused after
// 4; an address is refused after 5 failures, an email after 5 from unknown addresses.
const env = {
  REDIS_URL: url,
  LOGIN_LIMIT_PER_PAIR: '4',
  LOGIN_DELAY_AFTER: '2',
  LOGIN_LIMIT_PER_IP: '5',
  LOGIN_LIMIT_PER_EMAIL: '5',
}
let now = Date.now()
const quiet = { warn: () => {}, info: () => {} }
const WINDOW = 15 * 60_000

// Every test has emails and addresses of its own, which the end deletes from Redis with the administrator's
// and those of startApp's own sign-in.
const names: string[] = [ADMIN.email, 'address:127.0.0.1']
const freshEmail = () => {
  const email = `limit-${crypto.randomUUID()}@test.example`
  names.push(email)
  return email
}
const freshAddress = () => {
  const address = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 254) + 1).join('.')}`
  names.push(address)
  return address
}
const wrong = (email: string) => ({ email, password: 'Wrong12345' })

async function forget() {
  const keys = await redis.keys(`${PREFIX}*`)
  const ours = keys.filter((key) => names.some((name) => key.includes(name)))
  if (ours.length) await redis.del(...ours)
}

async function signIn(t: TestApp, from: string, credentials: { email: string; password: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: credentials,
    remoteAddress: from,
  })
  return { statusCode: res.statusCode, body: res.json(), headers: res.headers } as Answer
}

let first: TestApp
let second: TestApp
beforeAll(async () => {
  await forget()
  first = await startApp({ env, now: () => new Date(now) })
  second = await startApp({ env, now: () => new Date(now) })
})
afterAll(async () => {
  await Promise.all([first.close(), second.close()])
  await forget()
  redis.disconnect()
})

describe('sign-in limits in Redis', () => {
  it('adds up a pair’s failures made on two server processes, delays and refusal alike', async () => {
    const email = freshEmail()
    const from = freshAddress()
    expectEnvelope(await signIn(first, from, wrong(email)), 401)
    expectEnvelope(await signIn(second, from, wrong(email)), 401)
    const wait = await signIn(first, from, wrong(email))
    expect(expectEnvelope(wait, 429).code).toBe('signInWait')
    expect(wait.headers['retry-after']).toBe('1')
    now += 1000
    expectEnvelope(await signIn(second, from, wrong(email)), 401)
    expect(expectEnvelope(await signIn(first, from, wrong(email)), 429).params).toEqual({ count: 2 })
    now += 2000
    expectEnvelope(await signIn(first, from, wrong(email)), 401)
    const refused = await signIn(second, from, wrong(email))
    expect(expectEnvelope(refused, 429).code).toBe('tooManySignIns')
    expect(refused.headers['retry-after']).toBe(String((WINDOW - 3000) / 1000))

    const key = `${PREFIX}pair:${from}|${email}`
    expect(await redis.hget(key, 'n')).toBe('4')
    // The key clears itself away once its window is over.
    const ttl = await redis.pttl(key)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(WINDOW)

    // The window's end, on the shared clock, lets the pair try again on either process.
    now += WINDOW - 3000
    expectEnvelope(await signIn(second, from, wrong(email)), 401)
  })

  it('forgets a pair’s failures once it signs in on another process', async () => {
    const from = freshAddress()
    expectEnvelope(await signIn(first, from, wrong(ADMIN.email)), 401)
    expectEnvelope(await signIn(first, from, wrong(ADMIN.email)), 401)
    now += 1000
    expectEnvelope(await signIn(second, from, ADMIN), 200)
    expect(await redis.exists(`${PREFIX}pair:${from}|${ADMIN.email}`)).toBe(0)
    expectEnvelope(await signIn(first, from, wrong(ADMIN.email)), 401)
    expectEnvelope(await signIn(first, from, wrong(ADMIN.email)), 401)
    expectEnvelope(await signIn(first, from, wrong(ADMIN.email)), 429)
  })

  it('refuses an address failing on many emails on any process', async () => {
    now += WINDOW
    const from = freshAddress()
    for (let i = 0; i < 5; i++)
      expectEnvelope(await signIn(i % 2 ? first : second, from, wrong(freshEmail())), 401)
    expect(expectEnvelope(await signIn(second, from, wrong(freshEmail())), 429).code).toBe('tooManySignIns')
  })

  it('shares the known addresses: the owner signs in from theirs while other addresses are refused', async () => {
    now += WINDOW
    const owner = freshAddress()
    expectEnvelope(await signIn(first, owner, ADMIN), 200)
    for (let i = 0; i < 5; i++) expectEnvelope(await signIn(second, freshAddress(), wrong(ADMIN.email)), 401)
    expect(expectEnvelope(await signIn(first, freshAddress(), ADMIN), 429).code).toBe('tooManySignIns')
    expectEnvelope(await signIn(second, owner, ADMIN), 200)
  })

  it('keeps its windows on the clock it is given, and gives back only what it counted', async () => {
    const limiter = new RedisLimiter(redis, PREFIX, new LimitStoreHealth(() => now, quiet))
    const key = `test:${freshAddress()}`
    const gate = { max: 2, windowMs: 60_000 }
    const at = 1_000_000
    expect(await limiter.take(key, gate, at)).toEqual({ ok: true })
    expect(await limiter.take(key, gate, at)).toEqual({ ok: true })
    expect(await limiter.take(key, gate, at + 59_000)).toEqual({ ok: false, reason: 'limit', retryMs: 1_000 })
    await limiter.giveBack(key, at + 59_000)
    expect(await limiter.take(key, gate, at + 59_000)).toEqual({ ok: true })
    expect(await limiter.take(key, gate, at + 60_000)).toEqual({ ok: true })

    // Giving back a count that has gone leaves nothing behind.
    const gone = `test:${freshAddress()}`
    await limiter.giveBack(gone, at)
    expect(await redis.exists(PREFIX + gone)).toBe(0)

    await limiter.remember(`known:${key}`, at + 5_000, at)
    expect(await limiter.remembers(`known:${key}`, at + 4_999)).toBe(true)
    expect(await limiter.remembers(`known:${key}`, at + 5_000)).toBe(false)
  })

  it('throws LimitStoreDown while Redis cannot be reached, and does not wait for it again for a while', async () => {
    const away = connectRedis('redis://127.0.0.1:1')
    away.on('error', () => {})
    const warnings: unknown[] = []
    let at = 1_000_000
    const health = new LimitStoreHealth(() => at, { warn: (o) => warnings.push(o), info: () => {} })
    const limiter = new RedisLimiter(away, PREFIX, health)
    const gate = { max: 1, windowMs: 60_000 }
    await expect(limiter.take('a', gate, at)).rejects.toBeInstanceOf(LimitStoreDown)
    expect(health.state()).toBe('down')
    // Resting: refused at once, without a command.
    const started = performance.now()
    await expect(limiter.remembers('a', at)).rejects.toBeInstanceOf(LimitStoreDown)
    expect(performance.now() - started).toBeLessThan(50)
    at += LIMIT_STORE_REST_MS
    await expect(limiter.take('a', gate, at)).rejects.toBeInstanceOf(LimitStoreDown)
    expect(warnings).toHaveLength(1)

    // Sign-in's counters fall back to the process's, and still limit.
    const fallback = new FallbackLimiter(limiter)
    expect(await fallback.take('a', gate, at)).toEqual({ ok: true })
    expect(await fallback.take('a', gate, at)).toMatchObject({ ok: false, reason: 'limit' })
    away.disconnect()
  })
})
