import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { addDays, MAX_REPORT_DAYS } from '@store/contract'
import { BUDGET_KB, initialSize, kb } from '../scripts/initial-js-size.ts'
import { WEB_DIST } from '../server/src/web/static.ts'
import { type DashboardLoads, measureDashboard } from './dashboard-load.ts'
import {
  type BenchSettings,
  benchCommand,
  fmt,
  latency,
  markdownTable,
  measure,
  memoryOf,
  type Row,
  type RunningApi,
  root,
  type Scenario,
  STORE_HELP,
  totalCell,
} from './harness.ts'
import { measureOrderTaking, orderTakingTable } from './order-taking.ts'
import {
  customerTerms,
  freshTerms,
  oneByOne,
  orderLookups,
  ordersArriving,
  productChurn,
  productTerms,
} from './searches.ts'

// `npm run bench`: fills a PostgreSQL database with a large generated store (once; later runs reuse it), starts
// the API in this process on a loopback port, and measures the heaviest read calls with autocannon. Prints a
// table and writes it as JSON under bench/results/. See bench/README.md.

const HELP = `npm run bench -- [--products N] [--orders N] [--customers N] [--reviews N] [--fresh]
                     [--duration S] [--warmup S] [--connections N]

${STORE_HELP}  --duration S        seconds each scenario is measured (default 10)
  --warmup S          seconds of unmeasured load before each (default 2)
  --only TEXT         only the scenarios whose name holds TEXT ('report, 7 days'; 'dashboard' for the
                      dashboard's load in Chromium alone)
`

/** What a scenario should reach on the 2-core bench machine (docs/performance.md, "The targets and the latest run"; never asserted in a test). */
interface Target {
  rps?: number
  p99Ms?: number
}
type Measured = Scenario & { target?: Target }

const PAGE_1: Target = { rps: 3000, p99Ms: 10 }
const PAGE_5000: Target = { rps: 1500, p99Ms: 20 }

const SCENARIOS: Measured[] = [
  // The floor of this machine and load: one `select 1`, no session to check, a few bytes back.
  { name: 'health', path: '/api/health' },
  { name: 'products, page 1', path: '/api/admin/products?page=1', target: PAGE_1 },
  { name: 'products, page 5000', path: '/api/admin/products?page=5000', target: PAGE_5000 },
  { name: 'orders, page 1', path: '/api/admin/orders?page=1', target: PAGE_1 },
  { name: 'orders, page 5000', path: '/api/admin/orders?page=5000', target: PAGE_5000 },
  { name: 'customers, page 1', path: '/api/admin/users?role=user&page=1', target: PAGE_1 },
  { name: 'customers, page 5000', path: '/api/admin/users?role=user&page=5000', target: PAGE_5000 },
  { name: "products, search 'thun'", path: '/api/admin/products?name=thun' },
  {
    name: "orders, customer 'nguyen van'",
    path: `/api/admin/orders?name=${encodeURIComponent('nguyen van')}`,
  },
  { name: 'analytics', path: '/api/admin/analytics', target: { p99Ms: 5 } },
  ...reportScenarios(),
]

/** The scenarios whose addresses come from the store: the searches asked in turn, alone and under writes. */
async function searchScenarios(api: RunningApi): Promise<Measured[]> {
  const terms = await productTerms(api)
  const names = customerTerms()
  const lookups = await orderLookups(api)
  return [
    {
      name: `orders, ${lookups.length} numbers and phones in turn (q)`,
      path: lookups[0]!,
      paths: lookups,
      target: { p99Ms: 50 },
    },
    { name: `products, ${terms.length} terms in turn`, path: terms[0]!, paths: terms, target: { rps: 1000 } },
    {
      name: `products, ${terms.length} terms in turn, 5 products a second created and deleted`,
      path: terms[0]!,
      paths: terms,
      during: productChurn,
      target: { rps: 500, p99Ms: 50 },
    },
    {
      name: `orders, ${names.length} customer names in turn, 5 orders a second arriving`,
      path: names[0]!,
      paths: names,
      during: ordersArriving,
      target: { rps: 500, p99Ms: 50 },
    },
  ]
}

const FRESH_TERMS = 300
const FRESH_TARGET_P99_MS = 50

/**
 * The report of CONTRACT 4.8 over 7 days, 30 days, a year and three years ending today in the store's zone, each
 * without and with a comparison with the period before (which doubles the days read).
 */
