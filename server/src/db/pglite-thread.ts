import { parentPort, workerData } from 'node:worker_threads'
import type { ParserOptions, Results, Transaction } from '@electric-sql/pglite'
import { createPglite, memoryOf, snapshotPglite } from './pglite.ts'
import type { ThreadReply, ThreadRequest } from './pglite-in-thread.ts'
import { PreparedStatements } from './pglite-prepared.ts'

// The embedded database's own thread (`openPgliteInThread` starts it): PGlite runs here, so the server's thread
// spends no time inside PostgreSQL and the two use two cores. It answers the requests of `pglite-in-thread.ts`
// one message each way; PGlite itself runs one statement at a time, in the order they arrive, and holds any
// statement outside an open transaction until that transaction ends, as it does on one thread.

if (!parentPort) throw new Error('pglite-thread.ts runs as a worker thread only (openPgliteInThread)')
const port = parentPort
const { dataDir } = workerData as { dataDir: string | undefined }

const client = await createPglite(dataDir)
/** Every query goes through statements parsed once (see pglite-prepared.ts). */
const statements = new PreparedStatements(client)

/** Transactions begun and not yet ended, by the number the server's thread gave them. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; ended: Promise<void> }>()

/** Thrown inside a transaction's callback to make PGlite roll it back. */
const ROLLBACK = Symbol('rollback')

// The parsers cannot cross threads (they are functions). The one caller, drizzle, passes parsers that keep a
// type's text as it is (dates, timestamps, intervals and their arrays); the request names those types.
const keepText = (value: string) => value
const parserSets = new Map<string, ParserOptions>()
function parsersFor(types: number[] | undefined): ParserOptions | undefined {
  if (!types) return undefined
  const key = types.join(',')
  let set = parserSets.get(key)
  if (!set) {
    set = Object.fromEntries(types.map((type) => [type, keepText]))
    parserSets.set(key, set)
  }
  return set
}

/** A PostgreSQL error as plain fields (code, constraint, detail…), which the other thread makes an Error again. */
function plain(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) }
  const fields: Record<string, unknown> = { name: error.name, message: error.message }
  for (const [key, value] of Object.entries(error))
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value
  return fields
}

const reply = (message: ThreadReply) => port.postMessage(message)

async function handle(request: ThreadRequest): Promise<void> {
  const { id } = request
  try {
    switch (request.op) {
      case 'query': {
        const options = { rowMode: request.rowMode, parsers: parsersFor(request.keepText) }
        let result: Results
        if (request.tx === undefined)
          result = await statements.query(request.sql, request.params ?? [], options)
        else {
          const transaction = open.get(request.tx)?.tx
          if (!transaction) throw new Error(`transaction ${request.tx} is not open`)
          result = await statements.queryIn(transaction, request.sql, request.params ?? [], options)
        }
        reply({ id, result: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows } })
        return
      }
      case 'begin': {
        let began!: () => void
        const begun = new Promise<void>((resolve) => {
          began = resolve
        })
        let end!: (commit: boolean) => void
        const decided = new Promise<boolean>((resolve) => {
          end = resolve
        })
        const ended = client
          .transaction(async (tx) => {
            open.set(request.tx, { tx, end, ended })
            began()
            if (!(await decided)) throw ROLLBACK
          })
          .then(
            () => undefined,
            (error: unknown) => {
              if (error !== ROLLBACK) throw error
            },
          )
          .finally(() => open.delete(request.tx))
        // Either the transaction has begun (PGlite waits for the one open before it), or BEGIN failed.
        await Promise.race([begun, ended])
        reply({ id })
        return
      }
      case 'end': {
        const transaction = open.get(request.tx)
        if (!transaction) throw new Error(`transaction ${request.tx} is not open`)
        transaction.end(request.commit)
        await transaction.ended
        reply({ id })
        return
      }
      case 'snapshot': {
        if (!dataDir) throw new Error('an embedded database in memory has no files to copy')
        await snapshotPglite(client, dataDir, request.target)
        reply({ id })
        return
      }
      case 'memory': {
        reply({ id, memory: memoryOf(client) })
        return
      }
      case 'close': {
        await client.close()
        reply({ id })
        port.close()
        return
      }
    }
  } catch (error) {
    reply({ id, error: plain(error) })
  }
}

port.on('message', (request: ThreadRequest) => void handle(request))
reply({ id: 0 })
