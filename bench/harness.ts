import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import net, { type AddressInfo } from 'node:net'
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
import { diskStore } from '../server/src/modules/files/stores.ts'
import { variantsOfRow } from '../server/src/modules/products/variants-column.ts'
import { generateStore } from '../server/src/seed/bulk.ts'
import { progressBar } from '../server/src/seed/progress.ts'
import { isWebBuilt, WEB_DIST } from '../server/src/web/static.ts'

// What the API benchmarks (`npm run bench`, `npm run bench:lists`) share: the large store on PostgreSQL, filled
// once and reused, the API started (in this process, or as `npm start` runs it in a process of its own) and
// signed in as an administrator, and autocannon runs measured and printed the same way. See bench/README.md.

export const root = fileURLToPath(new URL('..', import.meta.url))
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'Bench2026pass' }

/** The command-line options every API benchmark takes, for `parseArgs`. */
export const STORE_OPTIONS = {
  products: { type: 'string' },
  orders: { type: 'string' },
  customers: { type: 'string' },
  reviews: { type: 'string' },
  fresh: { type: 'boolean' },
  duration: { type: 'string' },
  warmup: { type: 'string' },
  connections: { type: 'string' },
  help: { type: 'boolean' },
} as const

export const STORE_HELP = `  BENCH_DATABASE_URL  the database to fill and measure (default postgres://postgres@127.0.0.1:5432/store_bench);
                      created when missing
  --products N        live products the store should hold (default 1000000)
  --orders N          orders (default 2000000)
  --customers N       customers (default 200000)
  --reviews N         reviews (default 1000000)
  --fresh             drop and recreate the database first (its name must contain "bench")
  --connections N     concurrent connections (default 10)
`

export const whole = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined) return fallback
  const n = Number(value.replace(/[_,]/g, ''))
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`)
  return n
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })

/** A Markdown table, the first column left-aligned and the others right-aligned. */
export function markdownTable(header: readonly string[], body: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)))
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`
  return [line(header), rule, ...body.map(line)].join('\n')
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
    on conflict ((lower(email))) where email <> '' do update set password_hash = excluded.password_hash, role = 'admin'`)
}

/** The parsed store options: the store asked for and how each scenario is run. */
export function benchSettings(
  values: Partial<Record<keyof typeof STORE_OPTIONS, string | boolean | undefined>>,
  defaults: { duration: number; warmup: number },
) {
  const text = (key: keyof typeof STORE_OPTIONS) => values[key] as string | undefined
  return {
    target: {
      products: whole(text('products'), 1_000_000, 'products'),
      orders: whole(text('orders'), 2_000_000, 'orders'),
      customers: whole(text('customers'), 200_000, 'customers'),
      reviews: whole(text('reviews'), 1_000_000, 'reviews'),
    },
    fresh: Boolean(values.fresh),
    duration: whole(text('duration'), defaults.duration, 'duration'),
    warmup: whole(text('warmup'), defaults.warmup, 'warmup'),
    connections: Math.max(1, whole(text('connections'), 10, 'connections')),
    url: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/store_bench',
  }
}
export type BenchSettings = ReturnType<typeof benchSettings>

/**
 * Creates the bench database when missing, applies the migrations, adds what the store lacks of `target` with
 * the bulk generator, and makes sure the bench administrator exists. Answers what was added (null when nothing).
 */
export async function prepareStore(settings: BenchSettings): Promise<Record<string, unknown> | null> {
  const { url, target } = settings
  await prepareDatabase(url, settings.fresh)
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
          files: diskStore(path.join(root, 'data', 'bench', 'uploads')),
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
    await ensureVariants(loader)
    await ensureBenchAdmin(loader)
  } finally {
    await loader.close()
  }
  return seeded
}

/**
 * Gives one live product in four sizes S to XL as variants (CONTRACT 5.4), its stock shared among them so that
 * its quantity stays their sum, once: the lists are measured on a store that sells by size.
 */
async function ensureVariants(loader: Database) {
  const [has] = await rows<{ n: number }>(
    loader.db,
    sql`select count(*)::int as n from (select 1 from product_variants limit 1) v`,
  )
  if (has!.n > 0) return
  const started = performance.now()
  await loader.db.execute(sql`
    insert into product_variants (product_id, sku, size, color, quantity, position)
    select p.id, 'B' || p.id || '-' || s.size, s.size, 'Đen',
           p.quantity / 4 + case when s.position < p.quantity % 4 then 1 else 0 end, s.position
      from products p
     cross join (values ('S', 0), ('M', 1), ('L', 2), ('XL', 3)) as s(size, position)
     where p.id % 4 = 0 and p.deleted_at is null`)
  await loader.db.execute(
    sql`update products set variants = ${variantsOfRow} where id % 4 = 0 and deleted_at is null`,
  )
  await loader.db.execute(sql`analyze product_variants`)
  console.error(
    `Variants added to one product in four in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
}

