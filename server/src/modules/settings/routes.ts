import { endpoints } from '@store/contract'
import { implement } from '../../lib/endpoints.ts'
import { sentVersion } from '../../lib/versions.ts'
import { getShopSettings, lockShopSettings, updateShopSettings } from './repository.ts'

export const settingsRoutes = implement(endpoints.settings, (app) => {
  const { config } = app.services
  return {
    get: async (_request, _reply, { db }) => ({
      status: true,
      data: await getShopSettings(db, config.LOW_STOCK_THRESHOLD),
      message: 'OK',
    }),
    update: async (request, _reply, { db, audit }) => {
      // Named first: a refusal as edited meanwhile looks the record's last change up by it.
      audit.entityId = '1'
      const before = await lockShopSettings(db, config.LOW_STOCK_THRESHOLD)
      const updated = await updateShopSettings(db, request.body, {
        now: app.services.now(),
        sent: sentVersion(request),
        lowStockDefault: config.LOW_STOCK_THRESHOLD,
      })
      audit.diff(before, updated)
      return { status: true, data: updated, message: 'Settings saved' }
    },
  }
})
