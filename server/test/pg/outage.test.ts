import { mkdtempSync, rmSync } from 'node:fs'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { configSchema } from '../../src/config.ts'
import { migrate, openDatabase, rows } from '../../src/db/client.ts'
import { sessions, users } from '../../src/db/schema.ts'
import { newSessionId, signAccessToken } from '../../src/modules/auth/tokens.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// While PostgreSQL cannot be reached, every call answers 503 with Retry-After in the envelope (not a 500), and
// once it is back the same process answers again, without a restart.

const serverUrl = process.env.TEST_DATABASE_URL!

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

/**
 * A TCP relay to the PostgreSQL server that the test can take away and bring back: the database host going down
 * (connections refused, open ones cut) and coming back on the same address.
 */
class Relay {
  private server: Server | undefined
  private readonly sockets = new Set<Socket>()
  port = 0
  constructor(private readonly target: { host: string; port: number }) {}

  async up() {
    if (this.server?.listening) return
    this.server = createServer((inbound) => {
      const outbound = connect(this.target)
      for (const s of [inbound, outbound]) {
        this.sockets.add(s)
        s.on('close', () => this.sockets.delete(s))
        s.on('error', () => {})
      }
      inbound.pipe(outbound).pipe(inbound)
    })
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject)
      this.server!.listen(this.port, '127.0.0.1', resolve)
    })
    this.port = (this.server.address() as { port: number }).port
  }

  async down() {
    for (const s of this.sockets) s.destroy()
    await new Promise((resolve) => this.server?.close(resolve))
  }
}

describe('the database host going away and coming back', () => {
  const url = new URL(serverUrl)
  const name = `store_outage_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) })
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-outage-'))
  let app: Awaited<ReturnType<typeof buildApp>>
  let close: () => Promise<void>
  let auth: { authorization: string }

  beforeAll(async () => {
    await admin((c) => c.query(`create database ${name}`))
    await relay.up()
    const through = new URL(serverUrl)
    through.hostname = '127.0.0.1'
    through.port = String(relay.port)
    through.pathname = `/${name}`
    const database = await openDatabase({ url: through.toString(), poolSize: 2, onIdleError: () => {} })
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

  const list = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/admin/brands', headers: auth })
    return { statusCode: res.statusCode, body: res.json(), headers: res.headers }
  }

  it('answers 503 while connections are refused, and recovers on the same address', async () => {
    expectEnvelope(await list(), 200)
    await relay.down()
    for (let i = 0; i < 3; i++) expectOutage(await list())
    await relay.up()
    expectEnvelope(await list(), 200)
  })
})
