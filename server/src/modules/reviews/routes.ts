import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

// Placeholder until this module is written.
export const reviewRoutes: FastifyPluginAsyncZod = async () => {}
