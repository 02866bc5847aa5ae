import { ROLE_PERMISSIONS } from '@store/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { rows } from '../../src/db/client.ts'
import { sessions, users } from '../../src/db/schema.ts'
import { hashPassword } from '../../src/modules/auth/passwords.ts'
import { newSessionId, signAccessToken } from '../../src/modules/auth/tokens.ts'
import { ADMIN, type Answer, expectEnvelope, startApp, type TestApp } from '../helpers.ts'

let t: TestApp
let customerId: number
const CUSTOMER = { email: 'khach@test.example', password: 'Customer123' }

beforeAll(async () => {
  t = await startApp()
  const [customer] = await t.database.db
    .insert(users)
    .values({
      name: 'Nguyễn Thị Khách',
      email: CUSTOMER.email,
      passwordHash: await hashPassword(CUSTOMER.password),
      role: 'user',
    })
    .returning({ id: users.id })
  customerId = customer!.id
})
afterAll(async () => t.close())

const LOGIN = '/api/admin/auth/login'
const REFRESH = '/api/admin/auth/refresh-tokens'
const LOGOUT = '/api/admin/auth/logout'
const ME = '/api/admin/auth/me'
const CHANGE_PASSWORD = '/api/admin/auth/change-password'
const anonymous = {}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

async function login(app: TestApp, credentials: { email: string; password: string }) {
  return expectEnvelope(await app.call('POST', LOGIN, credentials, anonymous), 200).data as {
    tokens: { access: { token: string; expires: string }; refresh: { token: string; expires: string } }
    user: Record<string, unknown>
  }
}

