import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, reviews } from '../../src/db/schema.ts'
import { insertCustomer, insertProduct, insertReview } from '../data.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

let t: TestApp
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute))

// Shared rows, oldest review first.
let an: Awaited<ReturnType<typeof insertCustomer>>
let binh: Awaited<ReturnType<typeof insertCustomer>>
let shirt: Awaited<ReturnType<typeof insertProduct>>
let bare: Awaited<ReturnType<typeof insertProduct>>
let gone: Awaited<ReturnType<typeof insertProduct>>
const ids: Record<string, string> = {}

const ratingOf = async (productId: number) => {
  const [row] = await t.database.db
    .select({ rating: products.rating })
    .from(products)
    .where(eq(products.id, productId))
  return row!.rating
}

beforeAll(async () => {
  t = await startApp()
  const db = t.database.db
  an = await insertCustomer(db, { name: 'Nguyễn Văn An' })
  binh = await insertCustomer(db, { name: 'Trần Thị Bình' })
  shirt = await insertProduct(db, {
    name: 'Áo thun cotton',
    images: ['/2026/02/shirt-front.webp', '/2026/02/shirt-back.webp'],
  })
  bare = await insertProduct(db, { name: 'Mũ lưỡi trai', images: [] })
  gone = await insertProduct(db, { name: 'Giày cũ', deletedAt: at(0) })
  const seed = [
    ['old', gone, an, 3, 'Giày đi êm nhưng nhanh hỏng'],
    ['five', shirt, an, 5, 'Áo đẹp, chất vải tốt'],
    ['four', shirt, binh, 4, 'Vải mát, giao hàng nhanh'],
    ['two', shirt, an, 2, 'Màu hơi nhạt so với ảnh'],
    ['cap', bare, binh, 1, 'Mũ bị lỗi đường may'],
  ] as const
  for (const [i, [key, product, user, rating, content]] of seed.entries()) {
    const row = await insertReview(db, { product, user, rating, content, createdAt: at(i + 1) })
    ids[key] = String(row.id)
  }
})
afterAll(async () => t.close())

describe('GET /admin/product-reviews', () => {
  it('lists newest first with the customer and the product with its first image', async () => {
    const body = expectEnvelope(await t.call('GET', '/api/admin/product-reviews'), 200)
    expect(body.data.map((r: { id: string }) => r.id)).toEqual([
      ids.cap,
      ids.two,
      ids.four,
      ids.five,
      ids.old,
    ])
    expect(body.meta).toEqual({ page: 1, limit: 10, totalPages: 1, totalResults: 5 })
    expect(body.data[1]).toEqual({
      id: ids.two,
      _id: ids.two,
      content: 'Màu hơi nhạt so với ảnh',
      rating: 2,
      createdAt: at(4).toISOString(),
      user: { id: String(an.id), _id: String(an.id), name: 'Nguyễn Văn An' },
      product: {
        id: String(shirt.id),
        _id: String(shirt.id),
        name: 'Áo thun cotton',
        thumbnail: '/2026/02/shirt-front.webp',
      },
    })
    // A product without images has no thumbnail; a deleted product's reviews stay as history.
    expect(body.data[0].product).toMatchObject({ name: 'Mũ lưỡi trai', thumbnail: null })
    expect(body.data[4].product).toMatchObject({ id: String(gone.id), name: 'Giày cũ' })
  })

  it('pages with meta', async () => {
    const page2 = expectEnvelope(await t.call('GET', '/api/admin/product-reviews?limit=2&page=2'), 200)
    expect(page2.data.map((r: { id: string }) => r.id)).toEqual([ids.four, ids.five])
    expect(page2.meta).toEqual({ page: 2, limit: 2, totalPages: 3, totalResults: 5 })
    const beyond = expectEnvelope(await t.call('GET', '/api/admin/product-reviews?limit=2&page=4'), 200)
    expect(beyond.data).toEqual([])
    expect(beyond.meta.totalResults).toBe(5)
  })

  it('searches the review text ignoring case and diacritics', async () => {
    const vai = expectEnvelope(await t.call('GET', '/api/admin/product-reviews?content=VAI'), 200)
    expect(vai.data.map((r: { id: string }) => r.id)).toEqual([ids.four, ids.five])
    expect(vai.meta).toEqual({ page: 1, limit: 10, totalPages: 1, totalResults: 2 })
    const nhanh = expectEnvelope(
      await t.call('GET', `/api/admin/product-reviews?content=${encodeURIComponent('nhanh hong')}`),
      200,
    )
    expect(nhanh.data.map((r: { id: string }) => r.id)).toEqual([ids.old])
    const paged = expectEnvelope(await t.call('GET', '/api/admin/product-reviews?content=vai&limit=1'), 200)
    expect(paged.data).toHaveLength(1)
    expect(paged.meta).toEqual({ page: 1, limit: 1, totalPages: 2, totalResults: 2 })
    // The search is by content, not by the customer's or the product's name.
    const byName = expectEnvelope(await t.call('GET', '/api/admin/product-reviews?content=nguyen'), 200)
    expect(byName.data).toEqual([])
    expect(byName.meta.totalResults).toBe(0)
    const wildcard = expectEnvelope(await t.call('GET', '/api/admin/product-reviews?content=%25'), 200)
    expect(wildcard.data).toEqual([])
    const blank = expectEnvelope(await t.call('GET', '/api/admin/product-reviews?content=%20%20'), 200)
    expect(blank.meta.totalResults).toBe(5)
  })

  it('refuses a bad page, limit or search with the field named', async () => {
    const page = expectEnvelope(await t.call('GET', '/api/admin/product-reviews?page=0'), 400)
    expect(page.errors.page).toBe('Must be between 1 and 1000000')
    expect(page.message).toContain('page')
    const limit = expectEnvelope(await t.call('GET', '/api/admin/product-reviews?limit=101'), 400)
    expect(limit.errors.limit).toBe('Must be between 1 and 100')
    const long = expectEnvelope(
      await t.call('GET', `/api/admin/product-reviews?content=${'a'.repeat(201)}`),
      400,
    )
    expect(long.errors.content).toBe('At most 200 characters')
  })

  it('needs a signed-in administrator', async () => {
    expectEnvelope(await t.call('GET', '/api/admin/product-reviews', undefined, {}), 401)
    expectEnvelope(
      await t.call('GET', '/api/admin/product-reviews', undefined, { authorization: 'Bearer nope' }),
      401,
    )
  })
})

