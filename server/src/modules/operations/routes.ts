import { endpoints } from '@store/contract'
import { implement } from '../../lib/endpoints.ts'
import { limitStoreState } from '../auth/attempt-store.ts'
import { lowStockThreshold } from '../settings/repository.ts'
import { pingDatabase } from './repository.ts'

export const operationRoutes = implement(endpoints.operations, (app) => ({
  health: async (request, reply) => {
    const uptimeSeconds = Math.round(process.uptime())
    // Redis is asked beside the database, not after it: each has its own timeout, and the answer waits for one.
    const redisState = limitStoreState(app)
    try {
      await pingDatabase(app.services.db)
      const redis = await redisState
      return { status: true, data: { database: 'up' as const, redis, uptimeSeconds }, message: 'OK' }
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable')
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({
          status: false,
          data: { database: 'down' as const, redis: await redisState, uptimeSeconds },
          message: 'The database is unreachable',
        })
    }
  },
  // The threshold is the one saved on the Settings screen, else LOW_STOCK_THRESHOLD (CONTRACT 4.7).
  config: async (_request, _reply, { db }) => ({
    status: true,
    data: {
      storeTimeZone: app.services.config.STORE_TZ,
      uploadMaxMb: app.services.config.UPLOAD_MAX_MB,
      lowStockThreshold: await lowStockThreshold(db, app.services.config.LOW_STOCK_THRESHOLD),
    },
    message: 'OK',
  }),
}))