/** Error answers must never show how the server is built. */
function expectNoInternals(answer: Answer) {
  const text = JSON.stringify(answer.body)
  expect(text).not.toMatch(/\bat .+:\d+:\d+/) // a stack frame
  expect(text).not.toMatch(/node_modules|\.ts:\d+|\/src\//)
  expect(text).not.toMatch(/\b(select|insert into|update|delete from)\b.+\b(from|values|set|where)\b/i)
  expect(text).not.toMatch(/relation "|syntax error at|violates .* constraint|duplicate key/i)
}

// Spec section 7, every call under /api (CONTRACT.md section 2), plus the refresh call the contract adds.
const SPEC_CALLS = `
  POST /admin/auth/login
  POST /admin/auth/logout
  GET /admin/auth/me
  GET /admin/analytics
  PUT /admin/auth/change-password
  GET /admin/users
  GET /admin/users/{id}
  POST /admin/users
  PUT /admin/users/{id}
  DELETE /admin/users/{id}
  GET /admin/categories
  GET /admin/categories/all
  GET /admin/categories/{id}
  POST /admin/categories
  PUT /admin/categories/{id}
  DELETE /admin/categories/{id}
  GET /admin/products
  GET /admin/products/{id}
  POST /admin/products
  PUT /admin/products/{id}
  DELETE /admin/products/{id}
  GET /admin/brands/all
  GET /admin/brands
  GET /admin/brands/{id}
  POST /admin/brands
  PUT /admin/brands/{id}
  DELETE /admin/brands/{id}
  GET /admin/product-reviews
  DELETE /admin/product-reviews/{commentId}
  GET /admin/orders
  GET /admin/orders/{id}
  PUT /admin/orders/{id}
  DELETE /admin/orders/{id}
  GET /admin/orders/{orderId}/detail/{id}
  DELETE /admin/orders/{orderId}/detail/{lineId}
  POST /file
  POST /admin/auth/refresh-tokens
`
  .trim()
  .split('\n')
  .map((line) => line.trim())

// Parameter names are each module's choice; the shape of the path is the contract.
const shapeOf = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`

describe('operations', () => {
  it('reports health with the database up', async () => {
    const body = expectEnvelope(await t.call('GET', '/api/health', undefined, anonymous), 200)
    expect(body.data.database).toBe('up')
    // Without REDIS_URL the limits are each process's own, and the check says so.
    expect(body.data.redis).toBe('notConfigured')
    expect(typeof body.data.uptimeSeconds).toBe('number')
  })

  it('serves a home page that links the API documentation', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/' })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^text\/html/)
    expect(answer.body).toContain('href="/api/docs"')
  })

  it('publishes an OpenAPI 3 document with every call of the spec under /api', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(answer.statusCode).toBe(200)
    const document = answer.json() as { openapi: string; paths: Record<string, Record<string, unknown>> }
    expect(document.openapi).toMatch(/^3\./)
    const published = new Set(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => shapeOf(method, path)),
      ),
    )
    const missing = SPEC_CALLS.map((call) => {
      const [method, path] = call.split(' ')
      return shapeOf(method!, `/api${path}`)
    }).filter((call) => !published.has(call))
    expect(missing).toEqual([])
  })

  it('serves the documentation page', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/docs' })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^text\/html/)
    expect(answer.body).toMatch(/swagger/i)
  })

  it('answers an unknown /api path or method with a 404 envelope, signed in or not', async () => {
    for (const headers of [anonymous, t.auth]) {
      const body = expectEnvelope(await t.call('GET', '/api/no-such-thing', undefined, headers), 404)
      expect(body.message).toContain('/api/no-such-thing')
      expect(body.data).toBeNull()
    }
    expectEnvelope(await t.call('PATCH', '/api/admin/categories', { name: 'x' }), 404)
  })

  it('echoes a given x-request-id and makes one when absent or unusable', async () => {
    const given = await t.call('GET', '/api/health', undefined, { 'x-request-id': 'trace-abc_123' })
    expect(given.headers['x-request-id']).toBe('trace-abc_123')
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
    const made = await t.call('GET', '/api/health', undefined, anonymous)
    expect(made.headers['x-request-id']).toMatch(uuid)
    const other = await t.call('GET', '/api/health', undefined, anonymous)
    expect(other.headers['x-request-id']).not.toBe(made.headers['x-request-id'])
    for (const unusable of ['has spaces', 'x'.repeat(65), '<script>']) {
      const answer = await t.call('GET', '/api/health', undefined, { 'x-request-id': unusable })
      expect(answer.headers['x-request-id']).toMatch(uuid)
    }
    // Error answers carry it too.
    const missing = await t.call('GET', '/api/nowhere', undefined, { 'x-request-id': 'trace-404' })
    expect(missing.headers['x-request-id']).toBe('trace-404')
  })

  it('refuses malformed JSON with a 400 envelope naming the body', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      headers: { ...t.auth, 'content-type': 'application/json' },
      payload: '{"name": "Áo",',
    })
    const parsed: Answer = { statusCode: answer.statusCode, body: answer.json(), headers: answer.headers }
    const body = expectEnvelope(parsed, 400)
    expect(body.errors.body).toEqual(expect.any(String))
    expect(body.message).toContain('body')
    expectNoInternals(parsed)
  })

  it('refuses an undecodable address with a 400 envelope', async () => {
    const answer = await t.call('GET', '/api/admin/categories/%zz')
    const body = expectEnvelope(answer, 400)
    expect(body.errors).toEqual({ url: expect.any(String) })
    expect(answer.headers['x-request-id']).toEqual(expect.any(String))
  })

  it('refuses a NUL character, which PostgreSQL text cannot hold, naming the field', async () => {
    const search = expectEnvelope(await t.call('GET', '/api/admin/categories?name=%00'), 400)
    expect(search.errors).toEqual({ name: expect.any(String) })
    const body = expectEnvelope(await t.call('POST', '/api/admin/categories', { name: 'Áo\u0000thun' }), 400)
    expect(body.errors).toEqual({ name: expect.any(String) })
    const nested = expectEnvelope(
      await t.call('PUT', `/api/admin/users/${t.adminId}`, { name: 'x', extra: [{ deep: '\u0000' }] }),
      400,
    )
    expect(nested.errors).toEqual({ 'extra.0.deep': expect.any(String) })
    // In a path id as well, on every route, before any handler: the id is named.
    for (const [method, url, field] of [
      ['GET', '/api/admin/categories/1%00', 'id'],
      ['DELETE', '/api/admin/auth/sessions/%00', 'id'],
      ['DELETE', '/api/admin/orders/1/detail/%00', 'id'],
      ['DELETE', '/api/admin/product-reviews/%00', 'commentId'],
      ['DELETE', '/api/admin/product-reviews/1?productId=%00', 'productId'],
    ] as const) {
      const refused = expectEnvelope(await t.call(method, url), 400)
      expect(refused.errors, url).toEqual({ [field]: 'Must not contain the NUL character' })
    }
    // A stored file's path is no id: anything odd in it is a file that is not there.
    expect((await t.call('GET', '/api/file/2026/11/%00.webp')).statusCode).toBe(404)
  })

  it('refuses an oversized JSON body with a 413 envelope', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      headers: { ...t.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    })
    const parsed: Answer = { statusCode: answer.statusCode, body: answer.json(), headers: answer.headers }
    expect(expectEnvelope(parsed, 413).message).toMatch(/too large/i)
  })

  it('never shows a stack trace or SQL in an error answer', async () => {
    // Every kind of refusal a client can cause…
    await t.call('POST', '/api/admin/categories', { name: 'Giày dép' })
    const answers = [
      await t.call('GET', '/api/nowhere'),
      await t.call('GET', '/api/admin/categories/99999999999999999999'),
      await t.call('GET', '/api/admin/categories?page=-1'),
      await t.call('POST', '/api/admin/categories', { name: 'Giày dép' }),
      await t.call('POST', '/api/admin/categories', [1, 2]),
      await t.call('GET', ME, undefined, bearer('not.a.jwt')),
      await t.call('POST', LOGIN, { email: "' or 1=1 --", password: 'x' }, anonymous),
    ]
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 400, 409, 400, 401, 400])
    for (const answer of answers) expectNoInternals(answer)

    // …and a failure of the server's own: a query PostgreSQL rejects, on a route made for this test.
    const app = await buildApp({
      checkAnswers: true,
      config: t.config,
      database: t.database,
      jwtSecret: new TextEncoder().encode('another-secret-another-secret-0123456789'),
    })
    app.get('/broken', async () => rows(t.database.db, sql`select secret_column from no_such_table`))
    try {
      const answer = await app.inject({ method: 'GET', url: '/broken' })
      const parsed: Answer = { statusCode: answer.statusCode, body: answer.json(), headers: answer.headers }
      expect(expectEnvelope(parsed, 500).message).toMatch(/logged/)
      expect(answer.body).not.toMatch(/no_such_table|secret_column/)
      expectNoInternals(parsed)
    } finally {
      await app.close()
    }
  })
})

describe('sign-in', () => {
  it('answers tokens and the signed-in administrator', async () => {
    const before = Date.now()
    const data = await login(t, ADMIN)
    for (const token of [data.tokens.access, data.tokens.refresh]) {
      expect(token).toEqual({ token: expect.any(String), expires: expect.any(String) })
      expect(Date.parse(token.expires)).toBeGreaterThan(before)
      expect(new Date(token.expires).toISOString()).toBe(token.expires)
    }
    expect(Date.parse(data.tokens.refresh.expires)).toBeGreaterThan(Date.parse(data.tokens.access.expires))
    expect(data.user).toEqual({
      id: String(t.adminId),
      _id: String(t.adminId),
      name: 'Test Admin',
      email: ADMIN.email,
      avatar: null,
      role: 'admin',
      permissions: [...ROLE_PERMISSIONS.admin],
      twoFactor: false,
    })
    const me = expectEnvelope(await t.call('GET', ME, undefined, bearer(data.tokens.access.token)), 200)
    expect(me.data).toEqual(data.user)
  })

  it('ignores the case of the email', async () => {
    await login(t, { email: ADMIN.email.toUpperCase(), password: ADMIN.password })
  })

  it('gives a wrong password, an unknown email and a customer account the same 401', async () => {
    const wrong = expectEnvelope(
      await t.call('POST', LOGIN, { email: ADMIN.email, password: 'Wrong12345' }, anonymous),
      401,
    )
    const unknown = expectEnvelope(
      await t.call('POST', LOGIN, { email: 'nobody@test.example', password: 'Wrong12345' }, anonymous),
      401,
    )
    const customer = expectEnvelope(await t.call('POST', LOGIN, CUSTOMER, anonymous), 401)
    expect(wrong.message).toBe('Incorrect email or password')
    expect(unknown.message).toBe(wrong.message)
    expect(customer.message).toBe(wrong.message)
    expect(customer.data).toBeNull()
  })

  it('refuses a bad email format or a missing field with the field named', async () => {
    const format = expectEnvelope(
      await t.call('POST', LOGIN, { email: 'not-an-email', password: 'x' }, anonymous),
      400,
    )
    expect(format.errors).toEqual({ email: 'Enter a valid email address' })
    expect(format.message).toContain('email')
    const missing = expectEnvelope(await t.call('POST', LOGIN, { email: ADMIN.email }, anonymous), 400)
    expect(missing.errors).toEqual({ password: 'This field is required' })
    const empty = expectEnvelope(await t.call('POST', LOGIN, {}, anonymous), 400)
    expect(Object.keys(empty.errors).sort()).toEqual(['email', 'password'])
  })
})

describe('refresh and logout', () => {
  it('rotates: each refresh token works once and answers a working pair', async () => {
    const first = await login(t, ADMIN)
    const second = expectEnvelope(
      await t.call('POST', REFRESH, { refreshToken: first.tokens.refresh.token }, anonymous),
      200,
    ).data.tokens
    expect(second.refresh.token).not.toBe(first.tokens.refresh.token)
    expectEnvelope(await t.call('GET', ME, undefined, bearer(second.access.token)), 200)
    const third = expectEnvelope(
      await t.call('POST', REFRESH, { refreshToken: second.refresh.token }, anonymous),
      200,
    ).data.tokens
    expect(third.refresh.token).not.toBe(second.refresh.token)
  })

  it('treats a spent refresh token shown again as theft: every session of the account ends', async () => {
    // An account of its own: the theft ends every session of it, the test administrator's would go too.
    const VICTIM = { email: 'victim@test.example', password: 'Victim1234' }
    await t.database.db.insert(users).values({
      name: 'Victim',
      email: VICTIM.email,
      passwordHash: await hashPassword(VICTIM.password),
      role: 'admin',
    })
    const first = await login(t, VICTIM)
    const elsewhere = await login(t, VICTIM)
    const second = expectEnvelope(
      await t.call('POST', REFRESH, { refreshToken: first.tokens.refresh.token }, anonymous),
      200,
    ).data.tokens
    const reused = expectEnvelope(
      await t.call('POST', REFRESH, { refreshToken: first.tokens.refresh.token }, anonymous),
      401,
    )
    expect(reused.message).toMatch(/sign in again/)
    expectEnvelope(await t.call('POST', REFRESH, { refreshToken: second.refresh.token }, anonymous), 401)
    for (const access of [second.access.token, elsewhere.tokens.access.token]) {
      expect(expectEnvelope(await t.call('GET', ME, undefined, bearer(access)), 401).code).toBe(
        'sessionEnded',
      )
    }
    expectEnvelope(
      await t.call('POST', REFRESH, { refreshToken: elsewhere.tokens.refresh.token }, anonymous),
      401,
    )
    // Other accounts are not touched.
    expectEnvelope(await t.call('GET', ME), 200)
  })

  it('refuses an unknown or missing refresh token', async () => {
    expectEnvelope(await t.call('POST', REFRESH, { refreshToken: 'made-up' }, anonymous), 401)
    const missing = expectEnvelope(await t.call('POST', REFRESH, {}, anonymous), 400)
    expect(missing.errors).toEqual({ refreshToken: 'This field is required' })
  })

  it('logs out with 204: the session ends, its access and refresh tokens then fail', async () => {
    const session = await login(t, ADMIN)
    const access = bearer(session.tokens.access.token)
    const out = await t.call('POST', LOGOUT, { refreshToken: session.tokens.refresh.token }, access)
    expect(out.statusCode).toBe(204)
    expect(out.body).toBeNull()
    expectEnvelope(
      await t.call('POST', REFRESH, { refreshToken: session.tokens.refresh.token }, anonymous),
      401,
    )
    expect(expectEnvelope(await t.call('GET', ME, undefined, access), 401).code).toBe('sessionEnded')
    expect(
      expectEnvelope(
        await t.call('POST', LOGOUT, { refreshToken: session.tokens.refresh.token }, access),
        401,
      ).code,
    ).toBe('sessionEnded')
    // The test administrator's own session, another one of the same account, is still signed in.
    expectEnvelope(await t.call('GET', ME), 200)
  })

  it('still signs out with a refresh token already spent: the state the client wants', async () => {
    const session = await login(t, ADMIN)
    const access = bearer(session.tokens.access.token)
    const renewed = expectEnvelope(
      await t.call('POST', REFRESH, { refreshToken: session.tokens.refresh.token }, anonymous),
      200,
    ).data.tokens
    // The client signs out with the token it had before the renewal: the session ends all the same.
    const out = await t.call('POST', LOGOUT, { refreshToken: session.tokens.refresh.token }, access)
    expect(out.statusCode).toBe(204)
    expect(expectEnvelope(await t.call('GET', ME, undefined, access), 401).code).toBe('sessionEnded')
    expectEnvelope(await t.call('POST', REFRESH, { refreshToken: renewed.refresh.token }, anonymous), 401)
  })

  it('needs a bearer token and a refresh token to log out', async () => {
    const session = await login(t, ADMIN)
    expectEnvelope(
      await t.call('POST', LOGOUT, { refreshToken: session.tokens.refresh.token }, anonymous),
      401,
    )
    const missing = expectEnvelope(await t.call('POST', LOGOUT, {}, bearer(session.tokens.access.token)), 400)
    expect(missing.errors.refreshToken).toBe('This field is required')
    // The refused logout left the session alive.
    expectEnvelope(
      await t.call('POST', REFRESH, { refreshToken: session.tokens.refresh.token }, anonymous),
      200,
    )
  })
})

describe('the signed-in account', () => {
  it('answers /me, and 401 without a valid token', async () => {
    const me = expectEnvelope(await t.call('GET', ME), 200)
    expect(me.data).toMatchObject({ id: String(t.adminId), email: ADMIN.email, role: 'admin' })
    expectEnvelope(await t.call('GET', ME, undefined, anonymous), 401)
    expectEnvelope(await t.call('GET', ME, undefined, { authorization: 'Basic YWRtaW46YWRtaW4=' }), 401)
    expectEnvelope(await t.call('GET', ME, undefined, bearer('not.a.jwt')), 401)
  })

  it('answers 403 to a valid access token of a customer', async () => {
    // A live session of the customer's own, as a leaked key could make one: only the role refuses it.
    const sessionId = newSessionId()
    await t.database.db.insert(sessions).values({ id: sessionId, userId: customerId })
    // The role comes from the account, not from the token's claim.
    for (const claim of ['user', 'admin']) {
      const { token } = await signAccessToken(t.app.services, customerId, claim, sessionId)
      const body = expectEnvelope(await t.call('GET', ME, undefined, bearer(token)), 403)
      expect(body.code).toBe('adminsOnly')
      expect(body.message).toMatch(/administrator/i)
      expectEnvelope(await t.call('GET', '/api/admin/categories', undefined, bearer(token)), 403)
    }
    // Another account's session does not pass for the customer's either.
    const { token } = await signAccessToken(t.app.services, customerId, 'admin', t.sessionId)
    expect(expectEnvelope(await t.call('GET', ME, undefined, bearer(token)), 401).code).toBe('sessionEnded')
  })

  it('answers 401 to a token of an account that no longer exists', async () => {
    const { token } = await signAccessToken(t.app.services, 987_654, 'admin', t.sessionId)
    expect(expectEnvelope(await t.call('GET', ME, undefined, bearer(token)), 401).code).toBe('accountGone')
  })

  it('answers 401 to a token signed with another secret', async () => {
    const forged = { ...t.app.services, jwtSecret: new TextEncoder().encode('x'.repeat(40)) }
    const { token } = await signAccessToken(forged, t.adminId, 'admin', t.sessionId)
    expectEnvelope(await t.call('GET', ME, undefined, bearer(token)), 401)
  })
})

describe('change password', () => {
  const BOSS = { email: 'boss@test.example', password: 'Boss12345' }
  let bossSession: Awaited<ReturnType<typeof login>>
  let otherSession: Awaited<ReturnType<typeof login>>
  let as: Record<string, string>

  beforeAll(async () => {
    await t.database.db.insert(users).values({
      name: 'Boss',
      email: BOSS.email,
      passwordHash: await hashPassword(BOSS.password),
      role: 'admin',
    })
    bossSession = await login(t, BOSS)
    otherSession = await login(t, BOSS)
    as = bearer(bossSession.tokens.access.token)
  })

  it('refuses a wrong current password with the field named', async () => {
    const body = expectEnvelope(
      await t.call('PUT', CHANGE_PASSWORD, { currentPassword: 'Wrong12345', password: 'NewPass123' }, as),
      400,
    )
    expect(Object.keys(body.errors)).toEqual(['currentPassword'])
    expect(body.message).toContain('currentPassword')
  })

  it('applies the password rules of the spec with its messages', async () => {
    const cases: [unknown, string][] = [
      [undefined, 'Password is required'],
      ['', 'Password is required'],
      ['abc1', 'Password must be at least 8 characters'],
      [`abcdefgh1${'x'.repeat(120)}`, 'Password must be at most 128 characters'],
      ['abcdefghij', 'Password must contain at least one number'],
    ]
    for (const [password, message] of cases) {
      const body = expectEnvelope(
        await t.call('PUT', CHANGE_PASSWORD, { currentPassword: BOSS.password, password }, as),
        400,
      )
      expect(body.errors.password).toBe(message)
      expect(body.message).toContain('password')
    }
    const noCurrent = expectEnvelope(
      await t.call('PUT', CHANGE_PASSWORD, { password: 'NewPass123' }, as),
      400,
    )
    expect(noCurrent.errors).toEqual({ currentPassword: 'This field is required' })
    // Nothing changed: the old password still signs in.
    await login(t, BOSS)
  })

  it('needs a signed-in administrator', async () => {
    expectEnvelope(
      await t.call(
        'PUT',
        CHANGE_PASSWORD,
        { currentPassword: BOSS.password, password: 'NewPass123' },
        anonymous,
      ),
      401,
    )
  })

  it('changes the password, answers new tokens and ends every older session', async () => {
    const body = expectEnvelope(
      await t.call('PUT', CHANGE_PASSWORD, { currentPassword: BOSS.password, password: 'NewPass123' }, as),
      200,
    )
    expect(body.message).toBe('Change password successfully')
    const fresh = body.data.tokens
    expect(fresh.access).toEqual({ token: expect.any(String), expires: expect.any(String) })
    expectEnvelope(await t.call('GET', ME, undefined, bearer(fresh.access.token)), 200)
    // The new refresh token works…
    const next = expectEnvelope(
      await t.call('POST', REFRESH, { refreshToken: fresh.refresh.token }, anonymous),
      200,
    ).data.tokens
    expect(next.refresh.token).not.toBe(fresh.refresh.token)
    // The session that changed it goes on; the other one ended at once, its access token too.
    expectEnvelope(await t.call('GET', ME, undefined, as), 200)
    const ended = expectEnvelope(
      await t.call('GET', ME, undefined, bearer(otherSession.tokens.access.token)),
      401,
    )
    expect(ended.code).toBe('sessionEnded')
    // …the refresh tokens issued before the change do not, the changing session's own included.
    for (const old of [otherSession, bossSession]) {
      expectEnvelope(
        await t.call('POST', REFRESH, { refreshToken: old.tokens.refresh.token }, anonymous),
        401,
      )
    }
    // The new password signs in; the old one no longer does.
    await login(t, { email: BOSS.email, password: 'NewPass123' })
    expectEnvelope(await t.call('POST', LOGIN, BOSS, anonymous), 401)
  })
})

describe('token expiry', () => {
  it('answers 401 once the access token has expired; the refresh token still renews it', async () => {
    let now = new Date('2026-03-01T08:00:00Z').getTime()
    const timed = await startApp({ now: () => new Date(now) })
    try {
      const session = await login(timed, ADMIN)
      expect(session.tokens.access.expires).toBe(
        new Date(now + timed.config.ACCESS_TOKEN_MINUTES * 60_000).toISOString(),
      )
      const access = bearer(session.tokens.access.token)
      expectEnvelope(await timed.call('GET', ME, undefined, access), 200)
      now += timed.config.ACCESS_TOKEN_MINUTES * 60_000 + 1000
      const expired = expectEnvelope(await timed.call('GET', ME, undefined, access), 401)
      expect(expired.message).toMatch(/expired/)
      const renewed = expectEnvelope(
        await timed.call('POST', REFRESH, { refreshToken: session.tokens.refresh.token }, anonymous),
        200,
      ).data.tokens
      expectEnvelope(await timed.call('GET', ME, undefined, bearer(renewed.access.token)), 200)
      // A refresh token past its own lifetime is refused too.
      now += timed.config.REFRESH_TOKEN_DAYS * 86_400_000 + 1000
      expectEnvelope(
        await timed.call('POST', REFRESH, { refreshToken: renewed.refresh.token }, anonymous),
        401,
      )
    } finally {
      await timed.close()
    }
  })
})
