import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, rows } from '../../src/db/client.ts'
import { brands, categories, orderLines, orders, products, users } from '../../src/db/schema.ts'
import { insertProduct } from '../data.ts'
import { ADMIN, expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// The dashboard's figures come from an hourly rollup kept by triggers. These tests pin the clock and the
// store's time zone, put orders one second either side of each day and month edge, and change orders and
// lines every way the triggers must follow, comparing each answer with a count over the raw rows.

const FIGURES = [
  'amountCurrentDate',
  'orderMonth',
  'orderTotal',
  'soldMonth',
  'soldTotal',
  'amountMonth',
  'amountTotal',
  'shippingMonth',
  'shippingTotal',
] as const
type Figures = Record<(typeof FIGURES)[number], number>

interface Store {
  t: TestApp
  /** Moves the store's clock. */
  setClock(at: string): void
  figures(): Promise<Figures>
}

/** An app whose clock the test moves; each move signs in again, since the token's lifetime follows the clock. */
async function openStore(timeZone?: string): Promise<Store> {
  let clock = new Date('2026-03-15T03:00:00Z')
  const t = await startApp({
    now: () => clock,
    env: {
      LOGIN_LIMIT_PER_EMAIL: '1000',
      LOGIN_LIMIT_PER_IP: '1000',
      ...(timeZone ? { STORE_TZ: timeZone } : {}),
    },
  })
  let headers: Record<string, string> | undefined = t.auth
  return {
    t,
    setClock(at) {
      clock = new Date(at)
      headers = undefined
    },
    async figures() {
      if (!headers) {
        const login = expectEnvelope(await t.call('POST', '/api/admin/auth/login', ADMIN, {}), 200)
        headers = { authorization: `Bearer ${login.data.tokens.access.token}` }
      }
      const body = expectEnvelope(await t.call('GET', '/api/admin/analytics', undefined, headers), 200)
      expect(Object.keys(body.data).sort()).toEqual([...FIGURES].sort())
      for (const key of FIGURES) expect(Number.isInteger(body.data[key])).toBe(true)
      return body.data
    },
  }
}

let serial = 0
async function seedCatalog(db: Db) {
  const n = ++serial
  const [customer] = await db
    .insert(users)
    .values({ name: `Khách ${n}`, email: `khach${n}@test.example` })
    .returning()
  const [category] = await db
    .insert(categories)
    .values({ name: `Danh mục ${n}`, slug: `dm-${n}` })
    .returning()
  const [brand] = await db
    .insert(brands)
    .values({ name: `Hãng ${n}`, slug: `h-${n}` })
    .returning()
  const [product] = await db
    .insert(products)
    .values({ name: `Áo ${n}`, slug: `ao-${n}`, categoryId: category!.id, brandId: brand!.id })
    .returning()
  return { userId: customer!.id, productId: product!.id }
}

interface NewOrder {
  at: string
  totalPrice: number
  shipingFee?: number
  status?: number
  units?: number[]
}

async function addOrder(db: Db, refs: { userId: number; productId: number }, o: NewOrder) {
  const [row] = await db
    .insert(orders)
    .values({
      userId: refs.userId,
      address: 'Số 1 Lê Lợi',
      status: o.status ?? 1,
      totalPrice: o.totalPrice,
      amount: o.totalPrice,
      shipingFee: o.shipingFee ?? 0,
      createdAt: new Date(o.at),
    })
    .returning()
  const units = o.units ?? []
  const lines = units.length
    ? await db
        .insert(orderLines)
        .values(
          units.map((quantity) => ({ orderId: row!.id, productId: refs.productId, price: 1000, quantity })),
        )
        .returning()
    : []
  return { id: row!.id, lineIds: lines.map((l) => l.id) }
}

/** The figures counted the slow way, straight from orders and lines, for the store's day and month given. */
async function bruteForce(db: Db, day: [string, string], month: [string, string]): Promise<Figures> {
  const [row] = await rows<Figures>(
    db,
    sql`with o as (
          select o.created_at as at, o.total_price, o.shiping_fee,
                 (select coalesce(sum(quantity), 0) from order_lines l where l.order_id = o.id) as sold
            from orders o where o.status <> 0
        )
        select coalesce(sum(total_price) filter (where at >= ${day[0]}::timestamptz and at < ${day[1]}::timestamptz), 0)::float8 as "amountCurrentDate",
               count(*) filter (where at >= ${month[0]}::timestamptz and at < ${month[1]}::timestamptz)::float8 as "orderMonth",
               count(*)::float8 as "orderTotal",
               coalesce(sum(sold) filter (where at >= ${month[0]}::timestamptz and at < ${month[1]}::timestamptz), 0)::float8 as "soldMonth",
               coalesce(sum(sold), 0)::float8 as "soldTotal",
               coalesce(sum(total_price) filter (where at >= ${month[0]}::timestamptz and at < ${month[1]}::timestamptz), 0)::float8 as "amountMonth",
               coalesce(sum(total_price), 0)::float8 as "amountTotal",
               coalesce(sum(shiping_fee) filter (where at >= ${month[0]}::timestamptz and at < ${month[1]}::timestamptz), 0)::float8 as "shippingMonth",
               coalesce(sum(shiping_fee), 0)::float8 as "shippingTotal"
          from o`,
  )
  return row!
}

/**
 * One order each side of every edge, with figures that are distinct powers of ten (amounts), of two (units)
 * and of ten again (shipping), so a sum says exactly which orders it took.
 */
const EDGE_ORDERS = {
  beforeMonth: { local: '2026-02-28T23:59:59', amount: 1, units: 1 },
  monthStart: { local: '2026-03-01T00:00:00', amount: 10, units: 2 },
  midMonth: { local: '2026-03-07T13:45:10', amount: 100, units: 4 },
  beforeDay: { local: '2026-03-14T23:59:59', amount: 1_000, units: 8 },
  dayStart: { local: '2026-03-15T00:00:00', amount: 10_000, units: 16 },
  dayLast: { local: '2026-03-15T23:59:59', amount: 100_000, units: 32 },
  nextDay: { local: '2026-03-16T00:00:00', amount: 1_000_000, units: 64 },
  monthLast: { local: '2026-03-31T23:59:59', amount: 10_000_000, units: 128 },
  nextMonth: { local: '2026-04-01T00:00:00', amount: 100_000_000, units: 256 },
} as const
type EdgeName = keyof typeof EDGE_ORDERS
const ALL = Object.keys(EDGE_ORDERS) as EdgeName[]

/** What the figures must be when `month` and `day` hold exactly the orders named. */
function expected(month: EdgeName[], day: EdgeName[]): Figures {
  const sum = (names: EdgeName[], pick: (o: (typeof EDGE_ORDERS)[EdgeName]) => number) =>
    names.reduce((total, name) => total + pick(EDGE_ORDERS[name]), 0)
  const amount = (o: { amount: number }) => o.amount * 1000
  const shipping = (o: { amount: number }) => o.amount * 10
  return {
    amountCurrentDate: sum(day, amount),
    orderMonth: month.length,
    orderTotal: ALL.length,
    soldMonth: sum(month, (o) => o.units),
    soldTotal: sum(ALL, (o) => o.units),
    amountMonth: sum(month, amount),
    amountTotal: sum(ALL, amount),
    shippingMonth: sum(month, shipping),
    shippingTotal: sum(ALL, shipping),
  }
}

// Each zone has a fixed offset all year, so '…+07:00' is the store's wall clock.
describe.each([
  { zone: undefined, offset: '+07:00', name: 'Asia/Ho_Chi_Minh, the default' },
  { zone: 'Asia/Kolkata', offset: '+05:30', name: 'Asia/Kolkata, whose midnight is not on a UTC hour' },
  { zone: 'Asia/Kathmandu', offset: '+05:45', name: 'Asia/Kathmandu' },
])('analytics in $name', ({ zone, offset }) => {
  let store: Store
  const local = (wall: string) => `${wall}${offset}`
  beforeAll(async () => {
    store = await openStore(zone)
    const db = store.t.database.db
    const refs = await seedCatalog(db)
    for (const o of Object.values(EDGE_ORDERS)) {
      await addOrder(db, refs, {
        at: local(o.local),
        totalPrice: o.amount * 1000,
        shipingFee: o.amount * 10,
        units: [o.units],
      })
    }
    // Cancelled orders count nowhere, whatever their day.
    await addOrder(db, refs, {
      at: local('2026-03-15T12:00:00'),
      status: 0,
      totalPrice: 777_000,
      shipingFee: 7_000,
      units: [7],
    })
  })
  afterAll(async () => store.t.close())

  it('puts the orders of the day and month edges on the right side', async () => {
    store.setClock(local('2026-03-15T10:00:00'))
    const month: EdgeName[] = [
      'monthStart',
      'midMonth',
      'beforeDay',
      'dayStart',
      'dayLast',
      'nextDay',
      'monthLast',
    ]
    expect(await store.figures()).toEqual(expected(month, ['dayStart', 'dayLast']))
    expect(await store.figures()).toEqual(
      await bruteForce(
        store.t.database.db,
        [local('2026-03-15T00:00:00'), local('2026-03-16T00:00:00')],
        [local('2026-03-01T00:00:00'), local('2026-04-01T00:00:00')],
      ),
    )
  })

  it('moves today and this month with the clock, one second before and at midnight', async () => {
    const march: EdgeName[] = [
      'monthStart',
      'midMonth',
      'beforeDay',
      'dayStart',
      'dayLast',
      'nextDay',
      'monthLast',
    ]
    store.setClock(local('2026-03-14T23:59:59'))
    expect(await store.figures()).toEqual(expected(march, ['beforeDay']))
    store.setClock(local('2026-03-31T23:59:59'))
    expect(await store.figures()).toEqual(expected(march, ['monthLast']))
    store.setClock(local('2026-04-01T00:00:00'))
    expect(await store.figures()).toEqual(expected(['nextMonth'], ['nextMonth']))
    store.setClock(local('2026-03-01T00:00:00'))
    expect(await store.figures()).toEqual(expected(march, ['monthStart']))
    store.setClock(local('2026-02-28T23:59:59'))
    expect(await store.figures()).toEqual(expected(['beforeMonth'], ['beforeMonth']))
  })
})

describe('analytics as orders and lines change', () => {
  let store: Store
  let db: Db
  let refs: { userId: number; productId: number }
  const today = (time: string) => `2026-03-15T${time}+07:00`
  const check = async () => {
    const figures = await store.figures()
    expect(figures).toEqual(
      await bruteForce(
        db,
        [today('00:00:00'), '2026-03-16T00:00:00+07:00'],
        ['2026-03-01T00:00:00+07:00', '2026-04-01T00:00:00+07:00'],
      ),
    )
    return figures
  }

  beforeAll(async () => {
    store = await openStore('Asia/Ho_Chi_Minh')
    store.setClock(today('10:00:00'))
    db = store.t.database.db
    refs = await seedCatalog(db)
  })
  afterAll(async () => store.t.close())

  it('starts at zero', async () => {
    expect(await check()).toEqual(Object.fromEntries(FIGURES.map((k) => [k, 0])))
  })

  it('counts a new order and its lines', async () => {
    await addOrder(db, refs, {
      at: today('09:00:00'),
      totalPrice: 500_000,
      shipingFee: 30_000,
      units: [2, 3],
    })
    expect(await check()).toEqual({
      amountCurrentDate: 500_000,
      orderMonth: 1,
      orderTotal: 1,
      soldMonth: 5,
      soldTotal: 5,
      amountMonth: 500_000,
      amountTotal: 500_000,
      shippingMonth: 30_000,
      shippingTotal: 30_000,
    })
  })

  it('drops an order cancelled (status to 0) and takes it back when it is not', async () => {
    const o = await addOrder(db, refs, {
      at: today('08:00:00'),
      totalPrice: 200_000,
      shipingFee: 15_000,
      units: [4],
    })
    const before = await check()
    await db.update(orders).set({ status: 0 }).where(eq(orders.id, o.id))
    const cancelled = await check()
    expect(cancelled.orderTotal).toBe(before.orderTotal - 1)
    expect(cancelled.amountCurrentDate).toBe(before.amountCurrentDate - 200_000)
    expect(cancelled.soldMonth).toBe(before.soldMonth - 4)
    expect(cancelled.shippingTotal).toBe(before.shippingTotal - 15_000)
    // Lines added to a cancelled order count once it is reinstated, with the rest.
    await db.insert(orderLines).values({ orderId: o.id, productId: refs.productId, price: 1000, quantity: 6 })
    expect(await check()).toEqual(cancelled)
    await db.update(orders).set({ status: 3 }).where(eq(orders.id, o.id))
    const back = await check()
    expect(back.orderTotal).toBe(before.orderTotal)
    expect(back.soldTotal).toBe(before.soldTotal + 6)
    // A change between statuses that are not 0 changes nothing.
    await db.update(orders).set({ status: 2 }).where(eq(orders.id, o.id))
    expect(await check()).toEqual(back)
  })

  it('ignores an order created cancelled', async () => {
    const before = await check()
    await addOrder(db, refs, {
      at: today('07:00:00'),
      status: 0,
      totalPrice: 900_000,
      shipingFee: 9_000,
      units: [9],
    })
    expect(await check()).toEqual(before)
  })

  it('follows line deletes and quantity changes', async () => {
    const o = await addOrder(db, refs, { at: today('06:30:00'), totalPrice: 100_000, units: [1, 10, 100] })
    const before = await check()
    await db.delete(orderLines).where(eq(orderLines.id, o.lineIds[1]!))
    expect((await check()).soldMonth).toBe(before.soldMonth - 10)
    await db.update(orderLines).set({ quantity: 40 }).where(eq(orderLines.id, o.lineIds[2]!))
    expect((await check()).soldTotal).toBe(before.soldTotal - 10 - 100 + 40)
  })

  it('follows an order delete, its lines going with it', async () => {
    const a = await addOrder(db, refs, {
      at: today('05:00:00'),
      totalPrice: 300_000,
      shipingFee: 20_000,
      units: [5, 7],
    })
    const b = await addOrder(db, refs, {
      at: today('05:10:00'),
      totalPrice: 1_000,
      shipingFee: 0,
      units: [11],
    })
    const c = await addOrder(db, refs, { at: today('05:20:00'), status: 0, totalPrice: 1_000, units: [13] })
    const before = await check()
    await db.delete(orders).where(eq(orders.id, a.id))
    const after = await check()
    expect(after.orderTotal).toBe(before.orderTotal - 1)
    expect(after.soldTotal).toBe(before.soldTotal - 12)
    expect(after.amountCurrentDate).toBe(before.amountCurrentDate - 300_000)
    expect(after.shippingMonth).toBe(before.shippingMonth - 20_000)
    // Several orders in one statement, one of them cancelled.
    await db.delete(orders).where(inArray(orders.id, [b.id, c.id]))
    const both = await check()
    expect(both.soldTotal).toBe(after.soldTotal - 11)
    expect(both.orderTotal).toBe(after.orderTotal - 1)
  })

  it('follows changes of total, shipping fee and creation time', async () => {
    const o = await addOrder(db, refs, {
      at: today('04:00:00'),
      totalPrice: 60_000,
      shipingFee: 6_000,
      units: [3],
    })
    const before = await check()
    await db.update(orders).set({ totalPrice: 80_000, shipingFee: 1_000 }).where(eq(orders.id, o.id))
    const repriced = await check()
    expect(repriced.amountTotal).toBe(before.amountTotal + 20_000)
    expect(repriced.shippingTotal).toBe(before.shippingTotal - 5_000)
    // Moved to last month: out of today and this month, still in the totals.
    await db
      .update(orders)
      .set({ createdAt: new Date('2026-02-20T12:00:00+07:00') })
      .where(eq(orders.id, o.id))
    const moved = await check()
    expect(moved.amountCurrentDate).toBe(repriced.amountCurrentDate - 80_000)
    expect(moved.soldMonth).toBe(repriced.soldMonth - 3)
    expect(moved.soldTotal).toBe(repriced.soldTotal)
    // An edit that touches nothing counted changes nothing.
    await db.update(orders).set({ address: 'Số 2 Hai Bà Trưng' }).where(eq(orders.id, o.id))
    expect(await check()).toEqual(moved)
  })

  it('follows bulk statements over many orders and lines', async () => {
    await db.execute(sql`
      insert into orders (user_id, address, status, total_price, shiping_fee, created_at)
      select ${refs.userId}, 'Lô ' || g, g % 4, g * 1000, g * 10,
             timestamptz '2026-03-15 00:00:00+07' - g * interval '37 minutes'
        from generate_series(1, 400) g`)
    await db.execute(sql`
      insert into order_lines (order_id, product_id, price, quantity)
      select o.id, ${refs.productId}, 1000, 1 + k from orders o, generate_series(1, 3) k where o.address like 'Lô %'`)
    await check()
    await db.execute(sql`update orders set status = 0 where address like 'Lô %' and status = 2`)
    await check()
    await db.execute(
      sql`update orders set created_at = created_at + interval '30 minutes', status = 1 where address like 'Lô 1%'`,
    )
    await check()
    await db.execute(
      sql`update order_lines set quantity = quantity + 1 where order_id in (select id from orders where address like 'Lô 2%')`,
    )
    await check()
    await db.execute(sql`delete from order_lines where quantity = 2`)
    await check()
    await db.execute(sql`delete from orders where address like 'Lô 3%'`)
    await check()
  })

  it('gives the same figures after rebuild_stats() and after compaction', async () => {
    const before = await check()
    await db.execute(sql`select compact_stats()`)
    expect(await check()).toEqual(before)
    await db.execute(sql`select rebuild_stats()`)
    expect(await check()).toEqual(before)
  })

  it('counts orders loaded with triggers off once rebuild_stats() has run', async () => {
    const before = await check()
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`)
      await tx.execute(sql`
        insert into orders (user_id, address, status, total_price, shiping_fee, created_at)
        values (${refs.userId}, 'Nạp', 1, 123000, 4000, timestamptz '2026-03-15 03:00:00+07')`)
      await tx.execute(sql`
        insert into order_lines (order_id, product_id, price, quantity)
        select id, ${refs.productId}, 1000, 17 from orders where address = 'Nạp'`)
      await tx.execute(sql`select rebuild_stats()`)
    })
    const after = await check()
    expect(after.amountCurrentDate).toBe(before.amountCurrentDate + 123_000)
    expect(after.soldMonth).toBe(before.soldMonth + 17)
  })

  it('stays exact when an order is cancelled while a line is being added to it, in either order', async () => {
    for (const first of ['cancel', 'line'] as const) {
      const o = await addOrder(db, refs, { at: today('02:00:00'), totalPrice: 10_000, units: [1] })
      let release!: () => void
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      const cancel = (tx: Db) => tx.update(orders).set({ status: 0 }).where(eq(orders.id, o.id))
      const line = (tx: Db) =>
        tx.insert(orderLines).values({ orderId: o.id, productId: refs.productId, price: 1000, quantity: 50 })
      // The first transaction writes and holds; the second starts meanwhile (on PostgreSQL it waits for the
      // first's lock on the order; on PGlite for the connection), then the first commits.
      const one = db.transaction(async (tx) => {
        await (first === 'cancel' ? cancel(tx) : line(tx))
        await held
      })
      await new Promise((resolve) => setTimeout(resolve, 50))
      const two = db.transaction(async (tx) => {
        await (first === 'cancel' ? line(tx) : cancel(tx))
      })
      await new Promise((resolve) => setTimeout(resolve, 150))
      release()
      await Promise.all([one, two])
      await check()
    }
  })

  it('needs a signed-in administrator', async () => {
    expectEnvelope(await store.t.call('GET', '/api/admin/analytics', undefined, {}), 401)
    expectEnvelope(
      await store.t.call('GET', '/api/admin/analytics', undefined, { authorization: 'Bearer nope' }),
      401,
    )
  })
})

describe('sums past 2^53 − 1', () => {
  // A product may cost up to 2^53 − 1 VND, so two orders of one add up past what a double holds exactly. The
  // figures, the days and the report answered 500 then (zod's integers stop there); a fuzzed price found it.
  let t: TestApp
  beforeAll(async () => {
    t = await startApp()
  })
  afterAll(async () => t.close())

  it('are answered, as near as a double comes', async () => {
    const dear = await insertProduct(t.database.db, {
      name: 'Dear',
      price: 5_000_000_000_000_000,
      quantity: 10,
    })
    for (const phone of ['0912 001 789', '0912 002 789'])
      expectEnvelope(
        await t.call('POST', '/api/admin/orders', {
          customer: { name: 'Khách Lớn', phoneNumber: phone },
          address: '12 Trần Thái Tông, Cầu Giấy, Hà Nội',
          lines: [{ productId: String(dear.id), quantity: 1 }],
          shippingFee: 0,
          discountPercent: 0,
          methodPayment: '1',
          source: 'phone',
        }),
        201,
      )
    const figures = expectEnvelope(await t.call('GET', '/api/admin/analytics'), 200).data
    expect(figures.amountCurrentDate).toBe(10_000_000_000_000_000)
    const days = expectEnvelope(await t.call('GET', '/api/admin/analytics/sales-per-day'), 200).data
    expect(days.at(-1).amount).toBe(10_000_000_000_000_000)
    const report = expectEnvelope(await t.call('GET', '/api/admin/analytics/report'), 200).data
    expect(report.totals.revenue).toBe(10_000_000_000_000_000)
  })
})
