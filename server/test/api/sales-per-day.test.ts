import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, rows } from '../../src/db/client.ts'
import { orders } from '../../src/db/schema.ts'
import { insertCustomer } from '../data.ts'
import { ADMIN, expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// `GET /api/admin/analytics/sales-per-day`: the store's calendar days (STORE_TZ) from the hourly rollup. The
// clock is pinned and orders are put either side of local midnights; a second part scatters orders over
// weeks and compares every day with a count made in JavaScript from the raw rows, with the zone's rules
// taken from Intl rather than from PostgreSQL.

interface Store {
  t: TestApp
  db: Db
  /** Moves the store's clock. */
  setClock(at: string): void
  /** The answer's data for `query` (`?days=…`), checked for shape. */
  perDay(query?: string): Promise<{ date: string; amount: number; orders: number }[]>
}

/** An app whose clock the test moves; each move signs in again, since the token's lifetime follows the clock. */
async function openStore(timeZone: string | undefined, at: string): Promise<Store> {
  let clock = new Date(at)
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
    db: t.database.db,
    setClock(next) {
      clock = new Date(next)
      headers = undefined
    },
    async perDay(query = '') {
      if (!headers) {
        const login = expectEnvelope(await t.call('POST', '/api/admin/auth/login', ADMIN, {}), 200)
        headers = { authorization: `Bearer ${login.data.tokens.access.token}` }
      }
      const url = `/api/admin/analytics/sales-per-day${query}`
      const body = expectEnvelope(await t.call('GET', url, undefined, headers), 200)
      expect(body.message).toBe('OK')
      for (const day of body.data) {
        expect(Object.keys(day).sort()).toEqual(['amount', 'date', 'orders'])
        expect(day.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
        expect(Number.isInteger(day.amount) && Number.isInteger(day.orders)).toBe(true)
      }
      return body.data
    },
  }
}

async function addOrder(db: Db, userId: number, at: string, totalPrice: number, status = 1) {
  const [row] = await db
    .insert(orders)
    .values({
      userId,
      address: 'Số 1 Lê Lợi',
      status,
      totalPrice,
      amount: totalPrice,
      shipingFee: 0,
      createdAt: new Date(at),
    })
    .returning({ id: orders.id })
  return row!.id
}

/** `count` consecutive dates ending with `last` (YYYY-MM-DD), oldest first. */
function datesEnding(last: string, count: number): string[] {
  const end = Date.parse(`${last}T00:00:00Z`)
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  )
}

/**
 * Orders either side of the local midnights the tests look at, with amounts that are distinct powers of ten
 * (thousands of VND), so a day's sum says exactly which orders it took.
 */
const EDGE_ORDERS = {
  beforeRange: { local: '2026-03-08T23:59:59', amount: 1 },
  rangeStart: { local: '2026-03-09T00:00:00', amount: 10 },
  lateNight: { local: '2026-03-13T23:30:00', amount: 100 },
  earlyMorning: { local: '2026-03-14T00:30:00', amount: 1_000 },
  dayLast: { local: '2026-03-14T23:59:59', amount: 10_000 },
  todayStart: { local: '2026-03-15T00:00:00', amount: 100_000 },
  todayLast: { local: '2026-03-15T23:59:59', amount: 1_000_000 },
  tomorrow: { local: '2026-03-16T00:00:00', amount: 10_000_000 },
} as const
type EdgeName = keyof typeof EDGE_ORDERS

/** What a day holds when it has exactly the orders named. */
const day = (date: string, ...names: EdgeName[]) => ({
  date,
  amount: names.reduce((sum, name) => sum + EDGE_ORDERS[name].amount * 1000, 0),
  orders: names.length,
})

/** The `count` days ending `last`, zero except where `filled` says. */
function expectedDays(last: string, count: number, filled: ReturnType<typeof day>[]) {
  return datesEnding(last, count).map((date) => filled.find((d) => d.date === date) ?? day(date))
}