/** The API on a loopback port of this process, signed in as the bench administrator. */
export interface RunningApi {
  database: Database
  base: string
  headers: Record<string, string>
  /** The shop's time zone (`STORE_TZ`), in which date filters count whole days. */
  timeZone: string
  /** The session the web app keeps in localStorage, for a browser to start signed in. */
  tokens: { access: string; refresh: string }
  /** Whether the web app is served too (`web/dist` is built). */
  web: boolean
  /** The server's process, when it runs in one of its own (`npm start`); otherwise the API is in this process. */
  pid?: number
  close: () => Promise<void>
}

/** Signs in as the bench administrator at `base`. */
async function signIn(base: string): Promise<{ access: string; refresh: string }> {
  const login = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  })
  if (!login.ok) throw new Error(`Signing in as the bench administrator failed: HTTP ${login.status}`)
  const { tokens } = (
    (await login.json()) as { data: { tokens: { access: { token: string }; refresh: { token: string } } } }
  ).data
  return { access: tokens.access.token, refresh: tokens.refresh.token }
}

/** A loopback port no one listens on now. */
export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** A server started as `npm start` starts it (compiled, `server/start.js`), in a process of its own, signed in. */
export interface ServerProcess {
  base: string
  headers: Record<string, string>
  tokens: { access: string; refresh: string }
  pid: number
  stop: () => Promise<void>
}

