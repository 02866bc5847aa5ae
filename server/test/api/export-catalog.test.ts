import { PRODUCT_CSV_COLUMNS, PRODUCT_SORT_FIELDS } from '@store/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rows as select } from '../../src/db/client.ts'
import { products, users } from '../../src/db/schema.ts'
import { hashPassword } from '../../src/modules/auth/passwords.ts'
import { parseCsv } from '../csv.ts'
import { insertBrand, insertCategory, insertProduct } from '../data.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// The catalog exports (CONTRACT 4.1): the file's bytes (BOM, header, CRLF, quoting, the formula guard, times on
// the shop's clock), every live product once in each of the list's orders across the export's batches, the
// same rows as the filtered list over all its pages, and who may export.

let t: TestApp
// 18:00 UTC on 10 March is 01:00 on 11 March in Hồ Chí Minh City (STORE_TZ, UTC+7): the files are dated by
// the shop's calendar.
const NOW = new Date('2026-03-10T18:00:00.000Z')
/** More live products than two export batches (1,000 here) hold, so every order is read across batch boundaries. */
const MANY = 2300
const STAFF = { email: 'nhanvien@export.test', password: 'Staff1234' }
let staff: { authorization: string }

const ref = { category: 0, brand: 0, plainCategory: 0, plainBrand: 0 }
let crafted: typeof products.$inferSelect
let plain: typeof products.$inferSelect

beforeAll(async () => {
  t = await startApp({ now: () => NOW, env: { EXPORT_BATCH_ROWS: '1000' } })
  const db = t.database.db
  ref.category = (
    await insertCategory(db, {
      name: 'Áo, "đẹp"',
      slug: 'ao-dep',
      createdAt: new Date('2026-01-31T17:00:00.000Z'),
      updatedAt: new Date('2026-02-01T04:05:06.789Z'),
    })
  ).id
  ref.brand = (await insertBrand(db, { name: '@Hãng', slug: 'hang', logo: '/2026/01/logo.webp' })).id
  ref.plainCategory = (await insertCategory(db, { name: 'Quần', slug: 'quan' })).id
  ref.plainBrand = (await insertBrand(db, { name: 'Việt Tiến', slug: 'viet-tien', logo: null })).id
  crafted = await insertProduct(db, {
    name: '=HYPERLINK("http://x")',
    slug: 'hyperlink',
    price: 1_234_567,
    quantity: 3,
    sold: 7,
    rating: 4.5,
    size: ['S', 'M'],
    images: ['/2026/01/a.webp', '/2026/01/b.webp'],
    description: 'Dòng 1\r\nDòng 2, "trích"\nDòng 3',
    categoryId: ref.category,
    brandId: ref.brand,
    // 00:30 on 1 March and 08:02:03 on 1 March in the shop.
    createdAt: new Date('2026-02-28T17:30:00.000Z'),
    updatedAt: new Date('2026-03-01T01:02:03.456Z'),
  })
  plain = await insertProduct(db, {
    name: '-5 độ',
    slug: 'am-5-do',
    size: [],
    images: [],
    description: '+84 90',
    categoryId: ref.plainCategory,
    brandId: ref.plainBrand,
  })
  // Few distinct values, so most rows tie on their sort key and only the id orders them, batch after batch.
  const names = ['Áo thun', 'Ao thun', 'Quần jean', 'áo khoác', 'Mũ']
  const base = Date.parse('2026-02-01T00:00:00.000Z')
  const values = Array.from({ length: MANY }, (_, i) => ({
    name: names[i % names.length]!,
    slug: `bulk-${i}`,
    price: [100_000, 250_000, 50_000][i % 3]!,
    quantity: [0, 2, 9, 40][i % 4]!,
    sold: i % 5,
    rating: [0, 4.5, 3.7][i % 3]!,
    size: i % 2 === 0 ? ['M'] : ['S', 'L'],
    images: [`/2026/02/bulk-${i}.webp`],
    categoryId: i % 2 === 0 ? ref.category : ref.plainCategory,
    brandId: i % 3 === 0 ? ref.brand : ref.plainBrand,
    createdAt: new Date(base + (i % 7) * 60_000),
    updatedAt: new Date(base + (i % 11) * 60_000),
  }))
  for (let i = 0; i < values.length; i += 500) await db.insert(products).values(values.slice(i, i + 500))
  // Times a millisecond cannot tell apart: only the microseconds order these rows.
  await db.execute(
    sql`update products set created_at = created_at + (id % 5) * interval '1 microsecond',
                            updated_at = updated_at + (id % 3) * interval '1 microsecond'`,
  )
  await insertProduct(db, {
    name: 'Áo thun đã xoá',
    slug: 'deleted',
    categoryId: ref.category,
    brandId: ref.brand,
    deletedAt: new Date(base),
  })

  await db.insert(users).values({
    name: 'Trần Nhân Viên',
    email: STAFF.email,
    passwordHash: await hashPassword(STAFF.password),
    role: 'staff',
  })
  const login = expectEnvelope(await t.call('POST', '/api/admin/auth/login', STAFF, {}), 200)
  staff = { authorization: `Bearer ${login.data.tokens.access.token}` }
})
afterAll(async () => t.close())

async function exportCsv(path: string, query = '', headers = t.auth) {
  const answer = await t.app.inject({ method: 'GET', url: `/api/admin/${path}/export?${query}`, headers })
  expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200)
  expect(answer.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
  return { answer, rows: parseCsv(answer.body.replace(/^\uFEFF/, '')) }
}

/** What the tests read of a listed row. */
interface Listed {
  id: string
  name: string
  price?: number
  category?: { name: string }
}

/** Every row of a list over all its pages, 100 a page. */
async function listed(path: string, query: string) {
  const all: Listed[] = []
  for (let page = 1; ; page++) {
    const answer = expectEnvelope(
      await t.call('GET', `/api/admin/${path}?${query}&limit=100&page=${page}`),
      200,
    )
    all.push(...answer.data)
    if (page >= answer.meta.totalPages) {
      expect(all).toHaveLength(answer.meta.totalResults)
      return all
    }
  }
}

/** Live products with each sort key as JavaScript can compare it exactly: times in microseconds. */
interface Keys {
  id: number
  name: string
  name_search: string
  price: number
  quantity: number
  sold: number
  rating: number
  created: number
  updated: number
}
const liveKeys = () =>
  select<Keys>(
    t.database.db,
    sql`select id::float8 as id, name, name_search, price::float8 as price, quantity, sold, rating,
               (extract(epoch from created_at) * 1000000)::float8 as created,
               (extract(epoch from updated_at) * 1000000)::float8 as updated
          from products where deleted_at is null`,
  )

const bytes = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))
const keysOf: Record<(typeof PRODUCT_SORT_FIELDS)[number], (k: Keys) => (string | number)[]> = {
  name: (k) => [k.name_search, k.name],
  price: (k) => [k.price],
  quantity: (k) => [k.quantity],
  sold: (k) => [k.sold],
  rating: (k) => [k.rating],
  createdAt: (k) => [k.created],
  updatedAt: (k) => [k.updated],
}
function sortedIds(all: Keys[], field: keyof typeof keysOf, direction: string) {
  const order = [...all].sort((a, b) => {
    const ka = keysOf[field](a)
    const kb = keysOf[field](b)
    for (let i = 0; i < ka.length; i++) {
      const x = ka[i]!
      const y = kb[i]!
      const c = typeof x === 'string' ? bytes(x, y as string) : x - (y as number)
      if (c !== 0) return c
    }
    return a.id - b.id
  })
  if (direction === 'desc') order.reverse()
  return order.map((k) => String(k.id))
}

