import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import net from 'node:net'
import path from 'node:path'
import {
  BENCH_ADMIN,
  benchCommand,
  fmt,
  latency,
  markdownTable,
  measure,
  type Row,
  root,
  type Scenario,
  STORE_HELP,
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

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** `npm start` with `workers` worker processes on the bench database; answers once it serves and is signed in. */
async function startServer(url: string, workers: number) {
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
  await new Promise((resolve) => setTimeout(resolve, 2_000))
  const login = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  })
  if (!login.ok) throw new Error(`Signing in as the bench administrator failed: HTTP ${login.status}`)
  const { tokens } = ((await login.json()) as { data: { tokens: { access: { token: string } } } }).data
  const stop = async () => {
    const gone = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await gone
  }
  return { base, headers: { authorization: `Bearer ${tokens.access.token}` }, stop }
}

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
      const server = await startServer(settings.url, workers)
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
