import { pathOf } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeFetch, ok, refusal } from '../test/fake-fetch.ts'
import { dropEarlyAnswers, EARLY_ADDRESSES, startEarlySession, takeEarlyAnswer } from './early-session.ts'
import { api, tokens } from './http.ts'

// The session's first calls, started before the app's code has run, and handed to the app's own first calls.

const me = { id: 'a1', name: 'Administrator', email: 'admin@example.com', role: 'admin', permissions: [] }
const config = { storeTimeZone: 'Asia/Ho_Chi_Minh', uploadMaxMb: 5, lowStockThreshold: 5 }

describe('the early session calls', () => {
  afterEach(() => {
    dropEarlyAnswers()
    localStorage.clear()
  })

  it('are the addresses the app asks for /me and /config', () => {
    expect(EARLY_ADDRESSES).toEqual([pathOf(endpoints.auth.me), pathOf(endpoints.operations.config)])
  })

  it('ask nothing without a stored session', () => {
    const fake = fakeFetch({})
    startEarlySession()
    expect(fake.calls).toEqual([])
    expect(takeEarlyAnswer('GET', pathOf(endpoints.auth.me), null)).toBeUndefined()
  })

  it('start /me and /config with the stored token and language, and the app takes their answers instead of asking', async () => {
    localStorage.setItem('token', 'access-1')
    localStorage.setItem('language', 'vi')
    const fake = fakeFetch({
      'GET /api/admin/auth/me': () => ok(me),
      'GET /api/admin/config': () => ok(config),
    })
    startEarlySession()
    expect(fake.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/admin/auth/me',
      'GET /api/admin/config',
    ])
    expect(fake.calls[0]!.headers.authorization).toBe('Bearer access-1')
    expect(fake.calls[0]!.headers['accept-language']).toBe('vi')
    expect((await api(endpoints.auth.me)).data).toEqual(me)
    expect((await api(endpoints.operations.config)).data).toEqual(config)
    expect(fake.calls).toHaveLength(2)
    // Taken once: the next call asks the server.
    await api(endpoints.auth.me)
    expect(fake.calls).toHaveLength(3)
  })

  it('are not handed to a call with another token, another method, or after the session ended', () => {
    localStorage.setItem('token', 'access-1')
    fakeFetch({ 'GET /api/admin/auth/me': () => ok(me), 'GET /api/admin/config': () => ok(config) })
    startEarlySession()
    const path = pathOf(endpoints.auth.me)
    expect(takeEarlyAnswer('GET', path, 'access-2')).toBeUndefined()
    expect(takeEarlyAnswer('PUT', path, 'access-1')).toBeUndefined()
    tokens.clear()
    expect(takeEarlyAnswer('GET', path, 'access-1')).toBeUndefined()
  })

  it('hand over a 401 as it came, so the app refreshes the session as it would for its own call', async () => {
    localStorage.setItem('token', 'expired')
    localStorage.setItem('refreshToken', 'refresh-1')
    const fake = fakeFetch({
      'GET /api/admin/auth/me': [() => refusal(401, 'sessionExpired'), () => ok(me)],
      'GET /api/admin/config': () => ok(config),
      'POST /api/admin/auth/refresh-tokens': () =>
        ok({
          tokens: {
            access: { token: 'access-2', expires: '2026-06-04T01:00:00Z' },
            refresh: { token: 'refresh-2', expires: '2026-07-04T00:00:00Z' },
          },
        }),
    })
    startEarlySession()
    expect((await api(endpoints.auth.me)).data).toEqual(me)
    expect(fake.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/admin/auth/me',
      'GET /api/admin/config',
      'POST /api/admin/auth/refresh-tokens',
      'GET /api/admin/auth/me',
    ])
    expect(fake.calls[3]!.headers.authorization).toBe('Bearer access-2')
  })
})
