import { endpoints, PRODUCT_CSV_COLUMNS, type Product, STOCK_CSV_COLUMNS } from '@store/contract'
import { actorOf } from '../../lib/actor.ts'
import { sendCsv } from '../../lib/csv.ts'
import { implement } from '../../lib/endpoints.ts'
import { toDbId } from '../../lib/ids.ts'
import { sentVersion } from '../../lib/versions.ts'
import { requireStoredFiles } from '../files/stores.ts'
import { lowStockThreshold } from '../settings/repository.ts'
import { productBulkDelete } from './bulk.ts'
import { productImport } from './import.ts'
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  lockProduct,
  productBatches,
  productName,
  updateProduct,
} from './repository.ts'
import { adjustStock, listMovements } from './stock.ts'
import { stockImport } from './stock-sheet.ts'
import { productOfCode, stockSheetBatches } from './variants.ts'

/**
 * A product as the audit log keeps it: its category and brand by name, as a person reads them at the time of
 * the change, and without the thumbnail, which only repeats the first image.
 */
const audited = ({ thumbnail: _thumbnail, ...product }: Product) => ({
  ...product,
  category: product.category.name,
  brand: product.brand.name,
})

export const productRoutes = implement(endpoints.products, async (app) => {
  const { config } = app.services
  const { importProducts, upload } = await productImport(app)
  return {
    import: importProducts,
    stockImport: stockImport(app, upload),
    // One row per variant, or per product without variants: the sheet a shop counts its stock on.
    stockExport: async (_request, reply) =>
      sendCsv(reply, {
        list: 'stock',
        now: app.services.now(),
        timeZone: config.STORE_TZ,
        header: STOCK_CSV_COLUMNS,
        batches: stockSheetBatches(app.services.database.longDb, config.EXPORT_BATCH_ROWS),
        row: (r) => [String(r.id), r.sku, r.product, r.size, r.color, r.price, r.quantity],
      }),
    bulkDelete: productBulkDelete(app, audited),
    list: async (request, _reply, { db }) => ({
      status: true,
      ...(await listProducts(db, request.query, () => lowStockThreshold(db, config.LOW_STOCK_THRESHOLD))),
      message: 'OK',
    }),
    // The columns are PRODUCT_CSV_COLUMNS, in order: the import reads the same file back.
    export: async (request, reply, { db }) =>
      sendCsv(reply, {
        list: 'products',
        now: app.services.now(),
        timeZone: config.STORE_TZ,
        header: PRODUCT_CSV_COLUMNS,
        batches: productBatches(
          app.services.database.longDb,
          request.query,
          await lowStockThreshold(db, config.LOW_STOCK_THRESHOLD),
          config.STORE_TZ,
          config.EXPORT_BATCH_ROWS,
          await productOfCode(db, request.query.name),
        ),
        row: (p) => [
          String(p.id),
          p.name,
          p.slug,
          p.price,
          p.quantity,
          p.category,
          p.brand,
          p.size.join('|'),
          p.images.join('|'),
          p.description,
          p.sold,
          p.rating,
          p.createdAt,
          p.updatedAt,
        ],
      }),
    get: async (request, _reply, { db }) => ({
      status: true,
      data: await getProduct(db, toDbId(request.params.id)),
      message: 'OK',
    }),
    create: async (request, _reply, { db, audit }) => {
      await requireStoredFiles(app.services.files, 'images', request.body.images)
      const created = await createProduct(db, request.body, {
        now: app.services.now(),
        actor: actorOf(request),
      })
      audit.created(audited(created))
      return { status: true, data: created, message: 'Product created' }
    },
    update: async (request, _reply, { db, audit }) => {
      const id = toDbId(request.params.id)
      const before = await lockProduct(db, id)
      await requireStoredFiles(app.services.files, 'images', request.body.images, before.images)
      const by = { now: app.services.now(), actor: actorOf(request) }
      const updated = await updateProduct(db, id, request.body, by, sentVersion(request))
      audit.diff(audited(before), audited(updated))
      return { status: true, data: updated, message: 'Product updated' }
    },
    stockMovements: async (request, _reply, { db }) => ({
      status: true,
      ...(await listMovements(db, toDbId(request.params.id), request.query.page, request.query.limit)),
      message: 'OK',
    }),
    adjustStock: async (request, _reply, { db, audit }) => {
      const id = toDbId(request.params.id)
      const by = { now: app.services.now(), actor: actorOf(request) }
      const { before, movement } = await adjustStock(db, id, request.body, by)
      audit.name = await productName(db, id!)
      audit.diff(
        { quantity: before, reason: null, note: null },
        { quantity: movement.after, reason: movement.reason, note: movement.note ?? null },
      )
      return { status: true, data: movement, message: 'Stock adjusted' }
    },
    remove: async (request, _reply, { db, audit }) => {
      const id = toDbId(request.params.id)
      audit.deleted(audited(await lockProduct(db, id)))
      await deleteProduct(db, id, app.services.now())
      return { status: true, data: null, message: 'Product deleted' }
    },
  }
})