function reportScenarios(): Measured[] {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: process.env.STORE_TZ || 'Asia/Ho_Chi_Minh',
  }).format(new Date())
  const spans: [label: string, days: number][] = [
    ['7 days', 7],
    ['30 days', 30],
    ['1 year', 365],
    ['3 years', MAX_REPORT_DAYS],
  ]
  return spans.flatMap(([label, days]) =>
    (['none', 'previous'] as const).map((compare) => ({
      name: `report, ${label}${compare === 'none' ? '' : ', compared'}`,
      path: `/api/admin/analytics/report?from=${addDays(today, 1 - days)}&to=${today}&compare=${compare}${days > 31 ? '&interval=month' : ''}`,
      target: { p99Ms: 10 },
    })),
  )
}

const DASHBOARD_LOADS = 20

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

const dashboardTable = (loads: DashboardLoads) =>
  `The dashboard in Chromium, ${DASHBOARD_LOADS} loads each: until the last of its ${loads.calls.length} API calls ` +
  'answered (load), and from the first of its data calls to then (calls):\n\n' +
  markdownTable(
    ['dashboard', 'load p50 ms', 'load p99 ms', 'calls p50 ms', 'calls p99 ms'],
    (
      [
        ['new browser, nothing cached', loads.cold],
        ['again, files cached', loads.warm],
        ['again, right after an order was written', loads.afterWrite],
      ] as const
    ).map(([name, values]) => [
      name,
      fmt(
        percentile(
          values.map((v) => v.load),
          50,
        ),
        1,
      ),
      fmt(
        percentile(
          values.map((v) => v.load),
          99,
        ),
        1,
      ),
      fmt(
        percentile(
          values.map((v) => v.calls),
          50,
        ),
        1,
      ),
      fmt(
        percentile(
          values.map((v) => v.calls),
          99,
        ),
        1,
      ),
    ]),
  )

/** A target as the table shows it, and whether the row meets it. */
function againstTarget(row: Row, target: Target | undefined): [string, string] {
  if (!target) return ['', '']
  const parts = [
    target.rps === undefined ? undefined : `≥ ${fmt(target.rps)} req/s`,
    target.p99Ms === undefined ? undefined : `p99 < ${target.p99Ms} ms`,
  ].filter(Boolean)
  const met =
    (target.rps === undefined || row.requestsPerSecond >= target.rps) &&
    (target.p99Ms === undefined || (row.p99Ms !== null && row.p99Ms < target.p99Ms))
  return [parts.join(', '), met ? 'yes' : 'no']
}

const table = (rowsOut: (Row & { target?: Target })[], duration: number) =>
  markdownTable(
    ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'target', 'met', 'non-2xx', 'totalResults'],
    rowsOut.map((r) => [
      r.scenario,
      fmt(r.requestsPerSecond, 1),
      latency(r.p50Ms, duration),
      latency(r.p99Ms, duration),
      ...againstTarget(r, r.target),
      fmt(r.non2xx),
      totalCell(r),
    ]),
  )

/** Terms no one searched before, asked one at a time: their latencies against the target. */
async function measureFresh(api: RunningApi) {
  const paths = await freshTerms(api, FRESH_TERMS)
  const { latencies, failed } = await oneByOne(api, paths)
  const row = {
    scenario: `products, ${paths.length} terms never searched before, one at a time`,
    terms: paths.length,
    failed,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: Math.max(...latencies),
  }
  console.error(`${row.scenario}: p50 ${fmt(row.p50Ms, 1)} ms, p99 ${fmt(row.p99Ms, 1)} ms`)
  return row
}

const freshTable = (row: Awaited<ReturnType<typeof measureFresh>>) =>
  markdownTable(
    ['scenario', 'p50 ms', 'p99 ms', 'slowest ms', 'target', 'met', 'non-2xx'],
    [
      [
        row.scenario,
        fmt(row.p50Ms, 1),
        fmt(row.p99Ms, 1),
        fmt(row.maxMs, 1),
        `p99 < ${FRESH_TARGET_P99_MS} ms`,
        row.p99Ms < FRESH_TARGET_P99_MS ? 'yes' : 'no',
        fmt(row.failed),
      ],
    ],
  )

const MEMORY_TARGET_MB = 150

