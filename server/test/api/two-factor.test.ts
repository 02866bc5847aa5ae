import { and, eq, isNull } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { Secret, TOTP, URI } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, recoveryCodes, users } from '../../src/db/schema.ts'
import { issueMfaToken } from '../../src/modules/auth/mfa-token.ts'
import { hashPassword } from '../../src/modules/auth/passwords.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// Two-step sign-in (CONTRACT 4.3) through HTTP. The server reads the clock the test moves, and the test
// computes each code from the secret the server gave, as an authenticator app would.

const STEP_MS = 30_000
// The start of a 30-second step, so moving by whole steps lands on known codes.
let now = Date.parse('2026-05-04T03:00:00Z')
let t: TestApp

beforeAll(async () => {
  t = await startApp({ now: () => new Date(now) })
})
afterAll(async () => t.close())

const SETUP = '/api/admin/auth/2fa/setup'
const ENABLE = '/api/admin/auth/2fa/enable'
const DISABLE = '/api/admin/auth/2fa/disable'
const LOGIN = '/api/admin/auth/login'
const LOGIN_2FA = '/api/admin/auth/login/2fa'
const ME = '/api/admin/auth/me'
const anonymous = {}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const PASSWORD = 'Member1234'
const RECOVERY = /^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/

/** The code an authenticator app shows for `secret`, `steps` steps away from the server's clock. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: now + steps * STEP_MS })

/** Six digits that are no code of the drift window around now: a wrong guess, every time. */
function wrongCode(secret: string) {
  const near = new Set([-1, 0, 1].map((steps) => codeAt(secret, steps)))
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0')
    if (!near.has(candidate)) return candidate
  }
}

let members = 0
/** A member of staff of their own, signed in: each scenario starts from a fresh account. */
async function newMember() {
  members += 1
  const email = `member${members}@test.example`
  const [row] = await t.database.db
    .insert(users)
    .values({ name: `Member ${members}`, email, passwordHash: await hashPassword(PASSWORD), role: 'staff' })
    .returning({ id: users.id })
  const signedIn = expectEnvelope(await t.call('POST', LOGIN, { email, password: PASSWORD }, anonymous), 200)
  return { id: row!.id, email, auth: bearer(signedIn.data.tokens.access.token) }
}

type Member = Awaited<ReturnType<typeof newMember>>

/** Sets two-step sign-in up and turns it on with the current code, as the Setting dialog does. */
async function turnOn(member: Member) {
  const { secret } = expectEnvelope(await t.call('POST', SETUP, undefined, member.auth), 200).data
  const enabled = expectEnvelope(await t.call('POST', ENABLE, { code: codeAt(secret) }, member.auth), 200)
  return { secret: secret as string, recoveryCodes: enabled.data.recoveryCodes as string[] }
}

/** The half-way token a right password answers once two-step sign-in is on. */
async function passwordStep(member: Member) {
  const answer = expectEnvelope(
    await t.call('POST', LOGIN, { email: member.email, password: PASSWORD }, anonymous),
    200,
  )
  expect(answer.data).toEqual({ mfaRequired: true, mfaToken: expect.any(String) })
  return answer.data.mfaToken as string
}

const secondStep = (mfaToken: string, code: string) =>
  t.call('POST', LOGIN_2FA, { mfaToken, code }, anonymous)

const account = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!

const entriesOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'account'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id)

/** Moves the clock to the start of a step no earlier test has used codes of. */
const nextSteps = (steps = 4) => {
  now += steps * STEP_MS
}

