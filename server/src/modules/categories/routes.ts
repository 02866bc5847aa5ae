import { endpoints } from '@store/contract'
import { implement } from '../../lib/endpoints.ts'
import { toDbId } from '../../lib/ids.ts'
import {
  allCategories,
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from './repository.ts'

export const categoryRoutes = implement(endpoints.categories, (app) => {
  return {
    list: async (request, _reply, { db }) => ({
      status: true,
      ...(await listCategories(db, request.query)),
      message: 'OK',
    }),
    all: async (_request, _reply, { db }) => ({ status: true, data: await allCategories(db), message: 'OK' }),
    get: async (request, _reply, { db }) => ({
      status: true,
      data: await getCategory(db, toDbId(request.params.id)),
      message: 'OK',
    }),
    create: async (request, _reply, { db }) => ({
      status: true,
      data: await createCategory(db, request.body),
      message: 'Category created',
    }),
    update: async (request, _reply, { db }) => ({
      status: true,
      data: await updateCategory(db, toDbId(request.params.id), request.body, app.services.now()),
      message: 'Category updated',
    }),
    remove: async (request, _reply, { db }) => {
      await deleteCategory(db, toDbId(request.params.id))
      return { status: true, data: null, message: 'Category deleted' }
    },
  }
})
