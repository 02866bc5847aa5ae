import {
  messages as backend,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite'

type BackendMessage = backend.BackendMessage

/** A statement PostgreSQL has parsed once, under its own name, with what it said of its parameters and rows. */
interface Statement {
  name: string
  paramTypes: number[]
  /** Absent for a statement that returns no rows. */
  rowDescription: BackendMessage | undefined
}

const { serialize } = protocol

/** Names are unique across every instance, so two on one database never collide. */
let named = 0

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    whole.set(part, at)
    at += part.length
  }
  return whole
}

/**
 * Queries through statements PostgreSQL parses and plans once. PGlite's `query()` sends each statement unnamed:
 * parsed, described and planned again on every call, in six trips into WebAssembly. Here a statement's text is
 * parsed once under a name, and each later call is one trip: bind, execute, sync. For a page of products that is
 * about half of what PGlite spends on it.
 *
 * The rows, fields, errors and locking are PGlite's own: the results are parsed by PGlite's parser, and a call holds
 * the same locks `query()` holds, so a statement outside a transaction waits for an open one as before. The most
 * recently used `limit` statements are kept; the others are closed.
 */
export class PreparedStatements {
  readonly #db: PGlite
  readonly #limit: number
  /** By the statement's text, in the order of their last use (a Map keeps insertion order). */
  readonly #statements = new Map<string, Statement>()

  constructor(db: PGlite, limit = 500) {
    this.#db = db
    this.#limit = limit
  }

  /** How many statements are held (for tests). */
  get size(): number {
    return this.#statements.size
  }

  /** A query outside any transaction: it waits for an open transaction to end, as `PGlite.query` does. */
  query<T>(sql: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#db._runExclusiveTransaction(() =>
      this.#db._runExclusiveQuery(async () => {
        let result: Results<T>
        try {
          result = await this.#run<T>(sql, params, options)
        } catch (error) {
          // A table changed under a statement held since (a migration): it has been let go; once more, anew.
          if (!isStalePlan(error)) throw error
          result = await this.#run<T>(sql, params, options)
        }
        await this.#db.syncToFs()
        return result
      }),
    )
  }

  /** A query inside `transaction`, which the caller holds open. */
  queryIn<T>(
    transaction: Transaction,
    sql: string,
    params: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (transaction.closed) return Promise.reject(new Error('Transaction is closed'))
    return this.#db._runExclusiveQuery(() => this.#run<T>(sql, params, options))
  }

  async #run<T>(sql: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const key = options?.paramTypes ? `${options.paramTypes.join(',')}\u0000${sql}` : sql
    const statement = await this.#statement(key, sql, options)
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null
      const type = statement.paramTypes[index] as number
      const serializer = options?.serializers?.[type] ?? this.#db.serializers[type]
      return serializer ? serializer(value) : String(value)
    })
    let messages: BackendMessage[]
    try {
      messages = await this.#exchange(
        [serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()],
        sql,
        params,
      )
    } catch (error) {
      if (isStalePlan(error)) await this.#close(key, statement)
      throw error
    }
    const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages
    return parse.parseResults(described, this.#db.parsers, options)[0] as Results<T>
  }

  async #statement(key: string, sql: string, options?: QueryOptions): Promise<Statement> {
    const known = this.#statements.get(key)
    if (known) {
      this.#statements.delete(key)
      this.#statements.set(key, known)
      return known
    }
    const name = `pglite_s${++named}`
    const messages = await this.#exchange(
      [
        serialize.parse({ name, text: sql, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ],
      sql,
      [],
    )
    const parameters = messages.find((message) => message.name === 'parameterDescription') as
      | backend.ParameterDescriptionMessage
      | undefined
    const statement: Statement = {
      name,
      paramTypes: parameters?.dataTypeIDs ?? [],
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    }
    this.#statements.set(key, statement)
    if (this.#statements.size > this.#limit) {
      const [oldestKey, oldest] = this.#statements.entries().next().value as [string, Statement]
      await this.#close(oldestKey, oldest)
    }
    return statement
  }

  async #close(key: string, statement: Statement): Promise<void> {
    this.#statements.delete(key)
    await this.#exchange(
      [serialize.close({ type: 'S', name: statement.name }), serialize.sync()],
      'CLOSE',
      [],
    )
  }

  /** Sends messages ending in a Sync; a database error comes back with the statement, as PGlite's own do. */
  async #exchange(parts: Uint8Array[], sql: string, params: unknown[]): Promise<BackendMessage[]> {
    try {
      return await this.#db.execProtocolStream(concat(parts), { syncToFs: false })
    } catch (error) {
      if (error instanceof backend.DatabaseError) Object.assign(error, { query: sql, params })
      throw error
    }
  }
}

/** PostgreSQL refuses a held statement whose table has changed the columns it returns. */
function isStalePlan(error: unknown): boolean {
  return (
    error instanceof backend.DatabaseError &&
    error.code === '0A000' &&
    error.message.includes('cached plan must not change result type')
  )
}

/**
 * PGlite on the caller's thread as drizzle's driver sees it, its two calls (`query` and `transaction`) made through
 * statements parsed once. The database's own thread does the same in `pglite-thread.ts`.
 */
export function preparedPglite(db: PGlite): PGlite {
  const statements = new PreparedStatements(db)
  const client = {
    query: <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
      statements.query<T>(sql, params ?? [], options),
    transaction: <T>(work: (tx: Pick<Transaction, 'query'>) => Promise<T>) =>
      db.transaction((tx) =>
        work({
          query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
            statements.queryIn<R>(tx, sql, params ?? [], options),
        }),
      ),
  }
  return client as unknown as PGlite
}
