import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { type SQL, sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { SERVER_DIR } from '../paths.ts'
import { createPglite, type EmbeddedMemory, memoryOf, snapshotPglite } from './pglite.ts'
import { openPgliteInThread } from './pglite-in-thread.ts'
import { preparedPglite } from './pglite-prepared.ts'
import { startFromTemplate } from './pglite-template.ts'
import * as schema from './schema.ts'

/** One type for both drivers; a transaction is a Db too, so repository functions take either. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  /**
   * For work that may take long, exports and migrations: on a server, a pool of its own of 2 connections
   * without the statement timeout of `db`; the embedded database is `db` itself.
   */
  longDb: Db
  kind: 'pglite' | 'pg'
  /** The server's address (PostgreSQL only): the live updates open their one listening connection with it. */
  url?: string
  close(): Promise<void>
  /** Runs `work` while holding a lock that other processes on the same server wait for. */
  exclusive<T>(work: () => Promise<T>): Promise<T>
  /**
   * The embedded database on disk only: copies its files into `target` (a new folder) between two
   * transactions. See `snapshotPglite` for why that copy is a consistent database.
   */
  snapshot?(target: string): Promise<void>
  /** The server's connection pool as it is now (PostgreSQL only; PGlite is one connection in this process). */
  pool?(): PoolState
  /** The embedded database only: where its memory goes. */
  memory?(): Promise<EmbeddedMemory>
}

export interface PoolState {
  /** Connections open, in use or idle. */
  total: number
  idle: number
  /** Queries waiting for a connection. */
  waiting: number
  max: number
}

const migrationsFolder = path.join(SERVER_DIR, 'drizzle')

/**
 * Opens the store's database: a PostgreSQL server when `url` is given, otherwise PGlite in `dataDir`
 * (in memory when `dataDir` is undefined, for tests).
 */
export async function openDatabase(options: {
  url?: string
  dataDir?: string
  poolSize?: number
  /**
   * On a server, how long a statement of `db` may run (DB_STATEMENT_TIMEOUT_SECONDS): the server cancels it then,
   * and a host that has not answered half a second later is given up by the client. Unset: no limit.
   */
  statementTimeoutMs?: number
  /** Told of an idle server connection that failed; the default writes one line to stderr. */
  onIdleError?: (error: Error) => void
  /**
   * The embedded database only: run it in a thread of its own (`pglite-in-thread.ts`), so that it and the
   * server's JavaScript use two cores. Off, it shares the caller's thread (the commands, most tests).
   */
  thread?: boolean
  /** Told when the embedded database's thread stops unasked; the default writes it to stderr and exits. */
  onThreadLost?: (error: Error) => void
}): Promise<Database> {
  if (options.url) {
    const timeout = options.statementTimeoutMs
    const common = {
      connectionString: options.url,
      // A database host that does not answer at all (a failover, a dropped route) would otherwise hold every
      // request until the operating system gives up, minutes later; this fails it as an outage (a 503) instead.
      connectionTimeoutMillis: 5_000,
      // Probes on idle connections: a host gone without a word (powered off, a dropped route) is found and its
      // connections closed, instead of being handed to the next query.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      Client: ReleasingClient,
    }
    const pool = new pg.Pool({
      ...common,
      max: options.poolSize ?? 10,
      // The server cancels a statement running longer (SQLSTATE 57014); a host that is silent cannot, so the
      // client gives up on it a little later (`Query read timeout`). Both are outages: a 503 with Retry-After.
      ...(timeout && { statement_timeout: timeout, query_timeout: timeout + 500 }),
    })
    const longPool = new pg.Pool({ ...common, max: 2 })
    // A server restart or a killed backend surfaces as an error on an idle connection; with no listener
    // Node would end the process. The pool drops that connection and opens another on the next query.
    const onIdleError =
      options.onIdleError ?? ((error: Error) => console.error(`database connection lost: ${error.message}`))
    // pool.end() resolves before its connections have finished closing; close() waits for them, so whoever
    // closes the database next (a test dropping it, a process exiting) finds none still open.
    const open = new Set<pg.PoolClient>()
    for (const p of [pool, longPool]) {
      p.on('error', onIdleError)
      p.on('connect', (client) => {
        open.add(client)
        client.once('end', () => open.delete(client))
      })
    }
    const close = async () => {
      const ended = [...open].map((client) => new Promise((resolve) => client.once('end', resolve)))
      await Promise.all([pool.end(), longPool.end()])
      await Promise.all(ended)
    }
    // Fail now, with the server's own words, rather than on the first request.
    const client = await pool.connect()
    client.release()
    const db = drizzleNodePg(pool, { schema }) as unknown as Db
    const longDb = drizzleNodePg(longPool, { schema }) as unknown as Db
    // The lock may wait for another process's migrations: on the pool without a statement timeout.
    const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
      const lock = await longPool.connect()
      try {
        await lock.query('select pg_advisory_lock(727274)')
        return await work()
      } finally {
        await lock.query('select pg_advisory_unlock(727274)').catch(() => {})
        lock.release()
      }
    }
    const max = options.poolSize ?? 10
    const state = () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    })
    return { db, longDb, kind: 'pg', url: options.url, close, exclusive, pool: state }
  }
  const dataDir = options.dataDir
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true })
    await startFromTemplate(dataDir)
  }
  if (options.thread) {
    const client = await openPgliteInThread(
      dataDir,
      options.onThreadLost ??
        ((error) => {
          // Nothing can be served without the database; a supervisor starts the server again.
          console.error(error.message)
          process.exit(1)
        }),
    )
    const db = drizzlePglite(client.asPglite(), { schema }) as unknown as Db
    return {
      db,
      longDb: db,
      kind: 'pglite',
      close: () => client.close(),
      exclusive: (work) => work(),
      memory: () => client.memory(),
      ...(dataDir ? { snapshot: (target: string) => client.snapshot(target) } : {}),
    }
  }
  const client = await createPglite(dataDir)
  const db = drizzlePglite(preparedPglite(client), { schema }) as unknown as Db
  // PGlite is one connection in this process: nothing else can race it.
  return {
    db,
    longDb: db,
    kind: 'pglite',
    close: () => client.close(),
    exclusive: (work) => work(),
    memory: async () => memoryOf(client),
    ...(dataDir ? { snapshot: (target: string) => snapshotPglite(client, dataDir, target) } : {}),
  }
}

