import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { configSchema } from '../../src/config.ts'
import { type Database, type Db, rows } from '../../src/db/client.ts'
import { orderLines, orders, products, users } from '../../src/db/schema.ts'
import { syncStatsZone } from '../../src/modules/analytics/report.ts'
import { hashPassword } from '../../src/modules/auth/passwords.ts'
import { parseCsv } from '../csv.ts'
import { insertBrand, insertCategory, insertCustomer, insertOrder, insertProduct } from '../data.ts'
import { ADMIN, type Answer, expectEnvelope, startApp, type TestApp } from '../helpers.ts'
import {
  type Comparison,
  countDays,
  type Interval,
  localDay,
  periodsOf,
  readStore,
  shiftDay,
  type TruthReport,
  truthReport,
} from '../report-truth.ts'

// GET /api/admin/analytics/report and its export (CONTRACT 4.8), read from the day rollups of migration 0011.
// A store is built in the test, changed through the API where the API writes (status moves, cancelling, a
// line refunded, a product moved to another category, an order deleted) and through the database where it
// does not (new orders, a creation time moved, lines written), and after every kind of change each figure of
// the report must be what a count in JavaScript over the rows says (report-truth.ts: days from Intl, not from
// PostgreSQL), again after compact_stats(), and unchanged by rebuild_stats(). The clock is pinned; the zone
// edges are tried in Asia/Ho_Chi_Minh, Asia/Kolkata (+05:30), America/New_York and Europe/Paris (summer time),
// each zone an app started on the same database, as a new STORE_TZ is. Last, a period at the end of 9999, asked
// of an app in a worker thread so that a call that never ends fails its test instead of holding the file.

const REPORT = '/api/admin/analytics/report'
const EXPORT = '/api/admin/analytics/report/export'
const REPORT_KEYS = [
  'byCategory',
  'byPayment',
  'bySource',
  'cod',
  'compare',
  'from',
  'interval',
  'series',
  'to',
  'topProducts',
]
const TOTALS_KEYS = ['averageOrder', 'cancelled', 'newCustomers', 'orders', 'revenue', 'shipping', 'units']
const COMPARE_KEYS = ['compareFrom', 'compareSeries', 'compareTo', 'compareTotals']

interface Query {
  from: string
  to: string
  interval: Interval
  compare: Comparison
}
const q = (from: string, to: string, interval: Interval = 'day', compare: Comparison = 'none'): Query => ({
  from,
  to,
  interval,
  compare,
})
const urlOf = ({ from, to, interval, compare }: Query, base = REPORT) =>
  `${base}?from=${from}&to=${to}&interval=${interval}&compare=${compare}`

