import { endpoints } from '@store/contract'
import { sendCsv, storeTime } from '../../lib/csv.ts'
import { implement } from '../../lib/endpoints.ts'
import { toDbId } from '../../lib/ids.ts'
import { sentVersion } from '../../lib/versions.ts'
import { requireStoredFiles } from '../files/stores.ts'
import {
  allBrands,
  brandBatches,
  createBrand,
  deleteBrand,
  getBrand,
  listBrands,
  lockBrand,
  updateBrand,
} from './repository.ts'

export const brandRoutes = implement(endpoints.brands, (app) => {
  const { config } = app.services
  return {
    list: async (request, _reply, { db }) => ({
      status: true,
      ...(await listBrands(db, request.query)),
      message: 'OK',
    }),
    export: async (request, reply) =>
      sendCsv(reply, {
        list: 'brands',
        now: app.services.now(),
        timeZone: config.STORE_TZ,
        header: ['id', 'name', 'slug', 'logo', 'createdAt', 'updatedAt'],
        batches: brandBatches(app.services.database.longDb, request.query, config.EXPORT_BATCH_ROWS),
        row: (b) => [
          String(b.id),
          b.name,
          b.slug,
          b.logo,
          storeTime(b.createdAt, config.STORE_TZ),
          storeTime(b.updatedAt, config.STORE_TZ),
        ],
      }),
    all: async (_request, _reply, { db }) => ({ status: true, data: await allBrands(db), message: 'OK' }),
    get: async (request, _reply, { db }) => ({
      status: true,
      data: await getBrand(db, toDbId(request.params.id)),
      message: 'OK',
    }),
    create: async (request, _reply, { db, audit }) => {
      await requireStoredFiles(app.services.files, 'logo', [request.body.logo])
      const created = await createBrand(db, request.body, app.services.now())
      audit.created(created)
      return { status: true, data: created, message: 'Brand created' }
    },
    update: async (request, _reply, { db, audit }) => {
      const id = toDbId(request.params.id)
      const before = await lockBrand(db, id)
      await requireStoredFiles(app.services.files, 'logo', [request.body.logo], [before.logo])
      const updated = await updateBrand(db, id, request.body, app.services.now(), sentVersion(request))
      audit.diff(before, updated)
      return { status: true, data: updated, message: 'Brand updated' }
    },
    remove: async (request, _reply, { db, audit }) => {
      const id = toDbId(request.params.id)
      audit.deleted(await lockBrand(db, id))
      await deleteBrand(db, id)
      return { status: true, data: null, message: 'Brand deleted' }
    },
  }
})
