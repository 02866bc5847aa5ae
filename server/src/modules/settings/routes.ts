import { endpoints } from '@store/contract'
import { shopSettings } from '../../db/schema.ts'
import { implement } from '../../lib/endpoints.ts'
import { lockForChange } from '../../lib/row-lock.ts'
import { sentVersion } from '../../lib/versions.ts'
import { getShopSettings, updateShopSettings } from './repository.ts'

export const settingsRoutes = implement(endpoints.settings, (app) => {
  const { config } = app.services
  return {
    get: async (_request, _reply, { db }) => ({
      status: true,
      data: await getShopSettings(db, config.LOW_STOCK_THRESHOLD),
      message: 'OK',
    }),
    update: async (request, _reply, { db, audit }) => {
      // Locked first, so that `before` is the row the update changes.
      await lockForChange(db, shopSettings, shopSettings.id, 1)
      const before = await getShopSettings(db, config.LOW_STOCK_THRESHOLD)
      const updated = await updateShopSettings(db, request.body, {
        now: app.services.now(),
        sent: sentVersion(request),
        lowStockDefault: config.LOW_STOCK_THRESHOLD,
      })
      audit.entityId = '1'
      audit.diff(before, updated)
      return { status: true, data: updated, message: 'Settings saved' }
    },
  }
})