/**
 * A connection of the pool that gives itself back, with the error, when the `begin` of a transaction fails: the
 * ORM's transaction throws before it would release it, so a `begin` that timed out on a silent host would
 * otherwise keep its connection checked out for ever, and the pool would run dry once the host is back.
 */
class ReleasingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this only watches the promise form
  override query(...args: any[]): any {
    // biome-ignore lint/suspicious/noExplicitAny: as above
    const answer = (super.query as (...a: any[]) => any)(...args)
    const text = typeof args[0] === 'string' ? args[0] : args[0]?.text
    if (answer instanceof Promise && typeof text === 'string' && /^\s*begin\b/i.test(text)) {
      answer.catch((error: Error) => {
        try {
          ;(this as unknown as Partial<pg.PoolClient>).release?.(error)
        } catch {
          // Already given back by whoever held it.
        }
      })
    }
    return answer
  }
}

/** Applies the migrations in `server/drizzle`; on a server, one process at a time. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the driver-specific migrator wants its own database type
    await migratePglite(database.db as any, { migrationsFolder })
    return
  }
  // biome-ignore lint/suspicious/noExplicitAny: the driver-specific migrator wants its own database type
  await database.exclusive(() => migrateNodePg(database.longDb as any, { migrationsFolder }))
}

/**
 * Makes in `dataDir` an embedded database with every migration applied and nothing else: the template a new data
 * folder is copied from (`pglite-template.ts`, made by `npm install`).
 */
export async function emptyStore(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir })
  try {
    await migrate(database)
    // The WAL segment that initdb and the migrations filled (16 MB, 9.6 of them written) is not needed once a
    // checkpoint follows them: switch to a new one, and have the checkpoint remove the old instead of keeping it
    // for reuse. The new segment holds little more than the checkpoint, which `startFromTemplate` copies without
    // its zeros.
    await database.db.execute(sql`set wal_recycle = off`)
    await database.db.execute(sql`select pg_switch_wal()`)
    await database.db.execute(sql`checkpoint`)
  } finally {
    await database.close()
  }
}

/** Runs raw SQL and returns its rows. Cast aggregates (`::int`, `::float8`) so both drivers give numbers. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/**
 * A query of the hot path prepared once per database, by name: on PostgreSQL each pooled connection then
 * parses and plans it once instead of on every call (planning was most of the cost of the session check of
 * every request, 2,500 against 5,800 a second on the 2-core bench machine). Only for text that never changes
 * with the values: those go in as `sql.placeholder`s.
 *
 * @example const find = preparedPerDb((db) => db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare('find_user'))
 */
export function preparedPerDb<T>(prepare: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>()
  return (db) => {
    let query = prepared.get(db)
    if (query === undefined) {
      query = prepare(db)
      prepared.set(db, query)
    }
    return query
  }
}
