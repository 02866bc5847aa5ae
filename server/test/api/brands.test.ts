import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, products } from '../../src/db/schema.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

let clock = Date.parse('2025-03-01T08:00:00Z')
const tick = () => {
  clock += 1000
  return new Date(clock)
}
let t: TestApp
beforeAll(async () => {
  t = await startApp({ now: tick })
  await t.storeFiles('/2025/03/logo-a.webp', '/2025/03/logo-b.png')
})
afterAll(async () => t.close())

const LOGO = '/2025/03/logo-a.webp'

async function create(name: string, logo = LOGO) {
  return expectEnvelope(await t.call('POST', '/api/admin/brands', { name, logo }), 201).data
}

describe('POST /api/admin/brands', () => {
  it('creates a brand with a Vietnamese-aware slug', async () => {
    const body = expectEnvelope(
      await t.call('POST', '/api/admin/brands', { name: 'Việt Tiến', logo: LOGO }),
      201,
    )
    expect(Object.keys(body.data).sort()).toEqual([
      '_id',
      'createdAt',
      'id',
      'logo',
      'name',
      'slug',
      'updatedAt',
      'version',
    ])
    expect(body.data).toMatchObject({ name: 'Việt Tiến', slug: 'viet-tien', logo: LOGO })
    expect(body.data.id).toBe(body.data._id)
    expect(body.message).toBe('Brand created')
  })

  it('needs a name and a logo, each named', async () => {
    const body = expectEnvelope(await t.call('POST', '/api/admin/brands', {}), 400)
    expect(body.errors).toEqual({ name: 'This field is required', logo: 'This field is required' })
    const blank = expectEnvelope(await t.call('POST', '/api/admin/brands', { name: '  ', logo: LOGO }), 400)
    expect(blank.errors).toEqual({ name: 'This field is required' })
    const noLogo = expectEnvelope(
      await t.call('POST', '/api/admin/brands', { name: 'Biti’s', logo: null }),
      400,
    )
    expect(Object.keys(noLogo.errors)).toEqual(['logo'])
    const foreign = expectEnvelope(
      await t.call('POST', '/api/admin/brands', { name: 'Biti’s', logo: 'https://cdn.example/logo.png' }),
      400,
    )
    expect(Object.keys(foreign.errors)).toEqual(['logo'])
    expect(foreign.message).toContain('logo')
    const symbols = expectEnvelope(
      await t.call('POST', '/api/admin/brands', { name: '!!!', logo: LOGO }),
      400,
    )
    expect(Object.keys(symbols.errors)).toEqual(['name'])
  })

  it('answers 409 when the slug is taken', async () => {
    const body = expectEnvelope(
      await t.call('POST', '/api/admin/brands', { name: 'VIỆT tiến', logo: LOGO }),
      409,
    )
    expect(body.message).toContain('viet-tien')
    expect(Object.keys(body.errors)).toEqual(['name'])
  })

  it('needs a signed-in administrator', async () => {
    expectEnvelope(await t.call('POST', '/api/admin/brands', { name: 'X', logo: LOGO }, {}), 401)
  })
})

