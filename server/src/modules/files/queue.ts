import type { FastifyReply } from 'fastify'
import { HttpError } from '../../lib/errors.ts'

/**
 * How many images are decoded at once, and how many may wait for their turn. Decoding and re-encoding an image
 * of the allowed size takes most of a core and tens of megabytes for about a second; without a bound, a handful
 * of concurrent uploads fills every core and the memory, and every other call of the API waits behind them. With
 * a bound, uploads beyond the lanes wait in line, and beyond the line they are told to come back later (503)
 * instead of piling up.
 */
export class DecodeQueue {
  private running = 0
  private readonly waiting: (() => void)[] = []
  /** A running mean of how long a decode holds its lane, for the Retry-After estimate; 1 s until measured. */
  private meanMs = 1000

  constructor(
    /** Decodes at once. */
    readonly lanes: number,
    /** Decodes allowed to wait for a lane; one more is refused. */
    readonly maxWaiting: number,
  ) {}

  /** Decodes running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length }
  }

  /**
   * Takes a lane, waiting in line for one when all are busy; the returned function gives it back (exactly once).
   * Throws QueueFullError, without waiting, when the line is already `maxWaiting` long.
   */
  async acquire(): Promise<() => void> {
    if (this.running < this.lanes) {
      this.running++
    } else {
      if (this.waiting.length >= this.maxWaiting) throw new QueueFullError(this.retryAfterSeconds())
      // The lane is handed over by `release` without being counted free in between, so nobody overtakes.
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    }
    let released = false
    return () => {
      if (released) return
      released = true
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }

  /** Runs `task` in a lane: see `acquire`. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire()
    const started = performance.now()
    try {
      return await task()
    } finally {
      this.meanMs = 0.8 * this.meanMs + 0.2 * (performance.now() - started)
      release()
    }
  }

  /** About when a lane will be free for one more: everything in line ahead of it, shared among the lanes. */
  private retryAfterSeconds(): number {
    const ahead = this.running + this.waiting.length
    return Math.min(60, Math.max(1, Math.ceil((ahead * this.meanMs) / this.lanes / 1000)))
  }
}

/** Every lane is busy and the line is full: the client should try again after `retryAfterSeconds`. */
export class QueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`image queue full; retry after ${retryAfterSeconds} s`)
  }
}

/**
 * The answer to a call whose image found the queue full: 503 `imagesBusy`, with Retry-After set on `reply`, so
 * the client knows when to try again.
 */
export function imagesBusy(reply: FastifyReply, error: QueueFullError): HttpError {
  reply.header('retry-after', String(error.retryAfterSeconds))
  return new HttpError(503, { code: 'imagesBusy', params: { seconds: error.retryAfterSeconds } })
}