// Each zone has a fixed offset all year, so '…+07:00' is the store's wall clock. At +05:30 and +05:45 the
// UTC hour that holds local midnight is cut in two, so those days come partly from the orders themselves.
describe.each([
  { zone: undefined, offset: '+07:00', name: 'Asia/Ho_Chi_Minh, the default' },
  { zone: 'Asia/Kolkata', offset: '+05:30', name: 'Asia/Kolkata, whose midnight is not on a UTC hour' },
  { zone: 'Asia/Kathmandu', offset: '+05:45', name: 'Asia/Kathmandu' },
])('sales per day in $name', ({ zone, offset }) => {
  let store: Store
  let cancelledId: number
  const local = (wall: string) => `${wall}${offset}`
  beforeAll(async () => {
    store = await openStore(zone, local('2026-03-15T10:00:00'))
    const customer = await insertCustomer(store.db)
    for (const o of Object.values(EDGE_ORDERS)) {
      await addOrder(store.db, customer.id, local(o.local), o.amount * 1000)
    }
    // Cancelled orders count nowhere, whatever their day.
    cancelledId = await addOrder(store.db, customer.id, local('2026-03-14T12:00:00'), 777_000, 0)
  })
  afterAll(async () => store.t.close())

  it('answers `days` days ending today, oldest first, zeros where nothing sold', async () => {
    store.setClock(local('2026-03-15T10:00:00'))
    expect(await store.perDay('?days=7')).toEqual(
      expectedDays('2026-03-15', 7, [
        day('2026-03-09', 'rangeStart'),
        day('2026-03-13', 'lateNight'),
        day('2026-03-14', 'earlyMorning', 'dayLast'),
        day('2026-03-15', 'todayStart', 'todayLast'),
      ]),
    )
  })

  it('puts 23:30 and 00:30 local on their own days, though both are the same UTC date', async () => {
    expect(new Date(local('2026-03-13T23:30:00')).toISOString().slice(0, 10)).toBe('2026-03-13')
    expect(new Date(local('2026-03-14T00:30:00')).toISOString().slice(0, 10)).toBe('2026-03-13')
    const days = await store.perDay('?days=3')
    expect(days.map((d) => d.date)).toEqual(['2026-03-13', '2026-03-14', '2026-03-15'])
    expect(days[0]).toEqual(day('2026-03-13', 'lateNight'))
    expect(days[1]).toEqual(day('2026-03-14', 'earlyMorning', 'dayLast'))
  })

  it('is 30 days by default, and an empty days is the default', async () => {
    const expected = expectedDays('2026-03-15', 30, [
      day('2026-03-08', 'beforeRange'),
      day('2026-03-09', 'rangeStart'),
      day('2026-03-13', 'lateNight'),
      day('2026-03-14', 'earlyMorning', 'dayLast'),
      day('2026-03-15', 'todayStart', 'todayLast'),
    ])
    expect(expected[0]!.date).toBe('2026-02-14')
    expect(await store.perDay()).toEqual(expected)
    expect(await store.perDay('?days=')).toEqual(expected)
  })

  it('answers one day (today) and up to 366', async () => {
    expect(await store.perDay('?days=1')).toEqual([day('2026-03-15', 'todayStart', 'todayLast')])
    const year = await store.perDay('?days=366')
    expect(year).toHaveLength(366)
    expect(year[0]!.date).toBe('2025-03-15')
    expect(year.at(-1)!.date).toBe('2026-03-15')
    const sold = year.filter((d) => d.orders > 0)
    expect(sold.reduce((n, d) => n + d.orders, 0)).toBe(7)
  })

  it('moves today with the clock, one second before and at midnight', async () => {
    store.setClock(local('2026-03-14T23:59:59'))
    expect(await store.perDay('?days=2')).toEqual([
      day('2026-03-13', 'lateNight'),
      day('2026-03-14', 'earlyMorning', 'dayLast'),
    ])
    store.setClock(local('2026-03-16T00:00:00'))
    expect(await store.perDay('?days=2')).toEqual([
      day('2026-03-15', 'todayStart', 'todayLast'),
      day('2026-03-16', 'tomorrow'),
    ])
    store.setClock(local('2026-03-15T10:00:00'))
  })

  it('leaves cancelled orders out, and counts one again once it is not cancelled', async () => {
    const before = await store.perDay('?days=2')
    await store.db.update(orders).set({ status: 2 }).where(eq(orders.id, cancelledId))
    const reinstated = await store.perDay('?days=2')
    expect(reinstated[0]).toEqual({
      date: '2026-03-14',
      amount: before[0]!.amount + 777_000,
      orders: before[0]!.orders + 1,
    })
    expect(reinstated[1]).toEqual(before[1])
    await store.db.update(orders).set({ status: 0 }).where(eq(orders.id, cancelledId))
    expect(await store.perDay('?days=2')).toEqual(before)
  })
})

/** The store's date of an instant, by Intl's rules for the zone. */
const localDate = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
  return (at: Date) => format.format(at)
}

