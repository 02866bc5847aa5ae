import type { Readable } from 'node:stream'
import type { Endpoint, LiveEvent, StaffRole } from '@store/contract'
import type { Config } from './config.ts'
import type { Database, Db } from './db/client.ts'

/** What the app is built from: tests pass their own database and clock. */
export interface AppDeps {
  config: Config
  database: Database
  /** The HMAC key of access tokens. */
  jwtSecret: Uint8Array
  /** The clock; tests fix it to check day and month edges. */
  now?: () => Date
  /** The built web app to serve beside the API (`web/dist`); unset serves the API alone. */
  webDir?: string
  /** Pino options, or false for no logs. */
  logger?: boolean | Record<string, unknown>
  /**
   * Also check every answer against its zod schema and compare it with the compiled serializer's text
   * (`answerSerializer`): the API tests turn it on, a server does not pay for it.
   */
  checkAnswers?: boolean
  /** How long the import may spend fetching one image from an address (CONTRACT 5.4); 10 s, tests shorten it. */
  imageFetchTimeoutMs?: number
}

export interface Services {
  config: Config
  db: Db
  database: Database
  jwtSecret: Uint8Array
  now: () => Date
  /** `DATA_DIR/uploads`: where files go when STORAGE_URL is unset. */
  uploadDir: string
  /** Where uploaded files are stored (STORAGE_URL): that folder, or a bucket. */
  files: FileStore
  /** How long fetching one image of an import may take (AppDeps); unset, the 10 s of CONTRACT 5.4. */
  imageFetchTimeoutMs?: number
  /** The live updates between the server's processes (`lib/event-bus.ts`). */
  events: EventBus
}

/**
 * What goes from the process that wrote a change to every process on the database: the events of the live
 * updates stream (CONTRACT 5.7), and word that sessions of an account ended, which no client is sent but which
 * closes their streams.
 */
export type BusMessage = LiveEvent | { type: 'session.ended'; data: { userId: string } }

/**
 * The live updates between server processes: in this process on the embedded database, PostgreSQL's
 * LISTEN/NOTIFY with DATABASE_URL (`lib/event-bus.ts`).
 */
export interface EventBus {
  /**
   * Hands over what a transaction changed, from inside it as its last statement, and answers what to run once it
   * has committed: nothing is delivered if it rolls back. `db` outside a transaction delivers at once.
   */
  publish(db: Db, messages: readonly BusMessage[]): Promise<() => void>
  /** Tells `listener` of every message of every process, this one's included; answers the unsubscribe. */
  subscribe(listener: (message: BusMessage) => void): () => void
  close(): Promise<void>
}

export interface SignedInAdmin {
  id: number
  role: StaffRole
  name: string
  email: string
  /** The session the access token belongs to. */
  sessionId: string
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services
  }
  interface FastifyRequest {
    /** The signed-in account; set by the auth hook on every non-public `/api` route. */
    admin: SignedInAdmin
  }
  interface FastifyContextConfig {
    /** A route anyone may call: sign-in, token refresh, serving images, health. */
    public?: boolean
    /** The row of the endpoint table the route was registered from. */
    endpoint?: Endpoint
  }
}

/** Where uploaded files are kept (STORAGE_URL): a folder, or a bucket (`modules/files/stores.ts`). */
export interface FileStore {
  /** For logs and errors: `the folder /srv/shop/uploads`, `bucket shop (S3)`. */
  readonly name: string
  /** Stores `bytes` under `storedPath`, whole or not at all. */
  put(storedPath: string, bytes: Buffer, contentType: string): Promise<void>
  /** The file under `storedPath`, or null when there is none (or the path is not a stored path). */
  open(storedPath: string): Promise<StoredFile | null>
  /** Whether a file is stored under `storedPath` (false when it is not a stored path): one stat or HEAD. */
  has(storedPath: string): Promise<boolean>
  /** Removes the files, ignoring the ones already gone. */
  remove(storedPaths: readonly string[]): Promise<void>
}

export interface StoredFile {
  size: number
  /** A strong validator of this content, quoted: `"5d41402abc4b2a76b9719d911017c592"`. */
  etag: string
  modified: Date
  /** Streams the content; `discard` instead when it will not be read (a 304). */
  read(): Readable
  discard(): Promise<void>
}
