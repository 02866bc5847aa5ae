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
`

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
  measure: async (api, settings) => {
    const results: Row[] = []
    for (const scenario of SCENARIOS) results.push(await measure(api, scenario, settings))
    console.log(`\n${table(results, settings.duration)}\n`)
    return { results }
  },
})
