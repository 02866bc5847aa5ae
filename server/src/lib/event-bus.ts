import { LIVE_EVENT_TYPES } from '@store/contract'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { Database, Db } from '../db/client.ts'
import type { BusMessage, EventBus } from '../types.ts'

// The live updates between server processes (CONTRACT 5.7; docs/architecture.md, "Live updates"). On the embedded
// database there is one process, and the bus is a list of listeners in it. With DATABASE_URL every process
// (WEB_CONCURRENCY workers, servers on other machines) sends with `pg_notify` inside the writing transaction,
// which PostgreSQL delivers to every listener exactly when that transaction commits, and listens on one
// connection of its own, opened again whenever it drops.

/** The channel of every process on the database. */
export const CHANNEL = 'store_live_events'

/** How long the listening connection waits before it is opened again, doubling from the first to the last. */
export const RECONNECT_MS = { first: 250, last: 5_000 }

const KNOWN = new Set<string>([...LIVE_EVENT_TYPES, 'session.ended'])

/** A notification's payload as a message, or undefined for anything else on the channel. */
export function readMessage(payload: string | undefined): BusMessage | undefined {
  try {
    const message = JSON.parse(payload ?? '') as BusMessage
    if (message && typeof message === 'object' && KNOWN.has(message.type) && message.data) return message
  } catch {
    // Not ours: someone else's NOTIFY on the channel.
  }
  return undefined
}

type Listener = (message: BusMessage) => void

/** Calls each listener in turn; one that throws does not keep the message from the others. */
function deliverTo(
  listeners: ReadonlySet<Listener>,
  messages: readonly BusMessage[],
  onError: (e: Error) => void,
) {
  for (const message of messages)
    for (const listener of listeners) {
      try {
        listener(message)
      } catch (error) {
        onError(error as Error)
      }
    }
}

/** The bus of one process: the embedded database's. */
export function inProcessBus(onError: (error: Error) => void): EventBus {
  const listeners = new Set<Listener>()
  return {
    publish: async (_db, messages) => () => {
      if (messages.length > 0) queueMicrotask(() => deliverTo(listeners, messages, onError))
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    close: async () => listeners.clear(),
  }
}

/**
 * The bus of every process on one PostgreSQL database. One statement in the writing transaction sends each
 * message (a payload stays far under NOTIFY's 8,000 bytes: a type and an id); the listening connection is opened
 * before this answers, so a process that reports itself ready hears every change committed from then on.
 * Messages committed while the connection is down are not heard (the web app's lists stay as they were until
 * next read).
 */
export async function postgresBus(
  url: string,
  log: { warn: (message: string) => void; info: (message: string) => void },
): Promise<EventBus> {
  const listeners = new Set<Listener>()
  let client: pg.Client | undefined
  let closed = false
  let wait = RECONNECT_MS.first
  let retry: NodeJS.Timeout | undefined

  const reportError = (error: Error) => log.warn(`a live updates listener failed: ${error.message}`)

  const open = async (): Promise<void> => {
    const listening = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    })
    listening.on('notification', (note) => {
      const message = note.channel === CHANNEL ? readMessage(note.payload) : undefined
      if (message) deliverTo(listeners, [message], reportError)
    })
    // An error or an end (a restarted server, a killed backend) drops this connection and opens another.
    let dropped = false
    const drop = (why: string) => {
      if (dropped) return
      dropped = true
      listening.end().catch(() => {})
      if (client === listening) client = undefined
      if (closed) return
      log.warn(`the live updates connection to the database dropped (${why}); opening it again`)
      schedule()
    }
    listening.on('error', (error) => drop(error.message))
    listening.on('end', () => drop('closed'))
    try {
      await listening.connect()
      await listening.query(`listen ${CHANNEL}`)
    } catch (error) {
      drop((error as Error).message)
      return
    }
    if (closed) {
      await listening.end().catch(() => {})
      return
    }
    client = listening
    if (wait !== RECONNECT_MS.first) log.info('the live updates connection to the database is open again')
    wait = RECONNECT_MS.first
  }
  const schedule = () => {
    clearTimeout(retry)
    retry = setTimeout(() => void open(), wait)
    wait = Math.min(wait * 2, RECONNECT_MS.last)
  }

  await open()
  return {
    publish: async (db: Db, messages) => {
      if (messages.length > 0) {
        const payloads = JSON.stringify(messages.map((m) => JSON.stringify(m)))
        await db.execute(
          sql`select pg_notify(${CHANNEL}, payload) from json_array_elements_text(${payloads}::json) as payload`,
        )
      }
      return () => {}
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    close: async () => {
      closed = true
      clearTimeout(retry)
      listeners.clear()
      await client?.end().catch(() => {})
      client = undefined
    },
  }
}

/** The bus for the database: PostgreSQL's when it is a server, this process's on the embedded one. */
export async function openEventBus(
  database: Pick<Database, 'kind' | 'url'>,
  log: { warn: (message: string) => void; info: (message: string) => void },
): Promise<EventBus> {
  if (database.kind === 'pg' && database.url) return postgresBus(database.url, log)
  return inProcessBus((error) => log.warn(`a live updates listener failed: ${error.message}`))
}
