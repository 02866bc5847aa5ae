import type { ServerResponse } from 'node:http'
import {
  isStaffRole,
  LIVE_EVENT_PERMISSIONS,
  type LiveEvent,
  type Permission,
  permissionsOf,
} from '@store/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { BusMessage, Services } from '../../types.ts'
import { findSignedIn } from '../auth/repository.ts'

// The live updates streams of this process (CONTRACT 5.7; docs/architecture.md, "Live updates"). Each signed-in
// tab holds one; the process's event bus tells this list of every change of every process, and each stream is
// sent the events its session's role may read. A stream lives as long as its session: it is checked against the
// database on every heartbeat, and at once when the bus says a session of its account ended or the account
// changed (its role, or disabled), so a sign-out or a session ended elsewhere closes it within a moment.

/** One open stream: whose, what it may read, and the answer it is written to. */
interface Stream {
  userId: string
  sessionId: string
  permissions: ReadonlySet<Permission>
  raw: ServerResponse
}

/** A reader that does not keep up is let go beyond this many bytes waiting: it reconnects and reads afresh. */
const MAX_WAITING_BYTES = 256 * 1024

/** How soon a client reconnects after the stream drops (the `retry:` field), in milliseconds. */
export const RECONNECT_AFTER_MS = 2_000

/** An event as the stream sends it: `event: order.created` and `data: {"id":"12"}`. */
export const eventText = (event: LiveEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`

export class LiveStreams {
  readonly #streams = new Set<Stream>()
  readonly #beat: NodeJS.Timeout
  readonly #unsubscribe: () => void

  constructor(
    private readonly services: Services,
    private readonly log: { warn: (message: string) => void },
  ) {
    this.#unsubscribe = services.events.subscribe((message) => this.#hear(message))
    this.#beat = setInterval(() => this.#heartbeat(), services.config.EVENTS_HEARTBEAT_SECONDS * 1000)
    this.#beat.unref()
  }

  /** How many streams are open in this process. */
  get size() {
    return this.#streams.size
  }

  /**
   * Opens the stream of a request the auth hook let through: the answer's headers, the reconnect delay and a
   * first comment, so a client knows it is listening from then on.
   */
  open(request: FastifyRequest, reply: FastifyReply) {
    const { admin } = request
    reply.hijack()
    const raw = reply.raw
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      // Neither a cache nor a proxy may hold the stream back (nginx buffers unless told).
      'cache-control': 'no-store, no-transform',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    })
    const stream: Stream = {
      userId: String(admin.id),
      sessionId: admin.sessionId,
      permissions: new Set(permissionsOf(admin.role)),
      raw,
    }
    this.#streams.add(stream)
    raw.on('close', () => this.#streams.delete(stream))
    raw.socket?.setNoDelay(true)
    this.#write(stream, `retry: ${RECONNECT_AFTER_MS}\n: open\n\n`)
  }

  /** Ends every stream and stops listening: the server is closing. */
  close() {
    clearInterval(this.#beat)
    this.#unsubscribe()
    for (const stream of this.#streams) this.#end(stream)
  }

  #hear(message: BusMessage) {
    if (message.type === 'session.ended') return this.#recheck(message.data.userId)
    const needs = LIVE_EVENT_PERMISSIONS[message.type]
    const text = eventText(message)
    for (const stream of this.#streams) if (stream.permissions.has(needs)) this.#write(stream, text)
    // A change of a member's role or access applies to their own streams at once.
    if (message.type === 'staff.updated') this.#recheck(message.data.id)
  }

  #heartbeat() {
    for (const stream of this.#streams) {
      this.#write(stream, ': heartbeat\n\n')
      void this.#check(stream)
    }
  }

  #recheck(userId: string) {
    for (const stream of this.#streams) if (stream.userId === userId) void this.#check(stream)
  }

  /** Keeps a stream whose session lives and whose account may sign in, with its role's permissions now. */
  async #check(stream: Stream) {
    try {
      const account = await findSignedIn(
        this.services.db,
        this.services,
        Number(stream.userId),
        stream.sessionId,
      )
      if (!account || account === 'ended' || !isStaffRole(account.role) || !account.active)
        return this.#end(stream)
      stream.permissions = new Set(permissionsOf(account.role))
    } catch (error) {
      // The database away: the stream stays as it was, and the next heartbeat asks again.
      this.log.warn(`a live updates stream could not check its session: ${(error as Error).message}`)
    }
  }

  #write(stream: Stream, text: string) {
    if (stream.raw.writableEnded || stream.raw.destroyed) return
    if (stream.raw.writableLength > MAX_WAITING_BYTES) return this.#end(stream)
    stream.raw.write(text)
  }

  #end(stream: Stream) {
    this.#streams.delete(stream)
    if (!stream.raw.writableEnded) stream.raw.end()
  }
}
