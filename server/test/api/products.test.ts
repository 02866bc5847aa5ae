import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../src/db/schema.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

let clock = Date.parse('2025-05-10T03:00:00Z')
const tick = () => {
  clock += 1000
  return new Date(clock)
}
let t: TestApp
const ref = { shirts: '', shoes: '', viettien: '', bitis: '' }

beforeAll(async () => {
  t = await startApp({ now: tick })
  await t.storeFiles(
    '/2025/05/back.jpg',
    '/2025/05/bag.webp',
    '/2025/05/front.webp',
    '/2025/05/logo.webp',
    '/2025/05/shoe.png',
  )
  const category = async (name: string) =>
    expectEnvelope(await t.call('POST', '/api/admin/categories', { name }), 201).data.id
  const brand = async (name: string) =>
    expectEnvelope(await t.call('POST', '/api/admin/brands', { name, logo: '/2025/05/logo.webp' }), 201).data
      .id
  ref.shirts = await category('Áo')
  ref.shoes = await category('Giày dép')
  ref.viettien = await brand('Việt Tiến')
  ref.bitis = await brand('Biti’s')
})
afterAll(async () => t.close())

const IMG = ['/2025/05/front.webp', '/2025/05/back.jpg']

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Áo thun cổ tròn',
  price: 150_000,
  description: 'Cotton 100%',
  quantity: 20,
  category: ref.shirts,
  brand: ref.viettien,
  images: IMG,
  ...overrides,
})

async function create(overrides: Record<string, unknown> = {}) {
  return expectEnvelope(await t.call('POST', '/api/admin/products', form(overrides)), 201).data
}

const PRODUCT_KEYS = [
  '_id',
  'brand',
  'category',
  'createdAt',
  'deletedAt',
  'description',
  'id',
  'images',
  'name',
  'price',
  'quantity',
  'rating',
  'size',
  'slug',
  'sold',
  'thumbnail',
  'updatedAt',
  'variants',
  'version',
]