describe('GET /api/admin/products/export', () => {
  it('sends a UTF-8 CSV file with a BOM, named by the shop’s date, the contract’s header first', async () => {
    const { answer, rows } = await exportCsv('products', 'name=hyperlink')
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(answer.headers['content-disposition']).toBe('attachment; filename="products-20260311.csv"')
    expect(answer.body.startsWith(`\uFEFF${PRODUCT_CSV_COLUMNS.join(',')}\r\n`)).toBe(true)
    expect(rows[0]).toEqual([...PRODUCT_CSV_COLUMNS])
    expect(rows).toHaveLength(2)
  })

  it('writes names for the category and brand, sizes and images joined by |, whole money, shop times', async () => {
    const { answer, rows } = await exportCsv('products', 'name=hyperlink')
    expect(rows[1]).toEqual([
      String(crafted.id),
      `'=HYPERLINK("http://x")`,
      'hyperlink',
      '1234567',
      '3',
      'Áo, "đẹp"',
      "'@Hãng",
      'S|M',
      '/2026/01/a.webp|/2026/01/b.webp',
      'Dòng 1\r\nDòng 2, "trích"\nDòng 3',
      '7',
      '4.5',
      '2026-03-01 00:30:00',
      '2026-03-01 08:02:03',
    ])
    // Quoted with the quotes doubled, the guard inside the quotes.
    expect(answer.body).toContain(`,"'=HYPERLINK(""http://x"")",`)
    expect(answer.body).toContain(`,"Áo, ""đẹp""",'@Hãng,S|M,`)
    expect(answer.body).toContain(`,"Dòng 1\r\nDòng 2, ""trích""\nDòng 3",`)
  })

  it('guards every cell that would start a formula, and leaves empty lists empty', async () => {
    const { rows } = await exportCsv(
      'products',
      `brand=${ref.plainBrand}&category=${ref.plainCategory}&stock=in`,
    )
    const row = rows.find((r) => r[0] === String(plain.id))!
    expect(row.slice(1, 3)).toEqual(["'-5 độ", 'am-5-do'])
    expect(row.slice(5, 10)).toEqual(['Quần', 'Việt Tiến', '', '', "'+84 90"])
    for (const r of rows) for (const cell of r) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
  })

  for (const field of PRODUCT_SORT_FIELDS) {
    for (const direction of ['asc', 'desc']) {
      it(`sends every live product once, by ${field} ${direction} with ties by id, across batches`, async () => {
        const { rows } = await exportCsv('products', `sortBy=${field}:${direction}`)
        const ids = rows.slice(1).map((r) => r[0])
        expect(ids).toHaveLength(MANY + 2)
        expect(ids).toEqual(sortedIds(await liveKeys(), field, direction))
      })
    }
  }

  it('is newest first when sortBy is absent, as the list is', async () => {
    const { rows } = await exportCsv('products')
    expect(rows.slice(1).map((r) => r[0])).toEqual(sortedIds(await liveKeys(), 'createdAt', 'desc'))
  })

  for (const query of [
    'name=ao&stock=in&minPrice=100000&sortBy=price:desc',
    'category=PLAIN&size=S&stock=low&sortBy=name:asc',
    'brand=CRAFTED&maxPrice=100000&stock=out&sortBy=updatedAt:asc',
    'name=thun&sortBy=createdAt:desc',
  ]) {
    it(`holds the same rows in the same order as the list over all its pages: ${query}`, async () => {
      const q = query.replace('PLAIN', String(ref.plainCategory)).replace('CRAFTED', String(ref.brand))
      const all = await listed('products', q)
      expect(all.length).toBeGreaterThan(100)
      const { rows } = await exportCsv('products', q)
      expect(rows.slice(1).map((r) => r[0])).toEqual(all.map((p) => p.id))
      const byId = new Map(rows.slice(1).map((r) => [r[0], r]))
      for (const p of all.slice(0, 5)) {
        const row = byId.get(p.id)!
        expect([row[1], row[3], row[5]]).toEqual([p.name, String(p.price), p.category?.name])
      }
    })
  }

  it('sends the header alone when nothing matches', async () => {
    const { rows } = await exportCsv('products', 'name=khongcogi')
    expect(rows).toEqual([[...PRODUCT_CSV_COLUMNS]])
  })

  it('may be made by a member of staff, and by nobody signed out', async () => {
    const { rows } = await exportCsv('products', 'name=hyperlink', staff)
    expect(rows[1]![0]).toBe(String(crafted.id))
    await exportCsv('categories', '', staff)
    await exportCsv('brands', '', staff)
    for (const path of ['products', 'categories', 'brands']) {
      const refused = await t.app.inject({ method: 'GET', url: `/api/admin/${path}/export` })
      expect(refused.statusCode).toBe(401)
    }
  })
})