describe('GET /api/admin/brands and /all', () => {
  beforeAll(async () => {
    for (const name of ['Áo Đẹp', 'Giày Tốt', 'Áo Ấm', 'Balo Xịn']) await create(name)
  })

  it('lists newest first with paging meta', async () => {
    const page1 = expectEnvelope(await t.call('GET', '/api/admin/brands?limit=2'), 200)
    expect(page1.data.map((b: { name: string }) => b.name)).toEqual(['Balo Xịn', 'Áo Ấm'])
    expect(page1.meta).toEqual({ page: 1, limit: 2, totalPages: 3, totalResults: 5 })
    const page3 = expectEnvelope(await t.call('GET', '/api/admin/brands?limit=2&page=3'), 200)
    expect(page3.data.map((b: { name: string }) => b.name)).toEqual(['Việt Tiến'])
  })

  it('searches ignoring case and diacritics', async () => {
    const ao = expectEnvelope(await t.call('GET', '/api/admin/brands?name=ao'), 200)
    expect(ao.data.map((b: { name: string }) => b.name)).toEqual(['Áo Ấm', 'Áo Đẹp'])
    expect(ao.meta).toEqual({ page: 1, limit: 10, totalPages: 1, totalResults: 2 })
    const tot = expectEnvelope(await t.call('GET', '/api/admin/brands?name=T%E1%BB%90T'), 200)
    expect(tot.data.map((b: { name: string }) => b.name)).toEqual(['Giày Tốt'])
    const none = expectEnvelope(await t.call('GET', '/api/admin/brands?name=_'), 200)
    expect(none.meta.totalResults).toBe(0)
  })

  it('refuses a bad page or limit', async () => {
    const body = expectEnvelope(await t.call('GET', '/api/admin/brands?limit=0'), 400)
    expect(Object.keys(body.errors)).toEqual(['limit'])
  })

  it('answers every brand for selects in the list’s name order', async () => {
    const all = expectEnvelope(await t.call('GET', '/api/admin/brands/all'), 200)
    expect(all.data).toHaveLength(5)
    const byName = expectEnvelope(await t.call('GET', '/api/admin/brands?sortBy=name:asc&limit=100'), 200)
    const names = (rows: { name: string }[]) => rows.map((b) => b.name)
    expect(names(all.data)).toEqual(names(byName.data))
    // 'Việt Tiến' among the V's, not after every Latin name as byte order would put it.
    expect(names(all.data).at(-1)).toBe('Việt Tiến')
  })

  it('needs a signed-in administrator', async () => {
    expectEnvelope(await t.call('GET', '/api/admin/brands', undefined, {}), 401)
    expectEnvelope(await t.call('GET', '/api/admin/brands/all', undefined, {}), 401)
  })
})

