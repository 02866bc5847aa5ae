import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { prepareStore as prepareEmbeddedStore, signIn, startServer, stopServer } from './embedded-server.ts'
import {
  benchSettings,
  fmt,
  markdownTable,
  memoryOf,
  type OtherProcessApi,
  prepareStore,
  root,
  STORE_OPTIONS,
  startServerProcess,
  whole,
} from './harness.ts'

// `npm run bench:soak`: the server as `npm start` runs it, on the embedded database and on the PostgreSQL bench
// store, under a mixed load for some minutes (reads of every list, searches, filters, the dashboard, the report,
// an order's page, and notes written on orders): per minute, the requests, the errors, the 99th percentile and
// the memory, so that a leak or a slow creep shows. See bench/README.md.

const HELP = `npm run bench:soak -- [options]

  --minutes N       minutes of load on each database (default 10)
  --on LIST         embedded,postgres (default both)
  --connections N   concurrent connections (default 10)
  --embedded-products N  products of the embedded store (default 100000, the store of bench:embedded)
  --products N, --orders N, --customers N, --reviews N
                    the PostgreSQL store, npm run bench's (BENCH_DATABASE_URL, the same defaults), filled to
                    that size first when it holds less
  After the load, the server is left idle for a minute and its resident memory read again.
`

type On = 'embedded' | 'postgres'

interface Minute {
  minute: number
  requests: number
  errors: number
  p99Ms: number
  rssMb: number
  peakMb: number
  /** The JavaScript heap in use on the server's thread. */
  heapMb: number
  /** The embedded database's WebAssembly memory and its thread's heap in use (embedded only). */
  wasmMb: number | null
  dbHeapMb: number | null
}

const MB = 2 ** 20

/** A sample of `/metrics`, by name and (when given) one label's value. */
function metric(text: string, name: string, label?: string): number | null {
  const pattern = label ? `^${name}\\{[^}]*part="${label}"[^}]*\\} (\\S+)$` : `^${name} (\\S+)$`
  const found = new RegExp(pattern, 'm').exec(text)
  return found ? Number(found[1]) : null
}

/** The addresses the load asks in turn: every kind of read, and a note written on an order now and then. */
async function mixedRequests(api: OtherProcessApi) {
  const get = async <T>(url: string) =>
    ((await (await fetch(`${api.base}${url}`, { headers: api.headers })).json()) as { data: T }).data
  const [order] = await get<{ id: string }[]>('/api/admin/orders?limit=1')
  const [category] = await get<{ id: string }[]>('/api/admin/categories?limit=1')
  if (!order || !category) throw new Error('the store has no order or no category to read')
  const reads = [
    '/api/admin/products?page=1',
    '/api/admin/products?page=37',
    '/api/admin/products?name=thun',
    '/api/admin/products?name=jean',
    `/api/admin/products?category=${category.id}&stock=low`,
    '/api/admin/products?stock=out&limit=5',
    '/api/admin/orders?page=1',
    '/api/admin/orders?status=1',
    `/api/admin/orders?name=${encodeURIComponent('nguyen')}`,
    `/api/admin/orders/${order.id}`,
    `/api/admin/orders/${order.id}/detail/${order.id}`,
    '/api/admin/users?role=user&page=3',
    '/api/admin/product-reviews?page=2',
    '/api/admin/analytics',
    '/api/admin/analytics/report?compare=previous',
  ]
  const note = {
    method: 'POST' as const,
    path: `/api/admin/orders/${order.id}/notes`,
    headers: { ...api.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ note: 'Khách hẹn giao buổi chiều' }),
  }
  return [...reads.map((p) => ({ method: 'GET' as const, path: p, headers: api.headers })), note]
}

