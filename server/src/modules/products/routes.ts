import { endpoints, type Product } from '@store/contract'
import { products } from '../../db/schema.ts'
import { implement } from '../../lib/endpoints.ts'
import { toDbId } from '../../lib/ids.ts'
import { lockForChange } from '../audit/repository.ts'
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from './repository.ts'

/**
 * A product as the audit log keeps it: its category and brand by name, as a person reads them at the time of
 * the change, and without the thumbnail, which only repeats the first image.
 */
const audited = ({ thumbnail: _thumbnail, ...product }: Product) => ({
  ...product,
  category: product.category.name,
  brand: product.brand.name,
})

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
    create: async (request, _reply, { db, audit }) => {
      const created = await createProduct(db, request.body, app.services.now())
      audit.created(audited(created))
      return { status: true, data: created, message: 'Product created' }
    },
    update: async (request, _reply, { db, audit }) => {
      const id = toDbId(request.params.id)
      await lockForChange(db, products, products.id, id)
      const before = await getProduct(db, id)
      const updated = await updateProduct(db, id, request.body, app.services.now())
      audit.diff(audited(before), audited(updated))
      return { status: true, data: updated, message: 'Product updated' }
    },
    remove: async (request, _reply, { db, audit }) => {
      const id = toDbId(request.params.id)
      await lockForChange(db, products, products.id, id)
      audit.deleted(audited(await getProduct(db, id)))
      await deleteProduct(db, id, app.services.now())
      return { status: true, data: null, message: 'Product deleted' }
    },
  }
})
