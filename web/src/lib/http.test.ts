import { endpoints } from '@store/contract/client'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type FetchCall, fakeFetch, json, ok, refusal } from '../test/fake-fetch.ts'
import { ApiError, api, onSessionEnd, tokens } from './http.ts'

const pair = (access: string, refresh: string) => ({
  access: { token: access, expires: '2030-01-01T00:00:00.000Z' },
  refresh: { token: refresh, expires: '2030-01-01T00:00:00.000Z' },
})
const signedIn = (access = 'access-1', refresh = 'refresh-1') => tokens.save(pair(access, refresh))
const bearer = (call: FetchCall) => call.headers.authorization
/** Answers 200 to the new token and 401 to any other, as the server does once a token has expired. */
const acceptOnly = (token: string, data: unknown) => (call: FetchCall) =>
  bearer(call) === `Bearer ${token}` ? ok(data) : refusal(401, 'sessionExpired')
/** Resolves after the other pending work has run, so a test can order concurrent calls. */
const later = <T>(value: T, ms = 20) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms))

afterEach(() => {
  vi.useRealTimers()
})

describe('api: the envelope and its failures', () => {
  it('sends the bearer token and the query without empty values, and answers the whole envelope', async () => {
    signedIn()
    const fake = fakeFetch({ 'GET /api/admin/users': () => ok([{ id: '1' }], { meta: { page: 2 } }) })
    const answer = await api(endpoints.users.list, {
      query: { role: 'user', page: 2, name: '', limit: undefined },
    })
    expect(answer).toEqual({ status: true, data: [{ id: '1' }], message: 'OK', meta: { page: 2 } })
    const [call] = fake.calls
    expect(bearer(call!)).toBe('Bearer access-1')
    expect([...call!.query.entries()]).toEqual([
      ['role', 'user'],
      ['page', '2'],
    ])
  })

  it('sends no authorization header without a token', async () => {
    const fake = fakeFetch({ 'POST /api/admin/auth/login': () => ok({}) })
    await api(endpoints.auth.login, { body: { email: 'a@b.c', password: 'x' } })
    expect(fake.calls[0]!.headers.authorization).toBeUndefined()
    expect(fake.calls[0]!.headers['content-type']).toBe('application/json')
    expect(fake.calls[0]!.body).toEqual({ email: 'a@b.c', password: 'x' })
  })

  it('names the interface language on every call, so the server writes emails in it', async () => {
    const fake = fakeFetch({
      'POST /api/admin/auth/forgot-password': () => ok(null),
      'POST /api/admin/auth/refresh-tokens': [() => ok({ tokens: pair('new-access', 'new-refresh') })],
      'GET /api/admin/users': [() => refusal(401, 'sessionExpired'), () => ok([])],
    })
    await api(endpoints.auth.forgotPassword, { body: { email: 'a@b.c' } })
    await i18next.changeLanguage('vi')
    try {
      signedIn()
      await api(endpoints.users.list)
    } finally {
      await i18next.changeLanguage('en')
    }
    expect(fake.calls.map((c) => `${c.path} ${c.headers['accept-language']}`)).toEqual([
      '/api/admin/auth/forgot-password en',
      '/api/admin/users vi',
      '/api/admin/auth/refresh-tokens vi',
      '/api/admin/users vi',
    ])
  })

  it('sends a FormData as it is, leaving the multipart boundary to the browser', async () => {
    signedIn()
    const fake = fakeFetch({ 'POST /api/file': () => ok(['/2026/11/a.webp']) })
    const form = new FormData()
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png')
    await api(endpoints.files.upload, { body: form })
    expect(fake.calls[0]!.body).toBe(form)
    expect(fake.calls[0]!.headers['content-type']).toBeUndefined()
  })

  it('answers undefined for a 204', async () => {
    signedIn()
    fakeFetch({ 'POST /api/admin/auth/logout': () => new Response(null, { status: 204 }) })
    await expect(api(endpoints.auth.logout, { body: { refreshToken: 'refresh-1' } })).resolves.toBeUndefined()
  })

  it('throws a 400 as an ApiError with its message by code and one message a field', async () => {
    signedIn()
    const phone = { code: 'tooLong', params: { max: 15 } } as const
    fakeFetch({
      'POST /api/admin/users': () => refusal(400, 'email', { email: 'email', phoneNumber: phone }),
    })
    const body = { email: 'x' } as Parameters<typeof api<typeof endpoints.users.create>>[1]['body']
    const error = await api(endpoints.users.create, { body }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      message: 'email: Enter a valid email address',
      code: 'email',
      fields: { email: { code: 'email' }, phoneNumber: phone },
    })
  })

  it('throws a 409 with no field messages when the server names no field', async () => {
    signedIn()
    fakeFetch({
      'DELETE /api/admin/categories/7': () => refusal(409, { code: 'categoryInUse', params: { count: 3 } }),
    })
    await expect(api(endpoints.categories.remove, { params: { id: '7' } })).rejects.toMatchObject({
      status: 409,
      message: 'This category is used by 3 products; move or delete them first',
      code: 'categoryInUse',
      params: { count: 3 },
      fields: {},
    })
  })

  it('throws a 200 whose envelope says status false', async () => {
    signedIn()
    fakeFetch({
      'GET /api/admin/analytics': () => json(200, { status: false, data: null, message: 'No figures' }),
    })
    await expect(api(endpoints.analytics.figures)).rejects.toMatchObject({
      status: 200,
      message: 'No figures',
    })
  })

  it('throws an answer that is not JSON (a proxy page) with its status text', async () => {
    signedIn()
    fakeFetch({
      'GET /api/admin/analytics': () =>
        new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    })
    await expect(api(endpoints.analytics.figures)).rejects.toMatchObject({
      status: 502,
      message: 'Bad Gateway',
      code: undefined,
    })
  })

  it('throws a network failure as ApiError status 0, with no code', async () => {
    signedIn()
    fakeFetch({
      'GET /api/admin/users': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    const error = await api(endpoints.users.list).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 0, code: undefined, fields: {} })
  })

  it('lets an abort through as it is, not as a network failure', async () => {
    signedIn()
    const controller = new AbortController()
    fakeFetch({
      'GET /api/admin/users': () => {
        controller.abort()
        throw new DOMException('The operation was aborted.', 'AbortError')
      },
    })
    const error = await api(endpoints.users.list, { signal: controller.signal }).catch((e: unknown) => e)
    expect(error).not.toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ name: 'AbortError' })
  })
})

