import { REVIEW_STATUSES, type ReviewStatus } from '@store/contract'
import { asc, eq, gt, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, products, reviews } from '../../src/db/schema.ts'
import { downloadCsv } from '../csv.ts'
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
      status: 'approved',
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

// Moderation (CONTRACT 4.5): a review is pending, approved or rejected; a product's rating is the mean of its
// approved reviews only, kept right in the transaction that changes a status or deletes a review.

const REVIEWS = '/api/admin/product-reviews'
const BULK = `${REVIEWS}/bulk-status`

const lastEntry = async () =>
  (await t.database.db.select().from(auditLog).orderBy(asc(auditLog.id))).at(-1)?.id ?? 0
const entriesAfter = (id: number) =>
  t.database.db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(asc(auditLog.id))
const rowsOf = async (reviewIds: string[]) =>
  Object.fromEntries(
    (
      await t.database.db
        .select({ id: reviews.id, status: reviews.status, updatedAt: reviews.updatedAt })
        .from(reviews)
        .where(inArray(reviews.id, reviewIds.map(Number)))
    ).map((r) => [String(r.id), { status: r.status, updatedAt: r.updatedAt.toISOString() }]),
  )
const put = (id: string, body: unknown) => t.call('PUT', `${REVIEWS}/${id}`, body)

describe('moderation: the status filter', () => {
  let jacket: Awaited<ReturnType<typeof insertProduct>>
  const held: Record<ReviewStatus, string[]> = { pending: [], approved: [], rejected: [] }
  beforeAll(async () => {
    const db = t.database.db
    jacket = await insertProduct(db, { name: 'Áo khoác gió' })
    const seed: [ReviewStatus, number][] = [
      ['pending', 5],
      ['approved', 4],
      ['rejected', 1],
      ['pending', 2],
      ['approved', 5],
    ]
    for (const [i, [status, rating]] of seed.entries()) {
      const row = await insertReview(db, { product: jacket, rating, status, createdAt: at(30 + i) })
      held[status].unshift(String(row.id))
    }
  })

  it('lists each status alone, newest first, with exact totals; alone and with the other filters', async () => {
    for (const status of REVIEW_STATUSES) {
      const body = expectEnvelope(
        await t.call('GET', `${REVIEWS}?status=${status}&productId=${jacket.id}`),
        200,
      )
      expect(
        body.data.map((r: { id: string }) => r.id),
        status,
      ).toEqual(held[status])
      expect(body.data.every((r: { status: string }) => r.status === status)).toBe(true)
      expect(body.meta.totalResults, status).toBe(held[status].length)
      const everywhere = expectEnvelope(await t.call('GET', `${REVIEWS}?status=${status}&limit=100`), 200)
      expect(everywhere.data.every((r: { status: string }) => r.status === status)).toBe(true)
      expect(everywhere.meta.totalResults).toBe(everywhere.data.length)
    }
    const fives = expectEnvelope(
      await t.call('GET', `${REVIEWS}?status=pending&rating=5&productId=${jacket.id}`),
      200,
    )
    expect(fives.data.map((r: { id: string }) => r.id)).toEqual([held.pending[1]])
    expect(fives.meta.totalResults).toBe(1)
    const all = expectEnvelope(await t.call('GET', `${REVIEWS}?productId=${jacket.id}`), 200)
    expect(all.meta.totalResults).toBe(5)
  })

  it('keeps a status total exact when a review changes status (the remembered count follows)', async () => {
    const pending = async () =>
      expectEnvelope(await t.call('GET', `${REVIEWS}?status=pending&productId=${jacket.id}`), 200).meta
        .totalResults
    expect(await pending()).toBe(2)
    const id = held.pending[0]!
    expectEnvelope(await put(id, { status: 'approved' }), 200)
    expect(await pending()).toBe(1)
    expectEnvelope(await put(id, { status: 'pending' }), 200)
    expect(await pending()).toBe(2)
  })

  it('exports the status column and filters the export the same way', async () => {
    const { rows } = await downloadCsv(t, `${REVIEWS}/export?status=rejected&productId=${jacket.id}`)
    expect(rows[0]).toEqual([
      'id',
      'createdAt',
      'rating',
      'status',
      'content',
      'productId',
      'productName',
      'customerName',
      'customerEmail',
    ])
    expect(rows.slice(1).map((r) => [r[0], r[3]])).toEqual([[held.rejected[0], 'rejected']])
    const every = await downloadCsv(t, `${REVIEWS}/export?productId=${jacket.id}`)
    expect(every.rows.slice(1).map((r) => r[3])).toEqual([
      'approved',
      'pending',
      'rejected',
      'approved',
      'pending',
    ])
  })

  it('refuses an unknown status with 400 naming status, on the list and the export', async () => {
    for (const bad of ['Approved', 'deleted', '1', 'pending,approved', '%20']) {
      for (const url of [REVIEWS, `${REVIEWS}/export`]) {
        const body = expectEnvelope(await t.call('GET', `${url}?status=${bad}`), 400)
        expect(Object.keys(body.errors), `${url}?status=${bad}`).toEqual(['status'])
        expect(body.message).toContain('status')
      }
    }
  })
})

