import { analyticsEndpoints } from './analytics.ts'
import { auditEndpoints } from './audit.ts'
import { authEndpoints } from './auth.ts'
import { brandEndpoints } from './brands.ts'
import { categoryEndpoints } from './categories.ts'
import type { Endpoint } from './endpoint.ts'
import { eventEndpoints } from './events.ts'
import { fileEndpoints } from './files.ts'
import { operationEndpoints } from './operations.ts'
import { orderEndpoints } from './orders.ts'
import { placeEndpoints } from './places.ts'
import { productEndpoints } from './products.ts'
import { reviewEndpoints } from './reviews.ts'
import { settingsEndpoints } from './settings.ts'
import { shipmentEndpoints } from './shipments.ts'
import { staffEndpoints } from './staff.ts'
import { userEndpoints } from './users.ts'

/**
 * Every call of the API, by resource: its method, path, parameters, query, body, answer and summary, each
 * written here and nowhere else. The server registers each route from its entry (a route file holds only the
 * handler), the OpenAPI document is made from them, and the web app calls `api(endpoints.products.list, …)`.
 */
export const endpoints = {
  operations: operationEndpoints,
  auth: authEndpoints,
  users: userEndpoints,
  categories: categoryEndpoints,
  brands: brandEndpoints,
  products: productEndpoints,
  reviews: reviewEndpoints,
  orders: orderEndpoints,
  shipments: shipmentEndpoints,
  analytics: analyticsEndpoints,
  files: fileEndpoints,
  staff: staffEndpoints,
  audit: auditEndpoints,
  settings: settingsEndpoints,
  places: placeEndpoints,
  events: eventEndpoints,
} as const

export type Resource = keyof typeof endpoints

/** Every endpoint of the table, one after another. */
export const allEndpoints: Endpoint[] = Object.values(endpoints).flatMap((group) => Object.values(group))
