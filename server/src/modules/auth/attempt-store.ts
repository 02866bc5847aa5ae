import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { type AttemptLimiter, connectRedis, MemoryLimiter, RedisLimiter } from '../../lib/rate-limit.ts'
import type { Services } from '../../types.ts'

/** One Redis connection an app for every kind of counter, closed with the app. */
const connections = new WeakMap<Services, Redis>()

function redisOf(app: FastifyInstance, url: string): Redis {
  const known = connections.get(app.services)
  if (known) return known
  const redis = connectRedis(url)
  // ioredis reports connection trouble as events; without a listener Node would treat them as fatal.
  redis.on('error', () => {})
  app.addHook('onClose', async () => {
    connections.delete(app.services)
    redis.disconnect()
  })
  connections.set(app.services, redis)
  return redis
}

/**
 * The counters of one kind of attempt (sign-ins, reset requests, two-step codes): in Redis under `prefix` when
 * `REDIS_URL` is set, so every process shares them, else in this process. When Redis cannot be reached an
 * attempt is let through and the failure logged: an outage of the counters must not lock the staff out.
 */
export function attemptStore(app: FastifyInstance, prefix: string, what: string): AttemptLimiter {
  const url = app.services.config.REDIS_URL
  if (!url) return new MemoryLimiter()
  return new RedisLimiter(redisOf(app, url), prefix, (err) =>
    app.log.error({ err }, `${what}: Redis unreachable, attempt let through`),
  )
}
