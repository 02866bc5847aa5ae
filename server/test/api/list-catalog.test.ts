import { BRANDS_SORT_FIELDS, CATEGORIES_SORT_FIELDS, PRODUCT_SORT_FIELDS } from '@store/contract'
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brands, categories, products } from '../../src/db/schema.ts'
import { insertBrand, insertCategory, insertProduct } from '../data.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// The catalog lists' sorts and filters (CONTRACT 4.1): every sort field in both directions, over pages that
// neither overlap nor skip, ties broken by id; every product filter alone and combined with the others and the
// search, each with its exact total; and a 400 naming the parameter for each bad value. The expected answers
// are worked out here from the rows themselves, not by asking the database in the server's words.

let t: TestApp
/** The shop's low-stock threshold in this file: `low` is 1 to 3. */
const LOW = 3
const BASE = Date.parse('2026-01-05T02:00:00.000Z')
const HOUR = 3_600_000

type Product = typeof products.$inferSelect
/** Every live product as stored, the expected answers' source. */
let live: Product[]
const ref = { shirts: 0, shoes: 0, viettien: 0, bitis: 0 }

// Names chosen so sorting by name meets equal search texts ('Áo thun' and 'Ao thun' both read 'ao thun'),
// equal names, upper and lower case, and letters outside ASCII.
const NAMES = [
  'Áo thun',
  'Ao thun',
  'Quần jean',
  'áo khoác',
  'Mũ lưỡi trai',
  'Áo thun',
  'Zebra',
  'ao len',
  'Đầm',
]
const SIZES_OF = [[], ['S'], ['S', 'M'], ['M', 'L', 'XL'], ['XL'], ['L']]

beforeAll(async () => {
  t = await startApp({ env: { LOW_STOCK_THRESHOLD: String(LOW) } })
  const db = t.database.db
  ref.shirts = (await insertCategory(db, { name: 'Áo' })).id
  ref.shoes = (await insertCategory(db, { name: 'Giày' })).id
  ref.viettien = (await insertBrand(db, { name: 'Việt Tiến' })).id
  ref.bitis = (await insertBrand(db, { name: 'Biti’s' })).id
  for (let i = 0; i < 36; i++) {
    await insertProduct(db, {
      name: NAMES[i % NAMES.length]!,
      price: [100_000, 250_000, 100_000, 50_000, 999_000][i % 5]!,
      quantity: [0, 1, 3, 4, 10, 0, 2][i % 7]!,
      sold: [0, 5, 5, 12][i % 4]!,
      rating: [0, 4.5, 3.25, 4.5][i % 4 === 3 ? 3 : i % 3]!,
      size: SIZES_OF[i % SIZES_OF.length]!,
      categoryId: i % 2 === 0 ? ref.shirts : ref.shoes,
      brandId: i % 3 === 0 ? ref.bitis : ref.viettien,
      // Several products share each instant, so only their ids order them.
      createdAt: new Date(BASE + (i % 6) * HOUR),
      updatedAt: new Date(BASE + 10 * HOUR + (i % 4) * 60_000),
    })
  }
  // Deleted products match many filters and must never be listed or counted.
  for (const quantity of [0, 2, 50]) {
    await insertProduct(db, {
      name: 'Áo đã xoá',
      price: 100_000,
      quantity,
      size: ['S', 'M'],
      categoryId: ref.shirts,
      brandId: ref.bitis,
      deletedAt: new Date(BASE),
    })
  }
  live = await readLive()
})
afterAll(async () => t.close())

const readLive = () => t.database.db.select().from(products).where(isNull(products.deletedAt))

/** Text compared byte by byte, as `collate "C"` compares it. */
const bytes = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))

type Keyed = { id: number }
/** Sorts `rows` by `keys` then id, all ascending, and reverses the whole for `desc`. */
function sorted<R extends Keyed>(rows: R[], keys: (r: R) => (string | number)[], direction: string) {
  const order = [...rows].sort((a, b) => {
    const ka = keys(a)
    const kb = keys(b)
    for (let i = 0; i < ka.length; i++) {
      const x = ka[i]!
      const y = kb[i]!
      const c = typeof x === 'string' ? bytes(x, y as string) : x - (y as number)
      if (c !== 0) return c
    }
    return a.id - b.id
  })
  return direction === 'desc' ? order.reverse() : order
}

