import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { analyticsRoutes } from './analytics/routes.ts'
import { auditRoutes } from './audit/routes.ts'
import { authRoutes } from './auth/routes.ts'
import { brandRoutes } from './brands/routes.ts'
import { categoryRoutes } from './categories/routes.ts'
import { eventRoutes } from './events/routes.ts'
import { fileRoutes } from './files/routes.ts'
import { operationRoutes } from './operations/routes.ts'
import { orderRoutes } from './orders/routes.ts'
import { placeRoutes } from './places/routes.ts'
import { productRoutes } from './products/routes.ts'
import { reviewRoutes } from './reviews/routes.ts'
import { settingsRoutes } from './settings/routes.ts'
import { shipmentRoutes } from './shipments/routes.ts'
import { staffRoutes } from './staff/routes.ts'
import { userRoutes } from './users/routes.ts'

/** Every group of the endpoint table with its handlers, each a Fastify plugin mounted under `/api`. */
export const modules: FastifyPluginAsyncZod[] = [
  operationRoutes,
  authRoutes,
  userRoutes,
  staffRoutes,
  categoryRoutes,
  brandRoutes,
  productRoutes,
  reviewRoutes,
  orderRoutes,
  shipmentRoutes,
  analyticsRoutes,
  fileRoutes,
  auditRoutes,
  settingsRoutes,
  placeRoutes,
  eventRoutes,
]
