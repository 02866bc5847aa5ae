import { ORDER_SORT_FIELDS, PAYMENT_STATUSES } from '@store/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, users } from '../../src/db/schema.ts'
import { allPages, downloadCsv } from '../csv.ts'
import { insertCustomer, insertOrder, insertProduct } from '../data.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// The order list's sorts and filters (CONTRACT 4.1) with their exact totals, and its CSV export.

let t: TestApp
// 18:00 UTC on 10 March is 01:00 on 11 March in the shop (Asia/Ho_Chi_Minh, UTC+7): the file is dated the 11th.
const NOW = new Date('2026-03-10T18:00:00.000Z')
const LIST = '/api/admin/orders'
const EXPORT = '/api/admin/orders/export'
/** The first instant of a day in the shop: Hồ Chí Minh City keeps UTC+7 all year. */
const storeDay = (day: string) => Date.parse(`${day}T00:00:00+07:00`)
const DAY = 24 * 3600 * 1000

type Customer = Awaited<ReturnType<typeof insertCustomer>>
let lan: Customer
let lanAnh: Customer
let binh: Customer
let injector: Customer
let edge: Customer
let many: Customer
/** The orders of `edge`: 23:59:59.999 on 31 January in the shop, 00:00 and 23:59 on 1 February, 00:00 on 2 February. */
const edgeIds: string[] = []
let injected: typeof orders.$inferSelect

/** How many orders `many` has: more than two export batches (500 here), with many ties on every sort key. */
const MANY = 1_200

beforeAll(async () => {
  t = await startApp({ now: () => NOW, env: { EXPORT_BATCH_ROWS: '500' } })
  const db = t.database.db
  lan = await insertCustomer(db, { name: 'Nguyễn Thị Lan', phoneNumber: '0901000001' })
  lanAnh = await insertCustomer(db, { name: 'Lê Lan Anh', phoneNumber: null })
  binh = await insertCustomer(db, { name: 'Trần Văn Bình' })
  injector = await insertCustomer(db, { name: '@Kẻ Gian', email: 'gian@test.example', phoneNumber: '+84901' })
  edge = await insertCustomer(db, { name: 'Đỗ Biên' })
  many = await insertCustomer(db, { name: 'Phạm Hàng Loạt' })
  const shirt = await insertProduct(db, { name: 'Áo thun', price: 100_000 })
  const jeans = await insertProduct(db, { name: 'Quần jean', price: 250_000 })

  // Hand-made orders across January to March, each status and payment method, for the named customers.
  const made: [Customer, string, number, string, number, number][] = [
    // customer, placed at (UTC), status, payment, shirts, jeans
    [lan, '2026-01-20T03:00:00Z', 1, '1', 1, 0],
    [lan, '2026-02-03T03:00:00Z', 1, '2', 2, 0],
    [lan, '2026-02-14T03:00:00Z', 2, '1', 0, 1],
    [lan, '2026-02-27T18:00:00Z', 2, '3', 1, 1], // 28 February in the shop
    [lan, '2026-03-02T03:00:00Z', 1, '1', 3, 0],
    [lanAnh, '2026-02-10T03:00:00Z', 3, '1', 1, 0],
    [lanAnh, '2026-02-11T03:00:00Z', 0, '0', 1, 0],
    [lanAnh, '2026-02-20T03:00:00Z', 2, '2', 0, 2],
    [binh, '2026-02-05T03:00:00Z', 1, '1', 1, 0],
    [binh, '2026-02-06T03:00:00Z', 2, '1', 2, 1],
    [binh, '2026-01-05T03:00:00Z', 3, '2', 0, 1],
  ]
  for (const [user, placedAt, status, methodPayment, shirts, pairs] of made) {
    const { order } = await insertOrder(db, {
      user,
      status,
      methodPayment,
      createdAt: new Date(placedAt),
      lines: [
        ...(shirts ? [{ product: shirt, quantity: shirts }] : []),
        ...(pairs ? [{ product: jeans, quantity: pairs }] : []),
      ],
    })
    // Where the money stands, as migration 0010 worked it out for the orders placed before it.
    const paymentStatus = methodPayment === '0' ? 'unpaid' : status === 3 ? 'paid' : 'pending'
    await db.update(orders).set({ paymentStatus }).where(eq(orders.id, order.id))
  }
  for (const at of [
    '2026-01-31T16:59:59.999Z',
    '2026-01-31T17:00:00.000Z',
    '2026-02-01T16:59:00.000Z',
    '2026-02-01T17:00:00.000Z',
  ]) {
    const { order } = await insertOrder(db, {
      user: edge,
      createdAt: new Date(at),
      lines: [{ product: shirt, quantity: 1 }],
    })
    edgeIds.push(String(order.id))
  }
  injected = (
    await insertOrder(db, {
      user: injector,
      status: 2,
      methodPayment: '1',
      createdAt: new Date('2026-02-25T02:03:04Z'),
      address: 'Số 5, "Ngõ" 10\nHà Nội',
      customerNote: '=HYPERLINK("http://x")',
      discountPercent: 10,
      shipingFee: 20_000,
      lines: [{ product: jeans, quantity: 2 }],
    })
  ).order
  await db.update(orders).set({ paymentStatus: 'failed' }).where(eq(orders.id, injected.id))
  // Many orders at three instants, six totals, five quantities, four statuses: ties everywhere, broken by id.
  const instants = ['2026-02-10T03:00:00Z', '2026-02-15T03:00:00Z', '2026-03-01T03:00:00Z'].map(Date.parse)
  await db.insert(orders).values(
    Array.from({ length: MANY }, (_, i) => ({
      userId: many.id,
      address: `${i} Hàng Bạc`,
      status: i % 4,
      quantity: i % 5,
      totalPrice: (i % 6) * 50_000,
      subtotal: (i % 6) * 50_000,
      amount: (i % 6) * 50_000,
      methodPayment: String(i % 3),
      paymentStatus: PAYMENT_STATUSES[i % PAYMENT_STATUSES.length],
      createdAt: new Date(instants[i % 3]!),
      updatedAt: new Date(instants[i % 3]! + (i % 4) * 3600_000),
    })),
  )
})
afterAll(async () => t.close())

