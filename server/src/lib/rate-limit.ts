import { Redis } from 'ioredis'

/**
 * How many attempts a key may make in a fixed window, and how fast: once `delayAfter` attempts are counted,
 * each further one must come `delayBaseMs` after the one before, doubling each time up to `delayMaxMs`.
 */
export interface Gate {
  max: number
  windowMs: number
  delayAfter?: number
  delayBaseMs?: number
  delayMaxMs?: number
}

/** An attempt let through (and counted), or refused: over the window's limit, or too soon after the last. */
export type Verdict = { ok: true } | { ok: false; reason: 'limit' | 'wait'; retryMs: number }

/**
 * Where the sign-in counters live: in this process (MemoryLimiter) or in Redis (RedisLimiter). Every method
 * takes the app's clock reading, so the windows follow the clock the app is given, in both stores alike.
 */
export interface AttemptLimiter {
  /** Counts one attempt under `key` unless `gate` refuses it; the check and the count are one step. */
  take(key: string, gate: Gate, now: number): Promise<Verdict>
  /** Takes back one attempt `take` counted, when it turned out not to be a failure. */
  giveBack(key: string, now: number): Promise<void>
  /** Forgets every attempt under `key`, after a successful sign-in for instance. */
  reset(key: string): Promise<void>
  /** Remembers `key` until the time `until`. */
  remember(key: string, until: number, now: number): Promise<void>
  /** Whether `key` is remembered at `now`. */
  remembers(key: string, now: number): Promise<boolean>
}

interface Count {
  /** Attempts counted in this window. */
  n: number
  /** When the last of them came. */
  last: number
  /** When the window ends. */
  resetAt: number
}

/** The wait a gate asks for before the attempt after `counted` ones: 0 until `delayAfter`, then doubling. */
export function delayMs(gate: Gate, counted: number): number {
  const after = gate.delayAfter ?? Number.POSITIVE_INFINITY
  if (counted < after) return 0
  return Math.min((gate.delayBaseMs ?? 1_000) * 2 ** (counted - after), gate.delayMaxMs ?? 60_000)
}

/**
 * Counters kept in this process: right for one process per store, the default. Behind a balancer each process
 * would count on its own, so set `REDIS_URL` there (RedisLimiter).
 */
export class MemoryLimiter implements AttemptLimiter {
  private readonly counts = new Map<string, Count>()
  private readonly known = new Map<string, number>()
  // Expired entries are swept when a map doubles past its size at the last sweep: amortised, so a flood of
  // new keys does not turn every attempt into a walk over all of them.
  private sweepAt = { counts: 10_000, known: 10_000 }

  async take(key: string, gate: Gate, now: number): Promise<Verdict> {
    if (this.counts.size > this.sweepAt.counts) {
      for (const [k, c] of this.counts) if (c.resetAt <= now) this.counts.delete(k)
      this.sweepAt.counts = Math.max(10_000, this.counts.size * 2)
    }
    let count = this.counts.get(key)
    if (!count || count.resetAt <= now) count = { n: 0, last: 0, resetAt: now + gate.windowMs }
    if (count.n >= gate.max) return { ok: false, reason: 'limit', retryMs: count.resetAt - now }
    const wait = delayMs(gate, count.n)
    if (wait > 0 && now < count.last + wait)
      return { ok: false, reason: 'wait', retryMs: count.last + wait - now }
    this.counts.set(key, { n: count.n + 1, last: now, resetAt: count.resetAt })
    return { ok: true }
  }

  async giveBack(key: string, now: number): Promise<void> {
    const count = this.counts.get(key)
    if (count && count.resetAt > now && count.n > 0) count.n -= 1
  }

  async reset(key: string): Promise<void> {
    this.counts.delete(key)
  }

  async remember(key: string, until: number, now: number): Promise<void> {
    if (this.known.size > this.sweepAt.known) {
      for (const [k, u] of this.known) if (u <= now) this.known.delete(k)
      this.sweepAt.known = Math.max(10_000, this.known.size * 2)
    }
    this.known.set(key, until)
  }

  async remembers(key: string, now: number): Promise<boolean> {
    return (this.known.get(key) ?? 0) > now
  }
}

// MemoryLimiter.take in one Redis step, so processes sharing a key cannot both slip past its limit. A hash holds
// n (attempts), t (the last one) and r (the window's end), all on the app's clock; the key's own expiry only
// clears it away once its window is over.
const TAKE = `local now, max, window = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local after, base, cap = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local s = redis.call('HMGET', KEYS[1], 'n', 't', 'r')
local n, t, r = tonumber(s[1]), tonumber(s[2]), tonumber(s[3])
if not n or not t or not r or r <= now then n, t, r = 0, 0, now + window end
if n >= max then return {1, r - now} end
if n >= after then
  local ready = t + math.min(base * 2 ^ (n - after), cap)
  if now < ready then return {2, ready - now} end
end
redis.call('HSET', KEYS[1], 'n', n + 1, 't', now, 'r', r)
redis.call('PEXPIRE', KEYS[1], math.max(r - now, 1))
return {0, 0}`

const GIVE_BACK = `local s = redis.call('HMGET', KEYS[1], 'n', 'r')
local n, r = tonumber(s[1]), tonumber(s[2])
if n and r and n > 0 and r > tonumber(ARGV[1]) then redis.call('HINCRBY', KEYS[1], 'n', -1) end
return 0`

/**
 * Counters in Redis, shared by every process of the store. If Redis cannot be reached the attempt is let
 * through and the failure reported: an outage of the counters must not lock the staff out of the shop
 * (the password hash still makes each guess slow).
 */
export class RedisLimiter implements AttemptLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  async take(key: string, gate: Gate, now: number): Promise<Verdict> {
    try {
      const [refused, retryMs] = (await this.redis.eval(
        TAKE,
        1,
        this.prefix + key,
        now,
        gate.max,
        gate.windowMs,
        // Lua has no infinity in ARGV; a count no window reaches stands for "never slow down".
        gate.delayAfter ?? 1e15,
        gate.delayBaseMs ?? 1_000,
        gate.delayMaxMs ?? 60_000,
      )) as [number, number]
      if (refused === 0) return { ok: true }
      return { ok: false, reason: refused === 1 ? 'limit' : 'wait', retryMs: Number(retryMs) }
    } catch (error) {
      this.onError(error)
      return { ok: true }
    }
  }

  async giveBack(key: string, now: number): Promise<void> {
    await this.attempt(() => this.redis.eval(GIVE_BACK, 1, this.prefix + key, now))
  }

  async reset(key: string): Promise<void> {
    await this.attempt(() => this.redis.del(this.prefix + key))
  }

  async remember(key: string, until: number, now: number): Promise<void> {
    await this.attempt(() => this.redis.set(this.prefix + key, String(until), 'PX', Math.max(until - now, 1)))
  }

  async remembers(key: string, now: number): Promise<boolean> {
    try {
      return Number(await this.redis.get(this.prefix + key)) > now
    } catch (error) {
      this.onError(error)
      return false
    }
  }

  private async attempt(command: () => Promise<unknown>): Promise<void> {
    try {
      await command()
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
