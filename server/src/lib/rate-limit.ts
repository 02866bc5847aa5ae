import { Redis } from 'ioredis'

/** Counts attempts per key in fixed windows; `take` is false once a key has used up its window. */
export interface AttemptLimiter {
  take(key: string): Promise<boolean>
  /** Forgets `key`, after a successful sign-in for instance. */
  reset(key: string): Promise<void>
}

/**
 * Counters kept in this process: right for one process per store, the default. Behind a balancer each process
 * would count on its own, so set `REDIS_URL` there (RedisLimiter).
 */
export class MemoryLimiter implements AttemptLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>()

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async take(key: string): Promise<boolean> {
    const t = this.now()
    if (this.hits.size > 10_000) this.sweep(t)
    const entry = this.hits.get(key)
    if (!entry || entry.resetAt <= t) {
      this.hits.set(key, { count: 1, resetAt: t + this.windowMs })
      return true
    }
    entry.count += 1
    return entry.count <= this.max
  }

  async reset(key: string): Promise<void> {
    this.hits.delete(key)
  }

  private sweep(t: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= t) this.hits.delete(key)
  }
}

// INCR and the first PEXPIRE in one step, so a key can never be left counting without an expiry.
const TAKE = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`

/**
 * Counters in Redis, shared by every process of the store. If Redis cannot be reached the attempt is let
 * through and the failure reported: an outage of the counters must not lock the staff out of the shop
 * (the password hash still makes each guess slow).
 */
export class RedisLimiter implements AttemptLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  async take(key: string): Promise<boolean> {
    try {
      const count = Number(await this.redis.eval(TAKE, 1, this.prefix + key, this.windowMs))
      return count <= this.max
    } catch (error) {
      this.onError(error)
      return true
    }
  }

  async reset(key: string): Promise<void> {
    try {
      await this.redis.del(this.prefix + key)
    } catch (error) {
      this.onError(error)
    }
  }
}

/** A client that fails a command at once while Redis is away instead of queueing it for ever. */
export const connectRedis = (url: string) =>
  new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    lazyConnect: false,
  })
