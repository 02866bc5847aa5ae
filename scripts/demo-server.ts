import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

// The demo store served as `npm start` serves it, on the embedded database in a folder of its own, for the tools
// that look at the web app in a browser: `npm run bench:lighthouse` and `npm run screenshots`.

const root = path.resolve(import.meta.dirname, '..')

export interface Admin {
  email: string
  password: string
}

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

export interface DemoServer {
  child: ChildProcess
  base: string
  dir: string
  log: string
}

/**
 * `npm start` on a fresh data folder with the demo store and `admin` as its administrator, serving the web app's
 * build (web/dist, or WEB_DIR); answers once /api/health does.
 */
export async function startDemoServer(admin: Admin): Promise<DemoServer> {
  const web = process.env.WEB_DIR ?? path.join(root, 'web/dist')
  if (!existsSync(path.join(web, 'index.html')))
    throw new Error(`no build in ${web}: run \`npm run build\` first`)
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'))
  const port = await freePort()
  const log = path.join(dir, 'server.log')
  const out = createWriteStream(log)
  const child = spawn(process.execPath, ['server/start.js'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'true',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // No token expires during a run, so no run measures a refresh.
      ACCESS_TOKEN_MINUTES: '120',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.pipe(out)
  child.stderr!.pipe(out)
  const base = `http://127.0.0.1:${port}`
  const until = Date.now() + 180_000
  while (Date.now() < until && child.exitCode === null) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return { child, base, dir, log }
    await sleep(250)
  }
  child.kill('SIGKILL')
  throw new Error(`the server did not start; its log:\n${readFileSync(log, 'utf8').slice(-4000)}`)
}

export async function stopDemoServer(server: DemoServer) {
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve))
    server.child.kill('SIGTERM')
    await Promise.race([exited, sleep(15_000)])
    if (server.child.exitCode === null) server.child.kill('SIGKILL')
  }
  rmSync(server.dir, { recursive: true, force: true })
}

/** Signs the administrator in through the API: the tokens the sign-in page would store. */
export async function signIn(base: string, admin: Admin): Promise<{ access: string; refresh: string }> {
  const answer = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(admin),
  })
  const body = (await answer.json()) as {
    data?: { tokens?: { access: { token: string }; refresh: { token: string } } }
  }
  const tokens = body.data?.tokens
  if (!answer.ok || !tokens) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(body)}`)
  return { access: tokens.access.token, refresh: tokens.refresh.token }
}

/** The id of the demo store's newest order. */
export async function someOrder(base: string, access: string): Promise<string> {
  const answer = await fetch(`${base}/api/admin/orders?page=1`, {
    headers: { authorization: `Bearer ${access}` },
  })
  const body = (await answer.json()) as { data?: { id: string }[] }
  const id = body.data?.[0]?.id
  if (!id) throw new Error(`no order in the demo store: ${answer.status}`)
  return id
}
