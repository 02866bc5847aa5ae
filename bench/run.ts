import { addDays, MAX_REPORT_DAYS } from '@store/contract'
import { type DashboardLoads, measureDashboard } from './dashboard-load.ts'
import {
  benchCommand,
  fmt,
  latency,
  markdownTable,
  measure,
  type Row,
  type Scenario,
  STORE_HELP,
  totalCell,
} from './harness.ts'

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

const SCENARIOS: Scenario[] = [
  // The floor of this machine and load: one `select 1`, no session to check, a few bytes back.
  { name: 'health', path: '/api/health' },
  { name: 'products, page 1', path: '/api/admin/products?page=1' },
  { name: 'products, page 5000', path: '/api/admin/products?page=5000' },
  { name: "products, search 'thun'", path: '/api/admin/products?name=thun' },
  { name: 'orders, page 1', path: '/api/admin/orders?page=1' },
  {
    name: "orders, customer 'nguyen van'",
    path: `/api/admin/orders?name=${encodeURIComponent('nguyen van')}`,
  },
  { name: 'analytics', path: '/api/admin/analytics' },
  ...reportScenarios(),
]

/**
 * The report of CONTRACT 4.8 over 7 days, 30 days, a year and three years ending today in the store's zone, each
 * without and with a comparison with the period before (which doubles the days read).
 */
function reportScenarios(): Scenario[] {
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

const table = (rowsOut: Row[], duration: number) =>
  markdownTable(
    ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'totalResults'],
    rowsOut.map((r) => [
      r.scenario,
      fmt(r.requestsPerSecond, 1),
      latency(r.p50Ms, duration),
      latency(r.p99Ms, duration),
      fmt(r.non2xx),
      totalCell(r),
    ]),
  )

benchCommand({
  kind: 'bench',
  help: HELP,
  defaults: { duration: 10, warmup: 2 },
  extra: { only: { type: 'string' } },
  measure: async (api, settings, values) => {
    const only = typeof values.only === 'string' ? values.only : undefined
    const results: Row[] = []
    for (const scenario of SCENARIOS.filter((s) => only === undefined || s.name.includes(only)))
      results.push(await measure(api, scenario, settings))
    if (results.length > 0) console.log(`\n${table(results, settings.duration)}\n`)
    if (only !== undefined && !'dashboard'.includes(only)) return { results }
    const dashboard = await measureDashboard(api, DASHBOARD_LOADS)
    if (dashboard) console.log(`${dashboardTable(dashboard)}\n`)
    else console.error('The dashboard load was not measured: no Chromium, or the web app is not built')
    return { results, dashboard }
  },
})
