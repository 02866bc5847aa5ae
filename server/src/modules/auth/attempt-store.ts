import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import {
  type AttemptLimiter,
  connectRedis,
  FallbackLimiter,
  LimitStoreHealth,
  MemoryLimiter,
  RedisLimiter,
} from '../../lib/rate-limit.ts'
import type { Services } from '../../types.ts'

/** One Redis connection an app for every kind of counter, with its health, closed with the app. */
const connections = new WeakMap<Services, { redis: Redis; health: LimitStoreHealth }>()

function redisOf(app: FastifyInstance, url: string) {
  const known = connections.get(app.services)
  if (known) return known
  const redis = connectRedis(url)
  // ioredis reports connection trouble as events, one per reconnection attempt; without a listener Node would
  // treat them as fatal. The commands that fail are what is logged (LimitStoreHealth, once a minute).
  redis.on('error', () => {})
  app.addHook('onClose', async () => {
    connections.delete(app.services)
    redis.disconnect()
  })
  const health = new LimitStoreHealth(() => app.services.now().getTime(), app.log)
  const connection = { redis, health }
  connections.set(app.services, connection)
  return connection
}

/**
 * The counters of one kind of attempt (sign-ins, reset requests, two-step codes): in Redis under `prefix` when
 * `REDIS_URL` is set, so every process shares them, else in this process. While Redis cannot be reached,
 * `fallback` counts in this process instead (sign-in: the staff are not locked out); without it the calls
 * throw `LimitStoreDown`, answered 503 (two-step codes, reset requests: no unlimited guessing meanwhile).
 */
export function attemptStore(
  app: FastifyInstance,
  prefix: string,
  whenDown: 'fallback' | 'refuse',
): AttemptLimiter {
  const url = app.services.config.REDIS_URL
  if (!url) return new MemoryLimiter()
  const { redis, health } = redisOf(app, url)
  const shared = new RedisLimiter(redis, prefix, health)
  return whenDown === 'fallback' ? new FallbackLimiter(shared) : shared
}

/** The limit store as the health check reports it: Redis answering a PING or not, or no Redis at all. */
export async function limitStoreState(app: FastifyInstance): Promise<'up' | 'down' | 'notConfigured'> {
  const url = app.services.config.REDIS_URL
  if (!url) return 'notConfigured'
  const { redis, health } = redisOf(app, url)
  try {
    await health.run(() => redis.ping())
    return 'up'
  } catch {
    return 'down'
  }
}
