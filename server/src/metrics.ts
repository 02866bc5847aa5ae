import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { PoolState } from './db/client.ts'
import type { EmbeddedMemory } from './db/pglite.ts'
import { decodeQueueOf } from './modules/files/routes.ts'

/**
 * `GET /metrics` (CONTRACT 4.9): Prometheus' text format, for a scraper every 15 to 60 s.
 * - `http_request_duration_seconds{method, route, status_code}`: a histogram of every answer, by the route's
 *   pattern (`/api/admin/products/:id`, never the id itself, so a series per route, not per record). The web
 *   app's files are one route, `(web app)`; an address no route matches is `(none)`.
 * - `store_db_pool_connections{state}` (`total`, `idle`, `waiting`, `max`): the PostgreSQL pool; absent on
 *   the embedded database, which has no pool.
 * - `store_image_decodes{state}` (`running`, `waiting`): the image decode queue of uploads.
 * - `store_embedded_db_memory_bytes{part}` (`wasm`, `heap_used`, `heap_total`): the embedded database's
 *   WebAssembly memory and the V8 heap of the thread it runs on; absent on a PostgreSQL server.
 * - The process: prom-client's defaults (CPU, memory, event loop delay, handles, garbage collection), under
 *   their usual names, so the usual Node.js dashboards read them.
 * With METRICS_TOKEN set it answers only `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise).
 */
export function serveMetrics(
  app: FastifyInstance,
  options: {
    token?: string | undefined
    pool?: (() => PoolState) | undefined
    embeddedMemory?: (() => Promise<EmbeddedMemory>) | undefined
  },
) {
  const registry = new Registry()
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method, route and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const pool = options.pool
  if (pool) {
    new Gauge({
      name: 'store_db_pool_connections',
      help: 'Connections of the PostgreSQL pool: open (total), idle, queries waiting for one, and the most it opens',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const now = pool()
        for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, now[state])
      },
    })
  }
  const embeddedMemory = options.embeddedMemory
  if (embeddedMemory) {
    new Gauge({
      name: 'store_embedded_db_memory_bytes',
      help: "The embedded database's WebAssembly memory, and the V8 heap of its thread in use and reserved",
      labelNames: ['part'] as const,
      registers: [registry],
      async collect() {
        const now = await embeddedMemory()
        this.set({ part: 'wasm' }, now.wasmBytes)
        this.set({ part: 'heap_used' }, now.heapUsedBytes)
        this.set({ part: 'heap_total' }, now.heapTotalBytes)
      },
    })
  }
  new Gauge({
    name: 'store_image_decodes',
    help: 'Uploaded images being decoded now, and waiting for a lane',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const load = decodeQueueOf(app.services)?.load ?? { running: 0, waiting: 0 }
      this.set({ state: 'running' }, load.running)
      this.set({ state: 'waiting' }, load.waiting)
    },
  })

  app.addHook('onResponse', async (request, reply) => {
    durations.observe(
      { method: request.method, route: routeOf(request), status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    )
  })

  const expected = options.token === undefined ? undefined : digest(`Bearer ${options.token}`)
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (expected) {
      const sent = request.headers.authorization
      if (sent === undefined || !timingSafeEqual(digest(sent), expected)) {
        reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').type('text/plain; charset=utf-8')
        return 'METRICS_TOKEN is set: send Authorization: Bearer <METRICS_TOKEN>\n'
      }
    }
    const text = (await processRegistry().metrics()) + (await registry.metrics())
    reply.type(registry.contentType).header('cache-control', 'no-store')
    return text
  })
}

/** The route a request matched, as its pattern; the web app's files as one. */
function routeOf(request: FastifyRequest): string {
  const url = request.routeOptions.url
  if (url === undefined) return '(none)'
  return url.startsWith('/api/') || url === '/api' || url === '/metrics' ? url : '(web app)'
}

const digest = (text: string) => createHash('sha256').update(text).digest()

let processMetrics: Registry | undefined
/**
 * The process's own metrics, one set per process: every app of a process (the tests build many) reports the
 * same CPU and memory, and each set starts timers of its own.
 */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry()
    collectDefaultMetrics({ register: processMetrics })
  }
  return processMetrics
}
