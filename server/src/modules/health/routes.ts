import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

const healthAnswer = z.object({
  status: z.boolean(),
  data: z.object({ database: z.enum(['up', 'down']), uptimeSeconds: z.number() }),
  message: z.string(),
})

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        summary: 'Is the server up and its database reachable',
        tags: ['operations'],
        response: { 200: healthAnswer, 503: healthAnswer },
      },
    },
    async (request, reply) => {
      const uptimeSeconds = Math.round(process.uptime())
      try {
        await app.services.db.execute(sql`select 1`)
        return { status: true, data: { database: 'up' as const, uptimeSeconds }, message: 'OK' }
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable')
        return reply.code(503).send({
          status: false,
          data: { database: 'down' as const, uptimeSeconds },
          message: 'The database is unreachable',
        })
      }
    },
  )
}
