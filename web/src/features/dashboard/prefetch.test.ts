import { ROLE_PERMISSIONS } from '@store/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../lib/query-client.ts'
import { fakeFetch, ok, refusal } from '../../test/fake-fetch.ts'
import { recentOrdersQuery } from './api/get-recent-orders.ts'
import { reportQuery } from './api/get-report.ts'
import { salesFiguresQuery } from './api/get-sales-figures.ts'
import { stockProductsQuery } from './api/get-stock-products.ts'
import { prefetchDashboard } from './prefetch.ts'

// 23:30 on 4 June in UTC is already 5 June in Hồ Chí Minh City: 'today' is the store's day.
const NOW = new Date('2026-06-04T23:30:00Z')

const account = (role: 'admin' | 'staff', permissions = [...ROLE_PERMISSIONS[role]]) => ({
  id: 'a1',
  _id: 'a1',
  name: 'Administrator',
  email: 'admin@example.com',
  avatar: null,
  role,
  permissions,
  twoFactor: false,
})

const list = () => ok([], { meta: { page: 1, limit: 5, totalPages: 0, totalResults: 0 } })

function serve(me = account('admin')) {
  return fakeFetch({
    'GET /api/admin/auth/me': () => ok(me),
    'GET /api/admin/config': () =>
      ok({ storeTimeZone: 'Asia/Ho_Chi_Minh', uploadMaxMb: 5, lowStockThreshold: 5 }),
    'GET /api/admin/analytics': () => ok({}),
    'GET /api/admin/analytics/report': () => ok({}),
    'GET /api/admin/orders': list,
    'GET /api/admin/products': list,
  })
}

const DATA_CALLS = [
  'GET /api/admin/analytics',
  'GET /api/admin/analytics/report',
  'GET /api/admin/orders',
  'GET /api/admin/products',
] as const

describe('prefetchDashboard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(NOW)
  })
  afterEach(() => {
    vi.useRealTimers()
    localStorage.clear()
  })

  it('asks for every call of the dashboard once the session is checked, under the keys the screen reads', async () => {
    localStorage.setItem('token', 'access-1')
    const fake = serve()
    const queryClient = createQueryClient()
    await prefetchDashboard(queryClient, new URL('http://shop.test/?period=last-month&compare=previous'))
    expect(fake.callsTo('GET /api/admin/auth/me')).toHaveLength(1)
    expect(fake.callsTo('GET /api/admin/config')).toHaveLength(1)
    for (const call of DATA_CALLS) expect(fake.callsTo(call).length).toBeGreaterThan(0)
    // Last month of the store's calendar (5 June in its zone), compared with the month before, by day.
    const report = { from: '2026-05-01', to: '2026-05-31', interval: 'day', compare: 'previous' } as const
    for (const query of [
      reportQuery(report),
      salesFiguresQuery(),
      recentOrdersQuery(),
      stockProductsQuery('out'),
      stockProductsQuery('low'),
    ])
      expect(queryClient.getQueryData(query.queryKey)).toBeDefined()
  })

  it('asks for nothing without a stored session', async () => {
    const fake = serve()
    await prefetchDashboard(createQueryClient(), new URL('http://shop.test/'))
    expect(fake.calls).toHaveLength(0)
  })

  it("asks for none of the dashboard's calls for an account that may not read it", async () => {
    localStorage.setItem('token', 'access-1')
    const fake = serve(account('staff', []))
    await prefetchDashboard(createQueryClient(), new URL('http://shop.test/'))
    expect(fake.callsTo('GET /api/admin/auth/me')).toHaveLength(1)
    for (const call of DATA_CALLS) expect(fake.callsTo(call)).toHaveLength(0)
  })

  it('leaves a refused session check to the session, asking for nothing more', async () => {
    localStorage.setItem('token', 'access-1')
    const fake = fakeFetch({
      'GET /api/admin/auth/me': () => refusal(401, 'sessionEnded'),
      'POST /api/admin/auth/refresh': () => refusal(401, 'sessionEnded'),
      'GET /api/admin/config': () =>
        ok({ storeTimeZone: 'Asia/Ho_Chi_Minh', uploadMaxMb: 5, lowStockThreshold: 5 }),
    })
    await expect(
      prefetchDashboard(createQueryClient(), new URL('http://shop.test/')),
    ).resolves.toBeUndefined()
    for (const call of DATA_CALLS) expect(fake.callsTo(call)).toHaveLength(0)
  })
})