const productKeys: Record<(typeof PRODUCT_SORT_FIELDS)[number], (p: Product) => (string | number)[]> = {
  name: (p) => [p.nameSearch!, p.name],
  price: (p) => [p.price],
  quantity: (p) => [p.quantity],
  sold: (p) => [p.sold],
  rating: (p) => [p.rating],
  createdAt: (p) => [p.createdAt.getTime()],
  updatedAt: (p) => [p.updatedAt.getTime()],
}

const list = async (path: string, query: string) =>
  expectEnvelope(await t.call('GET', `/api/admin/${path}?${query}`), 200)

/** Every page of a list at `limit` rows a page: the ids in order, and the totals every page reported. */
async function allPages(path: string, query: string, limit: number) {
  const first = await list(path, `${query}&limit=${limit}&page=1`)
  const ids: string[] = first.data.map((r: { id: string }) => r.id)
  const totals = new Set<number>([first.meta.totalResults])
  for (let page = 2; page <= first.meta.totalPages; page++) {
    const answer = await list(path, `${query}&limit=${limit}&page=${page}`)
    expect(answer.data.length, `page ${page} of ${query}`).toBeGreaterThan(0)
    totals.add(answer.meta.totalResults)
    ids.push(...answer.data.map((r: { id: string }) => r.id))
  }
  const after = await list(path, `${query}&limit=${limit}&page=${first.meta.totalPages + 1}`)
  expect(after.data).toEqual([])
  return { ids, totals: [...totals], totalPages: first.meta.totalPages }
}

const idsOf = (rows: Keyed[]) => rows.map((r) => String(r.id))

describe('GET /api/admin/products: sorting', () => {
  for (const field of PRODUCT_SORT_FIELDS) {
    for (const direction of ['asc', 'desc']) {
      it(`sorts by ${field} ${direction}, ties by id, over pages that neither overlap nor skip`, async () => {
        const expected = idsOf(sorted(live, productKeys[field], direction))
        const { ids, totals, totalPages } = await allPages('products', `sortBy=${field}:${direction}`, 7)
        expect(ids).toEqual(expected)
        expect(totals).toEqual([live.length])
        expect(totalPages).toBe(Math.ceil(live.length / 7))
      })
    }
  }

  it('is newest first, ties by id, when sortBy is absent or empty', async () => {
    const expected = idsOf(sorted(live, productKeys.createdAt, 'desc'))
    expect((await allPages('products', '', 10)).ids).toEqual(expected)
    expect((await allPages('products', 'sortBy=', 10)).ids).toEqual(expected)
  })

  it('sorts the name by its search text first, then by the name itself', async () => {
    const names = (await list('products', 'sortBy=name:asc&limit=100')).data.map((p: Product) => p.name)
    const first = names.slice(0, names.lastIndexOf('Áo thun') + 1)
    // 'ao khoac' < 'ao len' < 'ao thun' by search text; within 'ao thun', 'Ao thun' comes before 'Áo thun'.
    expect([...new Set(first)]).toEqual(['áo khoác', 'ao len', 'Ao thun', 'Áo thun'])
  })
})

/** Live products a filter keeps, as the contract defines each one. */
interface Filters {
  name?: string
  category?: number
  brand?: number
  minPrice?: number
  maxPrice?: number
  stock?: 'all' | 'out' | 'low' | 'in'
  size?: string
}

function kept(f: Filters) {
  return live.filter(
    (p) =>
      (f.name === undefined || p.nameSearch!.includes(f.name)) &&
      (f.category === undefined || p.categoryId === f.category) &&
      (f.brand === undefined || p.brandId === f.brand) &&
      (f.minPrice === undefined || p.price >= f.minPrice) &&
      (f.maxPrice === undefined || p.price <= f.maxPrice) &&
      (f.stock === undefined ||
        f.stock === 'all' ||
        (f.stock === 'out' && p.quantity === 0) ||
        (f.stock === 'low' && p.quantity >= 1 && p.quantity <= LOW) ||
        (f.stock === 'in' && p.quantity > 0)) &&
      (f.size === undefined || p.size.includes(f.size)),
  )
}

const queryOf = (f: Filters) =>
  Object.entries(f)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&')

