import { Worker } from 'node:worker_threads'
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite'
import { COMPILED } from '../paths.ts'
import type { EmbeddedMemory } from './pglite.ts'

// The embedded database in a thread of its own (`pglite-thread.ts`), behind an object that answers the calls
// drizzle's PGlite driver makes (`query`, `transaction`), so the rest of the server cannot tell it from PGlite on
// its own thread. PostgreSQL's work (planning, executing, encoding and decoding rows) then runs on a second
// core, and the server's thread only passes each statement and its rows across: about 10 µs a statement where
// a products page costs PGlite several hundred.

export type ThreadRequest =
  | {
      id: number
      op: 'query'
      sql: string
      params: unknown[] | undefined
      rowMode: 'array' | 'object' | undefined
      /** The types whose text is kept as it is (drizzle's parsers, which cannot cross threads). */
      keepText: number[] | undefined
      tx?: number
    }
  | { id: number; op: 'begin'; tx: number }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'snapshot'; target: string }
  | { id: number; op: 'memory' }
  | { id: number; op: 'close' }

export type ThreadReply = {
  id: number
  result?: Pick<Results<unknown>, 'rows' | 'fields' | 'affectedRows'>
  memory?: EmbeddedMemory
  error?: Record<string, unknown>
}

/** What the store calls on PGlite, wherever it runs. */
interface Queryable {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
}

export interface PgliteInThread extends Queryable {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  /** `snapshotPglite` on the database's thread (the database in a folder only). */
  snapshot(target: string): Promise<void>
  /** The database's memory, as its thread sees it. */
  memory(): Promise<EmbeddedMemory>
  close(): Promise<void>
  /** As PGlite's own client, for drizzle's driver. */
  asPglite(): PGlite
}

/**
 * The thread's young generation, where the rows it passes across are made and die within a statement: V8's
 * default lets it grow to 48 MB of short-lived garbage (the thread's heap went from 30 to 62 MB under the soak
 * of `npm run bench:soak`); 8 MB costs a few more quick collections and keeps it near 30. It is not a limit on
 * what the thread may hold: a survivor moves to the old generation, which keeps V8's default.
 */
export const THREAD_LIMITS = { maxYoungGenerationSizeMb: 8 }

type Pending = { resolve: (reply: ThreadReply) => void; reject: (error: Error) => void }

/**
 * Starts the database's thread on `dataDir` (in memory when undefined) and answers once it has opened it.
 * `onLost` is told when the thread stops without being closed (PostgreSQL aborted): every call in flight and
 * every later one fails.
 */
export async function openPgliteInThread(
  dataDir: string | undefined,
  onLost: (error: Error) => void,
): Promise<PgliteInThread> {
  // Compiled (`npm start`), the thread's module is a file of its own beside this code's. Run as TypeScript, the
  // thread registers tsx's loader first (the process's own loader hooks do not reach a worker thread on Node 20),
  // then imports its module.
  const options = { workerData: { dataDir }, resourceLimits: THREAD_LIMITS }
  const worker = COMPILED
    ? new Worker(new URL('./pglite-thread.js', import.meta.url), options)
    : new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./pglite-thread.ts', import.meta.url).href)}) })`,
        { ...options, eval: true },
      )
  const pending = new Map<number, Pending>()
  let nextId = 1
  let nextTx = 1
  let stopped: Error | undefined
  let closing = false

  const stop = (error: Error) => {
    if (stopped) return
    stopped = error
    for (const call of pending.values()) call.reject(error)
    pending.clear()
    if (!closing) onLost(error)
  }
  const ready = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject })
  })
  worker.on('message', (reply: ThreadReply) => {
    const call = pending.get(reply.id)
    if (!call) return
    pending.delete(reply.id)
    if (reply.error) call.reject(Object.assign(new Error(String(reply.error.message)), reply.error))
    else call.resolve(reply)
  })
  worker.on('error', (error) => stop(new Error(`the embedded database stopped: ${error.message}`)))
  worker.on('exit', (code) => stop(new Error(`the embedded database's thread ended (exit code ${code})`)))
  await ready

  // biome-ignore lint/suspicious/noExplicitAny: one request type per call; the union is checked where it is built
  const call = (request: any): Promise<ThreadReply> => {
    if (stopped) return Promise.reject(stopped)
    const id = nextId++
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject })
      worker.postMessage({ ...request, id })
    })
  }
  const queryOn =
    (tx: number | undefined) =>
    async <T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
      const reply = await call({
        op: 'query',
        sql,
        params,
        rowMode: options?.rowMode,
        keepText: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
        tx,
      })
      return reply.result as Results<T>
    }

  const client: PgliteInThread = {
    query: queryOn(undefined),
    async transaction(work) {
      const tx = nextTx++
      await call({ op: 'begin', tx })
      let result: Awaited<ReturnType<typeof work>>
      try {
        result = await work({ query: queryOn(tx) })
      } catch (error) {
        await call({ op: 'end', tx, commit: false }).catch(() => {})
        throw error
      }
      await call({ op: 'end', tx, commit: true })
      return result
    },
    async snapshot(target) {
      await call({ op: 'snapshot', target })
    },
    async memory() {
      return (await call({ op: 'memory' })).memory!
    },
    async close() {
      if (stopped) return
      closing = true
      const exited = new Promise((resolve) => worker.once('exit', resolve))
      await call({ op: 'close' })
      await exited
    },
    asPglite: () => client as unknown as PGlite,
  }
  return client
}