// America/St_Johns moved from −03:30 to −02:30 on 8 March 2026: that day has 23 hours and neither offset is
// on a UTC hour. Europe/London changes on whole hours (29 March). Orders every 53 minutes over six weeks,
// every seventh cancelled, must add up day by day to what the raw rows say.
describe.each([
  { zone: 'America/St_Johns', now: '2026-03-20T12:00:00-02:30' },
  { zone: 'Europe/London', now: '2026-04-05T12:00:00+01:00' },
  { zone: 'Asia/Ho_Chi_Minh', now: '2026-03-20T12:00:00+07:00' },
])('sales per day in $zone, against the raw rows', ({ zone, now }) => {
  let store: Store
  beforeAll(async () => {
    store = await openStore(zone, now)
    const customer = await insertCustomer(store.db)
    await store.db.execute(sql`
      insert into orders (user_id, address, status, total_price, amount, created_at)
      select ${customer.id}, 'Lô ' || g, case when g % 7 = 0 then 0 else 1 + g % 3 end, 1000 + g, 1000 + g,
             ${now}::timestamptz - g * interval '53 minutes'
        from generate_series(0, 1200) g`)
  })
  afterAll(async () => store.t.close())

  it('matches a count over the orders for every day', async () => {
    // Epoch milliseconds: text would follow the session's TimeZone, which differs between servers.
    const raw = await rows<{ at: number; status: number; total: number }>(
      store.db,
      sql`select (extract(epoch from created_at) * 1000)::float8 as at, status::int as status,
                 total_price::float8 as total from orders`,
    )
    const dateOf = localDate(zone)
    const truth = new Map<string, { amount: number; orders: number }>()
    for (const o of raw) {
      if (o.status === 0) continue
      const date = dateOf(new Date(o.at))
      const d = truth.get(date) ?? { amount: 0, orders: 0 }
      truth.set(date, { amount: d.amount + o.total, orders: d.orders + 1 })
    }
    const days = await store.perDay('?days=60')
    expect(days).toHaveLength(60)
    expect(days.at(-1)!.date).toBe(dateOf(new Date(now)))
    expect(days).toEqual(days.map(({ date }) => ({ date, ...(truth.get(date) ?? { amount: 0, orders: 0 }) })))
    // Every order lies inside the 60 days, so nothing was lost or counted twice.
    expect(days.reduce((n, d) => n + d.orders, 0)).toBe(raw.filter((o) => o.status !== 0).length)
  })

  it('is the same after compaction and after rebuild_stats()', async () => {
    const before = await store.perDay('?days=60')
    await store.db.execute(sql`select compact_stats()`)
    expect(await store.perDay('?days=60')).toEqual(before)
    await store.db.execute(sql`select rebuild_stats()`)
    expect(await store.perDay('?days=60')).toEqual(before)
  })
})

describe('GET /api/admin/analytics/sales-per-day, bad input and auth', () => {
  let store: Store
  beforeAll(async () => {
    store = await openStore(undefined, '2026-03-15T03:00:00Z')
  })
  afterAll(async () => store.t.close())

  it('answers zeros for every day of a store without orders', async () => {
    expect(await store.perDay('?days=5')).toEqual(expectedDays('2026-03-15', 5, []))
  })

  it('refuses a days that is not a whole number from 1 to 366, naming it', async () => {
    for (const days of ['0', '367', '-1', '1.5', 'abc', '1e9', 'days', '9007199254740993', '1&days=2']) {
      const answer = await store.t.call('GET', `/api/admin/analytics/sales-per-day?days=${days}`)
      const body = expectEnvelope(answer, 400)
      expect(Object.keys(body.errors), days).toEqual(['days'])
      expect(body.message).toContain('days')
    }
    const range = expectEnvelope(
      await store.t.call('GET', '/api/admin/analytics/sales-per-day?days=367'),
      400,
    )
    expect(range.errors.days).toBe('Must be between 1 and 366')
  })

  it('needs a signed-in administrator', async () => {
    expectEnvelope(await store.t.call('GET', '/api/admin/analytics/sales-per-day', undefined, {}), 401)
    expectEnvelope(
      await store.t.call('GET', '/api/admin/analytics/sales-per-day?days=7', undefined, {
        authorization: 'Bearer nope',
      }),
      401,
    )
  })

  it('is described in the OpenAPI document', async () => {
    const doc = (await store.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    const operation = doc.paths['/api/admin/analytics/sales-per-day'].get
    expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(['days'])
    expect(operation.responses['200']).toBeDefined()
  })
})
