import { allEndpoints, endpoints, pathOf } from '@store/contract'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireTableEntry } from '../../src/lib/endpoints.ts'
import { startApp, type TestApp } from '../helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await startApp()
})
afterAll(() => t.close())

const openApiPath = (path: string) => `/api${path.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')}`

describe('the endpoint table', () => {
  it('has a route for every entry', () => {
    const missing = allEndpoints.filter((e) => !t.app.hasRoute({ method: e.method, url: `/api${e.path}` }))
    expect(missing.map((e) => `${e.method} ${e.path}`)).toEqual([])
  })

  it('has one entry for each method and path', () => {
    const keys = allEndpoints.map((e) => `${e.method} ${e.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('is the OpenAPI document, operation for operation', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    const documented = Object.entries(doc.paths as Record<string, Record<string, { summary: string }>>)
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.summary}`),
      )
      .filter((line) => !line.startsWith('HEAD '))
      .sort()
    const table = allEndpoints.map((e) => `${e.method} ${openApiPath(e.path)} ${e.summary}`).sort()
    expect(documented).toEqual(table)
  })

  it('refuses, at start-up, a route written outside it', async () => {
    const app = Fastify()
    app.addHook('onRoute', requireTableEntry)
    expect(() => app.get('/api/admin/by-hand', async () => ({}))).toThrow(/not in the endpoint table/)
    // Inside a plugin, as every module is, the start itself fails.
    app.register(async (api) => {
      api.post('/api/admin/by-hand', async () => ({}))
    })
    await expect(app.ready()).rejects.toThrow(/POST \/api\/admin\/by-hand is not in the endpoint table/)
  })

  it('fills a call’s address from its parameters', () => {
    expect(pathOf(endpoints.products.get, { id: '7' })).toBe('/api/admin/products/7')
    expect(pathOf(endpoints.orders.lines, { orderId: 'a/b', id: '3' })).toBe(
      '/api/admin/orders/a%2Fb/detail/3',
    )
    expect(pathOf(endpoints.files.get, { '*': '/2026/11/x.webp' })).toBe('/api/file/2026/11/x.webp')
    expect(() => pathOf(endpoints.users.get, {})).toThrow(/no value for :id/)
  })

  it('answers the store’s settings the web app follows', async () => {
    const answer = await t.call('GET', '/api/admin/config')
    expect(answer.statusCode).toBe(200)
    expect(answer.body.data).toEqual({
      storeTimeZone: t.config.STORE_TZ,
      uploadMaxMb: t.config.UPLOAD_MAX_MB,
      lowStockThreshold: t.config.LOW_STOCK_THRESHOLD,
    })
    expect((await t.call('GET', '/api/admin/config', undefined, {})).statusCode).toBe(401)
  })
})
