import { endpoints } from '@store/contract'
import { implement } from '../../lib/endpoints.ts'
import { toDbId } from '../../lib/ids.ts'
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from './repository.ts'

export const productRoutes = implement(endpoints.products, (app) => {
  return {
    list: async (request, _reply, { db }) => ({
      status: true,
      ...(await listProducts(db, request.query)),
      message: 'OK',
    }),
    get: async (request, _reply, { db }) => ({
      status: true,
      data: await getProduct(db, toDbId(request.params.id)),
      message: 'OK',
    }),
    create: async (request, _reply, { db }) => ({
      status: true,
      data: await createProduct(db, request.body, app.services.now()),
      message: 'Product created',
    }),
    update: async (request, _reply, { db }) => ({
      status: true,
      data: await updateProduct(db, toDbId(request.params.id), request.body, app.services.now()),
      message: 'Product updated',
    }),
    remove: async (request, _reply, { db }) => {
      await deleteProduct(db, toDbId(request.params.id), app.services.now())
      return { status: true, data: null, message: 'Product deleted' }
    },
  }
})