describe('GET /api/admin/products: filters', () => {
  const cases: Filters[] = [
    { category: 0 },
    { brand: 0 },
    { minPrice: 100_000 },
    { maxPrice: 100_000 },
    { minPrice: 100_000, maxPrice: 250_000 },
    { minPrice: 100_000, maxPrice: 100_000 },
    { stock: 'all' },
    { stock: 'out' },
    { stock: 'low' },
    { stock: 'in' },
    { size: 'S' },
    { size: 'M' },
    { size: 'L' },
    { size: 'XL' },
    { name: 'ao' },
    { name: 'ao', stock: 'out' },
    { name: 'ao', stock: 'low', size: 'S' },
    { category: 0, brand: 0, stock: 'in' },
    { category: 0, minPrice: 60_000, maxPrice: 300_000, size: 'M' },
    { brand: 0, stock: 'out', maxPrice: 100_000 },
    { name: 'thun', brand: 0, minPrice: 1, stock: 'low', size: 'L' },
    { stock: 'out', size: 'XL' },
    { minPrice: 999_001 },
  ]
  // The ids are only known once seeded: 0 stands for the first category or brand.
  const resolved = (f: Filters): Filters => ({
    ...f,
    ...(f.category !== undefined && { category: ref.shirts }),
    ...(f.brand !== undefined && { brand: ref.bitis }),
  })

  for (const raw of cases) {
    it(`keeps exactly what ${JSON.stringify(raw)} names, with its exact total`, async () => {
      const f = resolved(raw)
      const expected = kept(f)
      const newest = idsOf(sorted(expected, productKeys.createdAt, 'desc'))
      const answer = await list('products', `${queryOf(f)}&limit=100`)
      expect(answer.meta.totalResults).toBe(expected.length)
      expect(answer.data.map((p: Product) => p.id)).toEqual(newest)
      // The same rows in another order, paged.
      const byPrice = await allPages('products', `${queryOf(f)}&sortBy=price:desc`, 4)
      expect(byPrice.ids).toEqual(idsOf(sorted(expected, productKeys.price, 'desc')))
      expect(byPrice.totals).toEqual([expected.length])
    })
  }

  it('finds every case a filter is meant to: each of the cases above keeps something and leaves something', () => {
    for (const raw of cases.slice(0, -1)) {
      const n = kept(resolved(raw)).length
      expect(n, JSON.stringify(raw)).toBeGreaterThan(0)
      if (raw.stock !== 'all') expect(n, JSON.stringify(raw)).toBeLessThan(live.length)
    }
    // `low` follows the shop's threshold (3 here), not the default of 5: a product at 4 is in stock, not low.
    expect(live.some((p) => p.quantity > LOW && p.quantity <= 5)).toBe(true)
  })

  it('matches nothing for a category or brand no record has', async () => {
    for (const query of ['category=abc', 'category=987654321', 'brand=0', 'brand=-1']) {
      const answer = await list('products', query)
      expect(answer.data, query).toEqual([])
      expect(answer.meta.totalResults, query).toBe(0)
    }
  })

  it('keeps every total exact after writes that move products in or out of a filter', async () => {
    const db = t.database.db
    const queries: Filters[] = [
      { name: 'ao', stock: 'low' },
      { name: 'ao', stock: 'out' },
      { stock: 'out' },
      { name: 'ao', minPrice: 200_000 },
      { category: ref.shirts, size: 'XL' },
      { brand: ref.bitis, name: 'thun' },
    ]
    const check = async () => {
      live = await readLive()
      for (const f of queries) {
        const answer = await list('products', queryOf(f))
        expect(answer.meta.totalResults, JSON.stringify(f)).toBe(kept(f).length)
      }
    }
    await check()
    const target = live.find((p) => p.nameSearch!.includes('ao') && p.quantity === 0 && p.price < 200_000)!
    // A restock (quantity only), a price change, a size change, a move to another category and brand: none
    // touches a searched column, and each must still change the totals above.
    await db.update(products).set({ quantity: 2 }).where(eq(products.id, target.id))
    await check()
    await db.update(products).set({ price: 300_000 }).where(eq(products.id, target.id))
    await check()
    await db
      .update(products)
      .set({ size: ['XL'], categoryId: ref.shirts, brandId: ref.bitis })
      .where(eq(products.id, target.id))
    await check()
    await db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(and(eq(products.id, target.id), isNull(products.deletedAt)))
    await check()
  })
})

