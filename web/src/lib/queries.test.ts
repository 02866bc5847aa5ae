import { allEndpoints, type Resource } from '@store/contract'
import { endpoints } from '@store/contract/client'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { invalidateAfter, queryKeys, SHOWN_IN, staleAfter } from './queries.ts'

/** A cache holding one answer of every call of the table, as a busy session would. */
function cacheOfEveryCall() {
  const client = new QueryClient()
  for (const endpoint of allEndpoints)
    client.setQueryData(queryKeys.of(endpoint, { query: { page: 1 } } as never), {})
  return client
}
const stale = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.isStale())
    .map((q) => `${String(q.queryKey[0])}.${String(q.queryKey[1])}`)
    .sort()

describe('queryKeys', () => {
  it('keys a call by its resource, its name and its input', () => {
    expect(queryKeys.of(endpoints.products.list, { query: { page: 2, name: 'áo' } })).toEqual([
      'products',
      'list',
      { query: { page: 2, name: 'áo' } },
    ])
    expect(queryKeys.of(endpoints.analytics.figures)).toEqual(['analytics', 'figures', {}])
  })

  it('tells calls and inputs apart', () => {
    const keys = [
      queryKeys.of(endpoints.products.list, { query: { page: 1 } }),
      queryKeys.of(endpoints.products.list, { query: { page: 2 } }),
      queryKeys.of(endpoints.products.get, { params: { id: '1' } }),
      queryKeys.of(endpoints.brands.get, { params: { id: '1' } }),
    ]
    expect(new Set(keys.map((k) => JSON.stringify(k))).size).toBe(keys.length)
  })

  it("puts every call's key under its resource's, so one invalidation reaches them all", () => {
    for (const endpoint of allEndpoints) {
      const key = queryKeys.of(endpoint)
      expect(key.slice(0, 1), `${endpoint.method} ${endpoint.path}`).toEqual(
        queryKeys.all(endpoint.resource as Resource),
      )
    }
  })
})

describe('what a change makes stale', () => {
  it('knows every resource of the table', () => {
    expect(Object.keys(SHOWN_IN).sort()).toEqual(Object.keys(endpoints).sort())
  })

  it('reaches the rows of other lists that show a name: categories and brands in products', async () => {
    for (const resource of ['categories', 'brands'] as const) {
      const client = cacheOfEveryCall()
      await invalidateAfter(client, resource, 'none')
      expect(stale(client)).toEqual(
        [
          ...Object.keys(endpoints[resource]).map((op) => `${resource}.${op}`),
          ...Object.keys(endpoints.products).map((op) => `products.${op}`),
        ].sort(),
      )
    }
  })

  it('reaches orders and reviews for a customer, and the signed-in profile', () => {
    expect(staleAfter('users')).toEqual(['users', 'orders', 'reviews', 'auth'])
  })

  it("reaches order lines and reviews for a product, the dashboard for an order, a product's rating for a review", () => {
    expect(staleAfter('products')).toEqual(['products', 'orders', 'reviews'])
    expect(staleAfter('orders')).toEqual(['orders', 'analytics'])
    expect(staleAfter('reviews')).toEqual(['reviews', 'products'])
  })

  it('leaves the rest alone', async () => {
    const client = cacheOfEveryCall()
    await invalidateAfter(client, 'orders', 'none')
    expect(stale(client).every((key) => key.startsWith('orders.') || key.startsWith('analytics.'))).toBe(true)
    expect(stale(client)).toContain('analytics.figures')
    expect(stale(client)).toContain('orders.lines')
  })
})
