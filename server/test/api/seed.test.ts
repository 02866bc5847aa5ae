import { existsSync } from 'node:fs'
import { type AddressParts, STORED_PATH } from '@store/contract'
import { type SQL, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, rows } from '../../src/db/client.ts'
import { countRows, type Population } from '../../src/lib/counts.ts'
import { resolveStoredPath } from '../../src/modules/files/storage.ts'
import { addressText, loadUnits } from '../../src/modules/places/units.ts'
import { generateStore } from '../../src/seed/bulk.ts'
import { DEMO, seedDemoIfEmpty } from '../../src/seed/demo.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// The demo store and the bulk generator, on a real database: counts, determinism, and the invariants the rest
// of the API relies on (order figures from their lines, product figures from orders and reviews, valid keys).

const NOW = new Date('2026-11-21T03:00:00.000Z')
const YEAR_AGO = new Date(NOW.getTime() - 365 * 86_400_000)

/** A logger that keeps what was logged, so a swallowed seeding error fails the test. */
function recordingLog() {
  const lines: { level: string; msg: string }[] = []
  const at =
    (level: string) =>
    (...args: unknown[]) => {
      const msg = args.find((a) => typeof a === 'string') as string | undefined
      const err = args.find((a) => typeof a === 'object' && a !== null) as { err?: Error } | undefined
      lines.push({ level, msg: `${msg ?? ''} ${err?.err?.stack ?? ''}` })
    }
  const log = {
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    debug: at('debug'),
    fatal: at('fatal'),
  }
  return {
    log: log as unknown as FastifyBaseLogger,
    lines,
    errors: () => lines.filter((l) => l.level === 'error'),
  }
}

const count = async (db: Db, query: SQL) => (await rows<{ n: number }>(db, query))[0]!.n

/** Order ids whose quantity, subtotal, totalPrice or amount disagree with their lines, and orders without lines. */
async function inconsistentOrders(db: Db) {
  const orders = await rows<{
    id: number
    quantity: number
    subtotal: number
    discount: number
    fee: number
    total: number
    amount: number
  }>(
    db,
    sql`select id::float8 as id, quantity, subtotal::float8 as subtotal, discount_percent as discount,
               shiping_fee::float8 as fee, total_price::float8 as total, amount::float8 as amount
          from orders`,
  )
  const lines = await rows<{ orderId: number; price: number; quantity: number }>(
    db,
    sql`select order_id::float8 as "orderId", price::float8 as price, quantity from order_lines`,
  )
  const byOrder = new Map<number, { price: number; quantity: number }[]>()
  for (const l of lines) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l])
  const wrong: number[] = []
  for (const o of orders) {
    const own = byOrder.get(o.id) ?? []
    const quantity = own.reduce((s, l) => s + l.quantity, 0)
    const subtotal = own.reduce((s, l) => s + l.price * l.quantity, 0)
    const total = subtotal - Math.round((subtotal * o.discount) / 100) + o.fee
    if (own.length === 0 || o.quantity !== quantity || o.subtotal !== subtotal || o.total !== total)
      wrong.push(o.id)
    else if (o.amount !== o.total) wrong.push(o.id)
  }
  return { orders: orders.length, wrong }
}

/** Products whose sold or rating is not what their lines and approved reviews say (CONTRACT 4.5). */
const productFiguresOff = (db: Db) =>
  count(
    db,
    sql`select count(*)::int as n from products p
         where p.sold <> coalesce((select sum(l.quantity) from order_lines l join orders o on o.id = l.order_id
                                    where l.product_id = p.id and o.status = 3), 0)
            or p.rating <> coalesce((select round(avg(r.rating)::numeric, 2)::float8 from reviews r
                                      where r.product_id = p.id and r.status = 'approved'), 0)`,
  )

/**
 * Orders whose payment status is not what migration 0010's rule gives: unpaid without a payment method ('0' or
 * empty), else paid once delivered and pending before.
 */