describe('moderation: PUT /admin/product-reviews/{id}', () => {
  let hat: Awaited<ReturnType<typeof insertProduct>>
  let five: string
  let one: string
  let three: string
  beforeAll(async () => {
    const db = t.database.db
    hat = await insertProduct(db, { name: 'Nón lá' })
    five = String((await insertReview(db, { product: hat, rating: 5, status: 'approved' })).id)
    one = String((await insertReview(db, { product: hat, rating: 1, status: 'pending' })).id)
    three = String((await insertReview(db, { product: hat, rating: 3, status: 'rejected' })).id)
  })

  it('starts from a rating of the approved reviews only', async () => {
    expect(await ratingOf(hat.id)).toBe(5)
  })

  it('approves, rejects and holds a review, answering it, and the rating follows approved reviews', async () => {
    const entry = await lastEntry()
    const approved = expectEnvelope(await put(one, { status: 'approved' }), 200)
    expect(approved.message).toBe('Review updated')
    expect(approved.data).toMatchObject({
      id: one,
      _id: one,
      rating: 1,
      status: 'approved',
      product: { id: String(hat.id), name: 'Nón lá' },
    })
    expect(await ratingOf(hat.id)).toBe(3)

    expectEnvelope(await put(five, { status: 'rejected' }), 200)
    expect(await ratingOf(hat.id)).toBe(1)
    expectEnvelope(await put(three, { status: 'approved' }), 200)
    expect(await ratingOf(hat.id)).toBe(2)
    const held = expectEnvelope(await put(one, { status: 'pending' }), 200)
    expect(held.data.status).toBe('pending')
    expect(await ratingOf(hat.id)).toBe(3)
    expect(await rowsOf([one, five, three])).toMatchObject({
      [one]: { status: 'pending' },
      [five]: { status: 'rejected' },
      [three]: { status: 'approved' },
    })
    // The list shows what was set.
    const listed = expectEnvelope(await t.call('GET', `${REVIEWS}?productId=${hat.id}`), 200)
    expect(
      Object.fromEntries(listed.data.map((r: { id: string; status: string }) => [r.id, r.status])),
    ).toEqual({
      [one]: 'pending',
      [five]: 'rejected',
      [three]: 'approved',
    })

    // Each change is in the review's history with its before and after.
    const entries = await entriesAfter(entry)
    expect(entries.map((e) => [e.entity, e.action, e.entityId, e.changes])).toEqual([
      ['review', 'update', one, { status: ['pending', 'approved'] }],
      ['review', 'update', five, { status: ['approved', 'rejected'] }],
      ['review', 'update', three, { status: ['rejected', 'approved'] }],
      ['review', 'update', one, { status: ['approved', 'pending'] }],
    ])
  })

  it('answers the review as it is when it already has the status, changing nothing', async () => {
    const before = await rowsOf([three])
    const rating = await ratingOf(hat.id)
    const same = expectEnvelope(await put(three, { status: 'approved' }), 200)
    expect(same.data.status).toBe('approved')
    expect(await rowsOf([three])).toEqual(before)
    expect(await ratingOf(hat.id)).toBe(rating)
  })

  it('recomputes the rating when a review is deleted: an approved one counts, a pending one does not', async () => {
    // Approved: three (3). Pending: one (1). Rejected: five (5).
    expectEnvelope(await t.call('DELETE', `${REVIEWS}/${one}`), 200)
    expect(await ratingOf(hat.id)).toBe(3)
    const extra = String((await insertReview(t.database.db, { product: hat, rating: 4 })).id)
    expect(await ratingOf(hat.id)).toBe(3.5)
    expectEnvelope(await t.call('DELETE', `${REVIEWS}/${three}`), 200)
    expect(await ratingOf(hat.id)).toBe(4)
    expectEnvelope(await put(extra, { status: 'rejected' }), 200)
    // Only a rejected review is left: no approved review, rating 0.
    expect(await ratingOf(hat.id)).toBe(0)
    expectEnvelope(await put(five, { status: 'approved' }), 200)
    expect(await ratingOf(hat.id)).toBe(5)
  })

  it('refuses a bad or missing status with 400 naming status, writing nothing', async () => {
    const before = await rowsOf([five])
    const entry = await lastEntry()
    for (const body of [{ status: 'Approved' }, { status: 'deleted' }, { status: 1 }, { status: null }, {}]) {
      const answer = expectEnvelope(await put(five, body), 400)
      expect(Object.keys(answer.errors), JSON.stringify(body)).toEqual(['status'])
      expect(answer.message).toContain('status')
    }
    const bad = expectEnvelope(await put(five, { status: 'deleted' }), 400)
    expect(bad.errors.status).toBe('Must be one of pending, approved, rejected')
    expect(await rowsOf([five])).toEqual(before)
    expect(await ratingOf(hat.id)).toBe(5)
    expect(await entriesAfter(entry)).toEqual([])
  })

  it('answers 404 for an unknown or garbage id, writing nothing', async () => {
    const entry = await lastEntry()
    for (const id of ['999999', 'not-an-id', '99999999999999999999']) {
      const answer = expectEnvelope(await put(id, { status: 'approved' }), 404)
      expect(answer.message).toBe('Review not found')
    }
    expect(await entriesAfter(entry)).toEqual([])
  })

  it('needs a signed-in account', async () => {
    expectEnvelope(await t.call('PUT', `${REVIEWS}/${five}`, { status: 'rejected' }, {}), 401)
    expect((await rowsOf([five]))[five]!.status).toBe('approved')
  })
})

