import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ADMIN, type Answer, expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// The rules under test are docs/operations.md's "Sign-in limits". Each app has a clock the tests move: a wait
// or a window passes by moving it, never by sleeping.
const LOGIN = '/api/admin/auth/login'
const DAY = 24 * 60 * 60_000
const wrong = (email = ADMIN.email) => ({ email, password: 'Wrong12345' })

interface Clocked {
  t: TestApp
  advance(ms: number): void
}

async function clockedApp(env: Record<string, string> = {}): Promise<Clocked> {
  let now = new Date('2026-03-01T08:00:00Z').getTime()
  const t = await startApp({ env, now: () => new Date(now) })
  return {
    t,
    advance: (ms) => {
      now += ms
    },
  }
}

/**
 * One sign-in attempt from a client address: the socket's own (`remoteAddress`), or, when `forwardedFor` is
 * given, the address a proxy names in `X-Forwarded-For`.
 */
async function signIn(
  t: TestApp,
  from: string,
  credentials: { email: string; password: string },
  forwardedFor?: string,
): Promise<Answer> {
  const res = await t.app.inject({
    method: 'POST',
    url: LOGIN,
    payload: credentials,
    remoteAddress: from,
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
  })
  return { statusCode: res.statusCode, body: res.json(), headers: res.headers }
}

/** A 429 that asks to wait `seconds` before the next attempt. */
function expectWait(answer: Answer, seconds: number) {
  const body = expectEnvelope(answer, 429)
  expect(body).toMatchObject({ code: 'signInWait', params: { count: seconds } })
  expect(answer.headers['retry-after']).toBe(String(seconds))
  return body
}

/** A 429 that refuses until the window's end, `seconds` away. */
function expectRefused(answer: Answer, seconds: number) {
  const body = expectEnvelope(answer, 429)
  expect(body).toMatchObject({ code: 'tooManySignIns', params: { minutes: Math.ceil(seconds / 60) } })
  expect(answer.headers['retry-after']).toBe(String(seconds))
  return body
}

describe('sign-in limits per email and address, with the default rules', () => {
  let c: Clocked
  beforeAll(async () => {
    c = await clockedApp()
  })
  afterAll(async () => c.t.close())
  // Each test in a window of its own.
  beforeEach(() => c.advance(DAY))

  it('slows a pair down after three failures, doubling the wait up to 30 s, then refuses it for the window', async () => {
    const { t } = c
    const attacker = '203.0.113.10'
    for (let i = 0; i < 3; i++) expectEnvelope(await signIn(t, attacker, wrong()), 401)
    const first = expectWait(await signIn(t, attacker, wrong()), 1)
    expect(first.message).toBe('Too many failed sign-ins; wait 1 second before trying again')

    let elapsed = 0
    for (let failures = 3; failures < 10; failures++) {
      const wait = Math.min(2 ** (failures - 3), 30)
      expectWait(await signIn(t, attacker, wrong()), wait)
      c.advance(wait * 1000 - 1)
      // Still a millisecond early: refused again, and the refusal does not make the wait longer.
      expectWait(await signIn(t, attacker, ADMIN), 1)
      c.advance(1)
      elapsed += wait
      expectEnvelope(await signIn(t, attacker, wrong()), 401)
    }
    expect(elapsed).toBe(1 + 2 + 4 + 8 + 16 + 30 + 30)

    // Ten failures: the pair is refused until the window (15 minutes from its first failure) ends, whatever
    // the password and however long it waits in between.
    const left = 15 * 60 - elapsed
    expectRefused(await signIn(t, attacker, ADMIN), left)
    c.advance(60_000)
    const refused = expectRefused(await signIn(t, attacker, ADMIN), left - 60)
    expect(refused.message).toBe(
      `Too many sign-in attempts; try again in ${Math.ceil((left - 60) / 60)} minutes`,
    )

    // The same email from another address is another pair.
    expectEnvelope(await signIn(t, '203.0.113.11', ADMIN), 200)

    // The window's end lets the pair try again.
    c.advance((left - 60) * 1000)
    expectEnvelope(await signIn(t, attacker, wrong()), 401)
    expectEnvelope(await signIn(t, attacker, ADMIN), 200)
  })

  it('lets the owner sign in from a known address after an attacker’s pair is refused', async () => {
    const { t } = c
    const owner = '198.51.100.7'
    expectEnvelope(await signIn(t, owner, ADMIN), 200)
    const attacker = '203.0.113.30'
    let refused = false
    for (let i = 0; i < 40 && !refused; i++) {
      const answer = await signIn(t, attacker, wrong())
      if (answer.statusCode === 429 && answer.body.code === 'tooManySignIns') refused = true
      else if (answer.statusCode === 429) c.advance(Number(answer.headers['retry-after']) * 1000)
      else expectEnvelope(answer, 401)
    }
    expect(refused).toBe(true)
    // The owner's own pair has no failure: no wait, no refusal.
    expectEnvelope(await signIn(t, owner, ADMIN), 200)
    // Their own typos count on their own pair only.
    expectEnvelope(await signIn(t, owner, wrong()), 401)
    expectEnvelope(await signIn(t, owner, ADMIN), 200)
  })

  it('forgets a pair’s failures once it signs in', async () => {
    const { t } = c
    const from = '203.0.113.20'
    for (let i = 0; i < 3; i++) expectEnvelope(await signIn(t, from, wrong()), 401)
    expectWait(await signIn(t, from, ADMIN), 1)
    c.advance(1000)
    expectEnvelope(await signIn(t, from, ADMIN), 200)
    for (let i = 0; i < 3; i++) expectEnvelope(await signIn(t, from, wrong()), 401)
    expectWait(await signIn(t, from, wrong()), 1)
  })

  it('counts a burst of parallel attempts before any of them is checked', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => signIn(c.t, '203.0.113.40', wrong())))
    const statuses = answers.map((a) => a.statusCode).sort()
    expect(statuses).toEqual([...Array(3).fill(401), ...Array(9).fill(429)])
  })

  it('counts an IPv6 client by its /64 network', async () => {
    const { t } = c
    for (const from of ['2001:db8:1:2::1', '2001:db8:1:2:aaaa::5', '2001:db8:1:2:ffff:ffff:ffff:ffff'])
      expectEnvelope(await signIn(t, from, wrong()), 401)
    expectWait(await signIn(t, '2001:db8:1:2::9', wrong()), 1)
    expectEnvelope(await signIn(t, '2001:db8:1:3::1', wrong()), 401)
  })

  it('reads no client address from X-Forwarded-For without TRUST_PROXY', async () => {
    const { t } = c
    for (let i = 0; i < 3; i++)
      expectEnvelope(await signIn(t, '203.0.113.60', wrong(), `198.51.100.${60 + i}`), 401)
    expectWait(await signIn(t, '203.0.113.60', wrong(), '198.51.100.99'), 1)
  })
})

