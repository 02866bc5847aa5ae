import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rows } from '../../src/db/client.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// `GET /api/admin/products?stock=out`: the dashboard's "Stock Out Products". Products are made and changed
// through the API itself (create, edit the quantity, delete), so each answer follows what a client did, and
// every total is compared with a count over the rows.

let clock = Date.parse('2026-03-15T03:00:00Z')
const tick = () => {
  clock += 1000
  return new Date(clock)
}
let t: TestApp
const ref = { category: '', brand: '' }

beforeAll(async () => {
  t = await startApp({ now: tick })
  await t.storeFiles('/2026/03/front.webp', '/2026/03/logo.webp')
  ref.category = expectEnvelope(await t.call('POST', '/api/admin/categories', { name: 'Áo' }), 201).data.id
  ref.brand = expectEnvelope(
    await t.call('POST', '/api/admin/brands', { name: 'Việt Tiến', logo: '/2026/03/logo.webp' }),
    201,
  ).data.id
})
afterAll(async () => t.close())

const form = (name: string, quantity: number) => ({
  name,
  price: 150_000,
  description: 'Cotton',
  quantity,
  category: ref.category,
  brand: ref.brand,
  images: ['/2026/03/front.webp'],
})

async function create(name: string, quantity: number): Promise<string> {
  return expectEnvelope(await t.call('POST', '/api/admin/products', form(name, quantity)), 201).data.id
}

const setQuantity = async (id: string, name: string, quantity: number) =>
  expectEnvelope(await t.call('PUT', `/api/admin/products/${id}`, form(name, quantity)), 200)

const names = (body: { data: { name: string }[] }) => body.data.map((p) => p.name)
const list = async (query: string) => expectEnvelope(await t.call('GET', `/api/admin/products?${query}`), 200)

/** Live products at quantity 0, counted over the rows. */
const outOfStock = async () =>
  (
    await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from products where deleted_at is null and quantity = 0`,
    )
  )[0]!.n

const ids: Record<string, string> = {}

describe('GET /api/admin/products?stock=out', () => {
  beforeAll(async () => {
    // Oldest first; the clock moves a second per request, so each is newer than the one before.
    for (const [name, quantity] of [
      ['Áo thun trắng', 0],
      ['Quần jean', 12],
      ['Áo khoác gió', 0],
      ['Giày chạy bộ', 3],
      ['Áo sơ mi', 0],
      ['Mũ lưỡi trai', 0],
    ] as const) {
      ids[name] = await create(name, quantity)
    }
  })

  it('lists only live products whose quantity is 0, newest first, in the list envelope', async () => {
    const body = await list('stock=out')
    expect(names(body)).toEqual(['Mũ lưỡi trai', 'Áo sơ mi', 'Áo khoác gió', 'Áo thun trắng'])
    expect(body.data.every((p: { quantity: number }) => p.quantity === 0)).toBe(true)
    expect(body.data[0]).toMatchObject({ category: { name: 'Áo' }, brand: { name: 'Việt Tiến' } })
    expect(body.meta).toEqual({ page: 1, limit: 10, totalPages: 1, totalResults: 4 })
    expect(body.message).toBe('OK')
    expect(body.meta.totalResults).toBe(await outOfStock())
  })

  it('pages like the product list', async () => {
    const page1 = await list('stock=out&limit=3')
    expect(names(page1)).toEqual(['Mũ lưỡi trai', 'Áo sơ mi', 'Áo khoác gió'])
    expect(page1.meta).toEqual({ page: 1, limit: 3, totalPages: 2, totalResults: 4 })
    const page2 = await list('stock=out&limit=3&page=2')
    expect(names(page2)).toEqual(['Áo thun trắng'])
    const past = await list('stock=out&limit=3&page=9')
    expect(past.data).toEqual([])
    expect(past.meta).toEqual({ page: 9, limit: 3, totalPages: 2, totalResults: 4 })
  })

  it('searches names within them, ignoring case and diacritics', async () => {
    const ao = await list('stock=out&name=AO')
    expect(names(ao)).toEqual(['Áo sơ mi', 'Áo khoác gió', 'Áo thun trắng'])
    expect(ao.meta.totalResults).toBe(3)
    const jean = await list('stock=out&name=jean')
    expect(jean.data).toEqual([])
    expect(jean.meta).toEqual({ page: 1, limit: 10, totalPages: 1, totalResults: 0 })
  })

  it('follows restocks, sell-outs and deletes, totals included (searched ones too)', async () => {
    // Read the searched total first, so a remembered count exists that the writes below must retire.
    expect((await list('stock=out&name=ao')).meta.totalResults).toBe(3)
    // A restock alone changes no searched column; the remembered total must still go.
    await setQuantity(ids['Áo khoác gió']!, 'Áo khoác gió', 7)
    expect((await list('stock=out&name=ao')).meta.totalResults).toBe(2)
    await setQuantity(ids['Quần jean']!, 'Quần jean', 0)
    expectEnvelope(await t.call('DELETE', `/api/admin/products/${ids['Mũ lưỡi trai']}`), 200)
    const body = await list('stock=out')
    expect(names(body)).toEqual(['Áo sơ mi', 'Quần jean', 'Áo thun trắng'])
    expect(body.meta.totalResults).toBe(3)
    expect(body.meta.totalResults).toBe(await outOfStock())
    const ao = await list('stock=out&name=ao')
    expect(names(ao)).toEqual(['Áo sơ mi', 'Áo thun trắng'])
    expect(ao.meta.totalResults).toBe(2)
    // A product created out of stock is the newest.
    await create('Áo len', 0)
    expect(names(await list('stock=out&limit=1'))).toEqual(['Áo len'])
    expect((await list('stock=out&name=ao')).meta.totalResults).toBe(3)
  })

  it('lists every live product for stock=all, an empty stock or none', async () => {
    const all = await list('')
    expect(all.meta.totalResults).toBe(6)
    for (const query of ['stock=all', 'stock=', 'stock=all&limit=10']) {
      const body = await list(query)
      expect(names(body), query).toEqual(names(all))
      expect(body.meta, query).toEqual(all.meta)
    }
  })

  it('refuses any other stock, naming the field', async () => {
    for (const query of ['stock=OUT', 'stock=none', 'stock=0', 'stock=out&stock=all', 'stock=%20out']) {
      const body = expectEnvelope(await t.call('GET', `/api/admin/products?${query}`), 400)
      expect(body.errors, query).toEqual({ stock: 'Must be one of all, out, low, in' })
      expect(body.message).toContain('stock')
    }
    // The other list parameters are still checked beside it.
    const both = expectEnvelope(await t.call('GET', '/api/admin/products?stock=x&limit=1000'), 400)
    expect(Object.keys(both.errors).sort()).toEqual(['limit', 'stock'])
  })

  it('needs a signed-in administrator', async () => {
    expectEnvelope(await t.call('GET', '/api/admin/products?stock=out', undefined, {}), 401)
    expectEnvelope(
      await t.call('GET', '/api/admin/products?stock=out', undefined, { authorization: 'Bearer nope' }),
      401,
    )
  })

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    const parameters = doc.paths['/api/admin/products'].get.parameters as { name: string; in: string }[]
    expect(parameters.filter((p) => p.in === 'query').map((p) => p.name)).toContain('stock')
  })
})
