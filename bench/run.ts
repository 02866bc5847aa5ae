import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { cpus } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { buildApp } from '../server/src/app.ts'
import { loadConfig } from '../server/src/config.ts'
import { type Database, migrate, openDatabase, rows } from '../server/src/db/client.ts'
import { hashPassword } from '../server/src/modules/auth/passwords.ts'
import { generateStore } from '../server/src/seed/bulk.ts'
import { progressBar } from '../server/src/seed/progress.ts'

// `npm run bench`: fills a PostgreSQL database with a large generated store (once; later runs reuse it), starts
// the API in this process on a loopback port, and measures the heaviest read calls with autocannon. Prints a
// table and writes it as JSON under bench/results/. See bench/README.md.

const HELP = `npm run bench -- [--products N] [--orders N] [--customers N] [--reviews N] [--fresh]
                     [--duration S] [--warmup S] [--connections N]

  BENCH_DATABASE_URL  the database to fill and measure (default postgres://postgres@127.0.0.1:5432/store_bench);
                      created when missing
  --products N        live products the store should hold (default 1000000)
  --orders N          orders (default 2000000)
  --customers N       customers (default 200000)
  --reviews N         reviews (default 1000000)
  --fresh             drop and recreate the database first (its name must contain "bench")
  --duration S        seconds each scenario is measured (default 10)
  --warmup S          seconds of unmeasured load before each (default 2)
  --connections N     concurrent connections (default 10)
`

const root = fileURLToPath(new URL('..', import.meta.url))
const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'Bench2026pass' }
/** The whole run stops here whatever happens: a benchmark must not hang a machine. */
const WATCHDOG_MINUTES = 30

interface Scenario {
  name: string
  path: string
}

const SCENARIOS: Scenario[] = [
  { name: 'products, page 1', path: '/api/admin/products?page=1' },
  { name: 'products, page 5000', path: '/api/admin/products?page=5000' },
  { name: "products, search 'thun'", path: '/api/admin/products?name=thun' },
  { name: 'orders, page 1', path: '/api/admin/orders?page=1' },
  {
    name: "orders, customer 'nguyen van'",
    path: `/api/admin/orders?name=${encodeURIComponent('nguyen van')}`,
  },
  { name: 'analytics', path: '/api/admin/analytics' },
]

interface Row {
  scenario: string
  path: string
  requestsPerSecond: number
  /** Answers completed within the measured seconds; latencies are null when none was. */
  completed: number
  p50Ms: number | null
  p99Ms: number | null
  non2xx: number
  errors: number
  timeouts: number
  /** The probe's HTTP status and `meta.totalResults` (null for answers without a list). */
  status: number
  totalResults: number | null
}

