import { analyticsAnswer } from '@store/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { salesFigures } from './repository.ts'

const tags = ['analytics']

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.services

  app.get(
    '/admin/analytics',
    {
      schema: {
        summary:
          "The dashboard's sales figures: orders, amounts, units sold and shipping, all time, this month and today (cancelled orders excluded)",
        tags,
        response: { 200: analyticsAnswer },
      },
    },
    async () => ({
      status: true,
      data: await salesFigures(db, app.services.now(), config.STORE_TZ),
      message: 'OK',
    }),
  )
}
