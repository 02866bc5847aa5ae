import { ROLE_PERMISSIONS } from '@store/contract'
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { OrderListPage } from '../features/orders/order-list-page.tsx'
import { ProductListPage } from '../features/products/product-list-page.tsx'
import { prefetchList } from '../lib/prefetch-list.ts'
import { createQueryClient } from '../lib/query-client.ts'
import { fakeFetch, ok } from '../test/fake-fetch.ts'
import { renderAt } from '../test/render.tsx'

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
const empty = () => ok([], { meta: { page: 1, limit: 10, totalPages: 0, totalResults: 0 } })

function serve(me = account('admin')) {
  return fakeFetch({
    'GET /api/admin/auth/me': () => ok(me),
    'GET /api/admin/config': () =>
      ok({ storeTimeZone: 'Asia/Ho_Chi_Minh', uploadMaxMb: 5, lowStockThreshold: 5 }),
    'GET /api/admin/orders': empty,
    'GET /api/admin/products': empty,
    'GET /api/admin/categories/all': () => ok([]),
    'GET /api/admin/brands/all': () => ok([]),
  })
}

afterEach(() => localStorage.clear())

describe('prefetchList', () => {
  it.each([
    ['/admin/products', 'GET /api/admin/products', <ProductListPage key="p" />],
    ['/admin/orders', 'GET /api/admin/orders', <OrderListPage key="o" />],
  ] as const)(
    'starts %s’s first page under the key its screen reads: the screen asks for it no second time',
    async (address, call, page) => {
      localStorage.setItem('token', 'access-1')
      const fake = serve()
      const queryClient = createQueryClient()
      await prefetchList(queryClient, new URL(`http://shop.test${address}`))
      expect(fake.callsTo(call)).toHaveLength(1)
      renderAt(page, address, '*', { queryClient })
      await screen.findByRole('table')
      expect(fake.callsTo(call)).toHaveLength(1)
    },
  )

  it('starts the product filters’ categories and brands beside the first page: the screen asks for them no second time', async () => {
    localStorage.setItem('token', 'access-1')
    const fake = serve()
    const queryClient = createQueryClient()
    await prefetchList(queryClient, new URL('http://shop.test/admin/products'))
    const choices = ['GET /api/admin/categories/all', 'GET /api/admin/brands/all']
    expect(choices.map((call) => fake.callsTo(call).length)).toEqual([1, 1])
    renderAt(<ProductListPage />, '/admin/products', '*', { queryClient })
    await screen.findByRole('table')
    expect(choices.map((call) => fake.callsTo(call).length)).toEqual([1, 1])
  })

  it('asks for nothing without a session, for another address or a narrowed list, or without the permission', async () => {
    const fake = serve(account('staff', ['dashboard:read']))
    await prefetchList(createQueryClient(), new URL('http://shop.test/admin/products'))
    localStorage.setItem('token', 'access-1')
    await prefetchList(createQueryClient(), new URL('http://shop.test/admin/users'))
    await prefetchList(createQueryClient(), new URL('http://shop.test/admin/orders?q=0909'))
    expect(fake.calls).toHaveLength(0)
    await prefetchList(createQueryClient(), new URL('http://shop.test/admin/orders'))
    expect(fake.callsTo('GET /api/admin/auth/me')).toHaveLength(1)
    expect(fake.callsTo('GET /api/admin/orders')).toHaveLength(0)
  })
})