describe('GET /api/admin/categories/export and /api/admin/brands/export', () => {
  beforeAll(async () => {
    // More rows to order, some at one instant, two found by the search 'do'.
    const at = (i: number) => new Date(Date.parse('2026-01-01T00:00:00Z') + (i % 2))
    for (const [i, name] of ['Đồ bộ', 'do bo', 'Zara', 'ao'].entries()) {
      await insertCategory(t.database.db, { name, createdAt: at(i) })
      await insertBrand(t.database.db, { name, createdAt: at(i) })
    }
  })

  it('sends the categories with their own columns, times on the shop’s clock, named by the shop’s date', async () => {
    const { answer, rows } = await exportCsv('categories', 'name=dep')
    expect(answer.headers['content-disposition']).toBe('attachment; filename="categories-20260311.csv"')
    expect(rows).toEqual([
      ['id', 'name', 'slug', 'createdAt', 'updatedAt'],
      [String(ref.category), 'Áo, "đẹp"', 'ao-dep', '2026-02-01 00:00:00', '2026-02-01 11:05:06'],
    ])
  })

  it('sends the brands with their logos, the guard applied', async () => {
    const { answer, rows } = await exportCsv('brands', 'name=n&sortBy=name:asc')
    expect(answer.headers['content-disposition']).toBe('attachment; filename="brands-20260311.csv"')
    expect(rows[0]).toEqual(['id', 'name', 'slug', 'logo', 'createdAt', 'updatedAt'])
    // '@hang' sorts before 'viet tien'.
    expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([
      [String(ref.brand), "'@Hãng", 'hang', '/2026/01/logo.webp'],
      [String(ref.plainBrand), 'Việt Tiến', 'viet-tien', ''],
    ])
  })

  for (const path of ['categories', 'brands']) {
    for (const sortBy of ['name:asc', 'name:desc', 'createdAt:asc', 'createdAt:desc']) {
      it(`sends the ${path} in the list’s order: ${sortBy}`, async () => {
        const all = await listed(path, `sortBy=${sortBy}`)
        expect(all.length).toBeGreaterThan(4)
        const { rows } = await exportCsv(path, `sortBy=${sortBy}`)
        expect(rows.slice(1).map((r) => r[0])).toEqual(all.map((r) => r.id))
        const searched = await listed(path, `sortBy=${sortBy}&name=do`)
        const { rows: found } = await exportCsv(path, `sortBy=${sortBy}&name=do`)
        expect(found.slice(1).map((r) => r[0])).toEqual(searched.map((r) => r.id))
        expect(found.length - 1).toBe(2)
      })
    }
  }
})