describe('setting two-step sign-in up', () => {
  it('gives a secret to scan, turns on with a code, and answers 10 recovery codes kept as hashes only', async () => {
    const member = await newMember()
    const first = expectEnvelope(await t.call('POST', SETUP, undefined, member.auth), 200).data
    // Set up again before confirming: only the newest secret is waiting.
    const setup = expectEnvelope(await t.call('POST', SETUP, undefined, member.auth), 200).data
    expect(setup.secret).not.toBe(first.secret)
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/) // 20 bytes in base32
    const scanned = URI.parse(setup.otpauthUrl)
    expect(scanned).toBeInstanceOf(TOTP)
    expect(scanned).toMatchObject({
      issuer: 'Store back-office',
      label: member.email,
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    })
    expect(scanned.secret.base32).toBe(setup.secret)
    let row = await account(member.id)
    expect(row).toMatchObject({ totpPendingSecret: setup.secret, totpSecret: null })
    expect(expectEnvelope(await t.call('GET', ME, undefined, member.auth), 200).data.twoFactor).toBe(false)

    // A code of the replaced secret, or a wrong one, turns nothing on.
    for (const code of [codeAt(first.secret), wrongCode(setup.secret), 'abcdef']) {
      const refused = expectEnvelope(await t.call('POST', ENABLE, { code }, member.auth), 400)
      expect(refused.codes).toEqual({ code: { code: 'codeWrong' } })
    }
    expect((await account(member.id)).totpSecret).toBeNull()

    const enabled = expectEnvelope(
      await t.call('POST', ENABLE, { code: codeAt(setup.secret) }, member.auth),
      200,
    ).data
    const codes: string[] = enabled.recoveryCodes
    expect(codes).toHaveLength(10)
    for (const code of codes) expect(code).toMatch(RECOVERY)
    expect(new Set(codes).size).toBe(10)
    row = await account(member.id)
    expect(row).toMatchObject({
      totpSecret: setup.secret,
      totpPendingSecret: null,
      totpLastStep: Math.floor(now / STEP_MS),
    })
    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.id))
    expect(stored).toHaveLength(10)
    const storedText = JSON.stringify(stored)
    for (const code of codes) {
      expect(storedText).not.toContain(code)
      expect(storedText).not.toContain(code.replace('-', ''))
    }
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.codeHash) && r.usedAt === null)).toBe(true)
    expect(expectEnvelope(await t.call('GET', ME, undefined, member.auth), 200).data.twoFactor).toBe(true)

    // On is on: neither call starts over, and the secret stays.
    const again = expectEnvelope(await t.call('POST', SETUP, undefined, member.auth), 409)
    expect(again.code).toBe('twoFactorOn')
    expect(
      expectEnvelope(await t.call('POST', ENABLE, { code: codeAt(setup.secret) }, member.auth), 409).code,
    ).toBe('twoFactorOn')
    expect((await account(member.id)).totpSecret).toBe(setup.secret)

    // The log says what happened and never holds the secret or a code.
    const entries = await entriesOf(member.id)
    const actions = entries.map((e) => e.action)
    expect(actions.filter((a) => a === 'twoFactorSetup')).toHaveLength(2)
    const enable = entries.find((e) => e.action === 'twoFactorEnable')!
    expect(enable).toMatchObject({ actorId: member.id, changes: { twoFactor: [false, true] } })
    const logged = JSON.stringify(entries)
    for (const secret of [first.secret, setup.secret, ...codes]) expect(logged).not.toContain(secret)
  })

  it('needs a set-up before a code can turn it on', async () => {
    const member = await newMember()
    const refused = expectEnvelope(await t.call('POST', ENABLE, { code: '123456' }, member.auth), 409)
    expect(refused.code).toBe('twoFactorNotStarted')
    expectEnvelope(await t.call('POST', SETUP, undefined, anonymous), 401)
    expectEnvelope(await t.call('POST', ENABLE, { code: '123456' }, anonymous), 401)
    const missing = expectEnvelope(await t.call('POST', ENABLE, {}, member.auth), 400)
    expect(Object.keys(missing.errors)).toEqual(['code'])
  })

  it('accepts the code one step off on either side when turning on, not two', async () => {
    nextSteps()
    const member = await newMember()
    const { secret } = expectEnvelope(await t.call('POST', SETUP, undefined, member.auth), 200).data
    for (const steps of [-2, 2]) {
      const refused = expectEnvelope(
        await t.call('POST', ENABLE, { code: codeAt(secret, steps) }, member.auth),
        400,
      )
      expect(refused.codes.code.code).toBe('codeWrong')
    }
    expectEnvelope(await t.call('POST', ENABLE, { code: codeAt(secret, 1) }, member.auth), 200)
    // The code that turned it on counts as used: the sign-in needs a later one.
    expect((await account(member.id)).totpLastStep).toBe(Math.floor(now / STEP_MS) + 1)
  })
})