/** An app of the store, signed in as the administrator at the store's clock. */
interface Shop {
  app: FastifyInstance
  db: Db
  zone: string
  /** Moves the clock; the next call signs in again, since a token's lifetime follows the clock. */
  setClock(at: string): void
  /** A call as the administrator (or with `headers`), the JSON answer parsed. */
  call(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer>
  /** A report's data, checked for shape: its keys, whole non-negative figures, periods as days. */
  report(url: string, headers?: Record<string, string>): Promise<TruthReport>
  /** An export as downloaded: the answer and its rows, header first; fails unless a 200 with the BOM. */
  download(url: string): Promise<{ headers: Record<string, unknown>; rows: string[][] }>
}

function shopOf(app: FastifyInstance, db: Db, zone: string, clock: { at: Date }): Shop {
  let auth: Record<string, string> | undefined
  const inject = async (
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => {
    const res = await app.inject({
      method,
      url,
      headers: headers ?? {},
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    })
    return res
  }
  const signedIn = async () => {
    if (!auth) {
      const login = await inject('POST', '/api/admin/auth/login', ADMIN)
      auth = { authorization: `Bearer ${login.json().data.tokens.access.token}` }
    }
    return auth
  }
  const shop: Shop = {
    app,
    db,
    zone,
    setClock(at) {
      clock.at = new Date(at)
      auth = undefined
    },
    async call(method, url, body, headers) {
      const res = await inject(method, url, body, headers ?? (await signedIn()))
      let parsed: unknown = null
      if (res.body) {
        try {
          parsed = JSON.parse(res.body)
        } catch {
          parsed = res.body
        }
      }
      return { statusCode: res.statusCode, body: parsed, headers: res.headers }
    },
    async report(url, headers) {
      const body = expectEnvelope(await shop.call('GET', url, undefined, headers), 200)
      expect(body.message).toBe('OK')
      const data = body.data
      const compared = data.compare !== 'none'
      expect(Object.keys(data).sort(), url).toEqual(
        [...REPORT_KEYS, 'totals', ...(compared ? COMPARE_KEYS : [])].sort(),
      )
      for (const totals of [data.totals, ...(compared ? [data.compareTotals] : [])]) {
        expect(Object.keys(totals).sort()).toEqual(TOTALS_KEYS)
        for (const v of Object.values(totals))
          expect(Number.isSafeInteger(v) && (v as number) >= 0).toBe(true)
      }
      for (const p of [...data.series, ...(data.compareSeries ?? [])]) {
        expect(Object.keys(p).sort()).toEqual(['orders', 'period', 'revenue', 'units'])
        expect(p.period).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      }
      for (const s of [...data.topProducts, ...data.byCategory]) {
        expect(Object.keys(s).sort()).toEqual(['id', 'name', 'revenue', 'units'])
        expect(typeof s.id).toBe('string')
      }
      for (const p of data.byPayment)
        expect(Object.keys(p).sort()).toEqual(['methodPayment', 'orders', 'revenue'])
      for (const s of data.bySource) expect(Object.keys(s).sort()).toEqual(['orders', 'revenue', 'source'])
      return data
    },
    async download(url) {
      const res = await inject('GET', url, undefined, await signedIn())
      if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`)
      expect(res.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])), 'byte order mark').toBe(
        true,
      )
      return { headers: res.headers, rows: parseCsv(res.rawPayload.subarray(3).toString('utf8')) }
    },
  }
  return shop
}

/**
 * Another app on the same database, as a second process or a restart with another STORE_TZ would be: building
 * it syncs the rollups' zone (syncStatsZone), rebuilding them when the zone changed. Its close leaves the
 * database to the app that made it.
 */
async function appOn(database: Database, zone: string, clock: { at: Date }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-report-'))
  const config = configSchema.parse({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    STORE_TZ: zone,
    LOGIN_LIMIT_PER_EMAIL: '1000',
    LOGIN_LIMIT_PER_IP: '1000',
  })
  const app = await buildApp({
    checkAnswers: true,
    config,
    database,
    jwtSecret: new TextEncoder().encode(`report-test-secret-${zone}-0123456789abcdef`),
    now: () => clock.at,
  })
  await app.ready()
  return {
    shop: shopOf(app, database.db, zone, clock),
    close: async () => {
      await app.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Every query's report equals what the rows say; the answers, for comparing later. */
async function expectTruth(shop: Shop, queries: Query[]): Promise<TruthReport[]> {
  const store = await readStore(shop.db)
  const answers: TruthReport[] = []
  for (const query of queries) {
    const data = await shop.report(urlOf(query))
    expect(data, urlOf(query)).toEqual(truthReport(store, shop.zone, query))
    answers.push(data)
  }
  return answers
}

/** The rows of the day rollups that compaction has not folded yet. */
async function pendingRollupRows(db: Db) {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select ((select count(*) from sales_days where not compacted) + (select count(*) from product_days where not compacted)
              + (select count(*) from category_days where not compacted) + (select count(*) from payment_days where not compacted))::int as n`,
  )
  return row!.n
}

/** The truth before and after compact_stats(), which must fold every pending row and change no answer. */
async function expectTruthAndCompaction(shop: Shop, queries: Query[]) {
  const before = await expectTruth(shop, queries)
  await shop.db.execute(sql`select compact_stats()`)
  expect(await pendingRollupRows(shop.db)).toBe(0)
  expect(await expectTruth(shop, queries)).toEqual(before)
  return before
}

/** A test app in Asia/Ho_Chi_Minh at `clock`, with sign-in limits high enough for the test's many sign-ins. */
async function startShop(clock: { at: Date }) {
  const t = await startApp({
    now: () => clock.at,
    env: { LOGIN_LIMIT_PER_EMAIL: '1000', LOGIN_LIMIT_PER_IP: '1000' },
  })
  return { t, db: t.database.db, shop: shopOf(t.app, t.database.db, 'Asia/Ho_Chi_Minh', clock) }
}

// ---------------------------------------------------------------------------------------------------------------
// A store in Hồ Chí Minh City (the default zone, UTC+7 all year): `h('2026-03-15T00:00:00')` is its wall clock.

const h = (wall: string) => new Date(`${wall}+07:00`)

describe('the report of a store built for the test, in Asia/Ho_Chi_Minh (the default)', () => {
  const clock = { at: h('2026-03-15T10:00:00') }
  let t: TestApp
  let shop: Shop
  let db: Db
  type Product = Awaited<ReturnType<typeof insertProduct>>
  const p: Product[] = []
  const cat: Record<'shirts' | 'trousers' | 'shoes', number> = { shirts: 0, trousers: 0, shoes: 0 }
  /** The hand-made orders, by name. */
  const o: Record<string, { id: number; lines: number[] }> = {}
  const customer: Record<string, number> = {}

  // Periods chosen for their edges: local midnights, a week cut by `from`, months cut at both ends, the year's
  // end, 29 February against 28 February, three years to the day.
  const QUERIES: Query[] = [
    q('2026-03-01', '2026-03-15', 'day', 'previous'),
    q('2026-03-14', '2026-03-15', 'day', 'year'),
    q('2025-12-24', '2026-01-14', 'week', 'previous'),
    q('2026-01-15', '2026-03-14', 'month', 'year'),
    q('2024-02-01', '2024-02-29', 'day', 'year'),
    q('2025-02-01', '2025-02-28', 'week', 'year'),
    q('2024-02-29', '2024-02-29', 'day', 'year'),
    q('2025-03-01', '2026-02-28', 'month', 'previous'),
    q('2023-03-16', '2026-03-15', 'month', 'none'),
    q('2023-03-16', '2026-03-15', 'week', 'year'),
    q('2025-12-31', '2026-01-01', 'day', 'previous'),
    q('2026-03-15', '2026-03-15', 'month', 'previous'),
    q('2026-03-01', '2026-03-31', 'week', 'previous'),
  ]

  beforeAll(async () => {
    ;({ t, db, shop } = await startShop(clock))
    cat.shirts = (await insertCategory(db, { name: 'Áo' })).id
    cat.trousers = (await insertCategory(db, { name: 'Quần' })).id
    cat.shoes = (await insertCategory(db, { name: 'Giày dép' })).id
    const brand = await insertBrand(db, { name: 'Việt Tiến' })
    const names = [
      'Áo thun',
      'Áo sơ mi',
      'Áo khoác',
      'Áo len',
      'Áo polo',
      'Quần jean',
      'Quần tây',
      'Quần short',
    ]
    for (const [i, name] of [...names, 'Quần kaki', 'Giày thể thao', 'Dép lê', 'Giày da'].entries()) {
      const categoryId = i < 5 ? cat.shirts : i < 9 ? cat.trousers : cat.shoes
      p.push(await insertProduct(db, { name, price: 100_000 + i * 10_000, categoryId, brandId: brand.id }))
    }

    // Accounts: customers before the periods and on each side of their edges; a member of staff and a second
    // administrator created inside them, who are not new customers.
    const accounts: [string, string, 'user' | 'staff' | 'admin'][] = [
      ['old', '2023-06-01T09:00:00', 'user'],
      ['leapDay', '2024-02-29T10:00:00', 'user'],
      ['yearLast', '2025-12-31T23:59:59', 'user'],
      ['yearFirst', '2026-01-01T00:00:00', 'user'],
      ['febLast', '2026-02-28T23:59:59', 'user'],
      ['marFirst', '2026-03-01T00:00:00', 'user'],
      ['today', '2026-03-15T00:00:00', 'user'],
      ['todayLast', '2026-03-15T23:59:59', 'user'],
      ['tomorrow', '2026-03-16T00:00:00', 'user'],
      ['staff', '2026-03-10T09:00:00', 'staff'],
      ['admin2', '2026-03-11T09:00:00', 'admin'],
    ]
    for (const [name, at, role] of accounts) {
      customer[name] = (await insertCustomer(db, { role, createdAt: h(at), updatedAt: h(at) })).id
    }
    const buyer = { id: customer.old! } as Awaited<ReturnType<typeof insertCustomer>>

    // Hundreds of orders over three years, every eleventh cancelled, five payment codes, one to three lines.
    await db.execute(sql`
      insert into orders (user_id, address, status, subtotal, shiping_fee, total_price, amount, quantity,
                          method_payment, created_at)
      select ${customer.old}, 'Lô ' || g, case when g % 11 = 0 then 0 else 1 + g % 3 end,
             100000 + g * 1000, (g % 5) * 10000, 100000 + g * 1000 + (g % 5) * 10000,
             100000 + g * 1000 + (g % 5) * 10000, 1,
             case when g % 13 = 0 then '7' else (g % 4)::text end,
             timestamptz '2026-02-20 12:00:00+07' - g * interval '38 hours 17 minutes'
        from generate_series(0, 699) g`)
    const ids = `{${p.map((x) => x.id).join(',')}}`
    await db.execute(sql`
      insert into order_lines (order_id, product_id, price, quantity, size)
      select o.id, (${ids}::bigint[])[1 + ((o.id + k) % 12)::int], 10000 * (1 + (o.id * 7 + k) % 50),
             1 + ((o.id + k) % 3)::int, 'M'
        from orders o cross join lateral generate_series(1, 1 + (o.id % 3)::int) k
       where o.address like 'Lô %'`)

    // Orders made by hand. In March 2026 twelve products sell, with ties on revenue: P2 (3 units), P0 and P1
    // (2 units each, so by id) share 600,000.
    const place = async (
      name: string,
      at: string,
      lines: [number, number, number][],
      extra: { methodPayment?: string; shipingFee?: number; status?: number; discountPercent?: number } = {},
    ) => {
      const made = await insertOrder(db, {
        user: buyer,
        createdAt: h(at),
        lines: lines.map(([i, quantity, price]) => ({ product: p[i]!, quantity, price })),
        ...extra,
      })
      o[name] = { id: made.order.id, lines: made.lines.map((l) => l.id) }
    }
    await place(
      'marFirst',
      '2026-03-01T00:00:00',
      [
        [0, 2, 300_000],
        [1, 2, 300_000],
      ],
      { methodPayment: '1', shipingFee: 30_000 },
    )
    await place(
      'march5',
      '2026-03-05T09:00:00',
      [
        [2, 3, 200_000],
        [3, 1, 900_000],
        [11, 1, 60_000],
      ],
      { methodPayment: '2', shipingFee: 0, discountPercent: 10 },
    )
    await place(
      'march10',
      '2026-03-10T12:00:00',
      [
        [8, 1, 150_000],
        [9, 1, 100_000],
        [10, 2, 40_000],
      ],
      { methodPayment: '7', shipingFee: 25_000 },
    )
    await place('cancelled', '2026-03-12T08:00:00', [[11, 10, 999_000]], { methodPayment: '1', status: 0 })
    await place(
      'dayLast',
      '2026-03-14T23:59:59',
      [
        [4, 1, 500_000],
        [5, 2, 200_000],
      ],
      { methodPayment: '3', shipingFee: 15_000 },
    )
    await place(
      'today',
      '2026-03-15T00:00:00',
      [
        [6, 1, 350_000],
        [7, 4, 50_000],
      ],
      { methodPayment: '0', shipingFee: 20_000 },
    )
    await place('tomorrow', '2026-03-16T00:00:00', [[3, 5, 900_000]], { methodPayment: '2' })
    await place('febLast', '2026-02-28T23:59:59', [[0, 1, 300_000]], { methodPayment: '1', status: 2 })
    await place('weekBefore', '2025-12-23T12:00:00', [[1, 1, 120_000]], { methodPayment: '2' })
    await place('yearLast', '2025-12-31T23:59:59', [[2, 2, 130_000]], { methodPayment: '3', status: 3 })
    await place('yearFirst', '2026-01-01T00:00:00', [[3, 1, 140_000]], { methodPayment: '1' })
    await place('janCutBefore', '2026-01-14T23:59:59', [[4, 1, 150_000]], { methodPayment: '0' })
    await place('janCut', '2026-01-15T00:00:00', [[5, 3, 160_000]], { methodPayment: '0' })
    await place('leapEve', '2024-02-28T23:59:59', [[6, 1, 170_000]], { methodPayment: '1' })
    await place('leapDay', '2024-02-29T12:00:00', [[7, 2, 180_000]], { methodPayment: '2' })
    await place('leapNext', '2024-03-01T00:00:00', [[8, 1, 190_000]], { methodPayment: '3' })
    await place('feb2025', '2025-02-28T12:00:00', [[9, 1, 210_000]], { methodPayment: '1' })
    await place('feb2023', '2023-02-28T12:00:00', [[10, 1, 220_000]], { methodPayment: '2' })
    await place('lastYear', '2025-03-15T08:00:00', [[11, 2, 230_000]], { methodPayment: '1' })
    await place('threeYearsEve', '2023-03-15T23:59:59', [[0, 1, 240_000]], { methodPayment: '1' })
    await place('threeYears', '2023-03-16T00:00:00', [[1, 1, 250_000]], { methodPayment: '1' })
  })
  afterAll(async () => t?.close())

  it('answers every figure as the orders say, over every period tried, and after compaction', async () => {
    await expectTruthAndCompaction(shop, QUERIES)
  })

  it('breaks orders down by source, and follows a source changed in the database (CONTRACT 5.1)', async () => {
    await db.execute(sql`update orders set source = (array['phone', 'zalo', 'facebook', 'shop'])[1 + id % 4]
                          where id % 5 <> 0`)
    await expectTruthAndCompaction(shop, QUERIES)
    // Over three years: each source once, and together every order and every dong of the totals.
    const all = await shop.report(urlOf(q('2023-03-16', '2026-03-15', 'month')))
    expect(all.bySource.length).toBeGreaterThanOrEqual(4)
    expect(new Set(all.bySource.map((s) => s.source)).size).toBe(all.bySource.length)
    expect(all.bySource.reduce((n, s) => n + s.orders, 0)).toBe(all.totals.orders)
    expect(all.bySource.reduce((n, s) => n + s.revenue, 0)).toBe(all.totals.revenue)
  })

  it('puts the orders of a local midnight on either side of it, and cuts weeks and months at from and to', async () => {
    const edge = await shop.report(urlOf(q('2026-03-14', '2026-03-15')))
    expect(edge.series).toEqual([
      { period: '2026-03-14', revenue: 915_000, orders: 1, units: 3 },
      { period: '2026-03-15', revenue: 570_000, orders: 1, units: 5 },
    ])
    const year = await shop.report(urlOf(q('2025-12-31', '2026-01-01')))
    expect(year.series.map((s) => s.period)).toEqual(['2025-12-31', '2026-01-01'])
    // The week of 22 December starts before `from` (the 24th): the order of the 23rd is not in it.
    const weeks = await shop.report(urlOf(q('2025-12-24', '2026-01-14', 'week')))
    expect(weeks.series.map((s) => s.period)).toEqual([
      '2025-12-22',
      '2025-12-29',
      '2026-01-05',
      '2026-01-12',
    ])
    const store = await readStore(db)
    const dayOf = (id: number) => localDay(store.orders.find((x) => x.id === String(id))!.at, shop.zone)
    expect(dayOf(o.weekBefore!.id)).toBe('2025-12-23')
    const lastWeek = weeks.series.at(-1)!
    // 12 to 14 January: the order of the 14th at 23:59:59 counts, the one at midnight on the 15th does not.
    expect(lastWeek.orders).toBe(
      store.orders.filter((x) => {
        const d = localDay(x.at, shop.zone)
        return x.status !== 0 && d >= '2026-01-12' && d <= '2026-01-14'
      }).length,
    )
    const months = await shop.report(urlOf(q('2026-01-15', '2026-03-14', 'month')))
    expect(months.series.map((s) => s.period)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01'])
    // 1 to 14 March, the hand-made orders only (1,230,000 + 1,404,000 + 355,000 + 915,000; the cancelled one
    // left out): the one of the 15th at midnight is not in it.
    expect(months.series.at(-1)).toEqual({ period: '2026-03-01', revenue: 3_904_000, orders: 4, units: 16 })
  })

  it('orders the top products by revenue, then units, then id, and stops at ten', async () => {
    const march = await shop.report(urlOf(q('2026-03-01', '2026-03-15')))
    expect(march.topProducts.map((s) => s.name)).toEqual(
      [3, 2, 0, 1, 4, 5, 6, 7, 8, 9].map((i) => p[i]!.name),
    )
    expect(march.topProducts.slice(1, 4)).toEqual([
      { id: String(p[2]!.id), name: p[2]!.name, units: 3, revenue: 600_000 },
      { id: String(p[0]!.id), name: p[0]!.name, units: 2, revenue: 600_000 },
      { id: String(p[1]!.id), name: p[1]!.name, units: 2, revenue: 600_000 },
    ])
    // The cancelled order (ten of P11 at 999,000) counts only as cancelled.
    expect(march.totals.cancelled).toBe(1)
    expect(march.byCategory.map((c) => c.name)).toEqual(['Áo', 'Quần', 'Giày dép'])
    expect(march.byPayment.map((m) => m.methodPayment)).toEqual(['2', '1', '3', '0', '7'])
    // marFirst, today and todayLast: the staff member and the second administrator are not customers.
    expect(march.totals.newCustomers).toBe(3)
  })

  it('compares with the same days a year before, 29 February with 28 February', async () => {
    const leap = await shop.report(urlOf(q('2024-02-29', '2024-02-29', 'day', 'year')))
    expect([leap.compareFrom, leap.compareTo]).toEqual(['2023-02-28', '2023-02-28'])
    // 28 February 2023 also holds a cancelled order of the bulk ones ('Lô 682'), which counts nowhere here.
    expect(leap.compareSeries).toEqual([{ period: '2023-02-28', revenue: 250_000, orders: 1, units: 1 }])
    expect(leap.compareTotals!.cancelled).toBe(1)
    expect(leap.series).toEqual([{ period: '2024-02-29', revenue: 390_000, orders: 1, units: 2 }])
    const feb = await shop.report(urlOf(q('2024-02-01', '2024-02-29', 'day', 'year')))
    expect([feb.compareFrom, feb.compareTo]).toEqual(['2023-02-01', '2023-02-28'])
    expect(feb.series).toHaveLength(29)
    expect(feb.compareSeries).toHaveLength(28)
    // A year after a leap year, February's 28 days compare with 1 to 28 February: the 29th is left out.
    const after = await shop.report(urlOf(q('2025-02-01', '2025-02-28', 'day', 'year')))
    expect([after.compareFrom, after.compareTo]).toEqual(['2024-02-01', '2024-02-28'])
    expect(after.compareSeries!.map((s) => s.period)).not.toContain('2024-02-29')
    const previous = await shop.report(urlOf(q('2026-03-01', '2026-03-15', 'day', 'previous')))
    expect([previous.compareFrom, previous.compareTo]).toEqual(['2026-02-14', '2026-02-28'])
    expect(previous.compareSeries).toHaveLength(15)
  })

  it('follows status moves made through the API: a move between open statuses changes nothing', async () => {
    const before = await expectTruth(shop, QUERIES)
    await putOrder(o.march5!.id, { status: 2 })
    await putOrder(o.march10!.id, { status: 3 })
    expect(await expectTruthAndCompaction(shop, QUERIES)).toEqual(before)
  })

  it('follows orders cancelled through the API', async () => {
    const before = await shop.report(urlOf(q('2026-03-15', '2026-03-15')))
    await putOrder(o.today!.id, { status: 0 })
    const [bulk] = await rows<{ id: string }>(
      db,
      sql`select id::text as id from orders where address like 'Lô %' and status = 2 order by id limit 1`,
    )
    await putOrder(Number(bulk!.id), { status: 0 })
    const after = await shop.report(urlOf(q('2026-03-15', '2026-03-15')))
    expect(after.totals).toMatchObject({ orders: 0, revenue: 0, units: 0, cancelled: 1, shipping: 0 })
    expect(after.totals.cancelled).toBe(before.totals.cancelled + 1)
    expect(after.byPayment).toEqual([])
    await expectTruthAndCompaction(shop, QUERIES)
  })

  it('follows a change of payment method through the API', async () => {
    await putOrder(o.marFirst!.id, { methodPayment: '2' })
    await expectTruthAndCompaction(shop, QUERIES)
  })

  it('follows a line refunded (deleted) through the API', async () => {
    const before = await shop.report(urlOf(q('2026-03-05', '2026-03-05')))
    expectEnvelope(
      await shop.call('DELETE', `/api/admin/orders/${o.march5!.id}/detail/${o.march5!.lines[1]}`),
      200,
    )
    const after = await shop.report(urlOf(q('2026-03-05', '2026-03-05')))
    expect(after.totals.units).toBe(before.totals.units - 1)
    expect(after.topProducts.map((s) => s.id)).not.toContain(String(p[3]!.id))
    // The order's total follows its lines: 10 % off 660,000.
    expect(after.totals.revenue).toBe(594_000)
    const [open] = await rows<{ order: string; line: string }>(
      db,
      sql`select l.order_id::text as "order", min(l.id)::text as line from order_lines l join orders o on o.id = l.order_id
           where o.address like 'Lô %' and o.status in (1, 2) group by l.order_id having count(*) = 3
           order by l.order_id limit 1`,
    )
    expectEnvelope(await shop.call('DELETE', `/api/admin/orders/${open!.order}/detail/${open!.line}`), 200)
    await expectTruthAndCompaction(shop, QUERIES)
  })

  it('follows a product moved to another category through the API, with all of its history', async () => {
    const before = await shop.report(urlOf(q('2023-03-16', '2026-03-15', 'month')))
    const moved = p[0]!
    const form = {
      name: `${moved.name} cổ tròn`,
      price: moved.price,
      description: moved.description,
      quantity: moved.quantity,
      category: String(cat.shoes),
      brand: String(moved.brandId),
      images: moved.images,
      size: moved.size,
    }
    expectEnvelope(await shop.call('PUT', `/api/admin/products/${moved.id}`, form), 200)
    const after = await shop.report(urlOf(q('2023-03-16', '2026-03-15', 'month')))
    const share = (r: TruthReport, id: number) => r.byCategory.find((c) => c.id === String(id))!
    const product = after.topProducts.find((s) => s.id === String(moved.id))
    const sold = (
      await rows<{ units: number; revenue: number }>(
        db,
        sql`select coalesce(sum(l.quantity), 0)::float8 as units, coalesce(sum(l.price * l.quantity), 0)::float8 as revenue
              from order_lines l join orders o on o.id = l.order_id
             where l.product_id = ${moved.id} and o.status <> 0
               and o.created_at >= ${h('2023-03-16T00:00:00').toISOString()}::timestamptz
               and o.created_at < ${h('2026-03-16T00:00:00').toISOString()}::timestamptz`,
      )
    )[0]!
    if (product) expect(product).toMatchObject(sold)
    expect(share(after, cat.shoes).revenue).toBe(share(before, cat.shoes).revenue + sold.revenue)
    expect(share(after, cat.shirts).units).toBe(share(before, cat.shirts).units - sold.units)
    // A product renamed, and a category renamed, are named anew in every period.
    const march = await shop.report(urlOf(q('2026-03-01', '2026-03-15')))
    expect(march.topProducts.find((s) => s.id === String(moved.id))!.name).toBe(`${moved.name} cổ tròn`)
    expectEnvelope(await shop.call('PUT', `/api/admin/categories/${cat.shoes}`, { name: 'Giày và dép' }), 200)
    await expectTruthAndCompaction(shop, QUERIES)
    expect((await shop.report(urlOf(q('2026-03-01', '2026-03-15')))).byCategory.map((c) => c.name)).toContain(
      'Giày và dép',
    )
  })

  it("follows an order's creation time moved in the database, across a midnight, a year's end and a year", async () => {
    await db
      .update(orders)
      .set({ createdAt: h('2026-03-15T00:00:00') })
      .where(eq(orders.id, o.dayLast!.id))
    await db
      .update(orders)
      .set({ createdAt: h('2026-01-01T00:00:00') })
      .where(eq(orders.id, o.yearLast!.id))
    await db
      .update(orders)
      .set({ createdAt: h('2026-02-27T23:00:00') })
      .where(eq(orders.id, o.cancelled!.id))
    await db.execute(
      sql`update orders set created_at = created_at + interval '1 year' where address in ('Lô 300', 'Lô 301', 'Lô 302')`,
    )
    const edge = await shop.report(urlOf(q('2026-03-14', '2026-03-15')))
    expect(edge.series[0]).toEqual({ period: '2026-03-14', revenue: 0, orders: 0, units: 0 })
    await expectTruthAndCompaction(shop, QUERIES)
  })

  it('follows orders deleted through the API and in the database, their lines with them', async () => {
    // The API deletes only a Pending or Cancelled order never paid (CONTRACT 5.2): a Pending one still counts.
    await db.update(orders).set({ status: 1, paymentStatus: 'unpaid' }).where(eq(orders.id, o.march10!.id))
    expectEnvelope(await shop.call('DELETE', `/api/admin/orders/${o.march10!.id}`), 200)
    expectEnvelope(await shop.call('DELETE', `/api/admin/orders/${o.cancelled!.id}`), 200)
    await db.delete(orders).where(inArray(orders.address, ['Lô 11', 'Lô 12', 'Lô 13', 'Lô 22']))
    await expectTruthAndCompaction(shop, QUERIES)
  })

  it('follows customers created, moved, made staff and deleted', async () => {
    await insertCustomer(db, { createdAt: h('2026-03-02T00:00:00') })
    await db.update(users).set({ role: 'staff' }).where(eq(users.id, customer.marFirst!))
    await db
      .update(users)
      .set({ createdAt: h('2026-02-28T23:59:59') })
      .where(eq(users.id, customer.today!))
    await db.update(users).set({ role: 'user' }).where(eq(users.id, customer.staff!))
    expectEnvelope(await shop.call('DELETE', `/api/admin/users/${customer.todayLast}`), 200)
    const march = await shop.report(urlOf(q('2026-03-01', '2026-03-15')))
    // The new one of the 2nd and the former member of staff (10 March).
    expect(march.totals.newCustomers).toBe(2)
    await expectTruthAndCompaction(shop, QUERIES)
  })

  it('follows lines written in the database and a cancelled order reinstated', async () => {
    await db
      .insert(orderLines)
      .values({ orderId: o.marFirst!.id, productId: p[9]!.id, price: 45_000, quantity: 3 })
    await db.update(orderLines).set({ quantity: 7 }).where(eq(orderLines.id, o.janCut!.lines[0]!))
    await db.update(orders).set({ status: 1 }).where(eq(orders.id, o.today!.id))
    await db.execute(
      sql`update order_lines set quantity = quantity + 1 where order_id in (select id from orders where address like 'Lô 4%')`,
    )
    await expectTruthAndCompaction(shop, QUERIES)
  })

  it('keeps a deleted product in the top products under its name', async () => {
    expectEnvelope(await shop.call('DELETE', `/api/admin/products/${p[6]!.id}`), 200)
    const [row] = await db
      .select({ deletedAt: products.deletedAt })
      .from(products)
      .where(eq(products.id, p[6]!.id))
    expect(row!.deletedAt).not.toBeNull()
    const today = await shop.report(urlOf(q('2026-03-15', '2026-03-15')))
    expect(today.topProducts.map((s) => s.name)).toContain(p[6]!.name)
    await expectTruthAndCompaction(shop, QUERIES)
  })

  it('stays exact when an order is cancelled, or a product moved, while a line is being added', async () => {
    // The first transaction writes and holds; the second starts meanwhile (on PostgreSQL it waits for the
    // first's locks; on PGlite for the connection), then the first commits. Both orders of the two.
    const races: [string, (tx: Db, order: number) => Promise<unknown>][] = [
      ['cancel', (tx, order) => tx.update(orders).set({ status: 0 }).where(eq(orders.id, order))],
      [
        'category',
        (tx) => tx.update(products).set({ categoryId: cat.trousers }).where(eq(products.id, p[10]!.id)),
      ],
    ]
    for (const [name, change] of races) {
      for (const first of ['change', 'line'] as const) {
        const { order } = await insertOrder(db, {
          user: { id: customer.old! } as Awaited<ReturnType<typeof insertCustomer>>,
          createdAt: h('2026-03-13T23:59:59'),
          lines: [{ product: p[10]!, quantity: 1 }],
        })
        const line = (tx: Db) =>
          tx
            .insert(orderLines)
            .values({ orderId: order.id, productId: p[10]!.id, price: 70_000, quantity: 5 })
        let release!: () => void
        const held = new Promise<void>((resolve) => {
          release = resolve
        })
        const one = db.transaction(async (tx) => {
          await (first === 'change' ? change(tx, order.id) : line(tx))
          await held
        })
        await new Promise((resolve) => setTimeout(resolve, 50))
        const two = db.transaction(async (tx) => {
          await (first === 'change' ? line(tx) : change(tx, order.id))
        })
        await new Promise((resolve) => setTimeout(resolve, 150))
        release()
        await Promise.all([one, two])
        const [answer] = await expectTruth(shop, [
          q('2026-03-13', '2026-03-13'),
          q('2023-03-16', '2026-03-15', 'month'),
        ])
        expect(answer!.totals.units, `${name}, ${first} first`).toBe(name === 'cancel' ? 0 : 6)
        await db.update(products).set({ categoryId: cat.shoes }).where(eq(products.id, p[10]!.id))
        await db.delete(orders).where(eq(orders.id, order.id))
      }
    }
    await expectTruthAndCompaction(shop, QUERIES)
  })

  it('answers the same after rebuild_stats()', async () => {
    const before = await expectTruth(shop, QUERIES)
    await db.execute(sql`select rebuild_stats()`)
    expect(await expectTruth(shop, QUERIES)).toEqual(before)
  })

  it('answers periods of 1 and 1096 days, and empty interval and compare as the defaults', async () => {
    const longest = q('2023-01-02', '2026-01-01', 'month', 'year')
    expect(countDays(longest.from, longest.to)).toBe(1096)
    await expectTruth(shop, [
      longest,
      q('2023-01-02', '2026-01-01', 'day', 'previous'),
      q('2026-03-15', '2026-03-15'),
    ])
    const empty = await shop.report(`${REPORT}?from=2026-03-01&to=2026-03-15&interval=&compare=`)
    expect(empty).toEqual(await shop.report(urlOf(q('2026-03-01', '2026-03-15'))))
    expect(empty).toMatchObject({ interval: 'day', compare: 'none' })
  })

  it('refuses bad input with a 400 naming the parameter, on the report and the export', async () => {
    const cases: [string, string, string][] = [
      ['from=2026-03-02&to=2026-03-01', 'to', 'rangeReversed'],
      ['from=2023-01-01&to=2026-01-01', 'to', 'rangeTooLong'],
      // From alone runs to today (15 March 2026): more than 1096 days, or after today (then `from` is named:
      // no `to` was sent).
      ['from=2023-03-15', 'to', 'rangeTooLong'],
      ['from=2026-03-16', 'from', 'afterToday'],
      ['interval=year', 'interval', 'oneOf'],
      ['interval=Day', 'interval', 'oneOf'],
      ['compare=foo', 'compare', 'oneOf'],
      ['compare=previous,year', 'compare', 'oneOf'],
      ['from=2026-02-30', 'from', 'realDate'],
      ['from=2025-02-29', 'from', 'realDate'],
      ['from=abc', 'from', 'realDate'],
      ['from=2026-3-1', 'from', 'realDate'],
      ['to=2026-13-01', 'to', 'realDate'],
      ['to=20260301', 'to', 'realDate'],
    ]
    for (const [query, field, code] of cases) {
      for (const base of [REPORT, EXPORT]) {
        const body = expectEnvelope(await shop.call('GET', `${base}?${query}`), 400)
        expect(Object.keys(body.errors), `${base}?${query}`).toEqual([field])
        expect(body.codes[field].code, `${base}?${query}`).toBe(code)
        expect(body.message).toContain(field)
      }
    }
    const tooLong = expectEnvelope(await shop.call('GET', `${REPORT}?from=2023-01-01&to=2026-01-01`), 400)
    expect(tooLong.codes.to).toEqual({ code: 'rangeTooLong', params: { field: 'from', days: 1096 } })
    const future = expectEnvelope(await shop.call('GET', `${REPORT}?from=2026-03-16`), 400)
    expect(future.codes.from).toEqual({ code: 'afterToday', params: { today: '2026-03-15' } })
    // Whatever else is sent, the answer is never a 500.
    const odd = [
      'from=2026-03-01&from=2026-03-02',
      'to[]=2026-03-01',
      'interval=day&interval=week',
      `from=${'9'.repeat(300)}`,
      'from=1899-12-31',
      'from=1900-01-01&to=1900-01-31&compare=year',
      'from=1900-01-01&to=1900-01-31&compare=previous&interval=week',
      'to=1900-01-01',
      'from=%00',
      'compare=%E2%80%8Bnone',
    ]
    for (const query of odd) {
      for (const base of [REPORT, EXPORT]) {
        const answer = await shop.call('GET', `${base}?${query}`)
        expect([200, 400], `${base}?${query}: ${JSON.stringify(answer.body)}`).toContain(answer.statusCode)
      }
    }
  })

  it('needs a signed-in account with dashboard:read; staff have it', async () => {
    for (const base of [REPORT, EXPORT]) {
      expectEnvelope(await shop.call('GET', base, undefined, {}), 401)
      expectEnvelope(await shop.call('GET', base, undefined, { authorization: 'Bearer nope' }), 401)
    }
    const query = urlOf(q('2026-03-01', '2026-03-15', 'week', 'year'))
    const before = await shop.report(query)
    const member = { email: 'nhan.vien@report.test', password: 'Staff1234' }
    await db.insert(users).values({
      name: 'Nhân viên',
      email: member.email,
      passwordHash: await hashPassword(member.password),
      role: 'staff',
      createdAt: h('2026-03-15T09:00:00'),
    })
    const login = expectEnvelope(await shop.call('POST', '/api/admin/auth/login', member, {}), 200)
    const staff = { authorization: `Bearer ${login.data.tokens.access.token}` }
    // Staff read what an administrator reads; an account of staff created on the 15th is no new customer.
    expect(await shop.report(query, staff)).toEqual(before)
    expect(await shop.report(query)).toEqual(before)
    const file = await shop.app.inject({
      method: 'GET',
      url: `${EXPORT}?from=2026-03-01&to=2026-03-15`,
      headers: staff,
    })
    expect(file.statusCode).toBe(200)
  })

  it('exports the series as CSV: one row per period, the compared period beside it', async () => {
    const plain = q('2026-01-15', '2026-03-14', 'month')
    const report = await shop.report(urlOf(plain))
    const file = await shop.download(urlOf(plain, EXPORT))
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(file.headers['content-disposition']).toBe('attachment; filename="report-20260315.csv"')
    expect(file.rows).toEqual([
      ['period', 'revenue', 'orders', 'units'],
      ...report.series.map((s) => [s.period, String(s.revenue), String(s.orders), String(s.units)]),
    ])
    expect(file.rows).toHaveLength(4)

    // March by week against the 31 days before: six weeks (23 February to 30 March) beside five (26 January to
    // 23 February), so the last row's compared cells are empty.
    const weeks = q('2026-03-01', '2026-03-31', 'week', 'previous')
    const compared = await shop.report(urlOf(weeks))
    expect(compared.series).toHaveLength(6)
    expect(compared.compareSeries).toHaveLength(5)
    const cells = (s: TruthReport['series'][number] | undefined) =>
      s ? [s.period, String(s.revenue), String(s.orders), String(s.units)] : ['', '', '', '']
    const both = await shop.download(urlOf(weeks, EXPORT))
    expect(both.rows).toEqual([
      [
        'period',
        'revenue',
        'orders',
        'units',
        'comparePeriod',
        'compareRevenue',
        'compareOrders',
        'compareUnits',
      ],
      ...compared.series.map((s, i) => [...cells(s), ...cells(compared.compareSeries![i])]),
    ])
    expect(both.rows.at(-1)!.slice(4)).toEqual(['', '', '', ''])

    // A Monday-to-Sunday week against the same days of 2025, Sunday to Saturday: one week beside two, so the
    // second row has only the compared cells.
    const shifted = q('2026-03-02', '2026-03-08', 'week', 'year')
    const shiftedReport = await shop.report(urlOf(shifted))
    expect(shiftedReport.compareSeries!.map((s) => s.period)).toEqual(['2025-02-24', '2025-03-03'])
    const shiftedFile = await shop.download(urlOf(shifted, EXPORT))
    expect(shiftedFile.rows.slice(1)).toEqual([
      [...cells(shiftedReport.series[0]), ...cells(shiftedReport.compareSeries![0])],
      [...cells(undefined), ...cells(shiftedReport.compareSeries![1])],
    ])

    // A year against the one before, by day: 366 rows beside 366 (29 February 2024 against 28 February 2023).
    const leap = q('2024-01-01', '2024-12-31', 'day', 'year')
    const leapReport = await shop.report(urlOf(leap))
    const leapFile = await shop.download(urlOf(leap, EXPORT))
    expect(leapFile.rows).toHaveLength(1 + 366)
    expect(leapFile.rows.slice(1)).toEqual(
      leapReport.series.map((s, i) => [...cells(s), ...cells(leapReport.compareSeries![i])]),
    )
    await expectTruth(shop, [leap])
  })

  it('is described in the OpenAPI document with its four parameters', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    for (const route of [REPORT, EXPORT]) {
      const names = doc.paths[route].get.parameters.map((x: { name: string }) => x.name)
      expect(names.sort()).toEqual(['compare', 'from', 'interval', 'to'])
    }
  })

  async function putOrder(id: number, change: Record<string, unknown>) {
    const current = expectEnvelope(await shop.call('GET', `/api/admin/orders/${id}`), 200).data
    const body = {
      address: current.address,
      amount: current.amount,
      quantity: current.quantity,
      status: current.status,
      ...change,
    }
    return expectEnvelope(await shop.call('PUT', `/api/admin/orders/${id}`, body), 200).data
  }
})

// ---------------------------------------------------------------------------------------------------------------
// The zone edges. Each zone is an app started on the same database with that STORE_TZ, so the rollups are
// rebuilt in it; then its own orders replace the last zone's and are changed through its triggers. Every
// instant is written with the offset the zone has then (checked against Intl), so the day an order must fall
// on is the date written beside it.

interface Zone {
  zone: string
  /** The offset in winter (December to early March). */
  winter: string
  /** The offset on 14 to 16 March 2026 (New York has moved to summer time by then). */
  march: string
  /** Instants either side of the days the clocks change, with their offsets. */
  shifts: string[]
  /** Days whose length is not 24 hours, from their first to their last second. */
  shiftDays: string[]
}

const ZONES: Zone[] = [
  { zone: 'Asia/Ho_Chi_Minh', winter: '+07:00', march: '+07:00', shifts: [], shiftDays: [] },
  { zone: 'Asia/Kolkata', winter: '+05:30', march: '+05:30', shifts: [], shiftDays: [] },
  {
    zone: 'America/New_York',
    winter: '-05:00',
    march: '-04:00',
    // 8 March 2026 has 23 hours; 2 November 2025 has 25, 01:30 twice.
    shifts: [
      '2026-03-07T23:59:59-05:00',
      '2026-03-08T00:00:00-05:00',
      '2026-03-08T23:59:59-04:00',
      '2026-03-09T00:00:00-04:00',
      '2025-11-01T23:59:59-04:00',
      '2025-11-02T00:00:00-04:00',
      '2025-11-02T01:30:00-04:00',
      '2025-11-02T01:30:00-05:00',
      '2025-11-02T23:59:59-05:00',
      '2025-11-03T00:00:00-05:00',
    ],
    shiftDays: ['2026-03-08', '2025-11-02'],
  },
  {
    zone: 'Europe/Paris',
    winter: '+01:00',
    march: '+01:00',
    // 29 March 2026 has 23 hours; 26 October 2025 has 25, 02:30 twice.
    shifts: [
      '2026-03-28T23:59:59+01:00',
      '2026-03-29T00:00:00+01:00',
      '2026-03-29T23:59:59+02:00',
      '2026-03-30T00:00:00+02:00',
      '2025-10-25T23:59:59+02:00',
      '2025-10-26T00:00:00+02:00',
      '2025-10-26T02:30:00+02:00',
      '2025-10-26T02:30:00+01:00',
      '2025-10-26T23:59:59+01:00',
      '2025-10-27T00:00:00+01:00',
    ],
    shiftDays: ['2026-03-29', '2025-10-26'],
  },
]

/** The orders of a zone's edges: local times written with the zone's offset. */
function edgesOf(z: Zone): string[] {
  const w = (wall: string) => `${wall}${z.winter}`
  const m = (wall: string) => `${wall}${z.march}`
  return [
    w('2024-02-28T23:59:59'),
    w('2024-02-29T00:00:00'),
    w('2024-02-29T23:59:59'),
    w('2024-03-01T00:00:00'),
    w('2025-12-31T23:59:59'),
    w('2026-01-01T00:00:00'),
    w('2026-02-28T23:59:59'),
    w('2026-03-01T00:00:00'),
    m('2026-03-14T23:59:59'),
    m('2026-03-15T00:00:00'),
    m('2026-03-15T23:59:59'),
    m('2026-03-16T00:00:00'),
    ...z.shifts,
  ]
}

describe('the top products of a range with more products sold than the report keeps', () => {
  // The report keeps a range's 100 best products with their figures and, after sales, reads only the products
  // sold since (report.ts, nextTop). Here 130 products sold in March 2026, product i for 200,000 - i × 1,000, so
  // the kept ones are the first 100. Each change below leads to a different way of answering: with the products
  // sold since, by summing the range again because a product never kept may now be among the ten, and after
  // a fold of the pending rows. Every answer must be what the rows say.
  const clock = { at: h('2026-03-31T10:00:00') }
  const MARCH = q('2026-03-01', '2026-03-31')
  let t: TestApp
  let shop: Shop
  let db: Db
  const ids: number[] = []
  let buyer = 0

  /** One order of `units` of product `index` on 10 March, at `price` a unit; its id. */
  const sell = async (index: number, units: number, price: number) => {
    const [row] = await rows<{ id: number }>(
      db,
      sql`insert into orders (user_id, address, status, subtotal, shiping_fee, total_price, amount, quantity,
                              method_payment, created_at)
          values (${buyer}, 'Top', 1, ${units * price}, 0, ${units * price}, ${units * price}, ${units}, '1',
                  ${h('2026-03-10T12:00:00')})
          returning id::int`,
    )
    await db.execute(
      sql`insert into order_lines (order_id, product_id, price, quantity, size)
          values (${row!.id}, ${ids[index]}, ${price}, ${units}, 'M')`,
    )
    return row!.id
  }

  beforeAll(async () => {
    ;({ t, db, shop } = await startShop(clock))
    buyer = (await insertCustomer(db, { createdAt: h('2025-01-01T09:00:00') })).id
    const category = await insertCategory(db)
    const brand = await insertBrand(db)
    for (let i = 0; i < 130; i++) {
      const made = await insertProduct(db, {
        name: `Sản phẩm ${i}`,
        categoryId: category.id,
        brandId: brand.id,
      })
      ids.push(made.id)
    }
    for (let i = 0; i < 130; i++) await sell(i, 1, 200_000 - i * 1_000)
    await db.execute(sql`select compact_stats()`)
  })

  afterAll(async () => {
    await t?.close()
  })

  const top = async () => (await shop.report(urlOf(MARCH))).topProducts.map((p) => p.name)

  it('answers from the kept products and those sold since, exactly, until a product never kept may rank', async () => {
    await expectTruth(shop, [MARCH])
    expect(await top()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => `Sản phẩm ${i}`))

    // Product 120, never kept, sells 5 units: it is read as sold since and comes first.
    await sell(120, 5, 100_000)
    await expectTruth(shop, [MARCH])
    expect((await top())[0]).toBe('Sản phẩm 120')

    // Products 0 to 94 are cancelled: the kept products left rank below the ten, so the range is summed
    // again and the products never kept (100 to 129) come in.
    await db.execute(
      sql`update orders set status = 0
           where id in (select order_id from order_lines where product_id = any(${`{${ids.slice(0, 95).join(',')}}`}::bigint[]))`,
    )
    await expectTruth(shop, [MARCH])
    expect(await top()).toEqual([120, 95, 96, 97, 98, 99, 100, 101, 102, 103].map((i) => `Sản phẩm ${i}`))

    // A product renamed since is shown under its new name, kept or read as sold since.
    await db.execute(sql`update products set name = 'Áo mới' where id = ${ids[96]}`)
    await sell(97, 1, 1_000)
    const renamed = await top()
    expect(renamed).toContain('Áo mới')
    expect(renamed).not.toContain('Sản phẩm 96')
    await expectTruth(shop, [MARCH])

    // A fold of the pending rows: the range is summed again, then sales since are read as before.
    await db.execute(sql`select compact_stats()`)
    await expectTruth(shop, [MARCH])
    await sell(129, 3, 200_000)
    await expectTruth(shop, [MARCH])
    expect((await top())[0]).toBe('Sản phẩm 129')
    // A refund of everything product 129 sold, in the database: it leaves the ten.
    await db.execute(sql`delete from order_lines where product_id = ${ids[129]}`)
    await expectTruth(shop, [MARCH])
    expect(await top()).not.toContain('Sản phẩm 129')
  })
})

describe('the zone edges, each zone a new STORE_TZ on the same database', () => {
  const clock = { at: new Date('2026-03-15T03:00:00Z') }
  let t: TestApp
  let product: Awaited<ReturnType<typeof insertProduct>>
  let previous: { shop: Shop; answer: TruthReport } | undefined

  beforeAll(async () => {
    t = await startApp({ now: () => clock.at })
    product = await insertProduct(t.database.db, { price: 1000 })
  })
  afterAll(async () => t?.close())

  it('starts with the zone of STORE_TZ, and a sync to the same zone rebuilds nothing', async () => {
    const [row] = await rows<{ zone: string }>(t.database.db, sql`select zone from stats_zone`)
    expect(row!.zone).toBe('Asia/Ho_Chi_Minh')
    expect(await syncStatsZone(t.database.db, 'Asia/Ho_Chi_Minh')).toBe(false)
  })

  for (const z of ZONES) {
    it(`counts days, months and years in ${z.zone}`, async () => {
      const db = t.database.db
      const edges = edgesOf(z)
      for (const at of edges) expect(localDay(new Date(at), z.zone), at).toBe(at.slice(0, 10))
      const started = await appOn(t.database, z.zone, clock)
      try {
        const shop = started.shop
        const [row] = await rows<{ zone: string }>(db, sql`select zone from stats_zone`)
        expect(row!.zone).toBe(z.zone)
        shop.setClock(`2026-03-15T10:00:00${z.march}`)
        const wide: Query[] = [
          q('2024-02-28', '2024-03-01', 'day', 'year'),
          q('2025-10-20', '2026-03-31', 'day', 'previous'),
          q('2025-10-01', '2026-03-31', 'month', 'year'),
          q('2025-12-29', '2026-03-22', 'week', 'previous'),
        ]

        // The last zone's orders, counted again in this zone: the days they fall on move with it.
        if (previous) {
          const now = await expectTruth(shop, wide)
          if (previous.shop.zone !== z.zone) expect(now[1]!.series).not.toEqual(previous.answer.series)
        }

        // This zone's own orders and accounts in place of the last zone's.
        await db.delete(orders)
        await db.delete(users).where(inArray(users.role, ['user', 'staff']))
        const customer = await insertCustomer(db, { createdAt: new Date(`2025-01-01T12:00:00${z.winter}`) })
        const placed: Record<string, { id: number; lines: number[] }> = {}
        for (const [i, at] of edges.entries()) {
          const made = await insertOrder(db, {
            user: customer,
            createdAt: new Date(at),
            shipingFee: 0,
            methodPayment: String(i % 4),
            lines: [
              { product, quantity: 1, price: 2 ** i * 1000 },
              { product, quantity: 2, price: 0 },
            ],
          })
          placed[at] = { id: made.order.id, lines: made.lines.map((l) => l.id) }
        }
        for (const at of [
          `2026-02-28T23:59:59${z.winter}`,
          `2026-03-01T00:00:00${z.winter}`,
          `2026-03-15T23:59:59${z.march}`,
        ]) {
          await insertCustomer(db, { createdAt: new Date(at) })
        }
        await insertCustomer(db, { role: 'staff', createdAt: new Date(`2026-03-02T00:00:00${z.winter}`) })

        // The day of each order is the date written in its local time, whatever the day's length.
        const dayTotals = (days: string[]) =>
          days.map((day) => {
            const on = edges.flatMap((at, i) => (at.slice(0, 10) === day ? [2 ** i * 1000] : []))
            return {
              period: day,
              revenue: on.reduce((a, b) => a + b, 0),
              orders: on.length,
              units: on.length * 3,
            }
          })
        const daysFrom = (from: string, to: string) =>
          Array.from({ length: countDays(from, to) }, (_, i) => shiftDay(from, i))
        for (const [from, to] of [
          ['2024-02-28', '2024-03-01'],
          ['2025-12-31', '2026-01-01'],
          ['2026-02-28', '2026-03-01'],
          ['2026-03-14', '2026-03-16'],
          ...z.shiftDays.map((d) => [shiftDay(d, -1), shiftDay(d, 1)]),
        ] as [string, string][]) {
          const answer = await shop.report(urlOf(q(from, to)))
          expect(answer.series, `${z.zone} ${from}…${to}`).toEqual(dayTotals(daysFrom(from, to)))
        }
        for (const day of z.shiftDays) {
          const answer = await shop.report(urlOf(q(day, day, 'month')))
          expect(answer.totals.orders, day).toBe(edges.filter((at) => at.startsWith(day)).length)
        }
        const march = await shop.report(urlOf(q('2026-03-01', '2026-03-15', 'month', 'year')))
        expect(march.totals.newCustomers).toBe(2)
        expect(march.series).toEqual([
          {
            period: '2026-03-01',
            ...dayTotals(daysFrom('2026-03-01', '2026-03-15')).reduce(
              (a, b) => ({
                revenue: a.revenue + b.revenue,
                orders: a.orders + b.orders,
                units: a.units + b.units,
              }),
              { revenue: 0, orders: 0, units: 0 },
            ),
          },
        ])
        const leap = await shop.report(urlOf(q('2024-02-29', '2024-02-29', 'day', 'year')))
        expect(leap.series).toEqual(dayTotals(['2024-02-29']))
        expect(leap.compareSeries).toEqual([{ period: '2023-02-28', revenue: 0, orders: 0, units: 0 }])
        await expectTruthAndCompaction(shop, wide)

        // Without from and to: the 30 days ending today, today by the store's clock one second after its
        // midnight and one second before.
        for (const [at, today] of [
          [`2026-03-15T00:00:01${z.march}`, '2026-03-15'],
          [`2026-03-14T23:59:59${z.march}`, '2026-03-14'],
        ] as const) {
          shop.setClock(at)
          const answer = await shop.report(REPORT)
          expect([answer.from, answer.to], at).toEqual([shiftDay(today, -29), today])
          expect(answer.series).toHaveLength(30)
          const store = await readStore(db)
          expect(answer).toEqual(truthReport(store, z.zone, q(shiftDay(today, -29), today)))
          expect(await shop.report(`${REPORT}?from=&to=`)).toEqual(answer)
          const alone = await shop.report(`${REPORT}?to=2026-03-01`)
          expect([alone.from, alone.to]).toEqual(['2026-01-31', '2026-03-01'])
          const fromAlone = await shop.report(`${REPORT}?from=2026-03-01&compare=previous`)
          expect([fromAlone.from, fromAlone.to]).toEqual(['2026-03-01', today])
          expect(fromAlone).toEqual(truthReport(store, z.zone, q('2026-03-01', today, 'day', 'previous')))
          const file = await shop.download(EXPORT)
          expect(file.headers['content-disposition']).toBe(
            `attachment; filename="report-${today.replaceAll('-', '')}.csv"`,
          )
          expect(file.rows.slice(1).map((r) => r[0])).toEqual(answer.series.map((s) => s.period))
        }
        shop.setClock(`2026-03-15T10:00:00${z.march}`)

        // Changes through this zone's triggers: a cancel and a refunded line through the API, an order moved
        // across a local midnight in the database, an order deleted through the API.
        const open = (at: string) => placed[at]!
        const today = open(`2026-03-15T00:00:00${z.march}`)
        const current = expectEnvelope(await shop.call('GET', `/api/admin/orders/${today.id}`), 200).data
        expectEnvelope(
          await shop.call('PUT', `/api/admin/orders/${today.id}`, {
            address: current.address,
            amount: current.amount,
            quantity: current.quantity,
            status: 0,
          }),
          200,
        )
        const dayBefore = open(`2026-03-14T23:59:59${z.march}`)
        expectEnvelope(
          await shop.call('DELETE', `/api/admin/orders/${dayBefore.id}/detail/${dayBefore.lines[0]}`),
          200,
        )
        await db
          .update(orders)
          .set({ createdAt: new Date(`2026-03-01T00:00:00${z.winter}`) })
          .where(eq(orders.id, open(`2026-02-28T23:59:59${z.winter}`).id))
        expectEnvelope(
          await shop.call('DELETE', `/api/admin/orders/${open(`2026-01-01T00:00:00${z.winter}`).id}`),
          200,
        )
        const moved = await shop.report(urlOf(q('2026-02-28', '2026-03-01')))
        expect(moved.series.map((s) => s.orders)).toEqual([0, 2])
        await expectTruthAndCompaction(shop, [...wide, q('2026-03-14', '2026-03-15', 'day', 'previous')])
        previous = { shop, answer: (await expectTruth(shop, wide))[1]! }
      } finally {
        await started.close()
      }
    })
  }

  it('counts in the first zone again when STORE_TZ goes back, as the rows say', async () => {
    const again = await appOn(t.database, 'Asia/Ho_Chi_Minh', clock)
    try {
      again.shop.setClock('2026-03-15T10:00:00+07:00')
      await expectTruthAndCompaction(again.shop, [
        q('2025-10-20', '2026-03-31', 'day', 'previous'),
        q('2025-10-01', '2026-03-31', 'week', 'year'),
      ])
      expect(await syncStatsZone(t.database.db, 'Asia/Ho_Chi_Minh')).toBe(false)
    } finally {
      await again.close()
    }
  })
})

// ---------------------------------------------------------------------------------------------------------------
// The last days a date can name. A day of 9999 is a real date, so a report of late December 9999 must be
// answered (or refused, naming a parameter) like any other; the periods after it are no longer YYYY-MM-DD,
// which a loop over days compared as text never gets past. These calls go to an app in a worker thread
// (on PGlite: the loop is the server's, not the database's) that the test stops when a call does not end.

interface WorkerAnswer {
  url: string
  statusCode: number
  body: unknown
}

function reportsInWorker(
  urls: string[],
  now: string,
): Promise<{ answers: WorkerAnswer[]; trouble?: string }> {
  return new Promise((resolve) => {
    const answers: WorkerAnswer[] = []
    const entry = new URL('../report-worker.ts', import.meta.url).href
    const worker = new Worker(
      `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}) })`,
      {
        eval: true,
        workerData: { urls, now },
        env: { ...process.env, TEST_DB: 'pglite' },
        // A loop that only grows an array ends here rather than in the machine's memory.
        resourceLimits: { maxOldGenerationSizeMb: 256 },
      },
    )
    let timer: NodeJS.Timeout | undefined
    const finish = (trouble?: string) => {
      clearTimeout(timer)
      void worker.terminate()
      resolve({ answers, ...(trouble ? { trouble } : {}) })
    }
    const wait = (ms: number, trouble: () => string) => {
      clearTimeout(timer)
      timer = setTimeout(() => finish(trouble()), ms)
    }
    wait(120_000, () => 'the app in the worker did not start within 120 s')
    worker.on('message', (message: WorkerAnswer | { ready: true }) => {
      if (!('ready' in message)) answers.push(message)
      if (answers.length === urls.length) return finish()
      const next = urls[answers.length]
      wait(15_000, () => `no answer to ${next} within 15 s`)
    })
    worker.on('error', (error) =>
      finish(`the worker stopped during ${urls[answers.length]}: ${error.message}`),
    )
    worker.on('exit', (code) => finish(`the worker exited (${code}) during ${urls[answers.length]}`))
  })
}

const FAR: { url: string; query?: Query }[] = [
  { url: urlOf(q('9999-12-25', '9999-12-31')), query: q('9999-12-25', '9999-12-31') },
  {
    url: urlOf(q('9999-12-01', '9999-12-31', 'week', 'year')),
    query: q('9999-12-01', '9999-12-31', 'week', 'year'),
  },
  {
    url: urlOf(q('9999-10-15', '9999-12-31', 'month', 'previous')),
    query: q('9999-10-15', '9999-12-31', 'month', 'previous'),
  },
  { url: urlOf(q('9999-12-25', '9999-12-31'), EXPORT) },
]
let far: Promise<{ answers: WorkerAnswer[]; trouble?: string }>
beforeAll(() => {
  // Started with the file, so the worker's own app starts while the tests above run.
  far = reportsInWorker(
    FAR.map((c) => c.url),
    '2026-03-15T03:00:00Z',
  )
})

describe('a period at the end of 9999', () => {
  it('is answered with its periods, or refused naming a parameter, and never hangs', {
    timeout: 150_000,
  }, async () => {
    const { answers, trouble } = await far
    expect(trouble, trouble).toBeUndefined()
    for (const [i, { url, query }] of FAR.entries()) {
      const answer = answers[i]!
      expect([200, 400], `${url}: ${JSON.stringify(answer.body).slice(0, 300)}`).toContain(answer.statusCode)
      if (answer.statusCode === 400) {
        expect(Object.keys((answer.body as { errors: object }).errors), url).toHaveLength(1)
        continue
      }
      if (!query) continue
      const data = (answer.body as { data: TruthReport }).data
      expect(
        data.series.map((s) => s.period),
        url,
      ).toEqual(periodsOf(query.from, query.to, query.interval))
      if (query.compare !== 'none') {
        expect(
          data.compareSeries!.map((s) => s.period),
          url,
        ).toEqual(periodsOf(data.compareFrom!, data.compareTo!, query.interval))
      }
    }
  })
})
