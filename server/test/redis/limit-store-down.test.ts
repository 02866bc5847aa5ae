import { Redis } from 'ioredis'
import { Secret } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema.ts'
import { issueMfaToken } from '../../src/modules/auth/mfa-token.ts'
import { hashPassword } from '../../src/modules/auth/passwords.ts'
import { ADMIN, type Answer, expectEnvelope, startApp, type TestApp } from '../helpers.ts'
import { Relay } from '../relay.ts'

// The limits' Redis going away (connections refused) and going silent (a frozen host: connections accepted,
// nothing answered), reached through a relay the test stops. Two-step codes and reset requests are refused with
// 503 and Retry-After rather than let through unlimited; sign-in goes on, limited in the process, and promptly.

const target = new URL(process.env.TEST_REDIS_URL!)
const relay = new Relay({ host: target.hostname, port: Number(target.port || 6379) })
const PASSWORD = 'Member1234'
// The app's clock, which the test moves past the half-way token's life and the store's rest after a failure.
let now = Date.now()
let t: TestApp
const logged: { level: number; msg: string }[] = []
// Redis itself, to clear what an earlier run left under the account ids a fresh database gives out again.
const direct = new Redis(process.env.TEST_REDIS_URL!)

beforeAll(async () => {
  await relay.up()
  t = await startApp({
    env: { REDIS_URL: `redis://127.0.0.1:${relay.port}`, LOGIN_LIMIT_PER_PAIR: '4', LOGIN_DELAY_AFTER: '2' },
    now: () => new Date(now),
    logger: { level: 'info', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
  })
})
afterAll(async () => {
  relay.thaw()
  await relay.up()
  await t?.close()
  await relay.down()
  direct.disconnect()
})

async function post(url: string, payload: object, from = '10.9.8.7'): Promise<Answer> {
  const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress: from })
  return { statusCode: res.statusCode, body: res.json(), headers: res.headers }
}

let members = 0
/** A member with two-step sign-in on, and a half-way token of theirs, as a right password answers. */
async function halfWay() {
  members += 1
  const [row] = await t.database.db
    .insert(users)
    .values({
      name: `Member ${members}`,
      email: `limits-${members}-${crypto.randomUUID()}@test.example`,
      passwordHash: await hashPassword(PASSWORD),
      role: 'staff',
      totpSecret: new Secret({ size: 20 }).base32,
    })
    .returning({ id: users.id })
  await direct.del(`store:mfa:account:${row!.id}`)
  return (await issueMfaToken(t.app.services, row!.id)).mfaToken as string
}

const code = (mfaToken: string, typed = '000000') =>
  post('/api/admin/auth/login/2fa', { mfaToken, code: typed })
/** A client address and an email of their own, so no count of an earlier run weighs on them. */
const fresh = () => ({
  email: `reset-${crypto.randomUUID()}@test.example`,
  from: `10.7.${Math.floor(Math.random() * 254) + 1}.${Math.floor(Math.random() * 254) + 1}`,
})
const forgot = ({ email, from }: { email: string; from: string }) =>
  post('/api/admin/auth/forgot-password', { email }, from)
const signIn = (email: string, password: string, from = '10.1.2.3') =>
  post('/api/admin/auth/login', { email, password }, from)

function expectUnavailable(answer: Answer) {
  expect(expectEnvelope(answer, 503).code).toBe('serviceUnavailable')
  expect(answer.headers['retry-after']).toBe('5')
}

/** Lets the store's rest after a failure pass, so the next call asks Redis again. */
const afterRest = () => {
  now += 5_000
}

describe.each([
  ['down', () => relay.down(), () => relay.up()],
  ['silent', () => relay.freeze(), () => relay.thaw()],
] as const)('the limits’ Redis %s', (state, stop, start) => {
  it('refuses two-step codes and recovery codes with 503, and reset requests too: no unlimited tries', async () => {
    const token = await halfWay()
    const asker = fresh()
    expectEnvelope(await code(token), 400)
    await stop()
    try {
      afterRest()
      // Twice the limit of one half-way token, and of one email's reset requests: each refused, none checked.
      for (let i = 0; i < 10; i++) {
        expectUnavailable(await code(token, i % 2 ? '123456' : 'abcde-fghjk'))
        expectUnavailable(await forgot(asker))
      }
    } finally {
      await start()
    }
    await backUp()
    // Back: the shared limits apply again, to the count Redis held before.
    for (let i = 0; i < 4; i++) expectEnvelope(await code(token), 400)
    expect(expectEnvelope(await code(token), 429).code).toBe('tooManyCodes')
    for (let i = 0; i < 5; i++) expectEnvelope(await forgot(asker), 200)
    expect(expectEnvelope(await forgot(asker), 429).code).toBe('tooManyResetRequests')
  })

  it('lets staff sign in, limited in the process, and answers promptly', async () => {
    await stop()
    try {
      afterRest()
      const from = `10.2.${state === 'down' ? 1 : 2}.1`
      const started = performance.now()
      expectEnvelope(await signIn(ADMIN.email, ADMIN.password, from), 200)
      const ms = performance.now() - started
      // One Redis command's timeout (half a second) at most, then the process's counters: never the minute a
      // client without a timeout would wait.
      expect(ms).toBeLessThan(2_000)
      console.info(`Redis ${state}: sign-in answered in ${Math.round(ms)} ms`)
      // Wrong passwords are still slowed down, then refused, by the counters of this process.
      expectEnvelope(await signIn(ADMIN.email, 'Wrong12345', from), 401)
      expectEnvelope(await signIn(ADMIN.email, 'Wrong12345', from), 401)
      const wait = await signIn(ADMIN.email, 'Wrong12345', from)
      expect(expectEnvelope(wait, 429).code).toBe('signInWait')
      expect(wait.headers['retry-after']).toBe('1')
    } finally {
      await start()
    }
    await backUp()
  })

  it('reports the store in the health check, and logs the failure once a minute, not per request', async () => {
    expect((await health()).body.data).toMatchObject({ database: 'up', redis: 'up' })
    const warnings = () => logged.filter((line) => line.msg === 'limit store (Redis) unreachable').length
    const before = warnings()
    await stop()
    try {
      afterRest()
      // The database answers: the check is 200, and says where the limits stand.
      expect(expectEnvelope(await health(), 200).data).toMatchObject({ database: 'up', redis: 'down' })
      // Every request below asks Redis again (the rest after each failure is over) and meets the failure.
      for (let i = 0; i < 4; i++) {
        afterRest()
        expectUnavailable(await forgot(fresh()))
      }
      expect(warnings() - before).toBe(1)
      now += 60_000
      expectUnavailable(await forgot(fresh()))
      expect(warnings() - before).toBe(2)
    } finally {
      await start()
    }
    await backUp()
    expect(logged.some((line) => line.msg === 'limit store (Redis) reachable again')).toBe(true)
  })
})

async function health(): Promise<Answer> {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' })
  return { statusCode: res.statusCode, body: res.json(), headers: res.headers }
}

/** Waits until Redis answers again: the client reconnects on its own, within a couple of seconds. */
async function backUp() {
  for (let i = 0; i < 50; i++) {
    afterRest()
    if ((await health()).body.data.redis === 'up') return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('Redis did not answer again through the relay')
}