/** `minutes` of the mixed load on the server at `api`, process `pid`, a line of figures each minute. */
async function soak(api: OtherProcessApi, pid: number, minutes: number, connections: number) {
  const requests = await mixedRequests(api)
  const rows: Minute[] = []
  const start = memoryOf(pid)
  for (let minute = 1; minute <= minutes; minute++) {
    const result = await autocannon({
      url: api.base,
      connections,
      duration: 60,
      timeout: 30,
      workers: 1,
      requests,
    })
    const text = await (await fetch(`${api.base}/metrics`)).text()
    const memory = memoryOf(pid)
    const wasm = metric(text, 'store_embedded_db_memory_bytes', 'wasm')
    const dbHeap = metric(text, 'store_embedded_db_memory_bytes', 'heap_used')
    const row: Minute = {
      minute,
      requests: result.requests.total,
      errors: result.non2xx + result.errors + result.timeouts,
      p99Ms: result.latency.p99,
      rssMb: memory.rssMb,
      peakMb: memory.peakMb,
      heapMb: (metric(text, 'nodejs_heap_size_used_bytes') ?? 0) / MB,
      wasmMb: wasm === null ? null : wasm / MB,
      dbHeapMb: dbHeap === null ? null : dbHeap / MB,
    }
    rows.push(row)
    console.error(
      `minute ${minute}: ${fmt(row.requests)} requests, ${row.errors} errors, p99 ${row.p99Ms} ms, resident ${fmt(row.rssMb)} MB`,
    )
  }
  // V8 gives back the heap the load left behind once the server has been idle a while.
  await new Promise((resolve) => setTimeout(resolve, 60_000))
  const idle = memoryOf(pid)
  console.error(`a minute idle: resident ${fmt(idle.rssMb)} MB`)
  return { startMb: start.rssMb, idleMb: idle.rssMb, rows }
}

const table = (on: On, run: Awaited<ReturnType<typeof soak>>) => {
  const peak = Math.max(...run.rows.map((r) => r.peakMb))
  const end = run.rows.at(-1)?.rssMb ?? run.startMb
  const mb = (n: number | null) => (n === null ? '-' : fmt(n))
  return (
    `${on === 'embedded' ? 'The embedded database' : 'The PostgreSQL server'}, ${run.rows.length} minutes of mixed load: ` +
    `resident memory ${fmt(run.startMb)} MB at the start, ${fmt(peak)} at its peak, ${fmt(end)} at the end, ` +
    `${fmt(run.idleMb)} after a minute idle\n\n` +
    markdownTable(
      [
        'minute',
        'requests',
        'errors',
        'p99 ms',
        'resident MB',
        'peak MB',
        'server heap MB',
        'database WebAssembly MB',
        'database heap MB',
      ],
      run.rows.map((r) => [
        String(r.minute),
        fmt(r.requests),
        String(r.errors),
        fmt(r.p99Ms),
        fmt(r.rssMb),
        fmt(r.peakMb),
        fmt(r.heapMb),
        mb(r.wasmMb),
        mb(r.dbHeapMb),
      ]),
    )
  )
}

async function main() {
  const { values } = parseArgs({
    options: {
      ...STORE_OPTIONS,
      minutes: { type: 'string' },
      on: { type: 'string' },
      'embedded-products': { type: 'string' },
    },
  })
  if (values.help) {
    process.stdout.write(HELP)
    return
  }
  const minutes = Math.max(1, whole(values.minutes, 10, 'minutes'))
  const connections = Math.max(1, whole(values.connections, 10, 'connections'))
  const ons = String(values.on ?? 'embedded,postgres')
    .split(',')
    .map((o) => o.trim())
    .filter((o): o is On => o === 'embedded' || o === 'postgres')
  // A benchmark must not hang a machine: the whole run stops an hour after its minutes of load should have ended.
  setTimeout(
    () => {
      console.error('The soak ran an hour past its minutes; stopping')
      process.exit(1)
    },
    (minutes * ons.length + 60) * 60_000,
  ).unref()
  const results: Partial<Record<On, Awaited<ReturnType<typeof soak>>>> = {}
  for (const on of ons) {
    if (on === 'embedded') {
      const store = prepareEmbeddedStore(whole(values['embedded-products'], 100_000, 'embedded-products'))
      const server = await startServer(store.dir, 'thread', false)
      try {
        results.embedded = await soak(await signIn(server.base), server.child.pid!, minutes, connections)
      } finally {
        await stopServer(server)
      }
    } else {
      const settings = benchSettings(values, { duration: 10, warmup: 2 })
      await prepareStore(settings)
      const server = await startServerProcess(settings.url)
      try {
        results.postgres = await soak(server, server.pid, minutes, connections)
      } finally {
        await server.stop()
      }
    }
    process.stdout.write(`\n${table(on, results[on]!)}\n`)
  }
  const at = new Date().toISOString()
  const dir = path.join(root, 'bench', 'results')
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `soak-${at.replace(/[:.]/g, '-')}.json`)
  writeFileSync(
    file,
    `${JSON.stringify({ at, node: process.version, cpus: cpus().length, minutes, connections, results }, null, 2)}\n`,
  )
  console.error(`Written ${path.relative(root, file)}`)
}

main().catch((error) => {
  console.error('Benchmark failed:', error instanceof Error ? error.message : error)
  process.exit(1)
})
