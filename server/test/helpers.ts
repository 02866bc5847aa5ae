import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { isMessageCode, messageText } from '@store/contract'
import type { FastifyInstance, InjectOptions } from 'fastify'
import pg from 'pg'
import { inject } from 'vitest'
import { buildApp } from '../src/app.ts'
import { type Config, configSchema } from '../src/config.ts'
import { type Database, migrate, openDatabase } from '../src/db/client.ts'
import { users } from '../src/db/schema.ts'
import { hashPassword } from '../src/modules/auth/passwords.ts'

export const ADMIN = { email: 'admin@test.example', password: 'Admin1234' }

export interface TestApp {
  app: FastifyInstance
  database: Database
  config: Config
  /** A bearer header of the seeded administrator. */
  auth: { authorization: string }
  adminId: number
  /** The session the test administrator signed in with. */
  sessionId: string
  /** Sends a request as the administrator (or as `headers` says) and parses the JSON answer. */
  call(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer>
  /**
   * Puts a small file in the app's storage under each stored path, so a product, brand or user may name it: a
   * saved record must point at a file that exists.
   */
  storeFiles(...storedPaths: string[]): Promise<void>
  close(): Promise<void>
}

export interface Answer {
  statusCode: number
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests
  body: any
  headers: Record<string, unknown>
}

/**
 * A database of its own for one test file, every migration applied: PGlite in a folder of its own copied from the
 * template `npm install` makes (on the test's thread, or on a thread of its own as the server runs it when TEST_DB
 * is `pglite-thread`), or on TEST_DATABASE_URL's server a copy of the template database the run's global setup
 * migrated (`test/global-setup.ts`). Either copy takes a fraction of a second, where PGlite's initdb takes several
 * and the migrations one more.
 */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'pg') {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-test-db-'))
    const database = await openDatabase({
      dataDir: path.join(dir, 'db'),
      thread: process.env.TEST_DB === 'pglite-thread',
    })
    return { database, drop: async () => rmSync(dir, { recursive: true, force: true }) }
  }
  const serverUrl = process.env.TEST_DATABASE_URL!
  const name = `store_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString(), poolSize: 4 })
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

export async function startApp(
  options: {
    now?: () => Date
    env?: Record<string, string>
    webDir?: string
    /** Pino options for the app's log (a test reading what the server logs); none by default. */
    logger?: Record<string, unknown>
    /** How long the import may fetch one image by address: shorter than the 10 s, for a test of the limit. */
    imageFetchTimeoutMs?: number
  } = {},
): Promise<TestApp> {
  const { database, drop } = await freshDatabase()
  await migrate(database)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-test-'))
  const config = configSchema.parse({ DATA_DIR: dataDir, SEED_DEMO: 'false', ...options.env })
  const app = await buildApp({
    checkAnswers: true,
    config,
    database,
    jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret-0123'),
    ...(options.now ? { now: options.now } : {}),
    ...(options.webDir ? { webDir: options.webDir } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.imageFetchTimeoutMs ? { imageFetchTimeoutMs: options.imageFetchTimeoutMs } : {}),
  })
  await app.ready()
  const [admin] = await database.db
    .insert(users)
    .values({
      name: 'Test Admin',
      email: ADMIN.email,
      passwordHash: await hashPassword(ADMIN.password),
      role: 'admin',
    })
    .returning({ id: users.id })
  const login = await app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: ADMIN })
  const accessToken: string = login.json().data.tokens.access.token
  const auth = { authorization: `Bearer ${accessToken}` }
  // The session the harness's sign-in opened (the access token's `sid`), for tests that sign tokens themselves.
  const sessionId: string = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).sid

  const call: TestApp['call'] = async (method, url, body, headers) => {
    const res = await app.inject({
      method,
      url,
      headers: headers ?? auth,
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    })
    let parsed: unknown = null
    if (res.body) {
      try {
        parsed = JSON.parse(res.body)
      } catch {
        parsed = res.body
      }
    }
    return { statusCode: res.statusCode, body: parsed, headers: res.headers }
  }

  return {
    app,
    database,
    config,
    auth,
    adminId: admin!.id,
    sessionId,
    call,
    storeFiles: async (...storedPaths) => {
      await Promise.all(storedPaths.map((p) => app.services.files.put(p, Buffer.from('image'), 'image/webp')))
    },
    close: async () => {
      await app.close()
      await database.close()
      await drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Checks the envelope every JSON answer carries. */
export function expectEnvelope(answer: Answer, statusCode: number, status = statusCode < 400) {
  if (answer.statusCode !== statusCode) {
    throw new Error(`expected HTTP ${statusCode}, got ${answer.statusCode}: ${JSON.stringify(answer.body)}`)
  }
  if (typeof answer.body !== 'object' || answer.body === null) throw new Error('answer is not a JSON object')
  if (answer.body.status !== status)
    throw new Error(`expected status ${status}, got ${JSON.stringify(answer.body)}`)
  if (typeof answer.body.message !== 'string') throw new Error('answer has no message')
  if (!('data' in answer.body)) throw new Error('answer has no data')
  if (answer.body.status === false) expectCodes(answer.body)
  return answer.body
}

/**
 * Every refusal carries its message by code beside the English: `code` (with `params`) for the answer, and
 * `codes` for exactly the fields `errors` names, each the same text `messageText` makes of its code.
 */
export function expectCodes(body: Answer['body']) {
  const seen = JSON.stringify(body)
  if (typeof body.code !== 'string' || !isMessageCode(body.code)) throw new Error(`no known code: ${seen}`)
  const own = messageText({ code: body.code, params: body.params })
  // `invalid` and the request-level refusals may carry the detail zod or Fastify gave in place of the text.
  if (
    body.code !== 'invalid' &&
    body.code !== 'unreadableBody' &&
    body.code !== 'refused' &&
    !body.message.endsWith(own)
  )
    throw new Error(`the message is not the text of its code: ${seen}`)
  if (body.errors === undefined && body.codes === undefined) return
  const fields = Object.keys(body.errors ?? {}).sort()
  if (JSON.stringify(fields) !== JSON.stringify(Object.keys(body.codes ?? {}).sort()))
    throw new Error(`errors and codes name different fields: ${seen}`)
  for (const field of fields) {
    const message = body.codes[field]
    if (!isMessageCode(message.code)) throw new Error(`unknown code for ${field}: ${seen}`)
    if (
      message.code !== 'invalid' &&
      message.code !== 'unreadableBody' &&
      body.errors[field] !== messageText(message)
    )
      throw new Error(`errors.${field} is not the text of its code: ${seen}`)
  }
}