describe('POST /api/admin/products', () => {
  it('creates a product with its category and brand, sold and rating at 0', async () => {
    const body = expectEnvelope(await t.call('POST', '/api/admin/products', form()), 201)
    expect(Object.keys(body.data).sort()).toEqual(PRODUCT_KEYS)
    expect(body.data).toMatchObject({
      name: 'Áo thun cổ tròn',
      slug: 'ao-thun-co-tron',
      price: 150_000,
      images: IMG,
      thumbnail: IMG[0],
      description: 'Cotton 100%',
      size: [],
      quantity: 20,
      category: { id: ref.shirts, _id: ref.shirts, name: 'Áo' },
      brand: { id: ref.viettien, _id: ref.viettien, name: 'Việt Tiến' },
      sold: 0,
      rating: 0,
      deletedAt: null,
    })
    expect(body.data.id).toBe(body.data._id)
    expect(body.message).toBe('Product created')
  })

  it('takes numbers as text, references as objects, sizes, sold and rating', async () => {
    const data = await create({
      name: 'Giày chạy bộ',
      price: '890000',
      quantity: '0',
      category: { _id: ref.shoes, name: 'Giày dép' },
      brand: { id: ref.bitis },
      size: ['S', 'XL'],
      sold: 12,
      rating: '4.5',
      images: ['/2025/05/shoe.png'],
    })
    expect(data).toMatchObject({
      price: 890_000,
      quantity: 0,
      category: { id: ref.shoes, name: 'Giày dép' },
      brand: { id: ref.bitis, name: 'Biti’s' },
      size: ['S', 'XL'],
      sold: 12,
      rating: 4.5,
      thumbnail: '/2025/05/shoe.png',
    })
  })

  it('names every missing field', async () => {
    const body = expectEnvelope(await t.call('POST', '/api/admin/products', {}), 400)
    expect(body.errors).toEqual({
      name: 'This field is required',
      price: 'This field is required',
      description: 'This field is required',
      quantity: 'This field is required',
      category: 'This field is required',
      brand: 'This field is required',
      images: 'This field is required',
    })
    const selects = expectEnvelope(
      await t.call('POST', '/api/admin/products', form({ category: '', brand: null, price: '' })),
      400,
    )
    expect(selects.errors).toEqual({
      price: 'This field is required',
      category: 'This field is required',
      brand: 'This field is required',
    })
  })

  it('refuses bad numbers, images and sizes, naming the field', async () => {
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ price: -1 }, 'price', 'Must be a whole number of 0 or more'],
      [{ price: 10.5 }, 'price', 'Must be a whole number of 0 or more'],
      [{ price: 'abc' }, 'price', 'This field must be a number'],
      // Text is plain digits: '100.000' (100,000 as a Vietnamese spreadsheet writes it) is not read as 100.
      [{ price: '100.000' }, 'price', 'Must be a whole number of 0 or more'],
      [{ price: '0x10' }, 'price', 'Must be a whole number of 0 or more'],
      [{ quantity: '1e3' }, 'quantity', 'Must be a whole number of 0 or more'],
      [{ quantity: -3 }, 'quantity'],
      [{ quantity: 2_147_483_648 }, 'quantity'],
      [{ sold: -1 }, 'sold'],
      [{ rating: 6 }, 'rating', 'Must be between 0 and 5'],
      [{ rating: 'great' }, 'rating', 'This field must be a number'],
      [{ images: [] }, 'images', 'This field is required'],
      [{ images: '/2025/05/front.webp' }, 'images', 'This field is required'],
      [
        { images: Array.from({ length: 11 }, (_, i) => `/2025/05/p${i}.webp`) },
        'images',
        'At most 10 images',
      ],
      [
        { images: ['https://elsewhere.example/a.png'] },
        'images',
        'Must be a path returned by the file upload',
      ],
      [{ size: ['XXL'] }, 'size', 'Must be one of S, M, L, XL'],
      [{ size: ['M', 'M'] }, 'size', 'Each size may be chosen once'],
      [{ name: '   ' }, 'name', 'This field is required'],
      [{ description: '' }, 'description', 'This field is required'],
      [{ category: { name: 'Áo' } }, 'category', 'Select an existing category'],
      [{ brand: true }, 'brand', 'Select an existing brand'],
    ]
    for (const [overrides, field, message] of cases) {
      const body = expectEnvelope(await t.call('POST', '/api/admin/products', form(overrides)), 400)
      expect(Object.keys(body.errors), JSON.stringify(overrides)).toEqual([field])
      if (message) expect(body.errors[field]).toBe(message)
      expect(body.message).toContain(field)
    }
  })

  it('refuses a category or brand that does not exist', async () => {
    const unknown = expectEnvelope(
      await t.call('POST', '/api/admin/products', form({ category: '987654', name: 'Lạc' })),
      400,
    )
    expect(unknown.errors).toEqual({ category: 'Select an existing category' })
    const garbage = expectEnvelope(
      await t.call('POST', '/api/admin/products', form({ brand: 'not-an-id', name: 'Lạc' })),
      400,
    )
    expect(garbage.errors).toEqual({ brand: 'Select an existing brand' })
    // A brand id is not a category id: each is looked up where it belongs.
    const both = expectEnvelope(
      await t.call(
        'POST',
        '/api/admin/products',
        form({ category: '0', brand: { _id: '424242' }, name: 'Lạc' }),
      ),
      400,
    )
    expect(both.errors).toEqual({
      category: 'Select an existing category',
      brand: 'Select an existing brand',
    })
    const list = expectEnvelope(await t.call('GET', '/api/admin/products?name=lac'), 200)
    expect(list.data).toEqual([])
  })

  it('answers 409 when a live product has the slug', async () => {
    const body = expectEnvelope(
      await t.call('POST', '/api/admin/products', form({ name: 'ÁO THUN cổ tròn' })),
      409,
    )
    expect(body.message).toContain('ao-thun-co-tron')
    expect(Object.keys(body.errors)).toEqual(['name'])
  })

  it('needs a signed-in administrator', async () => {
    expectEnvelope(await t.call('POST', '/api/admin/products', form({ name: 'Khác' }), {}), 401)
  })
})

