import { endpoints } from '@store/contract'
import { sendCsv, storeTime } from '../../lib/csv.ts'
import { implement } from '../../lib/endpoints.ts'
import { toDbId } from '../../lib/ids.ts'
import { sentVersion } from '../../lib/versions.ts'
import {
  allCategories,
  categoryBatches,
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  lockCategory,
  updateCategory,
} from './repository.ts'

export const categoryRoutes = implement(endpoints.categories, (app) => {
  const { config } = app.services
  return {
    list: async (request, _reply, { db }) => ({
      status: true,
      ...(await listCategories(db, request.query)),
      message: 'OK',
    }),
    export: async (request, reply) =>
      sendCsv(reply, {
        list: 'categories',
        now: app.services.now(),
        timeZone: config.STORE_TZ,
        header: ['id', 'name', 'slug', 'createdAt', 'updatedAt'],
        batches: categoryBatches(app.services.database.longDb, request.query, config.EXPORT_BATCH_ROWS),
        row: (c) => [
          String(c.id),
          c.name,
          c.slug,
          storeTime(c.createdAt, config.STORE_TZ),
          storeTime(c.updatedAt, config.STORE_TZ),
        ],
      }),
    all: async (_request, _reply, { db }) => ({ status: true, data: await allCategories(db), message: 'OK' }),
    get: async (request, _reply, { db }) => ({
      status: true,
      data: await getCategory(db, toDbId(request.params.id)),
      message: 'OK',
    }),
    create: async (request, _reply, { db, audit }) => {
      const created = await createCategory(db, request.body)
      audit.created(created)
      return { status: true, data: created, message: 'Category created' }
    },
    update: async (request, _reply, { db, audit }) => {
      const id = toDbId(request.params.id)
      const before = await lockCategory(db, id)
      const updated = await updateCategory(db, id, request.body, app.services.now(), sentVersion(request))
      audit.diff(before, updated)
      return { status: true, data: updated, message: 'Category updated' }
    },
    remove: async (request, _reply, { db, audit }) => {
      const id = toDbId(request.params.id)
      audit.deleted(await lockCategory(db, id))
      await deleteCategory(db, id)
      return { status: true, data: null, message: 'Category deleted' }
    },
  }
})