/** Every order as the database holds it, with its customer, to work out what a list must answer. */
const everyOrder = () =>
  t.database.db
    .select({ order: orders, user: { id: users.id, name: users.name } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))

type Held = Awaited<ReturnType<typeof everyOrder>>[number]

/** The ids of `rows` in the order `sortBy` asks for, ties broken by the id the same way. */
function sortedIds(rows: Held[], sortBy: string) {
  const [field, direction] = sortBy.split(':') as [(typeof ORDER_SORT_FIELDS)[number], string]
  const key = (r: Held) => {
    const v = r.order[field]
    return v instanceof Date ? v.getTime() : v
  }
  const sign = direction === 'asc' ? 1 : -1
  return [...rows]
    .sort((a, b) => sign * (key(a) - key(b) || a.order.id - b.order.id))
    .map((r) => String(r.order.id))
}

const newest = (rows: Held[]) => sortedIds(rows, 'createdAt:desc')
const placedWithin = (r: Held, from: string, to: string) =>
  r.order.createdAt.getTime() >= storeDay(from) && r.order.createdAt.getTime() < storeDay(to) + DAY

describe('GET /api/admin/orders: sorts', () => {
  it('sorts by every field both ways, ties broken by id, pages neither overlapping nor skipping', async () => {
    const rows = await everyOrder()
    expect(rows.length).toBeGreaterThan(MANY)
    for (const field of ORDER_SORT_FIELDS) {
      for (const direction of ['asc', 'desc']) {
        const sortBy = `${field}:${direction}`
        const { ids, total } = await allPages(t, `${LIST}?sortBy=${sortBy}`, 100)
        expect(total, sortBy).toBe(rows.length)
        expect(new Set(ids).size, sortBy).toBe(rows.length)
        expect(ids, sortBy).toEqual(sortedIds(rows, sortBy))
      }
    }
  })

  it('is newest first without sortBy, and with an empty one', async () => {
    const expected = newest(await everyOrder()).slice(0, 20)
    expect((await allPages(t, `${LIST}?name=lan`, 3)).ids).toEqual(
      newest((await everyOrder()).filter((r) => [lan.id, lanAnh.id].includes(r.user.id))),
    )
    for (const url of [`${LIST}?limit=20`, `${LIST}?limit=20&sortBy=`]) {
      const body = expectEnvelope(await t.call('GET', url), 200)
      expect(body.data.map((o: { id: string }) => o.id)).toEqual(expected)
    }
  })
})