describe('GET /api/admin/products', () => {
  beforeAll(async () => {
    await create({ name: 'Quần jean', category: ref.shirts, brand: ref.bitis })
    await create({ name: 'Áo khoác gió', category: ref.shirts, brand: ref.viettien })
  })

  it('lists live products newest first with category and brand names, and pages', async () => {
    const page1 = expectEnvelope(await t.call('GET', '/api/admin/products?limit=2'), 200)
    expect(page1.data.map((p: { name: string }) => p.name)).toEqual(['Áo khoác gió', 'Quần jean'])
    expect(page1.meta).toEqual({ page: 1, limit: 2, totalPages: 2, totalResults: 4 })
    expect(Object.keys(page1.data[0]).sort()).toEqual(PRODUCT_KEYS)
    expect(page1.data[1].brand).toEqual({ id: ref.bitis, _id: ref.bitis, name: 'Biti’s' })
    expect(page1.data[1].category).toEqual({ id: ref.shirts, _id: ref.shirts, name: 'Áo' })
    const page2 = expectEnvelope(await t.call('GET', '/api/admin/products?limit=2&page=2'), 200)
    expect(page2.data.map((p: { name: string }) => p.name)).toEqual(['Giày chạy bộ', 'Áo thun cổ tròn'])
  })

  it('searches names ignoring case and diacritics', async () => {
    const ao = expectEnvelope(await t.call('GET', '/api/admin/products?name=ao'), 200)
    expect(ao.data.map((p: { name: string }) => p.name)).toEqual(['Áo khoác gió', 'Áo thun cổ tròn'])
    expect(ao.meta).toEqual({ page: 1, limit: 10, totalPages: 1, totalResults: 2 })
    const giay = expectEnvelope(await t.call('GET', '/api/admin/products?name=GIAY%20CHAY'), 200)
    expect(giay.data.map((p: { name: string }) => p.name)).toEqual(['Giày chạy bộ'])
  })

  it('refuses a bad page', async () => {
    const body = expectEnvelope(await t.call('GET', '/api/admin/products?page=-2'), 400)
    expect(Object.keys(body.errors)).toEqual(['page'])
  })

  it('needs a signed-in administrator', async () => {
    expectEnvelope(await t.call('GET', '/api/admin/products', undefined, {}), 401)
  })
})