const webTable = (size: ReturnType<typeof initialSize>) =>
  markdownTable(
    ['web app', 'gzipped', 'target', 'met'],
    [
      [
        `initial JavaScript (${size.files.length} files; CSS ${kb(size.css)} besides)`,
        kb(size.js),
        `≤ ${BUDGET_KB} KB`,
        size.js <= BUDGET_KB * 1024 ? 'yes' : 'no',
      ],
    ],
  )

/**
 * The targets measured by commands of their own, run in turn with their tables printed as they come: the embedded
 * database (`npm run bench:embedded`, on its own thread) and Lighthouse (`npm run bench:lighthouse`, one run a page
 * and profile) when Chromium is installed.
 */
function others(duration: number, store: BenchSettings['target']) {
  const run = (script: string, args: string[]) => {
    console.log(`\n$ npm run ${script} -- ${args.join(' ')}\n`)
    const done = spawnSync(
      process.execPath,
      ['--import', 'tsx', `bench/${script.slice('bench:'.length)}.ts`, ...args],
      {
        cwd: root,
        stdio: 'inherit',
      },
    )
    // bench:lighthouse ends with code 1 when a score is under its target; its table has said which.
    if (done.status !== 0) console.error(`${script} ended with exit code ${done.status}`)
  }
  run('bench:embedded', ['--modes', 'thread', '--duration', String(duration), '--starts', '3'])
  // Two minutes of the soak on each database, on this run's PostgreSQL store: the memory under a mixed load.
  run('bench:soak', [
    '--minutes',
    '2',
    ...Object.entries(store).flatMap(([name, size]) => [`--${name}`, String(size)]),
  ])
  if (existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium')) run('bench:lighthouse', ['--runs', '1'])
  else console.error('Lighthouse was not run: no Chromium')
}

/** The server process's resident memory once started and signed in, and at its peak over the scenarios. */
const memoryTable = (memory: { idleMb: number; peakMb: number; endMb: number }) =>
  markdownTable(
    ['server process, resident MB', 'started', 'peak under the load above', 'at the end', 'target', 'met'],
    [
      [
        '`npm start` on the PostgreSQL server',
        fmt(memory.idleMb),
        fmt(memory.peakMb),
        fmt(memory.endMb),
        `< ${MEMORY_TARGET_MB} MB`,
        memory.peakMb < MEMORY_TARGET_MB ? 'yes' : 'no',
      ],
    ],
  )

benchCommand({
  kind: 'bench',
  help: HELP,
  defaults: { duration: 10, warmup: 2 },
  // The server as it is deployed (`npm start`, compiled), so that its memory is its own.
  serverProcess: true,
  extra: { only: { type: 'string' } },
  measure: async (api, settings, values) => {
    const only = typeof values.only === 'string' ? values.only : undefined
    const chosen = (name: string) => only === undefined || name.includes(only)
    const idle = memoryOf(api.pid!)
    const results: (Row & { target?: Target })[] = []
    for (const scenario of [...SCENARIOS, ...(await searchScenarios(api))].filter((s) => chosen(s.name)))
      results.push({ ...(await measure(api, scenario, settings)), target: scenario.target })
    const fresh = chosen('never searched') ? await measureFresh(api) : undefined
    const taking = chosen('new orders')
      ? [await measureOrderTaking(api, settings), await measureOrderTaking(api, settings, true)]
      : undefined
    const end = memoryOf(api.pid!)
    const memory = { idleMb: idle.rssMb, peakMb: end.peakMb, endMb: end.rssMb }
    if (results.length > 0) console.log(`\n${table(results, settings.duration)}\n`)
    if (fresh) console.log(`${freshTable(fresh)}\n`)
    if (taking) console.log(`${orderTakingTable(taking)}\n`)
    console.log(`${memoryTable(memory)}\n`)
    if (only !== undefined && !'dashboard'.includes(only)) return { results, fresh, taking, memory }
    const dashboard = await measureDashboard(api, DASHBOARD_LOADS)
    if (dashboard) console.log(`${dashboardTable(dashboard)}\n`)
    else console.error('The dashboard load was not measured: no Chromium, or the web app is not built')
    if (only !== undefined) return { results, fresh, taking, memory, dashboard }
    const web = existsSync(path.join(WEB_DIST, '.vite/manifest.json')) ? initialSize(WEB_DIST) : undefined
    if (web) console.log(`${webTable(web)}\n`)
    // The other targets are measured by commands of their own, run here one after the other.
    others(settings.duration, settings.target)
    return { results, fresh, taking, memory, dashboard, initialJs: web && { js: web.js, css: web.css } }
  },
})
