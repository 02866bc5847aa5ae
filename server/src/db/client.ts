import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import type { SQL } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from './schema.ts'

/** One type for both drivers; a transaction is a Db too, so repository functions take either. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'pg'
  close(): Promise<void>
  /** Runs `work` while holding a lock that other processes on the same server wait for. */
  exclusive<T>(work: () => Promise<T>): Promise<T>
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))

/**
 * Opens the store's database: a PostgreSQL server when `url` is given, otherwise PGlite in `dataDir`
 * (in memory when `dataDir` is undefined, for tests).
 */
export async function openDatabase(options: {
  url?: string
  dataDir?: string
  poolSize?: number
  /** Told of an idle server connection that failed; the default writes one line to stderr. */
  onIdleError?: (error: Error) => void
}): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 })
    // A server restart or a killed backend surfaces as an error on an idle connection; with no listener
    // Node would end the process. The pool drops that connection and opens another on the next query.
    pool.on(
      'error',
      options.onIdleError ?? ((error) => console.error(`database connection lost: ${error.message}`)),
    )
    // pool.end() resolves before its connections have finished closing; close() waits for them, so whoever
    // closes the database next (a test dropping it, a process exiting) finds none still open.
    const open = new Set<pg.PoolClient>()
    pool.on('connect', (client) => {
      open.add(client)
      client.once('end', () => open.delete(client))
    })
    const close = async () => {
      const ended = [...open].map((client) => new Promise((resolve) => client.once('end', resolve)))
      await pool.end()
      await Promise.all(ended)
    }
    // Fail now, with the server's own words, rather than on the first request.
    const client = await pool.connect()
    client.release()
    const db = drizzleNodePg(pool, { schema }) as unknown as Db
    const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
      const lock = await pool.connect()
      try {
        await lock.query('select pg_advisory_lock(727274)')
        return await work()
      } finally {
        await lock.query('select pg_advisory_unlock(727274)').catch(() => {})
        lock.release()
      }
    }
    return { db, kind: 'pg', close, exclusive }
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  const client = await PGlite.create(options.dataDir ?? 'memory://', { extensions: { pg_trgm, unaccent } })
  const db = drizzlePglite(client, { schema }) as unknown as Db
  // PGlite is one connection in this process: nothing else can race it.
  return { db, kind: 'pglite', close: () => client.close(), exclusive: (work) => work() }
}

/** Applies the migrations in `server/drizzle`; on a server, one process at a time. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the driver-specific migrator wants its own database type
    await migratePglite(database.db as any, { migrationsFolder })
    return
  }
  // biome-ignore lint/suspicious/noExplicitAny: the driver-specific migrator wants its own database type
  await database.exclusive(() => migrateNodePg(database.db as any, { migrationsFolder }))
}

/** Runs raw SQL and returns its rows. Cast aggregates (`::int`, `::float8`) so both drivers give numbers. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
