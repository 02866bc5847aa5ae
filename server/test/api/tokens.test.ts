import { type JWTPayload, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signAccessToken } from '../../src/modules/auth/tokens.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// An access token is trusted only when it is whole: signed with HS256 by this server's key, for an account
// (`sub`), issued in the past (`iat`), ending (`exp`), and no older than an access token lives. Each case below
// is signed with the real key, so only the rule under test can refuse it.

let t: TestApp
const NOW = new Date('2026-05-04T03:00:00Z')
const seconds = (date: Date) => Math.floor(date.getTime() / 1000)
/** The server's clock: NOW, except in the test that moves it. */
let clock = NOW

beforeAll(async () => {
  t = await startApp({ now: () => clock })
})
afterAll(async () => t.close())

const me = (token: string) =>
  t.call('GET', '/api/admin/auth/me', undefined, { authorization: `Bearer ${token}` })

/** A token of the test administrator with exactly these claims, signed with the server's own key. */
function signed(claims: JWTPayload, alg = 'HS256') {
  return new SignJWT(claims).setProtectedHeader({ alg }).sign(t.app.services.jwtSecret)
}

const life = () => t.config.ACCESS_TOKEN_MINUTES * 60
const whole = () => ({
  sub: String(t.adminId),
  sid: t.sessionId,
  iat: seconds(NOW),
  exp: seconds(NOW) + life(),
  role: 'admin',
})

describe('access tokens', () => {
  it('accepts the tokens the server signs, and a hand-made one with every claim', async () => {
    const { token } = await signAccessToken(t.app.services, t.adminId, 'admin', t.sessionId)
    expectEnvelope(await me(token), 200)
    expectEnvelope(await me(await signed(whole())), 200)
  })

  it('refuses a token without exp, without iat or without sub, though signed with the real key', async () => {
    for (const missing of ['exp', 'iat', 'sub', 'sid'] as const) {
      const claims: JWTPayload = whole()
      delete claims[missing]
      const body = expectEnvelope(await me(await signed(claims)), 401)
      expect(body.code).toBe('sessionExpired')
    }
  })

  it('refuses a token older than an access token lives, even when its exp is far away', async () => {
    const issued = seconds(NOW) - life() - 1
    const body = expectEnvelope(
      await me(await signed({ ...whole(), iat: issued, exp: issued + 86_400 * 365 })),
      401,
    )
    expect(body.code).toBe('sessionExpired')
    // One that has lived exactly its time is still good.
    const onTime = seconds(NOW) - life()
    expectEnvelope(await me(await signed({ ...whole(), iat: onTime, exp: onTime + life() + 1 })), 200)
  })

  it('accepts a token whose exp is years away until its iat is ACCESS_TOKEN_MINUTES old, not a second more', async () => {
    const token = await signed({ ...whole(), exp: seconds(NOW) + 86_400 * 365 * 5 })
    try {
      expectEnvelope(await me(token), 200)
      clock = new Date((seconds(NOW) + life()) * 1000)
      expectEnvelope(await me(token), 200)
      clock = new Date((seconds(NOW) + life() + 1) * 1000)
      expect(expectEnvelope(await me(token), 401).code).toBe('sessionExpired')
      // The same, for a token first seen at that age (its signature checked then, not remembered).
      clock = new Date((seconds(NOW) + life() + 1) * 1000)
      const fresh = await signed({ ...whole(), exp: seconds(NOW) + 86_400 * 365 * 5, jti: 'another' })
      expect(expectEnvelope(await me(fresh), 401).code).toBe('sessionExpired')
    } finally {
      clock = NOW
    }
  })

  it('checks the times of a token it has accepted before again on every call, against the clock of that call', async () => {
    const token = await signed(whole())
    try {
      expectEnvelope(await me(token), 200)
      clock = new Date((seconds(NOW) + life()) * 1000)
      expect(expectEnvelope(await me(token), 401).code).toBe('sessionExpired')
      clock = new Date((seconds(NOW) - 1) * 1000)
      expect(expectEnvelope(await me(token), 401).code).toBe('sessionExpired')
      clock = new Date((seconds(NOW) + life() - 1) * 1000)
      expectEnvelope(await me(token), 200)
      // Accepted first with nbf in the past, it is refused while the clock stands before nbf.
      const later = await signed({ ...whole(), nbf: seconds(NOW) + 10 })
      clock = new Date((seconds(NOW) + 10) * 1000)
      expectEnvelope(await me(later), 200)
      clock = new Date((seconds(NOW) + 9) * 1000)
      expectEnvelope(await me(later), 401)
    } finally {
      clock = NOW
    }
  })

  it('refuses a token issued in the future', async () => {
    expectEnvelope(await me(await signed({ ...whole(), iat: seconds(NOW) + 60 })), 401)
  })

  it('refuses another algorithm with the same key, and an unsigned token', async () => {
    expectEnvelope(await me(await signed(whole(), 'HS512')), 401)
    const unsigned = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
      Buffer.from(JSON.stringify(whole())).toString('base64url'),
      '',
    ].join('.')
    expectEnvelope(await me(unsigned), 401)
  })

  it('refuses a subject that is not an account id', async () => {
    for (const sub of ['0', '-4', '1.5', '1e3', ' 1', '99999999999999999999', 'admin']) {
      expectEnvelope(await me(await signed({ ...whole(), sub })), 401)
    }
  })
})
