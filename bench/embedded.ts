import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { type Mode, prepareStore, signIn, sleep, startServer, stopServer } from './embedded-server.ts'
import {
  fmt,
  latency,
  markdownTable,
  measure,
  memoryOf,
  type Row,
  root,
  type Scenario,
  totalCell,
  whole,
} from './harness.ts'

// `npm run bench:embedded`: the server as `npm start` runs it without DATABASE_URL, on the embedded database
// (PGlite), with the database in a thread of its own (EMBEDDED_DB_THREAD=true, the default) and on the server's
// thread (false): the list pages under load, the process's memory, and the first start with the demo store.

const HELP = `npm run bench:embedded -- [options]

The server on the embedded database, the database on its own thread and on the server's, in turn.

  --products N      products of the embedded bench store (default 100000); orders, customers and reviews
                    follow as 2, 0.2 and 1 per product. The store is built once in data/bench-embedded-<N>/
  --duration S      seconds each scenario is measured (default 10)
  --warmup S        unmeasured seconds before each (default 2)
  --connections N   concurrent connections (default 10)
  --modes LIST      thread,shared (default both)
  --starts N        first starts with the demo store timed per mode (default 3)
`

const SCENARIOS: Scenario[] = [
  { name: 'health', path: '/api/health' },
  { name: 'products, page 1', path: '/api/admin/products?page=1' },
  { name: 'products, page 500', path: '/api/admin/products?page=500' },
  { name: 'orders, page 1', path: '/api/admin/orders?page=1' },
  { name: 'customers, page 1', path: '/api/admin/users?role=user&page=1' },
  { name: "products, search 'thun'", path: '/api/admin/products?name=thun' },
  { name: 'analytics', path: '/api/admin/analytics' },
]

// The targets of docs/performance.md (never asserted in a test).
const PAGE_1_TARGET_RPS = 1_000
const MEMORY_TARGET_MB = 300
const FIRST_START_TARGET_MS = 3_000
interface StartRow {
  mode: Mode
  /** Spawn to the first answer, the demo store seeded (the server listens only once it is). */
  firstMs: number
  /** The same folder started again. */
  againMs: number
  rssMb: number
}

/** A first start on an empty folder with the demo store, then a start of the same folder again. */
async function timeStarts(mode: Mode): Promise<StartRow> {
  const dir = mkdtempSync(path.join(tmpdir(), `bench-embedded-start-${mode}-`))
  try {
    const first = await startServer(path.join(dir, 'data'), mode, true)
    await signIn(first.base)
    const { rssMb } = memoryOf(first.child.pid!)
    await stopServer(first)
    const again = await startServer(path.join(dir, 'data'), mode, true)
    await stopServer(again)
    return { mode, firstMs: first.startMs, againMs: again.startMs, rssMb }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      modes: { type: 'string' },
      starts: { type: 'string' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    process.stdout.write(HELP)
    return
  }
  const products = whole(values.products, 100_000, 'products')
  const settings = {
    duration: whole(values.duration, 10, 'duration'),
    warmup: whole(values.warmup, 2, 'warmup'),
    connections: Math.max(1, whole(values.connections, 10, 'connections')),
  }
  const starts = whole(values.starts, 3, 'starts')
  const modes = String(values.modes ?? 'thread,shared')
    .split(',')
    .map((m) => m.trim())
    .filter((m): m is Mode => m === 'thread' || m === 'shared')

  const store = prepareStore(products)
  if (store.fillSeconds !== null) console.error(`Store built in ${store.fillSeconds.toFixed(1)} s`)

  const rows: (Row & { mode: Mode })[] = []
  const memory: { mode: Mode; idleMb: number; afterMb: number; peakMb: number }[] = []
  for (const mode of modes) {
    const server = await startServer(store.dir, mode, false)
    try {
      const api = await signIn(server.base)
      await sleep(2_000)
      const idle = memoryOf(server.child.pid!)
      for (const scenario of SCENARIOS) {
        console.error(`database ${mode === 'thread' ? 'on its own thread' : "on the server's thread"}`)
        rows.push({ ...(await measure(api, scenario, settings)), mode })
      }
      const after = memoryOf(server.child.pid!)
      memory.push({ mode, idleMb: idle.rssMb, afterMb: after.rssMb, peakMb: after.peakMb })
    } finally {
      await stopServer(server)
    }
  }

  const startRows: StartRow[] = []
  for (let i = 0; i < starts; i++) for (const mode of modes) startRows.push(await timeStarts(mode))

  const modeName = (mode: Mode) => (mode === 'thread' ? 'own thread' : "server's thread")
  const met = (yes: boolean) => (yes ? 'yes' : 'no')
  console.log(
    `\nThe embedded database, ${fmt(products)} products, ${settings.connections} connections\n\n${markdownTable(
      ['database on', 'scenario', 'req/s', 'p50 ms', 'p99 ms', 'target', 'met', 'non-2xx', 'total'],
      rows.map((r) => {
        const target = r.scenario === 'products, page 1' ? PAGE_1_TARGET_RPS : undefined
        return [
          modeName(r.mode),
          r.scenario,
          fmt(r.requestsPerSecond, 1),
          latency(r.p50Ms, settings.duration),
          latency(r.p99Ms, settings.duration),
          target === undefined ? '' : `≥ ${fmt(target)} req/s`,
          target === undefined ? '' : met(r.requestsPerSecond >= target),
          String(r.non2xx),
          totalCell(r),
        ]
      }),
    )}\n\nMemory of the server process (resident, MB)\n\n${markdownTable(
      ['database on', 'idle', 'after the load', 'peak', 'target', 'met'],
      memory.map((m) => [
        modeName(m.mode),
        fmt(m.idleMb),
        fmt(m.afterMb),
        fmt(m.peakMb),
        `< ${MEMORY_TARGET_MB} MB`,
        met(m.peakMb < MEMORY_TARGET_MB),
      ]),
    )}\n\nStarts with the demo store (ms to the first answer)\n\n${markdownTable(
      ['database on', 'first start', 'started again', 'resident MB after the first', 'target', 'met'],
      startRows.map((s) => [
        modeName(s.mode),
        fmt(s.firstMs),
        fmt(s.againMs),
        fmt(s.rssMb),
        `first < ${fmt(FIRST_START_TARGET_MS)} ms`,
        met(s.firstMs < FIRST_START_TARGET_MS),
      ]),
    )}\n`,
  )
  const at = new Date().toISOString()
  const dir = path.join(root, 'bench', 'results')
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `embedded-${at.replace(/[:.]/g, '-')}.json`)
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        at,
        node: process.version,
        cpus: cpus().length,
        cpu: cpus()[0]?.model,
        products,
        fillSeconds: store.fillSeconds,
        ...settings,
        rows,
        memory,
        starts: startRows,
      },
      null,
      2,
    )}\n`,
  )
  console.error(`Written ${path.relative(root, file)}`)
}

const timer = setTimeout(() => {
  console.error('The benchmark ran past 40 minutes; stopping')
  process.exit(1)
}, 40 * 60_000)
timer.unref()
main().catch((error) => {
  console.error('Benchmark failed:', error instanceof Error ? error.message : error)
  process.exit(1)
})