describe('GET and PUT /api/admin/products/{id}', () => {
  it('gets one product', async () => {
    const created = await create({ name: 'Mũ lưỡi trai' })
    const got = expectEnvelope(await t.call('GET', `/api/admin/products/${created.id}`), 200)
    expect(got.data).toEqual(created)
  })

  it('replaces the form fields and keeps sold and rating unless sent', async () => {
    const created = await create({ name: 'Túi xách', sold: 7, rating: 4, size: ['M'] })
    const body = expectEnvelope(
      await t.call(
        'PUT',
        `/api/admin/products/${created.id}`,
        form({
          name: 'Túi đeo chéo',
          price: 99_000,
          quantity: 3,
          category: created.category,
          brand: { _id: ref.bitis },
          images: ['/2025/05/bag.webp', ...IMG],
          size: ['L'],
        }),
      ),
      200,
    )
    expect(body.data).toMatchObject({
      id: created.id,
      name: 'Túi đeo chéo',
      slug: 'tui-deo-cheo',
      price: 99_000,
      quantity: 3,
      brand: { id: ref.bitis, name: 'Biti’s' },
      category: { id: ref.shirts },
      thumbnail: '/2025/05/bag.webp',
      size: ['L'],
      sold: 7,
      rating: 4,
      createdAt: created.createdAt,
    })
    expect(body.data.updatedAt > created.updatedAt).toBe(true)
    const again = expectEnvelope(
      await t.call(
        'PUT',
        `/api/admin/products/${created.id}`,
        form({ name: 'Túi đeo chéo', sold: 9, rating: 3.5 }),
      ),
      200,
    )
    expect(again.data).toMatchObject({ slug: 'tui-deo-cheo', sold: 9, rating: 3.5, size: [] })
  })

  it('validates like create', async () => {
    const created = await create({ name: 'Ví da' })
    const missing = expectEnvelope(
      await t.call('PUT', `/api/admin/products/${created.id}`, { name: 'Ví da', price: 5 }),
      400,
    )
    expect(Object.keys(missing.errors).sort()).toEqual([
      'brand',
      'category',
      'description',
      'images',
      'quantity',
    ])
    const brand = expectEnvelope(
      await t.call('PUT', `/api/admin/products/${created.id}`, form({ name: 'Ví da', brand: '424242' })),
      400,
    )
    expect(brand.errors).toEqual({ brand: 'Select an existing brand' })
    const unchanged = expectEnvelope(await t.call('GET', `/api/admin/products/${created.id}`), 200)
    expect(unchanged.data).toEqual(created)
  })

  it('answers 409 for the slug of another live product', async () => {
    const created = await create({ name: 'Khăn quàng' })
    const body = expectEnvelope(
      await t.call('PUT', `/api/admin/products/${created.id}`, form({ name: 'Quần Jean' })),
      409,
    )
    expect(body.message).toContain('quan-jean')
  })

  it('answers 404 for unknown or garbage ids and 401 without a token', async () => {
    for (const id of ['424242', 'abc', '1.5', '99999999999999999999']) {
      expectEnvelope(await t.call('GET', `/api/admin/products/${id}`), 404)
      expectEnvelope(await t.call('PUT', `/api/admin/products/${id}`, form({ name: 'Không' })), 404)
    }
    const created = await create({ name: 'Găng tay' })
    expectEnvelope(await t.call('GET', `/api/admin/products/${created.id}`, undefined, {}), 401)
    expectEnvelope(await t.call('PUT', `/api/admin/products/${created.id}`, form({ name: 'X' }), {}), 401)
  })
})

describe('DELETE /api/admin/products/{id}', () => {
  it('soft-deletes: gone from the list and from GET, the row stays', async () => {
    const created = await create({ name: 'Dép lê' })
    const before = expectEnvelope(await t.call('GET', '/api/admin/products'), 200).meta.totalResults
    const body = expectEnvelope(await t.call('DELETE', `/api/admin/products/${created.id}`), 200)
    expect(body.data).toBeNull()
    expectEnvelope(await t.call('GET', `/api/admin/products/${created.id}`), 404)
    expectEnvelope(await t.call('PUT', `/api/admin/products/${created.id}`, form({ name: 'Dép lê' })), 404)
    const list = expectEnvelope(await t.call('GET', '/api/admin/products?name=dep%20le'), 200)
    expect(list.data).toEqual([])
    expect(list.meta.totalResults).toBe(0)
    const after = expectEnvelope(await t.call('GET', '/api/admin/products'), 200)
    expect(after.meta.totalResults).toBe(before - 1)
    const [row] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.id, Number(created.id)))
    expect(row!.name).toBe('Dép lê')
    expect(row!.deletedAt).toBeInstanceOf(Date)
    expectEnvelope(await t.call('DELETE', `/api/admin/products/${created.id}`), 404)
  })

  it('frees the slug of a deleted product for a new one', async () => {
    const first = await create({ name: 'Thắt lưng' })
    expectEnvelope(await t.call('DELETE', `/api/admin/products/${first.id}`), 200)
    const second = await create({ name: 'Thắt lưng' })
    expect(second.slug).toBe('that-lung')
    expect(second.id).not.toBe(first.id)
  })

  it('keeps the category and brand a product uses', async () => {
    const category = expectEnvelope(
      await t.call('POST', '/api/admin/categories', { name: 'Phụ kiện' }),
      201,
    ).data
    const created = await create({ name: 'Kính mát', category: category.id })
    const inUse = expectEnvelope(await t.call('DELETE', `/api/admin/categories/${category.id}`), 409)
    expect(inUse.message).toContain('used by 1 product;')
    const brand = expectEnvelope(await t.call('DELETE', `/api/admin/brands/${ref.viettien}`), 409)
    expect(brand.message).toMatch(/used by \d+ products/)
    expectEnvelope(await t.call('DELETE', `/api/admin/products/${created.id}`), 200)
    const history = expectEnvelope(await t.call('DELETE', `/api/admin/categories/${category.id}`), 409)
    expect(history.message).toContain('1 deleted product')
  })

  it('answers 404 for unknown or garbage ids and 401 without a token', async () => {
    expectEnvelope(await t.call('DELETE', '/api/admin/products/424242'), 404)
    expectEnvelope(await t.call('DELETE', '/api/admin/products/zzz'), 404)
    const created = await create({ name: 'Vớ' })
    expectEnvelope(await t.call('DELETE', `/api/admin/products/${created.id}`, undefined, {}), 401)
    expectEnvelope(await t.call('GET', `/api/admin/products/${created.id}`), 200)
  })
})

