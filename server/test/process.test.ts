import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { configSchema } from '../src/config.ts'

// The real server, started the way `npm start` starts it, in a child process: what a store owner runs.

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const START_MS = 60_000
const ADMIN = { email: 'owner@test.example', password: 'Owner1234' }

interface LogLine {
  level: number
  msg: string
  reqId?: string
  [key: string]: unknown
}

interface Server {
  child: ChildProcess
  base: string
  /** Every stdout line as printed. */
  lines: string[]
  stderr: () => string
  /** The exit code, once the process has ended. */
  exited: Promise<number | null>
  /** Resolves with the first log line (past or future) that `match` accepts. */
  waitFor(match: (line: LogLine) => boolean, ms?: number): Promise<LogLine>
}

const running = new Set<ChildProcess>()
const temporary: string[] = []

afterEach(async () => {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await gone
    }
  }
  running.clear()
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'store-process-'))
  temporary.push(dir)
  return dir
}

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

const parse = (line: string): LogLine | undefined => {
  try {
    return JSON.parse(line) as LogLine
  } catch {
    return undefined
  }
}

/** Starts the server as `npm start` does (`node start.js`), with only the settings given (the caller's environment is left out). */
function start(settings: Record<string, string>): Server {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !(key in configSchema.shape)) env[key] = value
  }
  const child = spawn(process.execPath, ['start.js'], {
    cwd: serverDir,
    env: { ...env, HOST: '127.0.0.1', LOG_LEVEL: 'info', SEED_DEMO: 'false', ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  const lines: string[] = []
  const waiters = new Set<() => void>()
  let pending = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk
    const complete = pending.split('\n')
    pending = complete.pop()!
    lines.push(...complete.filter((l) => l.trim() !== ''))
    for (const wake of waiters) wake()
  })
  let stderr = ''
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      for (const wake of waiters) wake()
      resolve(code)
    }),
  )
  const server: Server = {
    child,
    base: `http://127.0.0.1:${settings.PORT}`,
    lines,
    stderr: () => stderr,
    exited,
    waitFor: (match, ms = START_MS) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.map(parse).find((l) => l !== undefined && match(l))
          if (found) return finish(() => resolve(found))
          if (child.exitCode !== null || child.signalCode !== null)
            finish(() =>
              reject(new Error(`the server exited (${child.exitCode}): ${stderr}${lines.join('\n')}`)),
            )
        }
        const timer = setTimeout(
          () => finish(() => reject(new Error(`no such log line within ${ms} ms:\n${lines.join('\n')}`))),
          ms,
        )
        const finish = (then: () => void) => {
          clearTimeout(timer)
          waiters.delete(check)
          then()
        }
        waiters.add(check)
        check()
      }),
  }
  return server
}

async function startReady(settings: Record<string, string>) {
  const server = start({ PORT: String(await freePort()), ...settings })
  await server.waitFor((l) => l.msg.includes('ready at'))
  return server
}

/** SIGTERM, then the exit code; the server's own shutdown gives up after 10 s, so 20 s is plenty. */
async function stop(server: Server) {
  server.child.kill('SIGTERM')
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the server did not exit within 20 s of SIGTERM')), 20_000)
  })
  try {
    return await Promise.race([server.exited, late])
  } finally {
    clearTimeout(timer)
  }
}