describe('signing in with two-step sign-in on', () => {
  it('asks for a code after the password, then answers as login does, once per half-way token', async () => {
    nextSteps()
    const member = await newMember()
    const { secret } = await turnOn(member)
    const mfaToken = await passwordStep(member)
    // The code that turned it on is spent.
    const spent = expectEnvelope(await secondStep(mfaToken, codeAt(secret)), 400)
    expect(spent.codes).toEqual({ code: { code: 'codeUsed' } })
    expect(spent.errors.code).toBe('This code has already been used; wait for the next one')
    now += STEP_MS
    const signedIn = expectEnvelope(await secondStep(mfaToken, codeAt(secret)), 200)
    expect(signedIn.message).toBe('Signed in')
    expect(signedIn.data.user).toMatchObject({ id: String(member.id), email: member.email, twoFactor: true })
    const me = expectEnvelope(
      await t.call('GET', ME, undefined, bearer(signedIn.data.tokens.access.token)),
      200,
    )
    expect(me.data.id).toBe(String(member.id))
    // The refresh token renews it as any other.
    expectEnvelope(
      await t.call(
        'POST',
        '/api/admin/auth/refresh-tokens',
        { refreshToken: signedIn.data.tokens.refresh.token },
        anonymous,
      ),
      200,
    )
    // The half-way token finished its sign-in: a later code does not open a second session with it.
    now += STEP_MS
    const reused = expectEnvelope(await secondStep(mfaToken, codeAt(secret)), 401)
    expect(reused.code).toBe('mfaTokenInvalid')

    const entries = await entriesOf(member.id)
    const failed = entries.filter((e) => e.action === 'signInFailed')
    expect(failed).toHaveLength(1)
    expect(failed[0]).toMatchObject({ actorId: null, changes: { email: [null, member.email] } })
    const signIns = entries.filter((e) => e.action === 'signIn')
    // The first sign-in (before two-step was on) and the one the code finished; the password alone made none.
    expect(signIns).toHaveLength(2)
    expect(signIns[1]).toMatchObject({ actorId: member.id, actorEmail: member.email, changes: {} })
  })

  it('refuses a code used once already, also in a new sign-in', async () => {
    nextSteps()
    const member = await newMember()
    const { secret } = await turnOn(member)
    now += STEP_MS
    const code = codeAt(secret)
    expectEnvelope(await secondStep(await passwordStep(member), code), 200)
    const replayed = expectEnvelope(await secondStep(await passwordStep(member), code), 400)
    expect(replayed.code).toBe('codeUsed')
    expect(Object.keys(replayed.errors)).toEqual(['code'])
    // An older code, though still inside the drift window, is older than the one accepted: refused too.
    expect(expectEnvelope(await secondStep(await passwordStep(member), codeAt(secret, -1)), 400).code).toBe(
      'codeUsed',
    )
  })

  it('lets only one of two sign-ins racing with the same code through', async () => {
    nextSteps()
    const member = await newMember()
    const { secret, recoveryCodes: codes } = await turnOn(member)
    now += STEP_MS
    const tokens = [await passwordStep(member), await passwordStep(member)]
    const code = codeAt(secret)
    const raced = await Promise.all(tokens.map((token) => secondStep(token, code)))
    expect(raced.map((a) => a.statusCode).sort()).toEqual([200, 400])
    expect(raced.find((a) => a.statusCode === 400)!.body.code).toBe('codeUsed')

    const again = [await passwordStep(member), await passwordStep(member)]
    const racedRecovery = await Promise.all(again.map((token) => secondStep(token, codes[0]!)))
    expect(racedRecovery.map((a) => a.statusCode).sort()).toEqual([200, 400])
    expect(racedRecovery.find((a) => a.statusCode === 400)!.body.code).toBe('codeWrong')
  })

  it('accepts one step of clock drift either way, not two', async () => {
    nextSteps()
    const member = await newMember()
    const { secret } = await turnOn(member)
    nextSteps()
    for (const steps of [-2, 2]) {
      const refused = expectEnvelope(await secondStep(await passwordStep(member), codeAt(secret, steps)), 400)
      expect(refused.code).toBe('codeWrong')
    }
    // The phone's clock a step behind, then a step ahead.
    expectEnvelope(await secondStep(await passwordStep(member), codeAt(secret, -1)), 200)
    expectEnvelope(await secondStep(await passwordStep(member), codeAt(secret, 1)), 200)
    expect((await account(member.id)).totpLastStep).toBe(Math.floor(now / STEP_MS) + 1)
  })

  it('takes a recovery code once, however it is typed, and logs that one was spent', async () => {
    nextSteps()
    const member = await newMember()
    const { recoveryCodes: codes } = await turnOn(member)
    const [first, second] = codes as [string, string]
    const signedIn = expectEnvelope(await secondStep(await passwordStep(member), first), 200)
    expect(signedIn.data.tokens.access.token).toEqual(expect.any(String))
    const twice = expectEnvelope(await secondStep(await passwordStep(member), first), 400)
    expect(twice.codes).toEqual({ code: { code: 'codeWrong' } })
    // Upper case, without the dash, with spaces: the same code.
    const typed = ` ${second.replace('-', '').toUpperCase()} `
    expectEnvelope(await secondStep(await passwordStep(member), typed), 200)
    const used = await t.database.db
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, member.id), isNull(recoveryCodes.usedAt)))
    expect(used).toHaveLength(8)
    const signIns = (await entriesOf(member.id)).filter((e) => e.action === 'signIn').slice(-2)
    expect(signIns.map((e) => e.changes)).toEqual([
      { recoveryCodesLeft: [10, 9] },
      { recoveryCodesLeft: [9, 8] },
    ])
  })

  it('refuses a forged half-way token, or an access token in its place', async () => {
    nextSteps()
    const member = await newMember()
    const { secret } = await turnOn(member)
    now += STEP_MS
    const seconds = Math.floor(now / 1000)
    const handMade = (key: Uint8Array, audience = 'store:mfa') =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(member.id))
        .setAudience(audience)
        .setJti('hand-made-token-id')
        .setIssuedAt(seconds)
        .setExpirationTime(seconds + 300)
        .sign(key)
    const otherKey = new TextEncoder().encode('another-secret-another-secret-another-0')
    const accessToken = member.auth.authorization.slice('Bearer '.length)
    for (const forged of [
      await handMade(otherKey),
      await handMade(t.app.services.jwtSecret, 'store:access'),
      accessToken,
      'not-a-token',
    ]) {
      const refused = expectEnvelope(await secondStep(forged, codeAt(secret)), 401)
      expect(refused.code).toBe('mfaTokenInvalid')
    }
    // The same token made with the server's own key goes through: only the key or the audience refused it.
    expectEnvelope(await secondStep(await handMade(t.app.services.jwtSecret), codeAt(secret)), 200)
  })

  it('refuses a half-way token older than 5 minutes', async () => {
    nextSteps()
    const member = await newMember()
    const { secret } = await turnOn(member)
    const late = await passwordStep(member)
    const inTime = await passwordStep(member)
    now += 5 * 60_000 - 1_000
    expectEnvelope(await secondStep(inTime, codeAt(secret)), 200)
    now += 2_000
    const expired = expectEnvelope(await secondStep(late, codeAt(secret, 1)), 401)
    expect(expired.code).toBe('mfaTokenInvalid')
    expect(expired.message).toBe('The sign-in has expired; please enter your email and password again')
  })

  it('refuses the second step of an account disabled, deleted, no longer staff or without two-step since', async () => {
    nextSteps()
    const member = await newMember()
    const { secret } = await turnOn(member)
    now += STEP_MS
    const mfaToken = await passwordStep(member)
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, member.id))
    const disabled = expectEnvelope(await secondStep(mfaToken, codeAt(secret)), 403)
    expect(disabled.code).toBe('accountDisabled')
    // The refused step spent nothing: the same code works once the account is back.
    await t.database.db.update(users).set({ active: true }).where(eq(users.id, member.id))
    expectEnvelope(await secondStep(mfaToken, codeAt(secret)), 200)

    now += STEP_MS
    const customer = await passwordStep(member)
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, member.id))
    expect(expectEnvelope(await secondStep(customer, codeAt(secret)), 401).code).toBe('mfaTokenInvalid')
    await t.database.db.update(users).set({ role: 'staff' }).where(eq(users.id, member.id))

    const off = await passwordStep(member)
    await t.database.db.update(users).set({ totpSecret: null }).where(eq(users.id, member.id))
    expect(expectEnvelope(await secondStep(off, codeAt(secret)), 401).code).toBe('mfaTokenInvalid')
    const nobody = await issueMfaToken(t.app.services, 987_654)
    expect(expectEnvelope(await secondStep(nobody.mfaToken, '123456'), 401).code).toBe('mfaTokenInvalid')
  })

  it('allows 5 wrong codes per half-way token, then answers 429 with Retry-After', async () => {
    nextSteps()
    const member = await newMember()
    const { secret } = await turnOn(member)
    now += STEP_MS
    const mfaToken = await passwordStep(member)
    for (let i = 0; i < 5; i++) {
      expect(expectEnvelope(await secondStep(mfaToken, wrongCode(secret)), 400).code).toBe('codeWrong')
    }
    // The right code now changes nothing: the token has had its share.
    const answer = await secondStep(mfaToken, codeAt(secret))
    const refused = expectEnvelope(answer, 429)
    expect(refused.code).toBe('tooManyCodes')
    expect(refused.params.minutes).toBeGreaterThanOrEqual(1)
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0)
    // A new sign-in gets its own token and its own share; the code was never spent.
    expectEnvelope(await secondStep(await passwordStep(member), codeAt(secret)), 200)
    // The refusals of the flood were not logged; the wrong codes were.
    const failed = (await entriesOf(member.id)).filter((e) => e.action === 'signInFailed')
    expect(failed).toHaveLength(5)
  })

  it('allows 10 wrong codes per account in 15 minutes, whatever the tokens', async () => {
    nextSteps()
    const member = await newMember()
    const { secret } = await turnOn(member)
    now += STEP_MS
    for (let token = 0; token < 2; token++) {
      const mfaToken = await passwordStep(member)
      for (let i = 0; i < 5; i++) expectEnvelope(await secondStep(mfaToken, wrongCode(secret)), 400)
    }
    const fresh = await passwordStep(member)
    const refused = await secondStep(fresh, codeAt(secret))
    expect(expectEnvelope(refused, 429).code).toBe('tooManyCodes')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60)
    // Once the window is over, the right code signs in.
    now += 15 * 60_000
    expectEnvelope(await secondStep(await passwordStep(member), codeAt(secret)), 200)
  })
})