describe('GET, PUT and DELETE /api/admin/brands/{id}', () => {
  it('gets one brand', async () => {
    const created = await create('Hoa Sen')
    const got = expectEnvelope(await t.call('GET', `/api/admin/brands/${created.id}`), 200)
    expect(got.data).toEqual(created)
  })

  it('renames, changes and removes the logo, each alone', async () => {
    const created = await create('Sửa Đổi')
    const renamed = expectEnvelope(
      await t.call('PUT', `/api/admin/brands/${created.id}`, { name: 'Đổi Tên' }),
      200,
    )
    expect(renamed.data).toMatchObject({ name: 'Đổi Tên', slug: 'doi-ten', logo: LOGO })
    const logo = expectEnvelope(
      await t.call('PUT', `/api/admin/brands/${created.id}`, { logo: '/2025/03/logo-b.png' }),
      200,
    )
    expect(logo.data).toMatchObject({ name: 'Đổi Tên', slug: 'doi-ten', logo: '/2025/03/logo-b.png' })
    const removed = expectEnvelope(
      await t.call('PUT', `/api/admin/brands/${created.id}`, { logo: null }),
      200,
    )
    expect(removed.data.logo).toBeNull()
    const same = expectEnvelope(
      await t.call('PUT', `/api/admin/brands/${created.id}`, { name: 'Đổi Tên' }),
      200,
    )
    expect(same.data.slug).toBe('doi-ten')
    expect(same.data.updatedAt > created.updatedAt).toBe(true)
  })

  it('refuses a blank name or a foreign logo, and a taken slug', async () => {
    const created = await create('Kiểm Tra')
    const blank = expectEnvelope(await t.call('PUT', `/api/admin/brands/${created.id}`, { name: ' ' }), 400)
    expect(blank.errors).toEqual({ name: 'This field is required' })
    const logo = expectEnvelope(
      await t.call('PUT', `/api/admin/brands/${created.id}`, { logo: 'x.png' }),
      400,
    )
    expect(Object.keys(logo.errors)).toEqual(['logo'])
    const taken = expectEnvelope(
      await t.call('PUT', `/api/admin/brands/${created.id}`, { name: 'Hoa sen' }),
      409,
    )
    expect(taken.message).toContain('hoa-sen')
    const unchanged = expectEnvelope(await t.call('GET', `/api/admin/brands/${created.id}`), 200)
    expect(unchanged.data).toEqual(created)
  })

  it('deletes an unused brand; then it is gone', async () => {
    const created = await create('Tạm Thời')
    const body = expectEnvelope(await t.call('DELETE', `/api/admin/brands/${created.id}`), 200)
    expect(body.data).toBeNull()
    expectEnvelope(await t.call('GET', `/api/admin/brands/${created.id}`), 404)
    expectEnvelope(await t.call('DELETE', `/api/admin/brands/${created.id}`), 404)
  })

  it('keeps a brand products use and says how many', async () => {
    const brand = await create('Đang Dùng')
    const db = t.database.db
    const [category] = await db.insert(categories).values({ name: 'Giày', slug: 'giay' }).returning()
    const row = (n: number) => ({
      name: `SP ${n}`,
      slug: `sp-${n}`,
      price: 1000,
      categoryId: category!.id,
      brandId: Number(brand.id),
    })
    await db.insert(products).values([row(1), row(2)])
    const two = expectEnvelope(await t.call('DELETE', `/api/admin/brands/${brand.id}`), 409)
    expect(two.message).toContain('used by 2 products')
    // Deleted products still hold the brand: their order lines point at them.
    await db
      .update(products)
      .set({ deletedAt: new Date() })
      .where(eq(products.brandId, Number(brand.id)))
    const kept = expectEnvelope(await t.call('DELETE', `/api/admin/brands/${brand.id}`), 409)
    expect(kept.message).toContain('2 deleted products')
    expectEnvelope(await t.call('GET', `/api/admin/brands/${brand.id}`), 200)
  })

  it('answers 404 for unknown or garbage ids', async () => {
    for (const id of ['424242', 'abc', '0', '99999999999999999999']) {
      expectEnvelope(await t.call('GET', `/api/admin/brands/${id}`), 404)
      expectEnvelope(await t.call('PUT', `/api/admin/brands/${id}`, { name: 'Không Có' }), 404)
      expectEnvelope(await t.call('DELETE', `/api/admin/brands/${id}`), 404)
    }
  })

  it('needs a signed-in administrator', async () => {
    const created = await create('Bảo Vệ')
    expectEnvelope(await t.call('GET', `/api/admin/brands/${created.id}`, undefined, {}), 401)
    expectEnvelope(await t.call('PUT', `/api/admin/brands/${created.id}`, { name: 'Y' }, {}), 401)
    expectEnvelope(await t.call('DELETE', `/api/admin/brands/${created.id}`, undefined, {}), 401)
    expectEnvelope(await t.call('GET', `/api/admin/brands/${created.id}`), 200)
  })
})

describe('names in any script, and images that must exist', () => {
  it('names brands in any script, and refuses a logo no file is stored at, naming logo', async () => {
    expect((await create('Ёлка')).slug).toBe('yolka')
    expect((await create('ブランド')).slug).toMatch(/^[a-z0-9]{8}$/)
    const gone = '/2025/03/no-logo.webp'
    const missing = expectEnvelope(
      await t.call('POST', '/api/admin/brands', { name: 'Không logo', logo: gone }),
      400,
    )
    expect(missing).toMatchObject({ code: 'imageMissing', params: { path: gone } })
    expect(missing.errors).toEqual({ logo: `No uploaded image is stored at ${gone}; upload it again` })
    const brand = await create('Có logo')
    const changed = expectEnvelope(await t.call('PUT', `/api/admin/brands/${brand.id}`, { logo: gone }), 400)
    expect(changed).toMatchObject({ code: 'imageMissing', errors: { logo: expect.any(String) } })
    expect(expectEnvelope(await t.call('GET', `/api/admin/brands/${brand.id}`), 200).data.logo).toBe(LOGO)
  })
})