describe('GET /api/admin/orders: filters', () => {
  const cases: [string, (r: Held) => boolean][] = [
    ['status=1', (r) => r.order.status === 1],
    ['status=1,2', (r) => [1, 2].includes(r.order.status)],
    ['status=3,0', (r) => [0, 3].includes(r.order.status)],
    ['status=', () => true],
    ['methodPayment=2', (r) => r.order.methodPayment === '2'],
    ['paymentStatus=paid', (r) => r.order.paymentStatus === 'paid'],
    ['paymentStatus=failed', (r) => r.order.paymentStatus === 'failed'],
    ['paymentStatus=', () => true],
    [
      'paymentStatus=pending&status=2&name=lan',
      (r) => r.order.paymentStatus === 'pending' && r.order.status === 2 && r.user.name.includes('Lan'),
    ],
    [
      'paymentStatus=refunded&methodPayment=1&minTotal=100000',
      (r) =>
        r.order.paymentStatus === 'refunded' &&
        r.order.methodPayment === '1' &&
        r.order.totalPrice >= 100_000,
    ],
    ['from=2026-02-01&to=2026-02-28', (r) => placedWithin(r, '2026-02-01', '2026-02-28')],
    ['from=2026-02-15', (r) => r.order.createdAt.getTime() >= storeDay('2026-02-15')],
    ['to=2026-02-14', (r) => r.order.createdAt.getTime() < storeDay('2026-02-15')],
    ['minTotal=150000', (r) => r.order.totalPrice >= 150_000],
    ['maxTotal=100000', (r) => r.order.totalPrice <= 100_000],
    [
      'minTotal=100000&maxTotal=200000',
      (r) => r.order.totalPrice >= 100_000 && r.order.totalPrice <= 200_000,
    ],
    ['minTotal=100000&maxTotal=100000', (r) => r.order.totalPrice === 100_000],
    ['name=LAN', (r) => [lan.id, lanAnh.id].includes(r.user.id)],
    [
      'status=1,2&from=2026-02-01&to=2026-02-28&name=lan',
      (r) =>
        [1, 2].includes(r.order.status) &&
        placedWithin(r, '2026-02-01', '2026-02-28') &&
        r.user.name.includes('Lan'),
    ],
    [
      'status=2&methodPayment=1&minTotal=100000&from=2026-02-01',
      (r) =>
        r.order.status === 2 &&
        r.order.methodPayment === '1' &&
        r.order.totalPrice >= 100_000 &&
        r.order.createdAt.getTime() >= storeDay('2026-02-01'),
    ],
    [
      'status=0&maxTotal=0&methodPayment=0',
      (r) => r.order.status === 0 && r.order.totalPrice === 0 && r.order.methodPayment === '0',
    ],
    ['name=nobody', () => false],
    ['userId=abc', () => false],
    ['userId=987654321', () => false],
  ]

  it('narrows by each filter and by combinations, with exact totals', async () => {
    const rows = await everyOrder()
    for (const [query, keep] of cases) {
      const expected = newest(rows.filter(keep))
      const { ids, total } = await allPages(t, `${LIST}?${query}`)
      expect(total, query).toBe(expected.length)
      expect(ids, query).toEqual(expected)
    }
    // The combination the brief names finds some of Lan's and Lan Anh's orders, not all of them.
    const combined = rows.filter(cases.find(([q]) => q.includes('name=lan'))![1])
    expect(combined.length).toBeGreaterThan(1)
    expect(combined.length).toBeLessThan(rows.filter((r) => [lan.id, lanAnh.id].includes(r.user.id)).length)
  })

  it('narrows to one customer by userId, and sorts within the filter', async () => {
    const rows = (await everyOrder()).filter((r) => r.user.id === lan.id)
    const { ids, total } = await allPages(t, `${LIST}?userId=${lan.id}&sortBy=totalPrice:asc`, 2)
    expect(total).toBe(5)
    expect(ids).toEqual(sortedIds(rows, 'totalPrice:asc'))
    const within = await allPages(t, `${LIST}?userId=${many.id}&status=1,2&sortBy=updatedAt:desc`, 100)
    expect(within.ids).toEqual(
      sortedIds(
        (await everyOrder()).filter((r) => r.user.id === many.id && [1, 2].includes(r.order.status)),
        'updatedAt:desc',
      ),
    )
    expect(within.total).toBe(MANY / 2)
  })

  it('counts whole days in the shop’s time zone: 23:59 of `to` is in, 00:00 of the next day is out', async () => {
    const [lastOf31, firstOf1, lastOf1, firstOf2] = edgeIds
    const of = async (query: string) => (await allPages(t, `${LIST}?userId=${edge.id}&${query}`)).ids
    expect(await of('from=2026-02-01&to=2026-02-01')).toEqual([lastOf1, firstOf1])
    expect(await of('to=2026-02-01')).toEqual([lastOf1, firstOf1, lastOf31])
    expect(await of('from=2026-02-01')).toEqual([firstOf2, lastOf1, firstOf1])
    expect(await of('from=2026-02-02&to=2026-02-02')).toEqual([firstOf2])
    expect(await of('to=2026-01-31')).toEqual([lastOf31])
  })

  it('keeps filtered totals exact when an order changes', async () => {
    const pending = async () => (await allPages(t, `${LIST}?status=1&minTotal=100000&name=lan`)).total
    const before = await pending()
    // Lan's three pending orders; Lan Anh has none.
    expect(before).toBe(3)
    const [row] = (await everyOrder()).filter((r) => r.user.id === lan.id && r.order.status === 1)
    const o = row!.order
    expect(o.totalPrice).toBeGreaterThanOrEqual(100_000)
    const body = { address: o.address, amount: o.amount, quantity: o.quantity }
    expectEnvelope(await t.call('PUT', `${LIST}/${o.id}`, { ...body, status: 2 }), 200)
    expect(await pending()).toBe(before - 1)
    // The API moves an order forward only (CONTRACT 4.5): it goes back to Pending by a write of the database's
    // own, which the remembered total must notice as well.
    await t.database.db.update(orders).set({ status: 1 }).where(eq(orders.id, o.id))
    expect(await pending()).toBe(before)
    // A renamed customer's orders leave the search's total.
    expectEnvelope(await t.call('PUT', `/api/admin/users/${lan.id}`, { name: 'Nguyễn Thị Hoa' }), 200)
    expect(await pending()).toBe(0)
    expectEnvelope(await t.call('PUT', `/api/admin/users/${lan.id}`, { name: 'Nguyễn Thị Lan' }), 200)
    expect(await pending()).toBe(before)
  })

  it('refuses bad input with 400 naming the parameter, on the list and the export', async () => {
    const cases: [string, string][] = [
      ['sortBy=price:asc', 'sortBy'],
      ['sortBy=createdAt:up', 'sortBy'],
      ['sortBy=createdAt', 'sortBy'],
      ['status=4', 'status'],
      ['status=1,1', 'status'],
      ['status=1,', 'status'],
      ['status=-1', 'status'],
      ['status=one', 'status'],
      ['methodPayment=cash', 'methodPayment'],
      ['paymentStatus=cash', 'paymentStatus'],
      ['paymentStatus=PAID', 'paymentStatus'],
      ['from=2026-03-02&to=2026-03-01', 'to'],
      ['from=2026-02-30', 'from'],
      ['to=yesterday', 'to'],
      ['minTotal=-1', 'minTotal'],
      ['maxTotal=1.5', 'maxTotal'],
      ['minTotal=200000&maxTotal=100000', 'maxTotal'],
      [`userId=${'1'.repeat(65)}`, 'userId'],
    ]
    for (const [query, field] of cases) {
      for (const url of [LIST, EXPORT]) {
        const body = expectEnvelope(await t.call('GET', `${url}?${query}`), 400)
        expect(Object.keys(body.errors), `${url}?${query}`).toEqual([field])
      }
    }
    const reversed = expectEnvelope(await t.call('GET', `${LIST}?from=2026-03-02&to=2026-03-01`), 400)
    expect(reversed.codes.to.code).toBe('rangeReversed')
  })
})

