import { endpoints } from '@store/contract'
import { implement } from '../../lib/endpoints.ts'
import { toDbId } from '../../lib/ids.ts'
import { allBrands, createBrand, deleteBrand, getBrand, listBrands, updateBrand } from './repository.ts'

export const brandRoutes = implement(endpoints.brands, (app) => {
  return {
    list: async (request, _reply, { db }) => ({
      status: true,
      ...(await listBrands(db, request.query)),
      message: 'OK',
    }),
    all: async (_request, _reply, { db }) => ({ status: true, data: await allBrands(db), message: 'OK' }),
    get: async (request, _reply, { db }) => ({
      status: true,
      data: await getBrand(db, toDbId(request.params.id)),
      message: 'OK',
    }),
    create: async (request, _reply, { db }) => ({
      status: true,
      data: await createBrand(db, request.body, app.services.now()),
      message: 'Brand created',
    }),
    update: async (request, _reply, { db }) => ({
      status: true,
      data: await updateBrand(db, toDbId(request.params.id), request.body, app.services.now()),
      message: 'Brand updated',
    }),
    remove: async (request, _reply, { db }) => {
      await deleteBrand(db, toDbId(request.params.id))
      return { status: true, data: null, message: 'Brand deleted' }
    },
  }
})
