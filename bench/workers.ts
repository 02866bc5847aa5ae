import {
  benchCommand,
  fmt,
  latency,
  markdownTable,
  measure,
  type Row,
  type Scenario,
  STORE_HELP,
  startServerProcess,
} from './harness.ts'

// `npm run bench:workers`: the server as `npm start` runs it, with WEB_CONCURRENCY=1, 2 and 4 worker processes in
// turn, against the bench store (the same one as `npm run bench`), on the scenarios Node's own work bounds.

const HELP = `npm run bench:workers -- [options]

The server in a process of its own with WEB_CONCURRENCY worker processes, against the bench store.

${STORE_HELP}  --duration S        seconds each scenario is measured (default 10)
  --warmup S          unmeasured seconds before each (default 2)
  --connections N     concurrent connections (default 10)
  --workers LIST      worker counts to try, comma-separated (default 1,2,4)
`

const SCENARIOS: Scenario[] = [
  { name: 'health', path: '/api/health' },
  { name: 'products, page 1', path: '/api/admin/products?page=1' },
  { name: 'orders, page 1', path: '/api/admin/orders?page=1' },
  { name: 'analytics', path: '/api/admin/analytics' },
]

benchCommand({
  kind: 'workers',
  help: HELP,
  defaults: { duration: 10, warmup: 2 },
  extra: { workers: { type: 'string' } },
  measure: async (api, settings, values) => {
    const counts = String(values.workers ?? '1,2,4')
      .split(',')
      .map((n) => Number(n.trim()))
      .filter((n) => Number.isInteger(n) && n >= 1 && n <= 64)
    const rows: (Row & { workers: number })[] = []
    for (const workers of counts) {
      const server = await startServerProcess(settings.url, workers)
      try {
        for (const scenario of SCENARIOS) {
          console.error(`WEB_CONCURRENCY=${workers}`)
          const row = await measure(
            { ...api, base: server.base, headers: server.headers },
            scenario,
            settings,
          )
          rows.push({ ...row, workers })
        }
      } finally {
        await server.stop()
      }
    }
    console.log(
      `\n${markdownTable(
        ['workers', 'scenario', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx'],
        rows.map((r) => [
          String(r.workers),
          r.scenario,
          fmt(r.requestsPerSecond, 1),
          latency(r.p50Ms, settings.duration),
          latency(r.p99Ms, settings.duration),
          String(r.non2xx),
        ]),
      )}\n`,
    )
    return { rows }
  },
})