const paymentStatusesOff = (db: Db) =>
  count(
    db,
    sql`select count(*)::int as n from orders
         where payment_status <> case when method_payment in ('0', '') then 'unpaid'
                                      when status = 3 then 'paid' else 'pending' end`,
  )

/** How many reviews have each status. */
const reviewStatuses = async (db: Db) =>
  Object.fromEntries(
    (
      await rows<{ status: string; n: number }>(
        db,
        sql`select status, count(*)::int as n from reviews group by status`,
      )
    ).map((r) => [r.status, r.n]),
  ) as Partial<Record<'pending' | 'approved' | 'rejected', number>>

/** Rows pointing at nothing, or at the wrong kind of row: every foreign key of the generated tables. */
const danglingKeys = (db: Db) =>
  count(
    db,
    sql`select (
          (select count(*) from products p where not exists (select 1 from categories c where c.id = p.category_id)
                                              or not exists (select 1 from brands b where b.id = p.brand_id))
        + (select count(*) from orders o where not exists (select 1 from users u where u.id = o.user_id and u.role = 'user'))
        + (select count(*) from order_lines l where not exists (select 1 from orders o where o.id = l.order_id)
                                                 or not exists (select 1 from products p where p.id = l.product_id and p.deleted_at is null))
        + (select count(*) from reviews r where not exists (select 1 from products p where p.id = r.product_id)
                                             or not exists (select 1 from users u where u.id = r.user_id and u.role = 'user'))
        )::int as n`,
  )

/** Every list total the API reads (kept by triggers, rebuilt after a load) equals a real count. */
async function expectStoredCountsExact(db: Db) {
  const truth: Record<Population, SQL> = {
    users: sql`select count(*)::float8 as n from users`,
    customers: sql`select count(*)::float8 as n from users where role = 'user'`,
    admins: sql`select count(*)::float8 as n from users where role = 'admin'`,
    categories: sql`select count(*)::float8 as n from categories`,
    brands: sql`select count(*)::float8 as n from brands`,
    products: sql`select count(*)::float8 as n from products where deleted_at is null`,
    reviews: sql`select count(*)::float8 as n from reviews`,
    orders: sql`select count(*)::float8 as n from orders`,
    order_lines: sql`select count(*)::float8 as n from order_lines`,
    product_variants: sql`select count(*)::float8 as n from product_variants where not retired`,
    shipments: sql`select count(*)::float8 as n from shipments`,
  }
  for (const [what, query] of Object.entries(truth) as [Population, SQL][]) {
    expect({ what, n: await countRows(db, what) }).toEqual({ what, n: await count(db, query) })
  }
}

