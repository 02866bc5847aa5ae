/**
 * Whether an error means the database cannot be reached right now, rather than that a query is wrong: the
 * server refused or dropped the connection, is shutting down or starting, or has no connection to spare. Such a
 * call is answered 503 with Retry-After (the client may simply try again), not 500, and nothing needs fixing in
 * the code. The pool drops a broken connection and opens a new one on the next query, so the answers turn back
 * to normal by themselves once the database is back.
 */
export function isDatabaseOutage(error: unknown): boolean {
  // Drizzle wraps the driver's error in `cause`; a connection to a host with several addresses fails with an
  // AggregateError holding one error per address.
  const pending: unknown[] = [error]
  for (let seen = 0; pending.length > 0 && seen < 16; seen++) {
    const e = pending.pop()
    if (!e || typeof e !== 'object') continue
    const { code, message, cause, errors } = e as {
      code?: unknown
      message?: unknown
      cause?: unknown
      errors?: unknown
    }
    if (typeof code === 'string' && (OUTAGE_SYSTEM_CODES.has(code) || isOutageSqlState(code))) return true
    if (typeof message === 'string' && OUTAGE_MESSAGES.some((pattern) => pattern.test(message))) return true
    if (cause) pending.push(cause)
    if (Array.isArray(errors)) pending.push(...errors)
  }
  return false
}

/** The network failures of a connection to the database server. */
const OUTAGE_SYSTEM_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * SQLSTATE class 08 (connection exception), 57P01 to 57P03 (terminated by an administrator, crash shutdown,
 * cannot connect now: a server starting or stopping), 57014 (a statement cancelled: by the statement timeout of
 * DB_STATEMENT_TIMEOUT_SECONDS, or by an administrator) and 53300 (too many connections).
 */
const isOutageSqlState = (code: string) =>
  /^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code) || code === '57014' || code === '53300'

/** node-postgres reports a dropped or timed-out connection in words only, without a code. */
const OUTAGE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  // A host that stayed silent past the statement timeout (`query_timeout`).
  /^Query read timeout$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  // SQLSTATE 55000, which other failures share: only these words say the database is closed to connections.
  /^database ".*" is not currently accepting connections$/,
]

/** How long a client should wait before asking again while the database is away, in seconds. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5