describe('sign-in limits per address and per email, behind a proxy', () => {
  let c: Clocked
  // Small shared limits, so that they are reached before the pair's own.
  beforeAll(async () => {
    c = await clockedApp({ TRUST_PROXY: 'true', LOGIN_LIMIT_PER_IP: '3', LOGIN_LIMIT_PER_EMAIL: '5' })
  })
  afterAll(async () => c.t.close())
  beforeEach(() => c.advance(DAY))
  const proxy = '10.0.0.2'
  const via = (client: string, credentials: { email: string; password: string }) =>
    signIn(c.t, proxy, credentials, client)

  it('refuses one address that fails on many emails, until the window ends', async () => {
    const attacker = '203.0.113.50'
    for (const email of ['a@test.example', 'b@test.example', 'c@test.example'])
      expectEnvelope(await via(attacker, wrong(email)), 401)
    expectRefused(await via(attacker, wrong('d@test.example')), 15 * 60)
    // Refused before any password is checked: the right one too.
    expectRefused(await via(attacker, ADMIN), 15 * 60)
    // Another address is not.
    expectEnvelope(await via('203.0.113.51', wrong('d@test.example')), 401)
    c.advance(15 * 60_000)
    expectEnvelope(await via(attacker, wrong('d@test.example')), 401)
  })

  it('does not hold an address’s failures on other emails against the account it is known to', async () => {
    const office = '198.51.100.8'
    expectEnvelope(await via(office, ADMIN), 200)
    for (const email of ['x@test.example', 'y@test.example', 'z@test.example'])
      expectEnvelope(await via(office, wrong(email)), 401)
    expectRefused(await via(office, wrong('w@test.example')), 15 * 60)
    // Someone at the office tried other accounts; the admin still signs in there.
    expectEnvelope(await via(office, ADMIN), 200)
  })

  it('bounds an attack from many addresses on one email, and never blocks the owner’s known address', async () => {
    const owner = '198.51.100.7'
    expectEnvelope(await via(owner, ADMIN), 200)
    for (let i = 1; i <= 5; i++) expectEnvelope(await via(`203.0.113.${i}`, wrong()), 401)
    // The sixth unknown address meets the email's ceiling, also with the right password.
    expectRefused(await via('203.0.113.6', wrong()), 15 * 60)
    expectRefused(await via('192.0.2.77', ADMIN), 15 * 60)
    // The owner's usual address is not blocked: not by the ceiling, not by any pair of the attacker's.
    expectEnvelope(await via(owner, ADMIN), 200)
    expectEnvelope(await via(owner, wrong()), 401)
    expectEnvelope(await via(owner, ADMIN), 200)
    c.advance(15 * 60_000)
    expectEnvelope(await via('203.0.113.6', wrong()), 401)
  })

  it('forgets a known address LOGIN_KNOWN_ADDRESS_DAYS after its last sign-in', async () => {
    const owner = '198.51.100.9'
    expectEnvelope(await via(owner, ADMIN), 200)
    c.advance(c.t.config.LOGIN_KNOWN_ADDRESS_DAYS * DAY + 1)
    for (let i = 1; i <= 5; i++) expectEnvelope(await via(`203.0.113.${100 + i}`, wrong()), 401)
    expectRefused(await via(owner, ADMIN), 15 * 60)
  })
})
