import { analyticsAnswer, salesPerDayAnswer, salesPerDayQuery } from '@store/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { salesFigures, salesPerDay } from './repository.ts'

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

  app.get(
    '/admin/analytics/sales-per-day',
    {
      schema: {
        summary:
          "Sales per day of the store's calendar (STORE_TZ): the last `days` days ending today, oldest first, with zeros for days without sales (cancelled orders excluded)",
        tags,
        querystring: salesPerDayQuery,
        response: { 200: salesPerDayAnswer },
      },
    },
    async (request) => ({
      status: true,
      data: await salesPerDay(db, app.services.now(), config.STORE_TZ, request.query.days),
      message: 'OK',
    }),
  )
}