describe('moderation: POST /admin/product-reviews/bulk-status', () => {
  let bag: Awaited<ReturnType<typeof insertProduct>>
  let belt: Awaited<ReturnType<typeof insertProduct>>
  const r: Record<string, string> = {}
  beforeAll(async () => {
    const db = t.database.db
    bag = await insertProduct(db, { name: 'Túi xách da' })
    belt = await insertProduct(db, { name: 'Thắt lưng' })
    const seed = [
      ['bagPending4', bag, 4, 'pending'],
      ['bagPending2', bag, 2, 'pending'],
      ['bagApproved5', bag, 5, 'approved'],
      ['beltRejected1', belt, 1, 'rejected'],
      ['beltApproved3', belt, 3, 'approved'],
    ] as const
    for (const [key, product, rating, status] of seed) {
      r[key] = String((await insertReview(db, { product, rating, status })).id)
    }
  })

  it('starts from ratings of approved reviews only', async () => {
    expect(await ratingOf(bag.id)).toBe(5)
    expect(await ratingOf(belt.id)).toBe(3)
  })

  it('approves each review it can, refuses the rest in the order given, and records each change', async () => {
    const entry = await lastEntry()
    const before = await rowsOf(Object.values(r))
    const ids = [r.bagPending4!, r.bagApproved5!, '987654321', r.beltRejected1!, 'not-an-id', r.bagPending2!]
    const body = expectEnvelope(await t.call('POST', BULK, { ids, status: 'approved' }), 200)
    expect(body.data).toEqual([
      { id: r.bagPending4, ok: true, message: 'Marked approved' },
      {
        id: r.bagApproved5,
        ok: false,
        message: 'The review already has this status',
        code: 'reviewStatusSame',
      },
      { id: '987654321', ok: false, message: 'Review not found', code: 'reviewNotFound' },
      { id: r.beltRejected1, ok: true, message: 'Marked approved' },
      { id: 'not-an-id', ok: false, message: 'Review not found', code: 'reviewNotFound' },
      { id: r.bagPending2, ok: true, message: 'Marked approved' },
    ])
    expect(body.message).toBe('3 changed, 3 refused')
    // (4 + 5 + 2) / 3 and (1 + 3) / 2: both products' ratings follow in the same call.
    expect(await ratingOf(bag.id)).toBe(3.67)
    expect(await ratingOf(belt.id)).toBe(2)
    const after = await rowsOf(Object.values(r))
    expect(Object.values(after).every((row) => row.status === 'approved')).toBe(true)
    // The refused review is untouched, not even its updatedAt.
    expect(after[r.bagApproved5!]).toEqual(before[r.bagApproved5!])

    const entries = await entriesAfter(entry)
    expect(entries.map((e) => [e.entity, e.action, e.entityId, e.changes])).toEqual([
      ['review', 'update', r.bagPending4, { status: ['pending', 'approved'] }],
      ['review', 'update', r.beltRejected1, { status: ['rejected', 'approved'] }],
      ['review', 'update', r.bagPending2, { status: ['pending', 'approved'] }],
      [
        'review',
        'bulkStatus',
        null,
        {
          status: [null, 'approved'],
          changed: [null, [r.bagPending4, r.beltRejected1, r.bagPending2]],
          refused: [
            null,
            [
              { id: r.bagApproved5, reason: 'reviewStatusSame' },
              { id: '987654321', reason: 'reviewNotFound' },
              { id: 'not-an-id', reason: 'reviewNotFound' },
            ],
          ],
        },
      ],
    ])
    // The review's own history shows the change.
    const history = expectEnvelope(
      await t.call('GET', `/api/admin/audit-log?entity=review&entityId=${r.beltRejected1}`),
      200,
    )
    expect(history.data.map((e: { action: string }) => e.action)).toEqual(['update'])
  })

  it('rejects in bulk, and the ratings drop the rejected reviews', async () => {
    const body = expectEnvelope(
      await t.call('POST', BULK, { ids: [r.bagApproved5, r.beltApproved3], status: 'rejected' }),
      200,
    )
    expect(body.data.map((o: { ok: boolean }) => o.ok)).toEqual([true, true])
    expect(body.message).toBe('2 changed, 0 refused')
    expect(await ratingOf(bag.id)).toBe(3)
    expect(await ratingOf(belt.id)).toBe(1)
  })

  it('answers 200 with every record refused when none can change, writing only the call’s entry', async () => {
    const entry = await lastEntry()
    const before = await rowsOf([r.bagApproved5!])
    const body = expectEnvelope(
      await t.call('POST', BULK, { ids: [r.bagApproved5], status: 'rejected' }),
      200,
    )
    expect(body.data).toEqual([
      {
        id: r.bagApproved5,
        ok: false,
        message: 'The review already has this status',
        code: 'reviewStatusSame',
      },
    ])
    expect(await rowsOf([r.bagApproved5!])).toEqual(before)
    expect((await entriesAfter(entry)).map((e) => [e.action, e.entityId])).toEqual([['bulkStatus', null]])
  })

  it('refuses a bad list whole (501 ids, an id twice, none, a bad status) with 400 naming the field', async () => {
    const entry = await lastEntry()
    const before = await rowsOf(Object.values(r))
    const ratings = [await ratingOf(bag.id), await ratingOf(belt.id)]
    const many = [r.bagPending4!, ...Array.from({ length: 500 }, (_, i) => String(900_000 + i))]
    const cases: [unknown, string, string][] = [
      [{ ids: many, status: 'pending' }, 'ids', 'tooManyIds'],
      [{ ids: [r.bagPending4, r.bagPending4], status: 'pending' }, 'ids', 'idTwice'],
      [{ ids: [], status: 'pending' }, 'ids', 'idList'],
      [{ ids: [r.bagPending4], status: 'hidden' }, 'status', 'oneOf'],
      [{ ids: [r.bagPending4] }, 'status', 'oneOf'],
    ]
    for (const [payload, field, code] of cases) {
      const body = expectEnvelope(await t.call('POST', BULK, payload), 400)
      expect(Object.keys(body.errors), JSON.stringify(payload).slice(0, 80)).toEqual([field])
      expect(body.codes[field].code).toBe(code)
    }
    expect(await rowsOf(Object.values(r))).toEqual(before)
    expect([await ratingOf(bag.id), await ratingOf(belt.id)]).toEqual(ratings)
    expect(await entriesAfter(entry)).toEqual([])
    // 500 ids are taken.
    const most = expectEnvelope(
      await t.call('POST', BULK, { ids: many.slice(0, 500), status: 'pending' }),
      200,
    )
    expect(most.data).toHaveLength(500)
    expect(most.data[0]).toEqual({ id: r.bagPending4, ok: true, message: 'Marked pending' })
  })

  it('needs a signed-in account', async () => {
    expectEnvelope(await t.call('POST', BULK, { ids: [r.bagPending2], status: 'rejected' }, {}), 401)
    expect((await rowsOf([r.bagPending2!]))[r.bagPending2!]!.status).toBe('approved')
  })
})
