import { endpoints } from '@store/contract'
import { implement } from '../../lib/endpoints.ts'
import { lowStockThreshold } from '../settings/repository.ts'
import { pingDatabase } from './repository.ts'

export const operationRoutes = implement(endpoints.operations, (app) => ({
  health: async (request, reply) => {
    const uptimeSeconds = Math.round(process.uptime())
    try {
      await pingDatabase(app.services.db)
      return { status: true, data: { database: 'up' as const, uptimeSeconds }, message: 'OK' }
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable')
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({
          status: false,
          data: { database: 'down' as const, uptimeSeconds },
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