describe('names in any script, and images that must exist', () => {
  it('names products in any script: Cyrillic and Greek spelled in Latin, others by a fingerprint', async () => {
    expect((await create({ name: 'Футболка' })).slug).toBe('futbolka')
    expect((await create({ name: 'Μπλούζα' })).slug).toBe('mployza')
    const chinese = await create({ name: '中文 T恤' })
    expect(chinese.slug).toMatch(/^t-[a-z0-9]{8}$/)
    expect((await create({ name: 'مرحبا' })).slug).toMatch(/^[a-z0-9]{8}$/)
    const again = expectEnvelope(await t.call('POST', '/api/admin/products', form({ name: '中文 t恤' })), 409)
    expect(again.params).toEqual({ slug: chinese.slug })
    const symbols = expectEnvelope(await t.call('POST', '/api/admin/products', form({ name: '★ — ★' })), 400)
    expect(symbols).toMatchObject({ code: 'nameNeedsLetter', errors: { name: expect.any(String) } })
  })

  it('refuses an image no file is stored at, naming images and the path, and saves nothing', async () => {
    const gone = '/2026/11/abcabcabc.webp'
    const body = expectEnvelope(
      await t.call('POST', '/api/admin/products', form({ name: 'Áo không ảnh', images: [...IMG, gone] })),
      400,
    )
    expect(body).toMatchObject({ code: 'imageMissing', params: { path: gone } })
    expect(body.errors).toEqual({ images: `No uploaded image is stored at ${gone}; upload it again` })
    expect(body.message).toBe(`images: No uploaded image is stored at ${gone}; upload it again`)
    const list = expectEnvelope(await t.call('GET', '/api/admin/products?name=khong anh'), 200)
    expect(list.data).toEqual([])
  })

  it('checks only the images an edit adds: a missing new one is refused, one the product had is kept', async () => {
    const gone = '/2025/05/gone.webp'
    const shown = '/2025/05/shown.webp'
    await t.storeFiles(shown)
    const product = await create({ name: 'Ảnh mất', images: [shown] })
    const refused = expectEnvelope(
      await t.call(
        'PUT',
        `/api/admin/products/${product.id}`,
        form({ name: 'Ảnh mất', images: [shown, gone] }),
      ),
      400,
    )
    expect(refused).toMatchObject({ code: 'imageMissing', params: { path: gone } })
    expect(Object.keys(refused.errors)).toEqual(['images'])
    // The file of an image the product already shows went away: saving other fields still works.
    await t.app.services.files.remove([shown])
    const kept = expectEnvelope(
      await t.call(
        'PUT',
        `/api/admin/products/${product.id}`,
        form({ name: 'Ảnh mất', images: [shown], price: 1 }),
      ),
      200,
    )
    expect(kept.data).toMatchObject({ price: 1, images: [shown] })
  })
})
