import { availableParallelism } from 'node:os'
import { z } from 'zod'
import { readStorageUrl } from './storage-url.ts'

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const positiveInt = (fallback: number, max = 1_000_000) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(max, `must be at most ${max}`)
    .default(fallback)

const timeZone = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz })
    return true
  } catch {
    return false
  }
}, 'must be an IANA time zone such as Asia/Ho_Chi_Minh')

/**
 * PDF threads when PDF_WORKERS is unset: one less than the cores, so the server's thread keeps one, at least 1
 * and at most 2 (each thread holds the PDF code and fonts, about 40 MB, once it has made a document).
 */
export const DEFAULT_PDF_WORKERS = Math.max(1, Math.min(2, availableParallelism() - 1))

/** `smtp://` or `smtps://` with a host; the user and password, when given, are percent-encoded in it. */
function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== ''
  } catch {
    return false
  }
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash
  } catch {
    return false
  }
}

/** `name@host` or `Some Name <name@host>`, on one line: a line break would start a header of its own. */
const MAIL_ADDRESS = /^(?:[^\r\n<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/

/** Every setting the server reads, with its default. README's settings table lists the same. */
export const configSchema = z
  .object({
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce
      .number({ error: 'must be a number' })
      .int()
      .min(0)
      .max(65535, 'must be a port number')
      .default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    /** The built web app; unset means `web/dist` of this checkout. */
    WEB_DIR: z.string().min(1).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /**
     * With DATABASE_URL, how long a statement of an API call may run before it is cancelled and the call answered
     * 503 (docs/operations.md, "When the database is away"); exports and migrations have no such limit.
     */
    DB_STATEMENT_TIMEOUT_SECONDS: positiveInt(10, 3600),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    ADMIN_EMAIL: z.email('must be an email address').default('admin@example.com'),
    ADMIN_PASSWORD: z
      .string()
      .min(8, 'must be 8 to 128 characters with a digit')
      .max(128, 'must be 8 to 128 characters with a digit')
      .regex(/\d/, 'must be 8 to 128 characters with a digit')
      .optional(),
    SEED_DEMO: bool.default(true),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ACCESS_TOKEN_MINUTES: positiveInt(15, 24 * 60),
    REFRESH_TOKEN_DAYS: positiveInt(30, 365),
    STORE_TZ: timeZone.default('Asia/Ho_Chi_Minh'),
    UPLOAD_MAX_MB: positiveInt(5, 100),
    /** A product with 1 to this many units is low on stock: the product list's mark and its `stock=low` filter. */
    LOW_STOCK_THRESHOLD: positiveInt(5, 1_000_000),
    /** Rows an export reads in one query: more is faster, each batch is held in memory while it is written. */
    EXPORT_BATCH_ROWS: positiveInt(5000, 100_000),
    /** Image decoding (bench/README.md, "Images"): a 25 MP photo takes about a second of one core and ~50 MB. */
    IMAGE_MAX_MEGAPIXELS: positiveInt(25, 1000),
    IMAGE_DECODES: positiveInt(2, 64),
    IMAGE_DECODE_QUEUE: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(10_000, 'must be at most 10000')
      .default(20),
    IMAGE_TIMEOUT_SECONDS: positiveInt(10, 3600),
    /**
     * For tests only: lets the product import fetch images (CONTRACT 5.4) from this machine's loopback
     * (127.0.0.0/8, ::1), over `http:` too, so a test can serve them itself. Private and link-local networks stay
     * refused whatever it says; a shop leaves it off.
     */
    IMAGE_FETCH_ALLOW_LOOPBACK: bool.default(false),
    /**
     * Threads that lay out invoices and packing slips, off the server's thread (docs/performance.md, "Printed
     * documents"); 10 documents a thread may wait, more are answered 503 with Retry-After.
     */
    PDF_WORKERS: positiveInt(DEFAULT_PDF_WORKERS, 64),
    /** Sign-in limits: docs/operations.md, "Sign-in limits". */
    LOGIN_LIMIT_PER_PAIR: positiveInt(10),
    LOGIN_LIMIT_PER_IP: positiveInt(50),
    LOGIN_LIMIT_PER_EMAIL: positiveInt(100),
    LOGIN_LIMIT_WINDOW_MINUTES: positiveInt(15, 24 * 60),
    LOGIN_DELAY_AFTER: positiveInt(3),
    LOGIN_DELAY_MAX_SECONDS: positiveInt(30, 24 * 60 * 60),
    LOGIN_KNOWN_ADDRESS_DAYS: positiveInt(30, 365),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Unset: `pretty` when stdout is a terminal, `json` otherwise (pipes, files, CI). */
    LOG_FORMAT: z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
    TRUST_PROXY: bool.default(false),
    /** Mail (docs/operations.md, "Mail"): unset sends nothing, and links are handed to the administrator only. */
    SMTP_URL: z
      .string()
      .refine(isSmtpUrl, 'must be smtp://user:password@host:port or smtps://user:password@host:port')
      .optional(),
    /** The sender of every email; unset: `Store back-office <no-reply@localhost>` (mail/settings.ts). */
    MAIL_FROM: z
      .string()
      .regex(MAIL_ADDRESS, 'must be an email address, alone or as Name <address>, on one line')
      .optional(),
    /** Where staff reach the back-office, for the links in emails; unset: http://localhost:<PORT>. */
    PUBLIC_URL: z
      .string()
      .refine(isWebAddress, 'must be an http:// or https:// address, such as https://shop.example/admin')
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
    /** The language of emails to an account that has not signed in yet; unset: `vi`. */
    MAIL_LANGUAGE: z.enum(['vi', 'en'], { error: 'must be vi or en' }).optional(),
    /**
     * Where uploaded files go (docs/operations.md, "File storage"): unset, `DATA_DIR/uploads`;
     * `s3://<bucket>[/<prefix>]?endpoint=<url>&region=<region>`, a bucket of S3-compatible storage.
     */
    STORAGE_URL: z
      .string()
      .superRefine((value, context) => {
        const read = readStorageUrl(value)
        if (typeof read === 'string') context.addIssue({ code: 'custom', message: read })
      })
      .optional(),
    /**
     * `GET /metrics` (docs/operations.md, "Metrics"): set, it answers only `Authorization: Bearer <token>`;
     * unset, anyone who reaches the port may read it.
     */
    METRICS_TOKEN: z
      .string()
      .min(16, 'must be at least 16 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces')
      .optional(),
    /** `private`: `/api/docs` and `/api/openapi.json` answer only a signed-in administrator. */
    API_DOCS: z.enum(['public', 'private'], { error: 'must be public or private' }).default('public'),
    /**
     * Connections (docs/operations.md, "Connections"): a new connection has HTTP_HEADERS_TIMEOUT_SECONDS to send
     * its headers, a request HTTP_REQUEST_TIMEOUT_SECONDS to arrive whole (uploads on a slow line), an idle
     * keep-alive connection is closed after HTTP_KEEP_ALIVE_SECONDS, any connection silent for
     * HTTP_IDLE_TIMEOUT_SECONDS is dropped, and connections beyond HTTP_MAX_CONNECTIONS are refused.
     */
    HTTP_HEADERS_TIMEOUT_SECONDS: positiveInt(10, 3600),
    HTTP_REQUEST_TIMEOUT_SECONDS: positiveInt(120, 3600),
    HTTP_KEEP_ALIVE_SECONDS: positiveInt(10, 3600),
    HTTP_IDLE_TIMEOUT_SECONDS: positiveInt(120, 3600),
    HTTP_MAX_CONNECTIONS: positiveInt(1000, 1_000_000),
    /**
     * The live updates stream (docs/operations.md, "Live updates"): a comment line this often keeps proxies from
     * closing a quiet stream, and checks that its session still lives.
     */
    EVENTS_HEARTBEAT_SECONDS: positiveInt(25, 3600),
    /**
     * Worker processes sharing the port (docs/operations.md, "Worker processes"); more than 1 needs
     * DATABASE_URL, since the embedded database is one process's.
     */
    WEB_CONCURRENCY: positiveInt(1, 64),
    /**
     * The embedded database in a thread of its own, so that it and the server use two cores
     * (docs/performance.md, "The embedded database"); `false` runs it on the server's thread.
     */
    EMBEDDED_DB_THREAD: bool.default(true),
  })
  .refine((c) => !(c.WEB_CONCURRENCY > 1) || c.DATABASE_URL !== undefined, {
    path: ['WEB_CONCURRENCY'],
    message: "more than 1 needs DATABASE_URL: the embedded database is one process's",
  })
  // A quiet stream must speak before the server itself drops it as idle.
  .refine((c) => c.EVENTS_HEARTBEAT_SECONDS < c.HTTP_IDLE_TIMEOUT_SECONDS, {
    path: ['EVENTS_HEARTBEAT_SECONDS'],
    message: 'must be less than HTTP_IDLE_TIMEOUT_SECONDS',
  })
  // Node refuses to start a server whose headers may take longer than the whole request.
  .refine((c) => c.HTTP_HEADERS_TIMEOUT_SECONDS <= c.HTTP_REQUEST_TIMEOUT_SECONDS, {
    path: ['HTTP_HEADERS_TIMEOUT_SECONDS'],
    message: 'must not be more than HTTP_REQUEST_TIMEOUT_SECONDS',
  })
export type Config = z.infer<typeof configSchema>

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

/** Reads the environment once; a bad value stops start-up with every problem named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const parsed = configSchema.safeParse(present)
  if (!parsed.success) {
    // One line a problem: a value can break several rules that share a message (ADMIN_PASSWORD=short).
    throw new ConfigError([...new Set(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`))])
  }
  return parsed.data
}