describe('demo store', () => {
  let t: TestApp
  let second: TestApp
  beforeAll(async () => {
    ;[t, second] = await Promise.all([startApp({ now: () => NOW }), startApp({ now: () => NOW })])
  })
  afterAll(async () => Promise.all([t?.close(), second?.close()]))

  it('seeds the whole store in one go, well under 20 s, and says so in one line', async () => {
    const { log, lines, errors } = recordingLog()
    const summary = await seedDemoIfEmpty(t.app.services, log)
    expect(errors()).toEqual([])
    expect(summary).toMatchObject({
      categories: DEMO.categories,
      brands: 12,
      products: 60,
      customers: 200,
      orders: 300,
      reviews: 300,
    })
    expect(summary!.ms).toBeLessThan(20_000)
    const said = lines.filter((l) => l.level === 'info')
    expect(said).toHaveLength(1)
    expect(said[0]!.msg).toMatch(
      /^Demo store seeded: 10 categories, 12 brands, 60 products .*300 reviews in [\d.]+ s/,
    )

    const db = t.database.db
    expect(DEMO.categories).toBeGreaterThanOrEqual(8)
    expect(await count(db, sql`select count(*)::int as n from categories`)).toBe(DEMO.categories)
    expect(await count(db, sql`select count(*)::int as n from brands`)).toBe(12)
    expect(await count(db, sql`select count(*)::int as n from products`)).toBe(60)
    expect(await count(db, sql`select count(*)::int as n from users where role = 'user'`)).toBe(200)
    expect(await count(db, sql`select count(*)::int as n from orders`)).toBe(300)
    expect(await count(db, sql`select count(*)::int as n from reviews`)).toBe(300)
    await expectStoredCountsExact(db)
    // The API reads the same store: its list total is the seeded count.
    const listed = expectEnvelope(await t.call('GET', '/api/admin/categories?name=ao'), 200)
    expect(listed.data.map((c: { name: string }) => c.name).sort()).toEqual([
      'Áo khoác',
      'Áo sơ mi',
      'Áo thun',
    ])
  })

  it('names categories in Vietnamese and gives every brand a stored logo', async () => {
    const db = t.database.db
    const names = (await rows<{ name: string }>(db, sql`select name from categories`)).map((c) => c.name)
    expect(names).toEqual(
      expect.arrayContaining(['Áo thun', 'Quần jean', 'Giày dép', 'Túi xách', 'Đồng hồ', 'Phụ kiện']),
    )
    const logos = await rows<{ logo: string | null }>(db, sql`select logo from brands`)
    for (const { logo } of logos) {
      expect(logo).toMatch(STORED_PATH)
      expect(logo!.startsWith('/2026/11/')).toBe(true)
      expect(existsSync(resolveStoredPath(t.app.services.uploadDir, logo!)!)).toBe(true)
    }
  })

  it('gives products 1 to 3 stored images, VND prices in whole thousands, and sizes from S, M, L, XL', async () => {
    const list = await rows<{ images: string[]; price: number; size: string[]; slug: string }>(
      t.database.db,
      sql`select images, price::float8 as price, size, slug from products`,
    )
    expect(new Set(list.map((p) => p.slug)).size).toBe(60)
    for (const p of list) {
      expect(p.images.length).toBeGreaterThanOrEqual(1)
      expect(p.images.length).toBeLessThanOrEqual(3)
      for (const image of p.images) {
        expect(image).toMatch(STORED_PATH)
        expect(existsSync(resolveStoredPath(t.app.services.uploadDir, image)!)).toBe(true)
      }
      expect(Number.isInteger(p.price / 1000)).toBe(true)
      expect(p.price).toBeGreaterThanOrEqual(49_000)
      for (const s of p.size) expect(['S', 'M', 'L', 'XL']).toContain(s)
    }
  })

  it('makes customers with Vietnamese names, 10-digit mobile numbers, addresses, gender and birth date', async () => {
    const customers = await rows<{
      name: string
      phone: string
      gender: number
      dob: string | null
      location: string
      email: string
    }>(
      t.database.db,
      sql`select name, phone_number as phone, gender, dob::text as dob, location, email
            from users where role = 'user' order by id`,
    )
    expect(customers[0]!.name).toBe('Nguyễn Văn An')
    // Addresses by the 2025 units (CONTRACT 5.6): a street, a ward of the province, the province; no district.
    const { provinces, wardsOf } = loadUnits()
    for (const c of customers) {
      expect(c.name.split(' ').length).toBeGreaterThanOrEqual(3)
      expect(c.phone).toMatch(/^0[39]\d{8}$/)
      expect([1, 2]).toContain(c.gender)
      expect(c.dob).toMatch(/^(19[7-9]\d|200[0-6])-\d{2}-\d{2}$/)
      const [street, ward, province, ...rest] = c.location.split(', ')
      expect(rest, c.location).toEqual([])
      expect(street).toMatch(/^\d/)
      const known = provinces.find((p) => p.fullName === province)
      expect(known, c.location).toBeDefined()
      expect(
        wardsOf.get(known!.code)!.map((w) => w.fullName),
        c.location,
      ).toContain(ward)
    }
    expect(new Set(customers.map((c) => c.email.toLowerCase())).size).toBe(200)
    expect(new Set(customers.map((c) => c.gender))).toEqual(new Set([1, 2]))
  })

  it('gives orders their sources and writes an address given by codes as the server would', async () => {
    const list = await rows<{ source: string; address: string; parts: AddressParts | null }>(
      t.database.db,
      sql`select source, address, address_parts as parts from orders`,
    )
    expect(new Set(list.map((o) => o.source))).toEqual(
      new Set(['web', 'phone', 'facebook', 'zalo', 'shop', 'marketplace']),
    )
    const byCodes = list.filter((o) => o.parts !== null)
    expect(byCodes.length).toBeGreaterThan(10)
    for (const o of byCodes) expect(addressText(o.parts!, 'address')).toBe(o.address)
  })

  it('spreads orders over the last 12 months in every status and payment method', async () => {
    const list = await rows<{
      status: number
      method: string
      createdAt: string
      updatedAt: string
      lines: number
    }>(
      t.database.db,
      sql`select status, method_payment as method, created_at::text as "createdAt", updated_at::text as "updatedAt",
                 (select count(*)::int from order_lines l where l.order_id = o.id) as lines
            from orders o`,
    )
    expect(new Set(list.map((o) => o.status))).toEqual(new Set([0, 1, 2, 3]))
    expect(new Set(list.map((o) => o.method))).toEqual(new Set(['0', '1', '2', '3']))
    const months = new Set<string>()
    for (const o of list) {
      const created = new Date(o.createdAt)
      expect(created.getTime()).toBeGreaterThanOrEqual(YEAR_AGO.getTime())
      expect(created.getTime()).toBeLessThanOrEqual(NOW.getTime())
      expect(new Date(o.updatedAt).getTime()).toBeGreaterThanOrEqual(created.getTime())
      expect(new Date(o.updatedAt).getTime()).toBeLessThanOrEqual(NOW.getTime())
      expect(o.lines).toBeGreaterThanOrEqual(1)
      expect(o.lines).toBeLessThanOrEqual(4)
      months.add(o.createdAt.slice(0, 7))
    }
    expect(months.size).toBeGreaterThanOrEqual(12)
  })

  it('keeps every order’s figures consistent with its lines, priced and sized from the product', async () => {
    const db = t.database.db
    const { orders, wrong } = await inconsistentOrders(db)
    expect(orders).toBe(300)
    expect(wrong).toEqual([])
    const mispriced = await count(
      db,
      sql`select count(*)::int as n from order_lines l join products p on p.id = l.product_id
           where l.price <> p.price
              or (cardinality(p.size) = 0 and l.size is not null)
              or (cardinality(p.size) > 0 and not (l.size = any (p.size)))`,
    )
    expect(mispriced).toBe(0)
    const discounts = await rows<{ d: number; f: number }>(
      db,
      sql`select distinct discount_percent as d, shiping_fee::int as f from orders`,
    )
    for (const { d, f } of discounts) {
      expect([0, 5, 10]).toContain(d)
      expect([0, 15_000, 30_000]).toContain(f)
    }
    expect(new Set(discounts.map((x) => x.d))).toEqual(new Set([0, 5, 10]))
  })

  it('ships its orders as their statuses and payments say, in every step and COD state', async () => {
    const db = t.database.db
    const list = await rows<{
      orderStatus: number
      paymentStatus: string
      status: string
      carrier: string
      trackingNumber: string | null
      codAmount: number
      amount: number
      delivered: boolean
      collected: boolean
      collectedAmount: number | null
      fee: number | null
      inOrder: boolean
    }>(
      db,
      sql`select o.status as "orderStatus", o.payment_status as "paymentStatus", s.status, s.carrier,
                 s.tracking_number as "trackingNumber", s.cod_amount::int as "codAmount", o.amount::int as amount,
                 s.delivered_at is not null as delivered, s.cod_collected_at is not null as collected,
                 s.cod_collected_amount::int as "collectedAmount", s.carrier_fee::int as fee,
                 s.created_at >= o.created_at and s.updated_at <= ${NOW.toISOString()}::timestamptz
                   and coalesce(s.cod_collected_at >= s.delivered_at, true) as "inOrder"
            from shipments s join orders o on o.id = s.order_id`,
    )
    // Each step and COD state shows, and more than one carrier.
    expect(new Set(list.map((s) => s.status))).toEqual(
      new Set(['ready', 'in-transit', 'delivered', 'returned']),
    )
    expect(new Set(list.map((s) => s.carrier)).size).toBeGreaterThanOrEqual(5)
    const step = { ready: 2, 'in-transit': 2, delivered: 3, returned: 0 } as Record<string, number>
    for (const s of list) {
      expect(s.orderStatus).toBe(step[s.status])
      expect(s.inOrder).toBe(true)
      expect(s.delivered).toBe(s.status === 'delivered')
      expect([0, s.amount]).toContain(s.codAmount)
      if (s.carrier !== 'self') expect(s.trackingNumber).toMatch(/^[A-Z0-9]+$/)
      // COD collected exactly for paid orders that had COD; outstanding for delivered unpaid ones.
      expect(s.collected).toBe(s.codAmount > 0 && s.status === 'delivered' && s.paymentStatus === 'paid')
      if (s.collected) {
        expect(s.collectedAmount).toBe(s.codAmount)
        expect(s.fee).toBeGreaterThan(0)
      }
    }
    expect(list.some((s) => s.status === 'delivered' && s.codAmount > 0 && !s.collected)).toBe(true)
    expect(list.some((s) => s.collected)).toBe(true)
    // Every Delivered order was delivered by a carrier; Pending ones are not shipped yet.
    expect(list.filter((s) => s.orderStatus === 3)).toHaveLength(
      await count(db, sql`select count(*)::int as n from orders where status = 3`),
    )
    expect(list.some((s) => s.orderStatus === 1)).toBe(false)
    await expectStoredCountsExact(db)
  })

  it('gives every order the payment status migration 0010’s rule gives, and shows each of them', async () => {
    const db = t.database.db
    expect(await paymentStatusesOff(db)).toBe(0)
    const statuses = await rows<{ s: string }>(db, sql`select distinct payment_status as s from orders`)
    expect(new Set(statuses.map((r) => r.s))).toEqual(new Set(['unpaid', 'pending', 'paid']))
  })

  it('leaves some reviews pending and rejects some, most approved, and rates products by approved ones only', async () => {
    const db = t.database.db
    const statuses = await reviewStatuses(db)
    expect(statuses.pending).toBeGreaterThanOrEqual(5)
    expect(statuses.rejected).toBeGreaterThanOrEqual(5)
    expect(statuses.approved).toBeGreaterThan(200)
    expect((statuses.pending ?? 0) + (statuses.approved ?? 0) + (statuses.rejected ?? 0)).toBe(300)
    // Rejections fall more on low ratings; waiting reviews are more often recent ones.
    const lowRejected = await count(
      db,
      sql`select (100 * count(*) filter (where status = 'rejected') / count(*))::int as n from reviews where rating <= 2`,
    )
    const highRejected = await count(
      db,
      sql`select (100 * count(*) filter (where status = 'rejected') / count(*))::int as n from reviews where rating >= 3`,
    )
    expect(lowRejected).toBeGreaterThan(highRejected)
    // The rule bites: some products' ratings differ from the mean of all their reviews.
    expect(
      await count(
        db,
        sql`select count(*)::int as n from products p
             where p.rating <> coalesce((select round(avg(r.rating)::numeric, 2)::float8 from reviews r
                                          where r.product_id = p.id), 0)`,
      ),
    ).toBeGreaterThan(0)
    expect(await productFiguresOff(db)).toBe(0)
    // The API's status filter sees the same.
    const pending = expectEnvelope(await t.call('GET', '/api/admin/product-reviews?status=pending'), 200)
    expect(pending.meta.totalResults).toBe(statuses.pending)
  })

  it('writes 300 reviews in two languages and derives each product’s rating and sold from the rows', async () => {
    const db = t.database.db
    const ratings = await rows<{ rating: number; n: number }>(
      db,
      sql`select rating, count(*)::int as n from reviews group by rating order by rating`,
    )
    expect(ratings.map((r) => r.rating)).toEqual([1, 2, 3, 4, 5])
    const contents = (await rows<{ content: string }>(db, sql`select content from reviews`)).map(
      (r) => r.content,
    )
    expect(contents.some((c) => /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệịỉĩọỏốồổỗộớờởỡợụủứừửữựỳỷỹỵ]/i.test(c))).toBe(
      true,
    )
    expect(contents.some((c) => /^[\x20-\x7e]+$/.test(c))).toBe(true)
    expect(await productFiguresOff(db)).toBe(0)
    expect(await count(db, sql`select count(*)::int as n from products where sold > 0`)).toBeGreaterThan(40)
    expect(await count(db, sql`select count(*)::int as n from products where rating > 0`)).toBeGreaterThan(40)
    expect(await danglingKeys(db)).toBe(0)
  })

  it('gives each product a stock history from its orders that ends at the stock it holds', async () => {
    const db = t.database.db
    // The latest movement of every stock (a product's own, or a variant's) leaves what it holds; none below 0.
    expect(
      await count(
        db,
        sql`select count(*)::int as n from (
              select p.id as product_id, null::bigint as variant_id, p.quantity as held from products p
               where not exists (select 1 from product_variants v where v.product_id = p.id)
              union all
              select product_id, id, quantity from product_variants) h
             join lateral (select after from stock_movements m
                            where m.product_id = h.product_id and m.variant_id is not distinct from h.variant_id
                            order by m.id desc limit 1) m on true
            where m.after <> h.held`,
      ),
    ).toBe(0)
    expect(await count(db, sql`select count(*)::int as n from stock_movements where reason = 'order'`)).toBe(
      await count(
        db,
        sql`select count(*)::int as n from (select distinct l.order_id, l.product_id, l.variant_id from order_lines l
              join orders o on o.id = l.order_id where o.status <> 0) x`,
      ),
    )
    // Clothes and shoes come in sizes: each such product's stock is the sum of its variants', and what was
    // bought of it names a variant.
    expect(
      await count(db, sql`select count(distinct product_id)::int as n from product_variants`),
    ).toBeGreaterThan(30)
    expect(
      await count(
        db,
        sql`select count(*)::int as n from products p
             where exists (select 1 from product_variants v where v.product_id = p.id)
               and p.quantity <> (select sum(quantity) from product_variants v where v.product_id = p.id)`,
      ),
    ).toBe(0)
    expect(
      await count(
        db,
        sql`select count(*)::int as n from order_lines l
             where l.variant_id is null
               and exists (select 1 from product_variants v where v.product_id = l.product_id)`,
      ),
    ).toBe(0)
    // The movements of a product add up to its stock.
    expect(
      await count(
        db,
        sql`select count(*)::int as n from products p
             where p.quantity <> coalesce((select sum(delta) from stock_movements m where m.product_id = p.id), 0)`,
      ),
    ).toBe(0)
    const shown = expectEnvelope(await t.call('GET', '/api/admin/products?limit=1'), 200).data[0]
    const history = expectEnvelope(
      await t.call('GET', `/api/admin/products/${shown.id}/stock-movements?limit=100`),
      200,
    )
    expect(history.data.reduce((sum: number, m: { delta: number }) => sum + m.delta, 0)).toBe(shown.quantity)
  })

  it('is deterministic: a second fresh store holds the same products, customers and orders', async () => {
    const { log, errors } = recordingLog()
    expect(await seedDemoIfEmpty(second.app.services, log)).not.toBeNull()
    expect(errors()).toEqual([])
    const snapshot = async (db: Db) => ({
      products: await rows(
        db,
        sql`select name, price::float8 as price, size, quantity, sold, rating from products order by id`,
      ),
      customers: await rows(
        db,
        sql`select name, email, phone_number, location from users where role = 'user' order by id`,
      ),
      orders: await rows(
        db,
        sql`select total_price::float8 as t, status, payment_status, created_at::text as c from orders order by id`,
      ),
      reviews: await rows(db, sql`select rating, status, content from reviews order by id`),
    })
    const [a, b] = await Promise.all([snapshot(t.database.db), snapshot(second.database.db)])
    expect(a.products).toHaveLength(60)
    expect(b).toEqual(a)
  })

  it('leaves a store that already has products, or only categories, alone', async () => {
    const { log, lines } = recordingLog()
    expect(await seedDemoIfEmpty(t.app.services, log)).toBeNull()
    expect(lines).toEqual([])
    expect(await count(t.database.db, sql`select count(*)::int as n from products`)).toBe(60)
    expect(await count(t.database.db, sql`select count(*)::int as n from orders`)).toBe(300)

    const other = await startApp({ now: () => NOW })
    try {
      expectEnvelope(await other.call('POST', '/api/admin/categories', { name: 'Hàng mới về' }), 201)
      expect(await seedDemoIfEmpty(other.app.services, log)).toBeNull()
      expect(await count(other.database.db, sql`select count(*)::int as n from products`)).toBe(0)
      expect(await count(other.database.db, sql`select count(*)::int as n from categories`)).toBe(1)
    } finally {
      await other.close()
    }
  })
})