describe('api: the session', () => {
  it('refreshes once on a 401, saves the new pair and sends the call again with it', async () => {
    signedIn('old-access', 'old-refresh')
    const fake = fakeFetch({
      'GET /api/admin/users/1': acceptOnly('new-access', { id: '1' }),
      'POST /api/admin/auth/refresh-tokens': [() => ok({ tokens: pair('new-access', 'new-refresh') })],
    })
    const ended = vi.fn()
    const stop = onSessionEnd(ended)
    await expect(api(endpoints.users.get, { params: { id: '1' } })).resolves.toMatchObject({
      data: { id: '1' },
    })
    stop()
    expect(fake.calls.map((c) => `${c.method} ${c.path} ${bearer(c) ?? '-'}`)).toEqual([
      'GET /api/admin/users/1 Bearer old-access',
      'POST /api/admin/auth/refresh-tokens -',
      'GET /api/admin/users/1 Bearer new-access',
    ])
    expect(fake.callsTo('POST /api/admin/auth/refresh-tokens')[0]!.body).toEqual({
      refreshToken: 'old-refresh',
    })
    expect(localStorage.getItem('token')).toBe('new-access')
    expect(localStorage.getItem('refreshToken')).toBe('new-refresh')
    expect(ended).not.toHaveBeenCalled()
  })

  it('shares one refresh between calls that meet a 401 at the same time', async () => {
    signedIn('old-access', 'old-refresh')
    const fake = fakeFetch({
      'GET /api/admin/users': acceptOnly('new-access', []),
      'GET /api/admin/analytics': acceptOnly('new-access', {}),
      'GET /api/admin/auth/me': acceptOnly('new-access', { id: 'admin' }),
      // Only one answer: a second refresh would be a call nobody expected (and, on the real server, a reuse
      // of a rotated token that ends every session).
      'POST /api/admin/auth/refresh-tokens': [() => later(ok({ tokens: pair('new-access', 'new-refresh') }))],
    })
    const answers = await Promise.all([
      api(endpoints.users.list),
      api(endpoints.analytics.figures),
      api(endpoints.auth.me),
    ])
    expect(answers.map((a) => (a as { status: boolean }).status)).toEqual([true, true, true])
    expect(fake.callsTo('POST /api/admin/auth/refresh-tokens')).toHaveLength(1)
    expect(fake.calls.filter((c) => bearer(c) === 'Bearer new-access')).toHaveLength(3)
  })

  it('does not refresh again for a 401 that answers a token already replaced', async () => {
    signedIn('old-access', 'old-refresh')
    // The slow call was sent with the old token and is refused only after the refresh has finished.
    const fake = fakeFetch({
      'GET /api/admin/users': acceptOnly('new-access', []),
      'GET /api/admin/analytics': (call) =>
        bearer(call) === 'Bearer new-access' ? ok({}) : later(refusal(401, 'sessionExpired'), 60),
      'POST /api/admin/auth/refresh-tokens': [() => ok({ tokens: pair('new-access', 'new-refresh') })],
    })
    const ended = vi.fn()
    const stop = onSessionEnd(ended)
    await Promise.all([api(endpoints.users.list), api(endpoints.analytics.figures)])
    stop()
    expect(fake.callsTo('POST /api/admin/auth/refresh-tokens')).toHaveLength(1)
    expect(fake.callsTo('GET /api/admin/analytics').map(bearer)).toEqual([
      'Bearer old-access',
      'Bearer new-access',
    ])
    expect(ended).not.toHaveBeenCalled()
    expect(localStorage.getItem('refreshToken')).toBe('new-refresh')
  })

  it('ends the session when the refresh is refused: tokens cleared, listeners told, the 401 thrown', async () => {
    signedIn('old-access', 'old-refresh')
    const fake = fakeFetch({
      'GET /api/admin/users': [() => refusal(401, 'sessionExpired')],
      'POST /api/admin/auth/refresh-tokens': [() => refusal(401, 'sessionExpired')],
    })
    const ended = vi.fn()
    const stop = onSessionEnd(ended)
    const error = await api(endpoints.users.list).catch((e: unknown) => e)
    stop()
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401 })
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('refreshToken')).toBeNull()
    expect(ended).toHaveBeenCalled()
    expect(fake.calls).toHaveLength(2)
  })

  it('ends the session when the server cannot be reached for the refresh', async () => {
    signedIn()
    fakeFetch({
      'GET /api/admin/users': [() => refusal(401, 'sessionExpired')],
      'POST /api/admin/auth/refresh-tokens': [
        () => {
          throw new TypeError('Failed to fetch')
        },
      ],
    })
    const ended = vi.fn()
    const stop = onSessionEnd(ended)
    await expect(api(endpoints.users.list)).rejects.toMatchObject({ status: 401 })
    stop()
    expect(ended).toHaveBeenCalled()
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('ends the session when a refresh answers something unreadable', async () => {
    signedIn()
    fakeFetch({
      'GET /api/admin/users': [() => refusal(401, 'sessionExpired')],
      'POST /api/admin/auth/refresh-tokens': [() => new Response('not json', { status: 200 })],
    })
    const ended = vi.fn()
    const stop = onSessionEnd(ended)
    await expect(api(endpoints.users.list)).rejects.toMatchObject({ status: 401 })
    stop()
    expect(ended).toHaveBeenCalled()
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('ends the session without asking when there is no refresh token', async () => {
    localStorage.setItem('token', 'only-access')
    fakeFetch({ 'GET /api/admin/users': [() => refusal(401, 'sessionExpired')] })
    const ended = vi.fn()
    const stop = onSessionEnd(ended)
    await expect(api(endpoints.users.list)).rejects.toMatchObject({ status: 401 })
    stop()
    expect(ended).toHaveBeenCalledTimes(1)
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('ends the session when the call is refused again after a good refresh, without a second refresh', async () => {
    signedIn()
    const fake = fakeFetch({
      'GET /api/admin/users': () => refusal(401, 'sessionExpired'),
      'POST /api/admin/auth/refresh-tokens': [() => ok({ tokens: pair('new-access', 'new-refresh') })],
    })
    const ended = vi.fn()
    const stop = onSessionEnd(ended)
    await expect(api(endpoints.users.list)).rejects.toMatchObject({ status: 401 })
    stop()
    expect(fake.callsTo('GET /api/admin/users')).toHaveLength(2)
    expect(ended).toHaveBeenCalledTimes(1)
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('does not refresh for a refused sign-in: wrong credentials are not an expired session', async () => {
    const fake = fakeFetch({
      'POST /api/admin/auth/login': [() => refusal(401, 'wrongCredentials')],
    })
    const ended = vi.fn()
    const stop = onSessionEnd(ended)
    await expect(
      api(endpoints.auth.login, { body: { email: 'a@b.c', password: 'bad' } }),
    ).rejects.toMatchObject({
      status: 401,
      message: 'Incorrect email or password',
    })
    stop()
    expect(fake.calls).toHaveLength(1)
    expect(ended).not.toHaveBeenCalled()
  })

  it('does not refresh for a refused second step of a sign-in: a wrong code ends no session', async () => {
    // A browser that is signed in to another account meanwhile keeps that session.
    signedIn()
    const fake = fakeFetch({
      'POST /api/admin/auth/login/2fa': [() => refusal(401, 'codeWrong')],
    })
    const ended = vi.fn()
    const stop = onSessionEnd(ended)
    await expect(
      api(endpoints.auth.login2fa, { body: { mfaToken: 'mfa', code: '000000' } }),
    ).rejects.toMatchObject({ status: 401, code: 'codeWrong' })
    stop()
    expect(fake.calls).toHaveLength(1)
    expect(ended).not.toHaveBeenCalled()
    expect(localStorage.getItem('token')).toBe('access-1')
  })

  it('stops telling a listener once it unsubscribed', async () => {
    localStorage.setItem('token', 'only-access')
    fakeFetch({ 'GET /api/admin/users': [() => refusal(401, 'sessionExpired')] })
    const ended = vi.fn()
    onSessionEnd(ended)()
    await expect(api(endpoints.users.list)).rejects.toBeInstanceOf(ApiError)
    expect(ended).not.toHaveBeenCalled()
  })
})
