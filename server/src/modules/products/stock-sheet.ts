import {
  type endpoints,
  type ImportError,
  type ImportReport,
  MAX_IMPORT_ROWS,
  type Message,
  messageText,
  readMessage,
  STOCK_CSV_COLUMNS,
  wholeNumber,
} from '@store/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { actorOf } from '../../lib/actor.ts'
import { readCsv } from '../../lib/csv-read.ts'
import type { Handler } from '../../lib/endpoints.ts'
import { refusal } from '../../lib/errors.ts'
import { toDbId } from '../../lib/ids.ts'
import type { Upload } from './import.ts'
import { type CountedStock, stockHolders, writeCountedStock } from './variants.ts'

// The stock import (CONTRACT 5.4): the stock sheet back, as a shop sends it after its monthly count. Each row
// names a variant by SKU, or a product without variants by id, with the stock counted and perhaps a price. Every
// row is checked first; then all are written, each change of stock a `count` movement, or none.

const FIELD = 'file'
const MAX_REPORTED = 1000
type StockImport = (typeof endpoints.products)['stockImport']

const counted = wholeNumber(2_147_483_647)
const priced = wholeNumber()

/** The handler of `products.stockImport`; `upload` reads the multipart file as the product import does. */
export function stockImport(
  app: FastifyInstance,
  upload: (request: FastifyRequest) => Promise<Upload>,
): Handler<StockImport> {
  return async (request, reply, { db, audit }) => {
    const file = await upload(request)
    const table = readCsv(file.content, {
      required: ['quantity'],
      known: STOCK_CSV_COLUMNS,
      maxRows: MAX_IMPORT_ROWS,
      field: FIELD,
    })
    const errors: ImportError[] = []
    const fail = (line: number, field: string, message: Message) => {
      if (!errors.some((e) => e.line === line && e.field === field))
        errors.push({ line, field, message: messageText(message), ...message })
    }
    for (const p of table.problems) fail(p.line, p.field, p.message)

    // Each row read on its own, then the holders it names looked up at once, locked.
    const read = table.rows.map(({ line, cells }) => {
      const sku = (cells.sku ?? '').trim()
      const id = (cells.id ?? '').trim()
      const quantity = counted.safeParse(cells.quantity ?? '')
      if (!quantity.success)
        fail(line, 'quantity', readMessage(quantity.error.issues[0]!.message) ?? { code: 'wholeNumber' })
      const priceCell = (cells.price ?? '').trim()
      const price = priceCell === '' ? null : priced.safeParse(priceCell)
      if (price && !price.success)
        fail(line, 'price', readMessage(price.error.issues[0]!.message) ?? { code: 'wholeNumber' })
      if (sku === '' && id === '') fail(line, 'sku', { code: 'skuOrId' })
      return {
        line,
        sku,
        id,
        productId: sku === '' ? toDbId(id) : null,
        quantity: quantity.success ? quantity.data : 0,
        price: price === null ? null : price.success ? price.data : 0,
        priceGiven: 'price' in cells,
      }
    })
    const holders = await stockHolders(
      db,
      read.flatMap((r) => (r.sku === '' ? [] : [r.sku])),
      read.flatMap((r) => (r.productId === null ? [] : [r.productId])),
    )
    const variantBySku = new Map(holders.variants.map((v) => [v.sku.toLowerCase(), v]))
    const productById = new Map(holders.products.map((p) => [p.id, p]))
    const planned: (CountedStock & { before: number; priceBefore: number | null })[] = []
    const firstLine = new Map<string, number>()
    for (const r of read) {
      type Holder = {
        productId: number
        variantId: number | null
        before: number
        priceBefore: number | null
      }
      let holder: Holder | undefined
      if (r.sku !== '') {
        const variant = variantBySku.get(r.sku.toLowerCase())
        if (!variant) fail(r.line, 'sku', { code: 'skuNotFound', params: { sku: r.sku } })
        else
          holder = {
            productId: variant.productId,
            variantId: variant.id,
            before: variant.quantity,
            priceBefore: variant.price,
          }
      } else if (r.id !== '') {
        const product = r.productId === null ? undefined : productById.get(r.productId)
        if (!product) fail(r.line, 'id', { code: 'productNotFound' })
        else if (product.variants > 0) fail(r.line, 'sku', { code: 'chooseVariant' })
        else
          holder = {
            productId: product.id,
            variantId: null,
            before: product.quantity,
            priceBefore: product.price,
          }
      }
      if (!holder) continue
      const key = `${holder.productId}/${holder.variantId ?? ''}`
      const seen = firstLine.get(key)
      if (seen !== undefined) {
        fail(r.line, r.sku !== '' ? 'sku' : 'id', { code: 'stockRowTwice', params: { line: seen } })
        continue
      }
      firstLine.set(key, r.line)
      planned.push({
        line: r.line,
        ...holder,
        quantity: r.quantity,
        // A product keeps its price when the cell is empty; a variant's empty price follows its product's.
        price: !r.priceGiven
          ? undefined
          : r.price === null && holder.variantId === null
            ? undefined
            : r.price,
      })
    }

    if (errors.length > 0) {
      audit.skip = true
      errors.sort(
        (a, b) =>
          a.line - b.line ||
          STOCK_CSV_COLUMNS.indexOf(a.field as never) - STOCK_CSV_COLUMNS.indexOf(b.field as never),
      )
      const failed: Message = { code: 'importFailed', params: { count: errors.length } }
      const report: ImportReport = { created: 0, updated: 0, errors: errors.slice(0, MAX_REPORTED) }
      return reply.code(400).send({ ...refusal(400, failed, { [FIELD]: failed }), data: report })
    }
    if (request.query.dryRun) {
      audit.skip = true
      return {
        status: true,
        data: { created: 0, updated: planned.length, errors: [] },
        message: `No errors: ${planned.length} rows to set; nothing was written`,
      }
    }
    const changed = await writeCountedStock(db, planned, { now: app.services.now(), actor: actorOf(request) })
    audit.entityId = null
    audit.set('file', null, file.name)
    audit.set('updated', null, changed)
    return {
      status: true,
      data: { created: 0, updated: changed, errors: [] },
      message: `${changed} stocks or prices set`,
    }
  }
}