/** `npm start` on the bench database with `workers` worker processes (WEB_CONCURRENCY); answers once signed in. */
export async function startServerProcess(url: string, workers = 1): Promise<ServerProcess> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['server/start.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      WEB_CONCURRENCY: String(workers),
      DATA_DIR: path.join(root, 'data', 'bench'),
      // One secret for every worker: a token signed by one is checked by another.
      JWT_SECRET: randomBytes(36).toString('base64url'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const gone = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await gone
  }
  try {
    const base = `http://127.0.0.1:${port}`
    const until = Date.now() + 120_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
      if (Date.now() > until) throw new Error('the server did not answer within 2 minutes')
      const health = await fetch(`${base}/api/health`).catch(() => null)
      if (health?.ok) break
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    // Every worker listens before the first process says it is ready; the health check may come first.
    if (workers > 1) await new Promise((resolve) => setTimeout(resolve, 2_000))
    const tokens = await signIn(base)
    return { base, headers: { authorization: `Bearer ${tokens.access}` }, tokens, pid: child.pid!, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** The resident memory of a process now and at its peak so far, in MB (Linux's /proc). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN)
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 }
}

/** The API as `npm start` runs it, in a process of its own, beside this process's connections to its database. */
async function startApiProcess(settings: BenchSettings): Promise<RunningApi> {
  const database = await openDatabase({ url: settings.url, poolSize: 3 })
  try {
    const server = await startServerProcess(settings.url)
    return {
      database,
      base: server.base,
      headers: server.headers,
      timeZone: loadConfig({ ...process.env, DATABASE_URL: settings.url }).STORE_TZ,
      tokens: server.tokens,
      web: isWebBuilt(WEB_DIST),
      pid: server.pid,
      close: async () => {
        await server.stop()
        await database.close()
      },
    }
  } catch (error) {
    await database.close()
    throw error
  }
}

async function startApi(settings: BenchSettings): Promise<RunningApi> {
  const { url, connections } = settings
  const database = await openDatabase({ url, poolSize: connections })
  // The settings the server would read (STORE_TZ and the like), pointed at the bench database and loopback.
  const config = loadConfig({
    ...process.env,
    DATA_DIR: path.join(root, 'data', 'bench'),
    DATABASE_URL: url,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
  })
  // The web app too, when it is built (`npm install` builds it): `npm run bench` loads the dashboard in Chromium.
  const webDir = isWebBuilt(WEB_DIST) ? WEB_DIST : undefined
  const app = await buildApp({ config, database, jwtSecret: randomBytes(32), logger: false, webDir })
  const close = async () => {
    await app.close()
    await database.close()
  }
  try {
    await app.listen({ host: '127.0.0.1', port: 0 })
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    const tokens = await signIn(base)
    return {
      database,
      base,
      headers: { authorization: `Bearer ${tokens.access}` },
      timeZone: config.STORE_TZ,
      tokens,
      web: webDir !== undefined,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

/**
 * Waits (at most a minute) until the database runs no query but this one: autocannon stops at the end of its
 * seconds without waiting for the answers in flight, whose queries would otherwise slow the next scenario. A
 * server in a process of its own (no `database` here) gets a second to finish them.
 */
async function settle(database: Database | undefined) {
  if (!database) return new Promise((resolve) => setTimeout(resolve, 1_000))
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

/** A server started as `npm start` starts it, in a process of its own, signed in. */
export interface OtherProcessApi {
  base: string
  headers: Record<string, string>
}

export interface Scenario {
  name: string
  path: string
  /** Several addresses, each connection asking them in turn (the first is also the probe's `path`). */
  paths?: readonly string[]
  /** Work that runs beside the load (writes to the store), started before the warm-up; answers its stop. */
  during?: (api: RunningApi) => () => Promise<void>
}

export interface Row {
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
  /** The probe's HTTP status, its latency, and its `meta.totalResults` (null for answers without a list). */
  status: number
  probeMs: number
  totalResults: number | null
}

/**
 * One scenario: a probe request (its status, latency and total), then autocannon with `connections` for the
 * warm-up and the measured seconds, waiting after each until the database is idle again.
 */
export async function measure(
  api: RunningApi | OtherProcessApi,
  scenario: Scenario,
  settings: Pick<BenchSettings, 'connections' | 'duration' | 'warmup'>,
): Promise<Row> {
  const { base, headers } = api
  const database = 'database' in api ? api.database : undefined
  const { connections, duration, warmup } = settings
  const probeStart = performance.now()
  const probe = await fetch(`${base}${scenario.path}`, { headers })
  const body = (await probe.json().catch(() => null)) as {
    meta?: { totalResults?: number }
    message?: string
  } | null
  const probeMs = performance.now() - probeStart
  if (!probe.ok) console.error(`${scenario.name}: HTTP ${probe.status} ${body?.message ?? ''}`)
  // The load comes from a worker thread: the API's event loop, in this process, then serves only the requests,
  // as in a deployment, instead of also timing, parsing and counting them.
  const run = (seconds: number) =>
    autocannon({
      url: `${base}${scenario.path}`,
      connections,
      duration: seconds,
      timeout: 30,
      headers,
      workers: 1,
      ...(scenario.paths && { requests: scenario.paths.map((path) => ({ method: 'GET' as const, path })) }),
    })
  if (scenario.during && !('database' in api))
    throw new Error(`${scenario.name} needs the API in this process`)
  const stop = scenario.during?.(api as RunningApi)
  let result: Awaited<ReturnType<typeof run>>
  try {
    if (warmup > 0) {
      await run(warmup)
      if (!stop) await settle(database)
    }
    result = await run(duration)
  } finally {
    await stop?.()
  }
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
    probeMs,
    totalResults: body?.meta?.totalResults ?? null,
  }
  const failures = row.errors || row.timeouts ? `, ${row.errors} socket errors, ${row.timeouts} timeouts` : ''
  console.error(
    `${scenario.name}: ${fmt(row.requestsPerSecond, 1)} req/s, ${row.completed} answers, p99 ${row.p99Ms ?? '-'} ms${failures}`,
  )
  return row
}

/** A latency as the tables show it; `> N s` when no answer completed within the measured seconds. */
export const latency = (ms: number | null, duration: number) => (ms === null ? `> ${duration} s` : fmt(ms, 1))

/** The total column: the probe's total, `-` for an answer without a list, the status when it failed. */
export const totalCell = (r: Pick<Row, 'status' | 'totalResults'>) =>
  r.totalResults === null ? (r.status === 200 ? '-' : `HTTP ${r.status}`) : fmt(r.totalResults)

/** Writes a run's report, with the machine and store it ran on, to bench/results/<kind>-<time>.json. */
async function writeReport(kind: string, database: Database, report: Record<string, unknown>) {
  const [version] = await rows<{ version: string }>(database.db, sql`select version()`)
  const at = new Date().toISOString()
  const full = {
    at,
    node: process.version,
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    postgres: version?.version,
    ...report,
  }
  const dir = path.join(root, 'bench', 'results')
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `${kind}-${at.replace(/[:.]/g, '-')}.json`)
  writeFileSync(file, `${JSON.stringify(full, null, 2)}\n`)
  console.error(`Written ${path.relative(root, file)}`)
}

/** The whole run stops here whatever happens: a benchmark must not hang a machine. */
const WATCHDOG_MINUTES = 30

/**
 * Runs an API benchmark as a command: reads the store options (and `extra` ones), prints `help` for `--help`,
 * prepares the store, starts the API, lets `measure` run against it, and writes what it answers to
 * bench/results/<kind>-<time>.json beside the store and the settings.
 */
export function benchCommand<E extends Record<string, { type: 'string' | 'boolean' }>>(command: {
  kind: string
  help: string
  defaults: { duration: number; warmup: number }
  /** The API in a process of its own as `npm start` runs it, rather than in this process. */
  serverProcess?: boolean
  extra?: E
  measure: (
    api: RunningApi,
    settings: BenchSettings,
    values: Record<string, string | boolean | undefined>,
  ) => Promise<Record<string, unknown>>
}) {
  const main = async () => {
    const { values } = parseArgs({ options: { ...STORE_OPTIONS, ...command.extra } })
    if (values.help) {
      process.stdout.write(command.help)
      return
    }
    const settings = benchSettings(values, command.defaults)
    const started = performance.now()
    const seeded = await prepareStore(settings)
    const api = await (command.serverProcess ? startApiProcess(settings) : startApi(settings))
    try {
      const size = await storeSize(api.database)
      const measured = await command.measure(api, settings, values)
      await writeReport(command.kind, api.database, {
        store: size,
        seeded,
        connections: settings.connections,
        durationSeconds: settings.duration,
        warmupSeconds: settings.warmup,
        totalSeconds: Math.round((performance.now() - started) / 1000),
        ...measured,
      })
    } finally {
      await api.close()
    }
  }
  const timer = setTimeout(() => {
    console.error(`The benchmark ran past ${WATCHDOG_MINUTES} minutes; stopping`)
    process.exit(1)
  }, WATCHDOG_MINUTES * 60_000)
  timer.unref()
  main().catch((error) => {
    console.error('Benchmark failed:', error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
