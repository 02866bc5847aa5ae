import { endpoints } from '@store/contract'
import { implement } from '../../lib/endpoints.ts'
import { salesFigures, salesPerDay } from './repository.ts'

export const analyticsRoutes = implement(endpoints.analytics, (app) => {
  const { config } = app.services
  return {
    figures: async (_request, _reply, { db }) => ({
      status: true,
      data: await salesFigures(db, app.services.now(), config.STORE_TZ),
      message: 'OK',
    }),
    salesPerDay: async (request, _reply, { db }) => ({
      status: true,
      data: await salesPerDay(db, app.services.now(), config.STORE_TZ, request.query.days),
      message: 'OK',
    }),
  }
})