const whole = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined) return fallback
  const n = Number(value.replace(/[_,]/g, ''))
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`)
  return n
}

/** Connects to the server's maintenance database to create (or, with --fresh, recreate) the bench database. */
async function prepareDatabase(url: string, fresh: boolean) {
  const target = new URL(url)
  const name = decodeURIComponent(target.pathname.slice(1))
  if (!/^[\w-]+$/.test(name)) throw new Error(`BENCH_DATABASE_URL names an odd database: '${name}'`)
  const maintenance = new URL(url)
  maintenance.pathname = '/postgres'
  const client = new pg.Client({ connectionString: maintenance.toString() })
  await client.connect()
  try {
    if (fresh) {
      if (!name.includes('bench'))
        throw new Error(`--fresh drops the database; '${name}' does not look like a bench one`)
      await client.query(`drop database if exists "${name}" with (force)`)
    }
    const found = await client.query('select 1 from pg_database where datname = $1', [name])
    if (found.rowCount === 0) {
      await client.query(`create database "${name}"`)
      console.error(`Created database ${name}`)
    }
  } finally {
    await client.end()
  }
}

async function storeSize(database: Database) {
  const [size] = await rows<{
    products: number
    orders: number
    customers: number
    reviews: number
    categories: number
    brands: number
  }>(
    database.db,
    sql`select (select count(*) from products where deleted_at is null)::float8 as products,
               (select count(*) from orders)::float8 as orders,
               (select count(*) from users where role = 'user')::float8 as customers,
               (select count(*) from reviews)::float8 as reviews,
               (select count(*) from categories)::float8 as categories,
               (select count(*) from brands)::float8 as brands`,
  )
  return size!
}

/** An administrator with a known password, made or reset in this database only. */
async function ensureBenchAdmin(database: Database) {
  const hash = await hashPassword(BENCH_ADMIN.password)
  await database.db.execute(sql`
    insert into users (name, email, password_hash, role, is_email_verified)
    values ('Bench Admin', ${BENCH_ADMIN.email}, ${hash}, 'admin', true)
    on conflict ((lower(email))) do update set password_hash = excluded.password_hash, role = 'admin'`)
}

/**
 * Waits (at most a minute) until the database runs no query but this one: autocannon stops at the end of its
 * seconds without waiting for the answers in flight, whose queries would otherwise slow the next scenario.
 */
async function settle(database: Database) {
  const until = Date.now() + 60_000
  while (Date.now() < until) {
    const [busy] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_stat_activity
           where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
    )
    if (!busy?.n) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })

function table(rowsOut: Row[], duration: number): string {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'totalResults']
  const body = rowsOut.map((r) => [
    r.scenario,
    fmt(r.requestsPerSecond, 1),
    r.p50Ms === null ? `> ${duration} s` : fmt(r.p50Ms, 1),
    r.p99Ms === null ? `> ${duration} s` : fmt(r.p99Ms, 1),
    fmt(r.non2xx),
    r.totalResults === null ? (r.status === 200 ? '-' : `HTTP ${r.status}`) : fmt(r.totalResults),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)))
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`
  return [line(header), rule, ...body.map(line)].join('\n')
}

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      orders: { type: 'string' },
      customers: { type: 'string' },
      reviews: { type: 'string' },
      fresh: { type: 'boolean' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    process.stdout.write(HELP)
    return
  }
  const target = {
    products: whole(values.products, 1_000_000, 'products'),
    orders: whole(values.orders, 2_000_000, 'orders'),
    customers: whole(values.customers, 200_000, 'customers'),
    reviews: whole(values.reviews, 1_000_000, 'reviews'),
  }
  const duration = whole(values.duration, 10, 'duration')
  const warmup = whole(values.warmup, 2, 'warmup')
  const connections = Math.max(1, whole(values.connections, 10, 'connections'))
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/store_bench'
  const dataDir = path.join(root, 'data', 'bench')
  const started = performance.now()

  await prepareDatabase(url, Boolean(values.fresh))
  const loader = await openDatabase({ url, poolSize: 3 })
  let seeded: Record<string, unknown> | null = null
  try {
    await migrate(loader)
    const have = await storeSize(loader)
    const missing = {
      products: Math.max(0, target.products - have.products),
      orders: Math.max(0, target.orders - have.orders),
      customers: Math.max(0, target.customers - have.customers),
      reviews: Math.max(0, target.reviews - have.reviews),
    }
    if (Object.values(missing).some((n) => n > 0)) {
      console.error(
        `The store holds ${fmt(have.products)} products, ${fmt(have.orders)} orders, ${fmt(have.customers)} customers, ` +
          `${fmt(have.reviews)} reviews; adding the rest`,
      )
      const report = await generateStore(
        {
          db: loader.db,
          uploadDir: path.join(dataDir, 'uploads'),
          now: new Date(),
          progress: progressBar(),
          parallel: 2,
        },
        {
          ...missing,
          categories: have.categories === 0 ? 20 : 0,
          brands: have.brands === 0 ? 40 : 0,
          linesPerOrder: 3,
        },
      )
      seeded = { ...report.inserted, seconds: Math.round(report.seconds) }
      console.error(`Store filled in ${report.seconds.toFixed(1)} s`)
    }
    await ensureBenchAdmin(loader)
  } finally {
    await loader.close()
  }

  const database = await openDatabase({ url, poolSize: connections })
  // The settings the server would read (STORE_TZ and the like), pointed at the bench database and loopback.
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
  })
  const app = await buildApp({ config, database, jwtSecret: randomBytes(32), logger: false })
  const results: Row[] = []
  try {
    await app.listen({ host: '127.0.0.1', port: 0 })
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    const login = await fetch(`${base}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    })
    if (!login.ok) throw new Error(`Signing in as the bench administrator failed: HTTP ${login.status}`)
    const token = ((await login.json()) as { data: { tokens: { access: { token: string } } } }).data.tokens
      .access.token
    const headers = { authorization: `Bearer ${token}` }
    const size = await storeSize(database)

    for (const scenario of SCENARIOS) {
      const probe = await fetch(`${base}${scenario.path}`, { headers })
      const body = (await probe.json().catch(() => null)) as {
        meta?: { totalResults?: number }
        message?: string
      } | null
      if (!probe.ok) console.error(`${scenario.name}: HTTP ${probe.status} ${body?.message ?? ''}`)
      const run = (seconds: number) =>
        autocannon({ url: `${base}${scenario.path}`, connections, duration: seconds, timeout: 30, headers })
      if (warmup > 0) {
        await run(warmup)
        await settle(database)
      }
      const result = await run(duration)
      await settle(database)
      const row: Row = {
        scenario: scenario.name,
        path: scenario.path,
        requestsPerSecond: result.requests.average,
        completed: result.requests.total,
        p50Ms: result.requests.total > 0 ? result.latency.p50 : null,
        p99Ms: result.requests.total > 0 ? result.latency.p99 : null,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        status: probe.status,
        totalResults: body?.meta?.totalResults ?? null,
      }
      results.push(row)
      const failures =
        row.errors || row.timeouts ? `, ${row.errors} socket errors, ${row.timeouts} timeouts` : ''
      console.error(
        `${scenario.name}: ${fmt(row.requestsPerSecond, 1)} req/s, ${row.completed} answers, p99 ${row.p99Ms ?? '-'} ms${failures}`,
      )
    }

    const output = table(results, duration)
    console.log(`\n${output}\n`)
    const [version] = await rows<{ version: string }>(database.db, sql`select version()`)
    const report = {
      at: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      postgres: version?.version,
      store: size,
      seeded,
      connections,
      durationSeconds: duration,
      warmupSeconds: warmup,
      totalSeconds: Math.round((performance.now() - started) / 1000),
      results,
    }
    const dir = path.join(root, 'bench', 'results')
    mkdirSync(dir, { recursive: true })
    const file = path.join(dir, `bench-${report.at.replace(/[:.]/g, '-')}.json`)
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`)
    console.error(`Written ${path.relative(root, file)}; whole run ${report.totalSeconds} s`)
  } finally {
    await app.close()
    await database.close()
  }
}

const watchdog = setTimeout(() => {
  console.error(`The benchmark ran past ${WATCHDOG_MINUTES} minutes; stopping`)
  process.exit(1)
}, WATCHDOG_MINUTES * 60_000)
watchdog.unref()

main().catch((error) => {
  console.error('Benchmark failed:', error instanceof Error ? error.message : error)
  process.exit(1)
})