describe('turning two-step sign-in off', () => {
  it('needs the password and a code; a recovery code will do', async () => {
    nextSteps()
    const member = await newMember()
    const { secret, recoveryCodes: codes } = await turnOn(member)
    now += STEP_MS
    const wrongPassword = expectEnvelope(
      await t.call('POST', DISABLE, { password: 'Wrong12345', code: codeAt(secret) }, member.auth),
      400,
    )
    expect(wrongPassword.codes).toEqual({ password: { code: 'passwordWrong' } })
    const wrong = expectEnvelope(
      await t.call('POST', DISABLE, { password: PASSWORD, code: wrongCode(secret) }, member.auth),
      400,
    )
    expect(wrong.codes).toEqual({ code: { code: 'codeWrong' } })
    expect((await account(member.id)).totpSecret).toBe(secret)

    expectEnvelope(await t.call('POST', DISABLE, { password: PASSWORD, code: codes[3] }, member.auth), 200)
    const row = await account(member.id)
    expect(row).toMatchObject({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
    expect(
      await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.id)),
    ).toEqual([])
    const off = expectEnvelope(
      await t.call('POST', DISABLE, { password: PASSWORD, code: codeAt(secret) }, member.auth),
      409,
    )
    expect(off.code).toBe('twoFactorOff')
    // The password alone signs in again.
    const signedIn = expectEnvelope(
      await t.call('POST', LOGIN, { email: member.email, password: PASSWORD }, anonymous),
      200,
    )
    expect(signedIn.data.tokens).toBeDefined()
    expect(signedIn.data.user.twoFactor).toBe(false)
    const entry = (await entriesOf(member.id)).find((e) => e.action === 'twoFactorDisable')!
    expect(entry).toMatchObject({ actorId: member.id, changes: { twoFactor: [true, false] } })
  })

  it('draws wrong tries on the account’s share of wrong codes, the one the sign-in uses too', async () => {
    nextSteps()
    const member = await newMember()
    const { secret } = await turnOn(member)
    now += STEP_MS
    for (let i = 0; i < 5; i++) {
      expectEnvelope(
        await t.call('POST', DISABLE, { password: 'Wrong12345', code: codeAt(secret) }, member.auth),
        400,
      )
      expectEnvelope(
        await t.call('POST', DISABLE, { password: PASSWORD, code: wrongCode(secret) }, member.auth),
        400,
      )
    }
    const answer = await t.call('POST', DISABLE, { password: PASSWORD, code: codeAt(secret) }, member.auth)
    expect(expectEnvelope(answer, 429).code).toBe('tooManyCodes')
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0)
    expect((await account(member.id)).totpSecret).toBe(secret)
    // The sign-in's second step meets the same spent share.
    expectEnvelope(await secondStep(await passwordStep(member), codeAt(secret)), 429)
    // Once the window is over (and the access token with it), a sign-in and the right pair turn it off.
    now += 15 * 60_000
    const signedIn = expectEnvelope(await secondStep(await passwordStep(member), codeAt(secret)), 200)
    now += STEP_MS
    expectEnvelope(
      await t.call(
        'POST',
        DISABLE,
        { password: PASSWORD, code: codeAt(secret) },
        bearer(signedIn.data.tokens.access.token),
      ),
      200,
    )
  })

  it('takes a current code of the app, and can be set up again afterwards with a new secret', async () => {
    nextSteps()
    const member = await newMember()
    const { secret } = await turnOn(member)
    now += STEP_MS
    expectEnvelope(
      await t.call('POST', DISABLE, { password: PASSWORD, code: codeAt(secret) }, member.auth),
      200,
    )
    const again = await turnOn(member)
    expect(again.secret).not.toBe(secret)
    expect(
      await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.id)),
    ).toHaveLength(10)
  })
})
