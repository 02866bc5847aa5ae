import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { BENCH_ADMIN, freePort, type OtherProcessApi, root } from './harness.ts'

// The server as `npm start` runs it without DATABASE_URL, on the embedded database, and the embedded bench store:
// what `npm run bench:embedded` and `npm run bench:soak` share.

export type Mode = 'thread' | 'shared'

const THREAD: Record<Mode, string> = { thread: 'true', shared: 'false' }

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Servers started and not yet stopped, killed should the run stop early. */
const running = new Set<ChildProcess>()
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

export interface Server {
  child: ChildProcess
  base: string
  /** Milliseconds from the spawn to the first answer of /api/health. */
  startMs: number
  output: () => string
}

/** `npm start` on `dataDir`; answers once /api/health does. */
export async function startServer(dataDir: string, mode: Mode, seedDemo: boolean): Promise<Server> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, ['server/start.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      EMBEDDED_DB_THREAD: THREAD[mode],
      SEED_DEMO: String(seedDemo),
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      // An empty folder: the API alone, without building or serving the web app.
      WEB_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  child.once('exit', () => running.delete(child))
  let output = ''
  child.stdout!.on('data', (chunk) => {
    output += chunk
  })
  child.stderr!.on('data', (chunk) => {
    output += chunk
  })
  const base = `http://127.0.0.1:${port}`
  const until = Date.now() + 300_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}:\n${output}`)
    if (Date.now() > until) {
      child.kill('SIGKILL')
      throw new Error(`the server did not answer within 5 minutes:\n${output}`)
    }
    const health = await fetch(`${base}/api/health`).catch(() => null)
    if (health?.ok) break
    await sleep(20)
  }
  return { child, base, startMs: performance.now() - started, output: () => output }
}

export async function signIn(base: string): Promise<OtherProcessApi> {
  const login = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  })
  if (!login.ok) throw new Error(`Signing in as the bench administrator failed: HTTP ${login.status}`)
  const { tokens } = ((await login.json()) as { data: { tokens: { access: { token: string } } } }).data
  return { base, headers: { authorization: `Bearer ${tokens.access.token}` } }
}

export async function stopServer(server: Server) {
  if (server.child.exitCode !== null) return
  const gone = new Promise((resolve) => server.child.once('exit', resolve))
  server.child.kill('SIGTERM')
  await Promise.race([gone, sleep(15_000)])
  if (server.child.exitCode === null) server.child.kill('SIGKILL')
}

/** The embedded bench store of `products` products, built once with `npm run seed` (the server stopped). */
export function prepareStore(products: number): { dir: string; fillSeconds: number | null } {
  const dir = path.join(root, 'data', `bench-embedded-${products}`)
  if (existsSync(path.join(dir, 'db', 'PG_VERSION'))) return { dir, fillSeconds: null }
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  console.error(`Building the embedded bench store in ${path.relative(root, dir)}`)
  const started = performance.now()
  const seeded = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/src/seed/cli.ts',
      '--products',
      String(products),
      '--orders',
      String(products * 2),
      '--customers',
      String(Math.max(1, Math.round(products / 5))),
      '--reviews',
      String(products),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dir,
        DATABASE_URL: '',
        ADMIN_EMAIL: BENCH_ADMIN.email,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
      },
      stdio: 'inherit',
    },
  )
  if (seeded.status !== 0) {
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`seeding the embedded bench store failed (exit code ${seeded.status})`)
  }
  return { dir, fillSeconds: (performance.now() - started) / 1000 }
}