async function call(server: Server, method: string, url: string, body?: unknown, headers = {}) {
  const response = await fetch(`${server.base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(15_000),
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null }
}

async function signIn(server: Server, credentials: { email: string; password: string }) {
  const answer = await call(server, 'POST', '/api/admin/auth/login', credentials)
  expect(answer.status).toBe(200)
  const { access, refresh } = answer.body.data.tokens
  return { access: access.token as string, refresh: refresh.token as string }
}

/** Signs in on a first run, leaves a category behind and stops the server; answers the tokens it got. */
async function leaveTrace(first: Server, credentials: { email: string; password: string }) {
  const tokens = await signIn(first, credentials)
  const auth = { authorization: `Bearer ${tokens.access}` }
  const created = await call(first, 'POST', '/api/admin/categories', { name: 'Đồng hồ' }, auth)
  expect(created.status).toBe(201)
  expect(await stop(first)).toBe(0)
  return tokens
}

/** A second run on the same store finds the category, honours the first run's tokens and the same password. */
async function expectTraceKept(
  settings: Record<string, string>,
  credentials: { email: string; password: string },
  tokens: { access: string; refresh: string },
) {
  const second = await startReady(settings)
  expect(second.lines.join('\n')).not.toContain('Administrator account created')
  // The same secret signs tokens, so an access token of the first run still works.
  const auth = { authorization: `Bearer ${tokens.access}` }
  const me = await call(second, 'GET', '/api/admin/auth/me', undefined, auth)
  expect(me.status).toBe(200)
  expect(me.body.data.email).toBe(credentials.email)
  const list = await call(second, 'GET', '/api/admin/categories', undefined, auth)
  expect(list.body.data.map((c: { name: string }) => c.name)).toEqual(['Đồng hồ'])
  const refreshed = await call(second, 'POST', '/api/admin/auth/refresh-tokens', {
    refreshToken: tokens.refresh,
  })
  expect(refreshed.status).toBe(200)
  await signIn(second, credentials)
  expect(await stop(second)).toBe(0)
}

describe('the server process', () => {
  it('answers a sign-in and logs JSON lines that carry request ids', async () => {
    const server = await startReady({ DATA_DIR: tempDir(), ...adminSettings() })
    const answer = await call(server, 'POST', '/api/admin/auth/login', ADMIN, { 'x-request-id': 'process-1' })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('x-request-id')).toBe('process-1')
    expect(answer.body.data.user.email).toBe(ADMIN.email)
    expect(await stop(server)).toBe(0)

    const logged = server.lines.map((line) => {
      const parsed = parse(line)
      if (!parsed) throw new Error(`not a JSON log line: ${line}`)
      expect(typeof parsed.level).toBe('number')
      expect(typeof parsed.time).toBe('number')
      return parsed
    })
    const ofRequest = logged.filter((l) => l.reqId === 'process-1')
    expect(ofRequest.map((l) => l.msg)).toEqual(['incoming request', 'request completed'])
    expect(logged.some((l) => l.msg.includes(`Administrator account created: ${ADMIN.email}`))).toBe(true)
    // A password given in the environment is never written to the log.
    expect(server.lines.join('\n')).not.toContain(ADMIN.password)
  })

  it('makes an invoice on a PDF thread of the compiled server, and still exits 0 on SIGTERM', async () => {
    const server = await startReady({
      DATA_DIR: tempDir(),
      SEED_DEMO: 'true',
      PDF_WORKERS: '1',
      ...adminSettings(),
    })
    const token = (await call(server, 'POST', '/api/admin/auth/login', ADMIN)).body.data.tokens.access.token
    const auth = { authorization: `Bearer ${token}` }
    const list = await call(server, 'GET', '/api/admin/orders?page=1&limit=1', undefined, auth)
    const id = list.body.data[0].id
    const pdf = await fetch(`${server.base}/api/admin/orders/${id}/invoice.pdf`, { headers: auth })
    expect(pdf.status).toBe(200)
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    expect(await stop(server)).toBe(0)
  })

  it('prints a generated administrator password once; a restart keeps the data, password and JWT secret', async () => {
    const settings = { DATA_DIR: tempDir(), ADMIN_EMAIL: ADMIN.email }
    const first = await startReady(settings)
    const created = await first.waitFor((l) => l.msg.includes('Administrator account created'))
    const match = created.msg.match(/: (\S+) \/ (\S+) \(shown only this once\)$/)
    expect(match?.[1]).toBe(ADMIN.email)
    const generated = { email: ADMIN.email, password: match![2]! }
    const tokens = await leaveTrace(first, generated)
    await expectTraceKept(settings, generated, tokens)
  })

  it('finishes a request in flight on SIGTERM, then exits 0', async () => {
    const server = await startReady({ DATA_DIR: tempDir(), ...adminSettings() })
    const body = JSON.stringify(ADMIN)
    const socket = net.connect(Number(new URL(server.base).port), '127.0.0.1')
    let response = ''
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      response += chunk
    })
    const closed = new Promise((resolve) => socket.once('close', resolve))
    // Headers and half the body: the request has begun and cannot finish until the rest arrives.
    socket.write(
      'POST /api/admin/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nx-request-id: in-flight\r\n\r\n${body.slice(0, 10)}`,
    )
    await server.waitFor((l) => l.reqId === 'in-flight' && l.msg === 'incoming request')
    server.child.kill('SIGTERM')
    await server.waitFor((l) => l.msg.includes('SIGTERM received'))
    socket.write(body.slice(10))
    await closed
    expect(response).toMatch(/^HTTP\/1\.1 200 /)
    expect(response).toContain('"status":true')
    expect(await stop(server)).toBe(0)
  })

  it('exits 1 and names the setting when a setting is bad', async () => {
    const server = start({ PORT: 'abc', DATA_DIR: tempDir() })
    expect(await server.exited).toBe(1)
    expect(server.stderr()).toMatch(/PORT: /)
  })

  if (process.env.TEST_DATABASE_URL) {
    it('runs on a PostgreSQL server named by DATABASE_URL and keeps its data across restarts', async () => {
      const serverUrl = process.env.TEST_DATABASE_URL!
      const name = `store_process_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
      const admin = new pg.Client({ connectionString: serverUrl })
      await admin.connect()
      await admin.query(`create database ${name}`)
      try {
        const url = new URL(serverUrl)
        url.pathname = `/${name}`
        const settings = { DATA_DIR: tempDir(), DATABASE_URL: url.toString(), ...adminSettings() }
        const tokens = await leaveTrace(await startReady(settings), ADMIN)
        await expectTraceKept(settings, ADMIN, tokens)
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`)
        await admin.end()
      }
    })

    it('runs WEB_CONCURRENCY worker processes on one port, starts another when one dies, and stops them all on SIGTERM', async () => {
      const serverUrl = process.env.TEST_DATABASE_URL!
      const name = `store_workers_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
      const admin = new pg.Client({ connectionString: serverUrl })
      await admin.connect()
      await admin.query(`create database ${name}`)
      try {
        const url = new URL(serverUrl)
        url.pathname = `/${name}`
        const server = await startReady({
          DATA_DIR: tempDir(),
          DATABASE_URL: url.toString(),
          WEB_CONCURRENCY: '2',
          ...adminSettings(),
        })
        const workers = () =>
          server.lines
            .map(parse)
            .map((l) => /^worker (\d+) listening$/.exec(l?.msg ?? '')?.[1])
            .filter((pid): pid is string => pid !== undefined)
            .map(Number)
        const [first, second] = workers()
        expect(new Set([first, second]).size).toBe(2)
        expect(workers()).not.toContain(server.child.pid)
        // Either worker answers a sign-in made by the primary's administrator.
        for (let i = 0; i < 6; i++) {
          const res = await fetch(`${server.base}/api/admin/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(ADMIN),
          })
          expect(res.status).toBe(200)
        }

        process.kill(first!, 'SIGKILL')
        await server.waitFor((l) => l.msg.includes(`worker ${first} exited`))
        await server.waitFor(() => workers().length === 3)
        const third = workers()[2]!
        expect([first, second]).not.toContain(third)
        expect((await fetch(`${server.base}/api/health`)).status).toBe(200)

        server.child.kill('SIGTERM')
        expect(await server.exited).toBe(0)
        for (const pid of [second!, third]) expect(() => process.kill(pid, 0)).toThrow()
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`)
        await admin.end()
      }
    })
  }
})

function adminSettings() {
  return { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }
}
