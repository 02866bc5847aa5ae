import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import type { Message } from '@store/contract'
import type { FastifyHttpOptions } from 'fastify'
import type { Config } from '../config.ts'
import { refusal } from '../lib/errors.ts'
import { FIXED_SECURITY_HEADERS } from './security-headers.ts'

/**
 * The server's limits on connections, from the settings: without them an idle or slow-header connection is held
 * for a minute or more, and nothing caps how many are held, so a few hundred sockets opened and left silent
 * starve the shop of file descriptors and memory.
 */
export function connectionOptions(config: Config): FastifyHttpOptions<Server> {
  return {
    // Any connection silent this long is dropped, whatever it is doing (a slow reader of a large answer too).
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
    // An idle keep-alive connection between two requests.
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_SECONDS * 1000,
    // A request, body included, must have arrived within this time (uploads on a slow line get two minutes).
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    http: {
      // A new connection must send its request line and headers within this time (slow-header attacks).
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      // Node checks the two timeouts above on this beat (30 s by default, which would let a slow client keep
      // its connection for half a minute past its time).
      connectionsCheckingInterval: 1000,
    },
  }
}

/** Connections beyond the setting are closed as they arrive; the ones already open carry on. */
export function limitConnections(server: { maxConnections: number }, config: Config) {
  server.maxConnections = config.HTTP_MAX_CONNECTIONS
}

/** Node's parser errors that have an HTTP status of their own; anything else it cannot parse is a 400. */
const STATUS_OF: Record<string, { status: number; reason: string; problem: Message }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    problem: { code: 'headersTooLarge' },
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', problem: { code: 'requestTimedOut' } },
}
const MALFORMED = { status: 400, reason: 'Bad Request', problem: { code: 'malformedRequest' } as Message }

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers or an address over 16 KB, a request
 * line that is not HTTP, a request that took longer than `requestTimeout` to arrive) is answered in the
 * envelope, like every other refusal, instead of Fastify's own JSON. The parser cannot go on reading that
 * connection, so the answer says `Connection: close` and the socket is ended once it is written.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  // An answer already on its way cannot be followed by another one (Node's own handler checks the same).
  const answering = (socket as Socket & { _httpMessage?: { _headerSent?: boolean } })._httpMessage
  if (!socket.writable || answering?._headerSent) {
    socket.destroy()
    return
  }
  const { status, reason, problem } = STATUS_OF[error.code ?? ''] ?? MALFORMED
  const body = JSON.stringify(refusal(status, problem))
  socket.end(
    [
      `HTTP/1.1 ${status} ${reason}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      ...Object.entries(FIXED_SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}`),
      '',
      body,
    ].join('\r\n'),
  )
  // A client that never reads its answer must not hold the socket: it goes after a short grace.
  socket.setTimeout(5_000, () => socket.destroy())
}