describe('bulk generator', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startApp({ now: () => NOW })
  })
  afterAll(async () => t?.close())
  const target = () => ({
    db: t.database.db,
    files: t.app.services.files,
    now: NOW,
    parallel: t.database.kind === 'pg' ? 2 : 1,
  })

  it('inserts exactly the counts asked for, in small chunks, with consistent orders and valid keys', async () => {
    const db = t.database.db
    const report = await generateStore(target(), {
      categories: 4,
      brands: 5,
      products: 50,
      orders: 80,
      customers: 30,
      reviews: 40,
      linesPerOrder: 3,
      chunkSize: 16,
    })
    expect(report.inserted).toMatchObject({
      categories: 4,
      brands: 5,
      products: 50,
      customers: 30,
      orders: 80,
      reviews: 40,
    })
    expect(report.triggersOff).toBe(true)
    expect(await count(db, sql`select count(*)::int as n from categories`)).toBe(4)
    expect(await count(db, sql`select count(*)::int as n from brands`)).toBe(5)
    expect(await count(db, sql`select count(*)::int as n from products`)).toBe(50)
    expect(await count(db, sql`select count(*)::int as n from users where role = 'user'`)).toBe(30)
    expect(await count(db, sql`select count(*)::int as n from orders`)).toBe(80)
    expect(await count(db, sql`select count(*)::int as n from reviews`)).toBe(40)
    const lines = await count(db, sql`select count(*)::int as n from order_lines`)
    expect(report.inserted.lines).toBe(lines)
    expect(lines).toBeGreaterThanOrEqual(80)
    expect(lines).toBeLessThanOrEqual(240)

    const { wrong } = await inconsistentOrders(db)
    expect(wrong).toEqual([])
    expect(await danglingKeys(db)).toBe(0)
    expect(await productFiguresOff(db)).toBe(0)
    expect(await paymentStatusesOff(db)).toBe(0)
    await expectStoredCountsExact(db)
    // The moderated mix: approved most, and some of the others (the same ids always draw the same).
    const statuses = await reviewStatuses(db)
    expect(statuses.approved).toBeGreaterThan(20)
    expect((statuses.pending ?? 0) + (statuses.rejected ?? 0)).toBeGreaterThan(0)
  })

  it('writes believable rows: unique slugs, stored pictures, dates in the last year, statuses 0 to 3', async () => {
    const db = t.database.db
    const products = await rows<{ slug: string; images: string[]; price: number; name: string }>(
      db,
      sql`select slug, images, price::float8 as price, name from products`,
    )
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length)
    const pool = new Set(products.flatMap((p) => p.images))
    expect(pool.size).toBeLessThanOrEqual(24)
    for (const image of pool)
      expect(existsSync(resolveStoredPath(t.app.services.uploadDir, image)!)).toBe(true)
    for (const p of products) {
      expect(p.price % 1000).toBe(0)
      expect(p.name).toMatch(/\S+ \S+/)
    }
    const orders = await rows<{ first: string; last: string; statuses: number[] }>(
      db,
      sql`select min(created_at)::text as first, max(created_at)::text as last,
                 array_agg(distinct status order by status) as statuses from orders`,
    )
    expect(new Date(orders[0]!.first).getTime()).toBeGreaterThanOrEqual(YEAR_AGO.getTime())
    expect(new Date(orders[0]!.last).getTime()).toBeLessThanOrEqual(NOW.getTime())
    for (const s of orders[0]!.statuses) expect([0, 1, 2, 3]).toContain(s)
    const phones = await rows<{ phone: string }>(
      db,
      sql`select phone_number as phone from users where role = 'user'`,
    )
    for (const { phone } of phones) expect(phone).toMatch(/^0[39]\d{8}$/)
    const listed = expectEnvelope(await t.call('GET', '/api/admin/categories'), 200)
    expect(listed.meta.totalResults).toBe(4)
  })

  it('appends to a store that has rows, including the demo’s, and keeps every figure exact', async () => {
    const db = t.database.db
    const { log } = recordingLog()
    // The demo skips a store with products; the generator adds to it.
    expect(await seedDemoIfEmpty(t.app.services, log)).toBeNull()
    await generateStore(target(), {
      categories: 0,
      brands: 1,
      products: 7,
      orders: 9,
      customers: 3,
      reviews: 11,
      linesPerOrder: 2,
    })
    expect(await count(db, sql`select count(*)::int as n from products`)).toBe(57)
    expect(await count(db, sql`select count(*)::int as n from orders`)).toBe(89)
    expect(await count(db, sql`select count(*)::int as n from reviews`)).toBe(51)
    expect(await count(db, sql`select count(*)::int as n from users where role = 'user'`)).toBe(33)
    expect((await inconsistentOrders(db)).wrong).toEqual([])
    expect(await danglingKeys(db)).toBe(0)
    expect(await productFiguresOff(db)).toBe(0)
    expect(await paymentStatusesOff(db)).toBe(0)
    await expectStoredCountsExact(db)
  })

  it('refuses counts that are not whole numbers, and orders with no products to point at', async () => {
    const base = {
      categories: 0,
      brands: 0,
      products: 0,
      orders: 0,
      customers: 0,
      reviews: 0,
      linesPerOrder: 1,
    }
    await expect(generateStore(target(), { ...base, products: -1 })).rejects.toThrow(
      /products must be a whole number/,
    )
    await expect(generateStore(target(), { ...base, orders: 1.5 })).rejects.toThrow(
      /orders must be a whole number/,
    )
    await expect(generateStore(target(), { ...base, linesPerOrder: 0 })).rejects.toThrow(/linesPerOrder/)
    const empty = await startApp({ now: () => NOW })
    try {
      await expect(
        generateStore({ ...target(), db: empty.database.db }, { ...base, orders: 5, customers: 2 }),
      ).rejects.toThrow(/need products/)
      // Nothing of the failed load is left behind: no half-written rows, no work tables.
      expect(await count(empty.database.db, sql`select count(*)::int as n from orders`)).toBe(0)
      expect(
        await count(
          empty.database.db,
          sql`select count(*)::int as n from pg_tables where tablename like 'seed_%'`,
        ),
      ).toBe(0)
    } finally {
      await empty.close()
    }
  })
})
