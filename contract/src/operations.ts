import { z } from 'zod'
import { envelope } from './common.ts'
import { defineEndpoints } from './endpoint.ts'

export const healthAnswer = z.object({
  status: z.boolean(),
  data: z.object({
    database: z.enum(['up', 'down']),
    /**
     * The store of the sign-in, two-step and reset limits: Redis answering or not, `notConfigured` without
     * `REDIS_URL` (the limits are then in each process). Its state does not change the status code.
     */
    redis: z.enum(['up', 'down', 'notConfigured']),
    uptimeSeconds: z.number(),
  }),
  message: z.string(),
})

/** What the web app needs of the server's settings. */
export const storeConfig = z.object({
  /** `STORE_TZ`: the zone of the store's calendar; every date on screen is shown in it. */
  storeTimeZone: z.string(),
  /** `UPLOAD_MAX_MB`: the largest image an upload takes. */
  uploadMaxMb: z.number(),
  /** `LOW_STOCK_THRESHOLD`: a product with 1 to this many units is low on stock (the list's mark and filter). */
  lowStockThreshold: z.number().int(),
})
export type StoreConfig = z.infer<typeof storeConfig>

export const operationEndpoints = defineEndpoints('operations', {
  health: {
    method: 'GET',
    path: '/health',
    summary: 'Is the server up, its database reachable (else 503), and its Redis of the limits',
    public: true,
    answer: healthAnswer,
    responses: { 200: healthAnswer, 503: healthAnswer },
  },
  config: {
    method: 'GET',
    path: '/admin/config',
    permission: 'signedIn',
    summary: "The settings the web app follows: the store's time zone and the upload size limit",
    answer: envelope(storeConfig),
  },
})