const HEADER = [
  'id',
  'createdAt',
  'updatedAt',
  'status',
  'statusName',
  'customerName',
  'customerEmail',
  'phoneNumber',
  'address',
  'quantity',
  'subtotal',
  'shipingFee',
  'discountPercent',
  'totalPrice',
  'amount',
  'methodPayment',
  'paymentStatus',
  'customerNote',
  'source',
]

describe('GET /api/admin/orders/export', () => {
  it('sends a UTF-8 CSV file with a BOM, named by the shop’s date, a header row first', async () => {
    const { answer, rows } = await downloadCsv(t, `${EXPORT}?userId=${binh.id}`)
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(answer.headers['content-disposition']).toBe('attachment; filename="orders-20260311.csv"')
    expect(rows[0]).toEqual(HEADER)
    expect(rows).toHaveLength(1 + 3)
    // Times on the shop's clock (UTC+7), newest first.
    expect(rows.slice(1).map((r) => r[1])).toEqual([
      '2026-02-06 10:00:00',
      '2026-02-05 10:00:00',
      '2026-01-05 10:00:00',
    ])
  })

  it('writes every column, money as whole numbers, and guards cells a spreadsheet would run', async () => {
    const { answer, rows } = await downloadCsv(t, `${EXPORT}?userId=${injector.id}`)
    expect(rows).toHaveLength(2)
    const o = injected
    expect(rows[1]).toEqual([
      String(o.id),
      '2026-02-25 09:03:04',
      '2026-02-25 09:03:04',
      '2',
      'Processing',
      "'@Kẻ Gian",
      'gian@test.example',
      "'+84901",
      'Số 5, "Ngõ" 10\nHà Nội',
      '2',
      '500000',
      '20000',
      '10',
      String(o.totalPrice),
      String(o.amount),
      '1',
      'failed',
      '\'=HYPERLINK("http://x")',
      'web',
    ])
    expect(o.totalPrice).toBe(470_000)
    expect(answer.body).toContain('"Số 5, ""Ngõ"" 10\nHà Nội"')
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
  })

  it('names each status in English beside its code, and leaves a missing phone empty', async () => {
    const { rows } = await downloadCsv(t, `${EXPORT}?userId=${lanAnh.id}&sortBy=status:asc`)
    expect(rows.slice(1).map((r) => [r[3], r[4], r[7]])).toEqual([
      ['0', 'Cancelled', ''],
      ['2', 'Processing', ''],
      ['3', 'Delivered', ''],
    ])
    const pending = await downloadCsv(t, `${EXPORT}?userId=${lan.id}&status=1&sortBy=createdAt:asc`)
    expect(pending.rows.slice(1).map((r) => [r[4], r[5], r[7]])).toEqual(
      Array(3).fill(['Pending', 'Nguyễn Thị Lan', '="0901000001"']),
    )
  })

  it('holds exactly the filtered list, all pages of it, in the list’s order, across batches and ties', async () => {
    const queries = [
      ...ORDER_SORT_FIELDS.flatMap((f) => [`sortBy=${f}:asc`, `sortBy=${f}:desc`]),
      'status=1,2&from=2026-02-01&to=2026-02-28&name=lan',
      'status=1,2&sortBy=totalPrice:desc',
      'paymentStatus=paid&sortBy=totalPrice:asc',
      `userId=${many.id}&sortBy=quantity:asc&minTotal=50000`,
      'from=2026-02-01&to=2026-02-01',
      'name=nobody',
    ]
    for (const query of queries) {
      const listed = await allPages(t, `${LIST}?${query}`)
      const { rows } = await downloadCsv(t, `${EXPORT}?${query}`)
      expect(rows[0], query).toEqual(HEADER)
      expect(
        rows.slice(1).map((r) => r[0]),
        query,
      ).toEqual(listed.ids)
    }
    // The payment status column holds what the filter asked for.
    const refunded = await downloadCsv(t, `${EXPORT}?paymentStatus=refunded`)
    expect(refunded.rows.length).toBeGreaterThan(100)
    expect(new Set(refunded.rows.slice(1).map((r) => r[HEADER.indexOf('paymentStatus')]))).toEqual(
      new Set(['refunded']),
    )
    const everything = await downloadCsv(t, `${EXPORT}?sortBy=quantity:desc`)
    expect(everything.rows.length - 1).toBeGreaterThan(1000)
  })

  it('ignores paging: the export is every matching order', async () => {
    const { rows } = await downloadCsv(t, `${EXPORT}?userId=${lan.id}&page=2&limit=1`)
    expect(rows).toHaveLength(1 + 5)
  })
})