describe('GET /api/admin/products: bad input', () => {
  const refusals: [query: string, field: string][] = [
    ['sortBy=bogus:asc', 'sortBy'],
    ['sortBy=price', 'sortBy'],
    ['sortBy=price:up', 'sortBy'],
    ['sortBy=nameSearch:asc', 'sortBy'],
    ['minPrice=500&maxPrice=100', 'maxPrice'],
    ['minPrice=-1', 'minPrice'],
    ['minPrice=abc', 'minPrice'],
    ['minPrice=0x10', 'minPrice'],
    ['maxPrice=1e3', 'maxPrice'],
    ['maxPrice=1.5', 'maxPrice'],
    ['maxPrice=%20', 'maxPrice'],
    ['stock=bogus', 'stock'],
    ['stock=OUT', 'stock'],
    ['size=XXL', 'size'],
    ['size=s', 'size'],
    [`category=${'1'.repeat(65)}`, 'category'],
  ]
  for (const [query, field] of refusals) {
    it(`answers 400 naming ${field} for ${query}`, async () => {
      for (const path of ['products', 'products/export']) {
        const body = expectEnvelope(await t.call('GET', `/api/admin/${path}?${query}`), 400)
        expect(Object.keys(body.errors), `${path}?${query}`).toEqual([field])
      }
    })
  }

  it('names the lower bound in the message of a reversed price range', async () => {
    const body = expectEnvelope(await t.call('GET', '/api/admin/products?minPrice=500&maxPrice=100'), 400)
    expect(body.codes.maxPrice).toEqual({ code: 'rangeReversed', params: { field: 'minPrice' } })
  })

  it('takes an empty filter as not given', async () => {
    const answer = await list('products', 'category=&brand=&minPrice=&maxPrice=&stock=&size=&sortBy=')
    expect(answer.meta.totalResults).toBe(live.length)
  })
})

describe('GET /api/admin/categories and /api/admin/brands: sorting', () => {
  type Named = { id: number; name: string; nameSearch: string | null; createdAt: Date }
  let rows: { categories: Named[]; brands: Named[] }

  beforeAll(async () => {
    const db = t.database.db
    // Equal search texts, equal names and shared instants, so both keys and the id decide.
    const at = (h: number) => new Date(BASE + h * HOUR)
    for (const [i, name] of ['Đồ bộ', 'do bo', 'Áo', 'ao', 'Áo', 'Zara', 'quần'].entries()) {
      await insertCategory(db, { name, createdAt: at(i % 3) })
      await insertBrand(db, { name, createdAt: at(i % 2) })
    }
    rows = {
      categories: await db.select().from(categories),
      brands: await db.select().from(brands),
    }
  })

  const keys = {
    name: (r: Named) => [r.nameSearch!, r.name],
    createdAt: (r: Named) => [r.createdAt.getTime()],
  }
  for (const [path, fields] of [
    ['categories', CATEGORIES_SORT_FIELDS],
    ['brands', BRANDS_SORT_FIELDS],
  ] as const) {
    for (const field of fields) {
      for (const direction of ['asc', 'desc']) {
        it(`sorts ${path} by ${field} ${direction}, ties by id, over pages`, async () => {
          const { ids, totals } = await allPages(path, `sortBy=${field}:${direction}`, 3)
          expect(ids).toEqual(idsOf(sorted(rows[path], keys[field], direction)))
          expect(totals).toEqual([rows[path].length])
        })
      }
    }

    it(`combines the ${path} search with a sort, with its exact total`, async () => {
      const expected = sorted(
        rows[path].filter((r) => r.nameSearch!.includes('ao')),
        keys.name,
        'desc',
      )
      expect(expected.length).toBeGreaterThan(1)
      const { ids, totals } = await allPages(path, 'name=ao&sortBy=name:desc', 2)
      expect(ids).toEqual(idsOf(expected))
      expect(totals).toEqual([expected.length])
    })

    it(`answers 400 naming sortBy for a field ${path} cannot sort by`, async () => {
      for (const query of ['sortBy=price:asc', 'sortBy=name:sideways', 'sortBy=updatedAt:desc']) {
        for (const route of [path, `${path}/export`]) {
          const body = expectEnvelope(await t.call('GET', `/api/admin/${route}?${query}`), 400)
          expect(Object.keys(body.errors), `${route}?${query}`).toEqual(['sortBy'])
        }
      }
    })
  }
})
