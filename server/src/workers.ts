import cluster, { type Worker } from 'node:cluster'
import type { FastifyBaseLogger } from 'fastify'

/** Restarts of crashed workers within this many milliseconds that mean the workers cannot run at all. */
const CRASH_WINDOW_MS = 60_000
const CRASHES_ALLOWED = 5
const STOP_TIMEOUT_MS = 15_000

/**
 * The primary process of `WEB_CONCURRENCY=n` (docs/operations.md, "Worker processes"): starts n workers, which
 * share the port (Node's cluster module hands connections out in turn), starts another when one dies, and on
 * SIGTERM or SIGINT asks each to finish its requests and exit, then exits itself. `ready` is called once, when
 * all n listen. A worker that dies more than 5 times a minute is not started again: the primary exits 1, since
 * a process manager restarting everything is then the better remedy.
 */
export function superviseWorkers(count: number, log: FastifyBaseLogger, ready: () => void): void {
  let stopping = false
  let listening = 0
  const crashes: number[] = []

  const start = () => cluster.fork()
  cluster.on('listening', () => {
    listening++
    if (listening === count) ready()
  })
  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log.info('every worker has stopped')
        process.exit(0)
      }
      return
    }
    const now = Date.now()
    crashes.push(now)
    while (crashes.length > 0 && crashes[0]! < now - CRASH_WINDOW_MS) crashes.shift()
    if (crashes.length > CRASHES_ALLOWED) {
      log.fatal(`workers died ${crashes.length} times within a minute; stopping`)
      stopping = true
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM')
      setTimeout(() => process.exit(1), STOP_TIMEOUT_MS).unref()
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1)
      return
    }
    log.error(`worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`)
    start()
  })

  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    log.info(`${signal} received: asking ${count} workers to finish their requests`)
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
    setTimeout(() => {
      log.error(`workers took longer than ${STOP_TIMEOUT_MS / 1000} s to stop; exiting`)
      process.exit(1)
    }, STOP_TIMEOUT_MS).unref()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))

  for (let i = 0; i < count; i++) start()
}
