import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { configSchema } from '../../src/config.ts'
import { type Database, migrate, openDatabase, rows } from '../../src/db/client.ts'
import { sessions, users } from '../../src/db/schema.ts'
import { isDatabaseOutage } from '../../src/lib/outages.ts'
import { newSessionId, signAccessToken } from '../../src/modules/auth/tokens.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'
import { Relay } from '../relay.ts'

// While PostgreSQL cannot be reached, every call answers 503 with Retry-After in the envelope (not a 500), and
// once it is back the same process answers again, without a restart.

const serverUrl = process.env.TEST_DATABASE_URL!
const TIMEOUT_MS = 1_000

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

function expectOutage(answer: Awaited<ReturnType<TestApp['call']>>) {
  const body = expectEnvelope(answer, 503)
  expect(body.code).toBe('databaseUnavailable')
  expect(answer.headers['retry-after']).toBe('5')
  return body
}

describe('a database of its own stopped and started again', () => {
  let t: TestApp
  let name: string
  beforeAll(async () => {
    t = await startApp()
    const [row] = await rows<{ name: string }>(t.database.db, sql`select current_database() as name`)
    name = row!.name
  })
  afterAll(async () => {
    await admin((c) => c.query(`alter database ${name} allow_connections true`))
    await t.close()
  })

  it('answers 503 with Retry-After while it is down, and 200 again once it is back', async () => {
    expectEnvelope(await t.call('GET', '/api/admin/categories'), 200)
    await admin(async (c) => {
      await c.query(`alter database ${name} allow_connections false`)
      await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name])
    })
    // The pool's connections were cut under it: the first calls meet a dead connection, the later ones a
    // database that refuses new ones. Every one of them is an outage.
    for (let i = 0; i < 4; i++) {
      expectOutage(await t.call('GET', '/api/admin/categories'))
      expectOutage(await t.call('POST', '/api/admin/categories', { name: `Trong lúc mất ${i}` }))
    }
    const health = await t.call('GET', '/api/health')
    expect(health.statusCode).toBe(503)
    expect(health.body.data.database).toBe('down')

    await admin((c) => c.query(`alter database ${name} allow_connections true`))
    expectEnvelope(await t.call('GET', '/api/admin/categories'), 200)
    expectEnvelope(await t.call('POST', '/api/admin/categories', { name: 'Sau khi có lại' }), 201)
    expectEnvelope(await t.call('GET', '/api/health'), 200)
  })

  it('rides over its sessions being terminated: no 500, and the next calls work', async () => {
    await admin((c) =>
      c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]),
    )
    const answers = []
    for (let i = 0; i < 3; i++) answers.push(await t.call('GET', '/api/admin/categories'))
    for (const answer of answers) expect([200, 503]).toContain(answer.statusCode)
    expectEnvelope(answers.at(-1)!, 200)
  })
})

describe('the database host going away and coming back', () => {
  const url = new URL(serverUrl)
  const name = `store_outage_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) })
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-outage-'))
  let app: Awaited<ReturnType<typeof buildApp>>
  let close: () => Promise<void>
  let auth: { authorization: string }
  let database: Database

  beforeAll(async () => {
    await admin((c) => c.query(`create database ${name}`))
    await relay.up()
    const through = new URL(serverUrl)
    through.hostname = '127.0.0.1'
    through.port = String(relay.port)
    through.pathname = `/${name}`
    // A statement timeout of a second, so that a silent host is given up on within the test's time.
    database = await openDatabase({
      url: through.toString(),
      poolSize: 3,
      statementTimeoutMs: TIMEOUT_MS,
      onIdleError: () => {},
    })
    await migrate(database)
    app = await buildApp({
      checkAnswers: true,
      config: configSchema.parse({ DATA_DIR: dataDir, SEED_DEMO: 'false' }),
      database,
      jwtSecret: new TextEncoder().encode('outage-secret-outage-secret-outage-0123'),
    })
    const [account] = await database.db
      .insert(users)
      .values({ name: 'Quản trị', email: 'outage@test.example', passwordHash: 'x', role: 'admin' })
      .returning({ id: users.id })
    const sessionId = newSessionId()
    await database.db.insert(sessions).values({ id: sessionId, userId: account!.id })
    auth = {
      authorization: `Bearer ${(await signAccessToken(app.services, account!.id, 'admin', sessionId)).token}`,
    }
    close = async () => {
      await app.close()
      await database.close()
    }
  })
  afterAll(async () => {
    await relay.up()
    await close?.()
    await relay.down()
    await admin((c) => c.query(`drop database if exists ${name} with (force)`))
    rmSync(dataDir, { recursive: true, force: true })
  })

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: auth, ...(payload && { payload }) })
    return { statusCode: res.statusCode, body: res.json(), headers: res.headers }
  }
  const list = () => call('GET', '/api/admin/brands')
  /** The answer, and how long it took in milliseconds. */
  const timed = async <T>(answer: Promise<T>) => {
    const started = performance.now()
    const value = await answer
    return { value, ms: performance.now() - started }
  }

  it('answers 503 while connections are refused, and recovers on the same address', async () => {
    expectEnvelope(await list(), 200)
    await relay.down()
    for (let i = 0; i < 3; i++) expectOutage(await list())
    await relay.up()
    expectEnvelope(await list(), 200)
  })

  it('gives up on a host that stops answering under open connections: 503 within the timeout, then 200 again', async () => {
    // Every pool connection open and idle: the calls below run on connections the pool already holds.
    await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)))
    expect(database.pool!().total).toBe(3)
    relay.freeze()
    try {
      // The health check's `select 1`, an API call (its session check), and a transaction whose `begin` is what
      // meets the silence: each sends its first statement on an open connection and hears nothing back.
      const [health, api, transaction] = await Promise.all([
        timed(call('GET', '/api/health')),
        timed(list()),
        timed(database.db.transaction((tx) => tx.execute(sql`select 1`)).catch((error: unknown) => error)),
      ])
      expect(health.value.statusCode).toBe(503)
      expect(health.value.body.data.database).toBe('down')
      expect(health.value.headers['retry-after']).toBe('5')
      expectOutage(api.value)
      expect(isDatabaseOutage(transaction.value)).toBe(true)
      // The server's timeout, the client's half second more, and a margin for a busy machine.
      for (const { ms } of [health, api, transaction]) expect(ms).toBeLessThan(TIMEOUT_MS + 500 + 1_500)
      console.info(
        `host silent: health 503 in ${Math.round(health.ms)} ms, an API call 503 in ${Math.round(api.ms)} ms, ` +
          `a transaction failed in ${Math.round(transaction.ms)} ms`,
      )
    } finally {
      relay.thaw()
    }
    expectEnvelope(await call('GET', '/api/health'), 200)
    expectEnvelope(await list(), 200)
    // Every connection given back: the `begin` that timed out did not keep its connection checked out.
    const writes = await Promise.all(
      [1, 2, 3, 4].map((i) => call('POST', '/api/admin/categories', { name: `Sau ${i}` })),
    )
    for (const answer of writes) expectEnvelope(answer, 201)
    const pool = database.pool!()
    expect(pool.total - pool.idle).toBe(0)
  })

  it('cancels a statement that runs past the timeout on the server, as an outage', async () => {
    const started = performance.now()
    await expect(database.db.execute(sql`select pg_sleep(3)`)).rejects.toSatisfy(isDatabaseOutage)
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 1_500)
    // Exports and migrations have no such limit.
    await database.longDb.execute(sql`select pg_sleep(1.5)`)
  })
})
