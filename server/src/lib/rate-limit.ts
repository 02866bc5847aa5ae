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

/** The limit store (Redis) could not be asked: a command failed or timed out, or it failed moments ago. */
export class LimitStoreDown extends Error {
  constructor(cause?: unknown) {
    super('the limit store cannot be reached', { cause })
  }
}

/** How long the limit store counts as down after a command failed; also the Retry-After of the 503s meanwhile. */
export const LIMIT_STORE_REST_MS = 5_000
/** How often, at most, a limit store that stays down is logged. */
const LOG_EVERY_MS = 60_000

/**
 * Whether one Redis connection is worth asking. After a command fails (refused, dropped, or no answer within
 * the command timeout) it counts as down for `LIMIT_STORE_REST_MS`: meanwhile every call fails at once instead
 * of waiting out the timeout again, and the first call after that asks Redis again. The failure is logged when
 * it starts and then at most once a minute, and its end once.
 */
export class LimitStoreHealth {
  private downUntil = Number.NEGATIVE_INFINITY
  private loggedAt = Number.NEGATIVE_INFINITY
  private failing = false

  constructor(
    private readonly clock: () => number,
    private readonly log: { warn(o: object, m: string): void; info(m: string): void },
  ) {}

  /** Whether the store failed moments ago, so a call should not wait for it. */
  resting(): boolean {
    return this.clock() < this.downUntil
  }

  failed(error: unknown): void {
    const now = this.clock()
    this.downUntil = now + LIMIT_STORE_REST_MS
    this.failing = true
    if (now - this.loggedAt >= LOG_EVERY_MS) {
      this.loggedAt = now
      this.log.warn({ err: error }, 'limit store (Redis) unreachable')
    }
  }

  answered(): void {
    if (!this.failing) return
    this.failing = false
    this.loggedAt = Number.NEGATIVE_INFINITY
    this.log.info('limit store (Redis) reachable again')
  }

  /** `down` while a failure is recent and nothing has answered since. */
  state(): 'up' | 'down' {
    return this.failing ? 'down' : 'up'
  }

  /** Runs one command unless the store is resting; any failure of it is a `LimitStoreDown`. */
  async run<T>(command: () => Promise<T>): Promise<T> {
    if (this.resting()) throw new LimitStoreDown()
    try {
      const answer = await command()
      this.answered()
      return answer
    } catch (error) {
      this.failed(error)
      throw new LimitStoreDown(error)
    }
  }
}

/**
 * Counters in Redis, shared by every process of the store. When Redis cannot be asked every method throws
 * `LimitStoreDown`: the caller decides between refusing the attempt (two-step codes, reset requests: a 503) and
 * counting it in this process instead (sign-in, `FallbackLimiter`).
 */
export class RedisLimiter implements AttemptLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly health: LimitStoreHealth,
  ) {}

  async take(key: string, gate: Gate, now: number): Promise<Verdict> {
    const [refused, retryMs] = (await this.health.run(() =>
      this.redis.eval(
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
      ),
    )) as [number, number]
    if (refused === 0) return { ok: true }
    return { ok: false, reason: refused === 1 ? 'limit' : 'wait', retryMs: Number(retryMs) }
  }

  async giveBack(key: string, now: number): Promise<void> {
    await this.health.run(() => this.redis.eval(GIVE_BACK, 1, this.prefix + key, now))
  }

  async reset(key: string): Promise<void> {
    await this.health.run(() => this.redis.del(this.prefix + key))
  }

  async remember(key: string, until: number, now: number): Promise<void> {
    await this.health.run(() =>
      this.redis.set(this.prefix + key, String(until), 'PX', Math.max(until - now, 1)),
    )
  }

  async remembers(key: string, now: number): Promise<boolean> {
    return Number(await this.health.run(() => this.redis.get(this.prefix + key))) > now
  }
}

/**
 * The sign-in counters: in Redis, and in this process for every call Redis cannot answer. Staff can still sign
 * in while Redis is away, and are still limited, per process, as without `REDIS_URL`.
 */
export class FallbackLimiter implements AttemptLimiter {
  constructor(
    private readonly shared: AttemptLimiter,
    private readonly local: AttemptLimiter = new MemoryLimiter(),
  ) {}

  private async either<T>(call: (store: AttemptLimiter) => Promise<T>): Promise<T> {
    try {
      return await call(this.shared)
    } catch (error) {
      if (!(error instanceof LimitStoreDown)) throw error
      return call(this.local)
    }
  }

  take(key: string, gate: Gate, now: number) {
    return this.either((s) => s.take(key, gate, now))
  }
  giveBack(key: string, now: number) {
    return this.either((s) => s.giveBack(key, now))
  }
  reset(key: string) {
    return this.either((s) => s.reset(key))
  }
  remember(key: string, until: number, now: number) {
    return this.either((s) => s.remember(key, until, now))
  }
  remembers(key: string, now: number) {
    return this.either((s) => s.remembers(key, now))
  }
}

/**
 * A client that never holds a command long: one that Redis has not answered within 500 ms fails (a host that
 * stopped answering), and so does one queued while the connection is down once the reconnection attempt fails.
 */
export const connectRedis = (url: string) =>
  new Redis(url, {
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: true,
    connectTimeout: 2_000,
    lazyConnect: false,
  })

export const REDIS_COMMAND_TIMEOUT_MS = 500