describe('DELETE /admin/product-reviews/{commentId}', () => {
  it('starts from ratings that are the mean of each product', async () => {
    expect(await ratingOf(shirt.id)).toBe(3.67)
    expect(await ratingOf(bare.id)).toBe(1)
  })

  it('needs a signed-in administrator', async () => {
    expectEnvelope(await t.call('DELETE', `/api/admin/product-reviews/${ids.two}`, undefined, {}), 401)
    expect(await ratingOf(shirt.id)).toBe(3.67)
  })

  it('answers 404 when productId is not the review product, and deletes nothing', async () => {
    const other = expectEnvelope(
      await t.call('DELETE', `/api/admin/product-reviews/${ids.two}?productId=${bare.id}`),
      404,
    )
    expect(other.message).toBe('Review not found')
    expectEnvelope(await t.call('DELETE', `/api/admin/product-reviews/${ids.two}?productId=abc`), 404)
    expectEnvelope(await t.call('DELETE', `/api/admin/product-reviews/${ids.two}?productId=999999`), 404)
    const [still] = await t.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.id, Number(ids.two)))
    expect(still).toBeDefined()
    expect(await ratingOf(shirt.id)).toBe(3.67)
  })

  it('deletes a review and sets the product rating to the mean of the rest', async () => {
    const body = expectEnvelope(
      await t.call('DELETE', `/api/admin/product-reviews/${ids.two}?productId=${shirt.id}`),
      200,
    )
    expect(body).toEqual({ status: true, data: null, message: 'Review deleted' })
    expect(await ratingOf(shirt.id)).toBe(4.5)
    const list = expectEnvelope(await t.call('GET', '/api/admin/product-reviews'), 200)
    expect(list.data.map((r: { id: string }) => r.id)).not.toContain(ids.two)
    expect(list.meta.totalResults).toBe(4)
    // Other products keep their rating.
    expect(await ratingOf(bare.id)).toBe(1)
  })

  it('works without productId (or with an empty one) and gives 0 when no review is left', async () => {
    expectEnvelope(await t.call('DELETE', `/api/admin/product-reviews/${ids.four}`), 200)
    expect(await ratingOf(shirt.id)).toBe(5)
    expectEnvelope(await t.call('DELETE', `/api/admin/product-reviews/${ids.five}?productId=`), 200)
    expect(await ratingOf(shirt.id)).toBe(0)
  })

  it('deletes a review of a deleted product', async () => {
    expectEnvelope(await t.call('DELETE', `/api/admin/product-reviews/${ids.old}?productId=${gone.id}`), 200)
    expect(await ratingOf(gone.id)).toBe(0)
  })

  it('answers 404 for an unknown, already deleted or garbage id', async () => {
    expectEnvelope(await t.call('DELETE', `/api/admin/product-reviews/${ids.two}`), 404)
    expectEnvelope(await t.call('DELETE', '/api/admin/product-reviews/999999'), 404)
    expectEnvelope(await t.call('DELETE', '/api/admin/product-reviews/not-an-id'), 404)
    expectEnvelope(await t.call('DELETE', '/api/admin/product-reviews/99999999999999999999'), 404)
    expectEnvelope(await t.call('DELETE', `/api/admin/product-reviews/${'9'.repeat(70)}`), 400)
    const left = expectEnvelope(await t.call('GET', '/api/admin/product-reviews'), 200)
    expect(left.data.map((r: { id: string }) => r.id)).toEqual([ids.cap])
  })
})
