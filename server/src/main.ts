import cluster from 'node:cluster'
import path from 'node:path'
import { buildApp } from './app.ts'
import { serveBackups } from './backup/control.ts'
import { ensureAdmin, resolveJwtSecret } from './bootstrap.ts'
import { ConfigError, loadConfig } from './config.ts'
import { migrate, openDatabase } from './db/client.ts'
import { lockDataDir } from './db/lock.ts'
import { logFormat, loggerOptions } from './logging.ts'
import { buildWebApp } from './web/build.ts'
import { isWebBuilt, WEB_DIST } from './web/static.ts'
import { superviseWorkers } from './workers.ts'

async function main() {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }

  // WEB_CONCURRENCY workers (PostgreSQL only): this process prepares the store once, then starts them and
  // watches over them; each worker serves requests on the shared port.
  if (cluster.isWorker) return serveAsWorker(config)

  // One process per data folder, before anything opens it: two processes on one embedded database each lose
  // the other's writes. A second start exits here (Start-up failed: … in use by process N). With DATABASE_URL
  // the database is the server's, which serves any number of processes, and the lock is not taken: processes
  // scaled out behind a load balancer share one uploads folder through their DATA_DIR (docs/operations.md).
  const lock = config.DATABASE_URL ? undefined : lockDataDir(config.DATA_DIR)

  // `npm install` builds the web app; a checkout that skipped it (or deleted web/dist) builds it here once.
  const webDir = config.WEB_DIR ? path.resolve(config.WEB_DIR) : WEB_DIST
  if (!config.WEB_DIR && !isWebBuilt(webDir)) await buildWebApp()

  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.resolve(config.DATA_DIR, 'db'),
    thread: config.EMBEDDED_DB_THREAD,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_SECONDS * 1_000,
  })
  await migrate(database)
  const format = logFormat(config)
  const app = await buildApp({
    config,
    database,
    jwtSecret: resolveJwtSecret(config),
    webDir: isWebBuilt(webDir) ? webDir : undefined,
    logger: loggerOptions(config, format),
  })
  if (lock?.recovered)
    app.log.warn(
      `took over the lock of ${lock.dir} from process ${lock.recovered.pid} (since ${lock.recovered.since}), which is no longer running`,
    )
  // `npm run backup` asks this process for a copy of the embedded database (nothing else may open it).
  const backups = await serveBackups(config.DATA_DIR, database, app.log)
  await ensureAdmin(database.db, config, app.log, format)
  if (config.SEED_DEMO) {
    // Loaded only here: the demo's pictures need sharp, which a server that takes no upload never loads.
    const { seedDemoIfEmpty } = await import('./seed/demo.ts')
    await seedDemoIfEmpty(app.services, app.log)
  }

  if (config.WEB_CONCURRENCY > 1) {
    // The store is migrated, has its administrator and its demo: the workers only serve.
    await app.close()
    await backups.close()
    await database.close()
    superviseWorkers(config.WEB_CONCURRENCY, app.log, () =>
      app.log.info(
        `Store back-office ready at http://localhost:${config.PORT} (API at /api, documentation at /api/docs), ${config.WEB_CONCURRENCY} worker processes`,
      ),
    )
    return
  }

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal} received: finishing requests in flight, then closing the database`)
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting')
      process.exit(1)
    }, 10_000)
    // A keep-alive connection whose request finishes after the signal would otherwise hold the port open until
    // it times out; close each one as soon as it falls idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100)
    try {
      await app.close()
      clearInterval(sweep)
      await backups.close()
      await database.close()
      lock?.release()
      clearTimeout(timer)
      process.exit(0)
    } catch (err) {
      app.log.error({ err }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ host: config.HOST, port: config.PORT })
  app.log.info(
    `Store back-office ready at http://localhost:${config.PORT} (API at /api, documentation at /api/docs)`,
  )
}

/**
 * A worker of WEB_CONCURRENCY: the primary has built the web app, migrated the database and made the
 * administrator, so it opens the database, builds the app and listens on the port the workers share. It stops
 * on SIGTERM as a single process does, and when the primary is gone.
 */
async function serveAsWorker(config: ReturnType<typeof loadConfig>) {
  const webDir = config.WEB_DIR ? path.resolve(config.WEB_DIR) : WEB_DIST
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.resolve(config.DATA_DIR, 'db'),
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_SECONDS * 1_000,
  })
  const app = await buildApp({
    config,
    database,
    jwtSecret: resolveJwtSecret(config),
    webDir: isWebBuilt(webDir) ? webDir : undefined,
    logger: loggerOptions(config, logFormat(config)),
  })
  let closing = false
  const shutdown = async () => {
    if (closing) return
    closing = true
    const timer = setTimeout(() => process.exit(1), 10_000)
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100)
    try {
      await app.close()
      clearInterval(sweep)
      await database.close()
      clearTimeout(timer)
      process.exit(0)
    } catch (err) {
      app.log.error({ err }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown())
  process.on('SIGINT', () => void shutdown())
  process.on('disconnect', () => void shutdown())
  await app.listen({ host: config.HOST, port: config.PORT })
  app.log.info(`worker ${process.pid} listening`)
}

main().catch((error) => {
  console.error('Start-up failed:', error instanceof Error ? error.message : error)
  process.exit(1)
})
