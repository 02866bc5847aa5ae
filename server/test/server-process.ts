import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterEach, expect } from 'vitest'
import { configSchema } from '../src/config.ts'

// The real server and the real commands, in child processes started the way npm starts them, for the test
// files that need several at once (data-dir.test.ts, backup.test.ts). Each test's processes are killed and its
// folders removed after it.

export const serverDir = fileURLToPath(new URL('..', import.meta.url))
export const ADMIN = { email: 'owner@test.example', password: 'Owner1234' }
const START_MS = 60_000

export interface LogLine {
  level: number
  msg: string
  [key: string]: unknown
}

export interface Child {
  child: ChildProcess
  /** Every stdout line as printed. */
  lines: string[]
  stdout: () => string
  stderr: () => string
  exited: Promise<number | null>
}

export interface Server extends Child {
  base: string
  /** Resolves with the first JSON log line (past or future) that `match` accepts. */
  waitFor(match: (line: LogLine) => boolean, ms?: number): Promise<LogLine>
}

const running = new Set<ChildProcess>()
const temporary: string[] = []
const cleanups: (() => Promise<void>)[] = []

afterEach(async () => {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await gone
    }
  }
  running.clear()
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true })
})

export function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'store-process-'))
  temporary.push(dir)
  return dir
}

export async function freePort(): Promise<number> {
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

/** The environment without any of the server's settings: each test names the ones it wants. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !(key in configSchema.shape)) env[key] = value
  }
  return env
}

/**
 * `node <script> ...args` from `server/`, with only the settings given: a TypeScript script (the commands) through
 * tsx, as npm runs them, and `start.js` (the compiled server) as it is.
 */
export function run(script: string, args: string[], settings: Record<string, string>): Child {
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : []
  const child = spawn(process.execPath, [...loader, script, ...args], {
    cwd: serverDir,
    env: { ...baseEnv(), ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  const lines: string[] = []
  let stdout = ''
  let pending = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
    pending += chunk
    const complete = pending.split('\n')
    pending = complete.pop()!
    lines.push(...complete.filter((l) => l.trim() !== ''))
    child.emit('lines')
  })
  let stderr = ''
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, lines, stdout: () => stdout, stderr: () => stderr, exited }
}

/** `npm start` on `settings.PORT` and 127.0.0.1, logging JSON lines, without the demo store unless asked. */
export function start(settings: Record<string, string>): Server {
  const started = run('start.js', [], {
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    SEED_DEMO: 'false',
    ...settings,
  })
  const { child, lines } = started
  return {
    ...started,
    base: `http://127.0.0.1:${settings.PORT}`,
    waitFor: (match, ms = START_MS) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.map(parse).find((l) => l !== undefined && match(l))
          if (found) return finish(() => resolve(found))
          if (child.exitCode !== null || child.signalCode !== null)
            finish(() =>
              reject(
                new Error(`the server exited (${child.exitCode}): ${started.stderr()}${lines.join('\n')}`),
              ),
            )
        }
        const timer = setTimeout(
          () => finish(() => reject(new Error(`no such log line within ${ms} ms:\n${lines.join('\n')}`))),
          ms,
        )
        const finish = (then: () => void) => {
          clearTimeout(timer)
          child.off('lines', check)
          child.off('exit', check)
          then()
        }
        child.on('lines', check)
        child.on('exit', check)
        check()
      }),
  }
}

export async function startReady(settings: Record<string, string>): Promise<Server> {
  const server = start({
    PORT: String(await freePort()),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...settings,
  })
  await server.waitFor((l) => l.msg.includes('ready at'))
  return server
}

/** SIGTERM, then the exit code. */
export async function stop(server: Child): Promise<number | null> {
  server.child.kill('SIGTERM')
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the process did not exit within 20 s of SIGTERM')), 20_000)
  })
  try {
    return await Promise.race([server.exited, late])
  } finally {
    clearTimeout(timer)
  }
}

export async function call(
  server: Server,
  method: string,
  url: string,
  options: { body?: unknown; token?: string; form?: FormData } = {},
) {
  const headers: Record<string, string> = {}
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${server.base}${url}`, {
    method,
    headers,
    ...(options.form
      ? { body: options.form }
      : options.body === undefined
        ? {}
        : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(30_000),
  })
  const bytes = Buffer.from(await response.arrayBuffer())
  const type = response.headers.get('content-type') ?? ''
  return {
    status: response.status,
    bytes,
    body: type.includes('json') && bytes.length ? JSON.parse(bytes.toString('utf8')) : null,
  }
}

export async function signIn(server: Server): Promise<string> {
  const answer = await call(server, 'POST', '/api/admin/auth/login', { body: ADMIN })
  expect(answer.status).toBe(200)
  return answer.body.data.tokens.access.token as string
}

/** A database of the test's own on the PostgreSQL server of TEST_DATABASE_URL, dropped after the test. */
export async function ownDatabase(prefix: string): Promise<string> {
  const serverUrl = process.env.TEST_DATABASE_URL!
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  cleanups.push(async () => {
    const again = new pg.Client({ connectionString: serverUrl })
    await again.connect()
    await again.query(`drop database if exists ${name} with (force)`)
    await again.end()
  })
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}
