import { z } from 'zod'
import {
  emptyEnvelope,
  entityIds,
  envelope,
  idParams,
  imagePath,
  isoDate,
  listEnvelope,
  listQuery,
  optionalText,
  recordVersion,
  requiredText,
  sentVersion,
  wholeNumber,
} from './common.ts'
import { defineEndpoints } from './endpoint.ts'
import { SIZES } from './enums.ts'
import {
  bulkAnswer,
  bulkIds,
  csvAnswer,
  csvResponses,
  optionalChoice,
  optionalId,
  optionalWhole,
  ordered,
  sortParam,
} from './list-params.ts'
import { messageRef, messages } from './messages.ts'

/** Quantities and units sold are PostgreSQL `integer`s. */
export const MAX_PRODUCT_QUANTITY = 2_147_483_647
export const MAX_PRODUCT_IMAGES = 10

/** The category or brand a product row shows: lists show the name, selects need the id. */
export const productRef = z.object({ ...entityIds, name: z.string() })
export type ProductRef = z.infer<typeof productRef>

/** At most this many variants a product; a SKU is 1 to 64 characters (CONTRACT 5.4). */
export const MAX_VARIANTS = 100
export const MAX_SKU_LENGTH = 64

/**
 * A variant of a product (CONTRACT 5.4): its own SKU (unique in the shop), size and colour as free text ('38',
 * 'Free size', 'Xanh navy'), a price when not the product's, its own stock and a barcode.
 */
export const productVariant = z.object({
  ...entityIds,
  sku: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  /** Null: the product's price. */
  price: z.number().int().nullable(),
  quantity: z.number().int(),
  barcode: z.string().nullable(),
})
export type ProductVariant = z.infer<typeof productVariant>

export const product = z.object({
  ...entityIds,
  name: z.string(),
  slug: z.string(),
  price: z.number().int(),
  images: z.array(z.string()),
  /** The first image, or null when there is none. */
  thumbnail: z.string().nullable(),
  description: z.string(),
  size: z.array(z.enum(SIZES)),
  quantity: z.number().int(),
  category: productRef,
  brand: productRef,
  sold: z.number().int(),
  rating: z.number(),
  version: recordVersion,
  createdAt: isoDate,
  updatedAt: isoDate,
  /** Set once the product is deleted; deleted products only appear through old order lines. */
  deletedAt: isoDate.nullable(),
  /** Its variants, in the form's order; with any, `quantity` is the sum of theirs. */
  variants: z.array(productVariant),
})
export type Product = z.infer<typeof product>

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

/** A field the form must fill: nothing, null or blank text is 'This field is required', the rest is `schema`'s. */
const filled = <T extends z.ZodType>(schema: T, description: string) =>
  z
    .unknown()
    .refine((v) => !isBlank(v), { message: messages.required, abort: true })
    .pipe(schema)
    .meta({ description })

/**
 * The id of a category or brand as a select sends it; a client that sends back what it read may send the
 * object itself, so `{ id }` or `{ _id }` is accepted too. Whether it exists is the server's to say.
 */
const reference = (what: 'category' | 'brand') => {
  const unusable = messageRef(what === 'category' ? 'selectCategory' : 'selectBrand')
  return filled(
    z
      .union(
        [
          z.string(),
          z.number(),
          z.object({
            id: z.union([z.string(), z.number()]).optional(),
            _id: z.union([z.string(), z.number()]).optional(),
          }),
        ],
        { error: unusable },
      )
      .transform((v, ctx) => {
        const raw = typeof v === 'object' ? (v.id ?? v._id) : v
        const value = raw === undefined ? '' : String(raw).trim()
        if (value === '' || value.length > 64) {
          ctx.addIssue({ code: 'custom', message: unusable })
          return z.NEVER
        }
        return value
      }),
    `The ${what}'s id, or an object with its id or _id`,
  )
}

/** 0 to 5; text from a form counts when it is a number. */
export const productRating = z
  .union([z.number(), z.string()], { error: messages.number })
  .transform((v, ctx) => {
    const n = typeof v === 'string' ? (v.trim() === '' ? Number.NaN : Number(v)) : v
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: messages.number })
      return z.NEVER
    }
    if (n < 0 || n > 5) {
      ctx.addIssue({ code: 'custom', message: messages.range(0, 5) })
      return z.NEVER
    }
    return n
  })

/** Chosen size checkboxes; none chosen is an empty list. */
export const productSizes = z
  .array(z.enum(SIZES, { error: messages.oneOf(SIZES) }), {
    error: messageRef('sizeList', { sizes: SIZES.join(', ') }),
  })
  .refine((list) => new Set(list).size === list.length, messageRef('sizeTwice'))
  .nullish()
  .transform((v) => v ?? [])

export const productImages = z
  .array(imagePath, { error: messages.required })
  .min(1, messages.required)
  .max(MAX_PRODUCT_IMAGES, messageRef('tooManyImages', { max: MAX_PRODUCT_IMAGES }))

/** A short free text that may be absent: empty is none. */
const variantText = (max: number) =>
  optionalText(max)
    .nullish()
    .transform((v) => (v ? v : null))

/**
 * A variant as the product form sends it: `id` for one the product has (absent for a new one), the SKU (trimmed,
 * 1 to 64 characters), size, colour and barcode as free text, a price when not the product's, its stock.
 */
export const productVariantInput = z.object({
  id: z.string().trim().max(64).optional(),
  sku: requiredText(MAX_SKU_LENGTH),
  size: variantText(40),
  color: variantText(40),
  price: wholeNumber()
    .nullish()
    .transform((v) => v ?? null),
  quantity: filled(wholeNumber(MAX_PRODUCT_QUANTITY), 'Units of this variant in stock, 0 or more'),
  barcode: variantText(64),
})
export type ProductVariantInput = z.infer<typeof productVariantInput>

/**
 * A product's variants as the form sends them, at most 100, each SKU once (compared without case). Absent on an
 * update: the variants stay as they are; an empty list: the product has none.
 */
const productVariants = z
  .array(productVariantInput, { error: messages.required })
  .max(MAX_VARIANTS, messageRef('tooManyVariants', { max: MAX_VARIANTS }))
  .superRefine((list, ctx) => {
    const seen = new Set<string>()
    list.forEach((variant, i) => {
      const key = variant.sku.toLowerCase()
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'sku'], message: messageRef('skuTwice') })
      seen.add(key)
    })
  })

/**
 * The add- and edit-product forms. `sold` and `rating` start at 0 on create and keep their stored values on
 * edit when absent.
 */
export const productBody = z.object({
  name: requiredText(200),
  price: filled(wholeNumber(), 'Whole VND, 0 or more; digits as text are accepted'),
  description: requiredText(10_000),
  quantity: filled(wholeNumber(MAX_PRODUCT_QUANTITY), 'Units in stock, 0 or more'),
  category: reference('category'),
  brand: reference('brand'),
  images: productImages,
  size: productSizes,
  sold: wholeNumber(MAX_PRODUCT_QUANTITY).nullish(),
  rating: productRating.nullish(),
  variants: productVariants.optional(),
})
export type ProductBody = z.infer<typeof productBody>
/** The edit-product form: the product's fields, and the version it was read at (CONTRACT 4.6). */
export const productUpdateBody = productBody.extend({ version: sentVersion })
export type ProductUpdateBody = z.infer<typeof productUpdateBody>
export type ProductBodyInput = z.input<typeof productBody>

/**
 * `all`: every live product; `out`: quantity 0 (the dashboard's "Stock Out Products"); `low`: 1 to the shop's
 * low-stock threshold; `in`: above 0.
 */
export const STOCK_FILTERS = ['all', 'out', 'low', 'in'] as const
export type StockFilter = (typeof STOCK_FILTERS)[number]

export const PRODUCT_SORT_FIELDS = [
  'name',
  'price',
  'quantity',
  'sold',
  'rating',
  'createdAt',
  'updatedAt',
] as const
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number]

/** The product list's filters and sort (CONTRACT 4.1); the export takes the same, without paging. */
const productFilterShape = {
  name: listQuery.shape.name,
  sortBy: sortParam(PRODUCT_SORT_FIELDS),
  category: optionalId.meta({ description: "The category's id" }),
  brand: optionalId.meta({ description: "The brand's id" }),
  minPrice: optionalWhole().meta({ description: 'Price at least this, in VND' }),
  maxPrice: optionalWhole().meta({ description: 'Price at most this, in VND' }),
  stock: z
    .union([z.literal(''), z.enum(STOCK_FILTERS)], { error: messages.oneOf(STOCK_FILTERS) })
    .optional()
    .transform((v): StockFilter => v || 'all')
    .meta({
      description: 'all (the default), out (quantity 0), low (1 to the low-stock threshold) or in (above 0)',
    }),
  size: optionalChoice(SIZES).meta({ description: 'Products offered in this size' }),
}
const rangesInOrder = ordered([['minPrice', 'maxPrice']])

export const productListQuery = listQuery.extend(productFilterShape).superRefine(rangesInOrder)
export type ProductListQuery = z.infer<typeof productListQuery>
export const productExportQuery = z.object(productFilterShape).superRefine(rangesInOrder)
export type ProductExportQuery = z.infer<typeof productExportQuery>

/**
 * The columns of the product export, in order, and of the import's file (CONTRACT 4.1). `category` and `brand`
 * are names; `size` is `S|M`; `images` are stored paths separated by `|`, and in an import also `https://`
 * addresses of images to fetch (CONTRACT 5.4). The import needs `id` (empty creates) and the form's columns; it
 * ignores `sold`, `rating`, `createdAt` and `updatedAt`, which a shop does not edit.
 */
export const PRODUCT_CSV_COLUMNS = [
  'id',
  'name',
  'slug',
  'price',
  'quantity',
  'category',
  'brand',
  'size',
  'images',
  'description',
  'sold',
  'rating',
  'createdAt',
  'updatedAt',
] as const
/** The columns an import file must have. */
export const PRODUCT_IMPORT_COLUMNS = [
  'id',
  'name',
  'price',
  'quantity',
  'category',
  'brand',
  'size',
  'images',
  'description',
] as const
export const MAX_IMPORT_ROWS = 100_000

export const productImportQuery = z.object({
  dryRun: z
    .union([z.literal(''), z.enum(['true', 'false'])], { error: messages.oneOf(['true', 'false']) })
    .optional()
    .transform((v) => v === 'true')
    .meta({ description: 'true: check every row and write nothing' }),
})
/** One error of an import file: its line (the header is line 1), its column, and why, in English and by code. */
export const importError = z.object({
  line: z.number().int(),
  field: z.string(),
  message: z.string(),
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
})
export type ImportError = z.infer<typeof importError>
export const importReport = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(importError),
})
export type ImportReport = z.infer<typeof importReport>
/** Also the body of the 400 when a row has an error (`data` then carries the report). */
export const importAnswer = envelope(importReport)

export const productBulkDeleteBody = z.object({ ids: bulkIds })

export const productAnswer = envelope(product)
export const productList = listEnvelope(product)

/**
 * Why a product's stock changed (CONTRACT 5.3): an order took or gave back units, staff adjusted it by hand (the
 * adjustment reasons), a stock count or an import set it, or the product form changed it.
 */
export const STOCK_REASONS = [
  'order',
  'order-cancelled',
  'order-deleted',
  'line-changed',
  'line-deleted',
  'returned',
  'received',
  'damaged',
  'lost',
  'count',
  'import',
  'edited',
  'other',
] as const
export type StockReason = (typeof STOCK_REASONS)[number]
/** The reasons staff give for changing stock by hand; `count` sets the counted stock instead of a change. */
export const STOCK_ADJUSTMENT_REASONS = ['received', 'damaged', 'lost', 'count', 'other'] as const
export type StockAdjustmentReason = (typeof STOCK_ADJUSTMENT_REASONS)[number]
export const MAX_STOCK_NOTE_LENGTH = 500

/** One change of a product's stock: by how much, what it left, why, and who made it (null: the store itself). */
export const stockMovement = z.object({
  id: z.string(),
  at: isoDate,
  actor: z.object({ ...entityIds, name: z.string(), email: z.string() }).nullable(),
  delta: z.number().int(),
  after: z.number().int(),
  reason: z.enum(STOCK_REASONS),
  orderId: z.string().optional(),
  note: z.string().optional(),
  /** The variant whose stock moved; absent for the product's own stock. `after` is then the variant's. */
  variantId: z.string().optional(),
})
export type StockMovement = z.infer<typeof stockMovement>
export const stockMovementList = listEnvelope(stockMovement)
export const stockMovementQuery = listQuery.omit({ name: true })

/** A signed whole number of units, not 0: what a hand adjustment adds (above 0) or takes away (below 0). */
const stockDelta = z
  .number({ error: messages.number })
  .int(messages.wholeNumber)
  .min(-MAX_PRODUCT_QUANTITY, messages.range(-MAX_PRODUCT_QUANTITY, MAX_PRODUCT_QUANTITY))
  .max(MAX_PRODUCT_QUANTITY, messages.range(-MAX_PRODUCT_QUANTITY, MAX_PRODUCT_QUANTITY))
  .refine((n) => n !== 0, messageRef('stockDeltaZero'))

/** Units a reason moves in one direction only: received stock adds, damaged and lost stock goes. */
const DELTA_SIGN: Partial<Record<StockAdjustmentReason, 1 | -1>> = { received: 1, damaged: -1, lost: -1 }

/**
 * A hand change of stock (CONTRACT 5.3): `delta` for received (above 0), damaged and lost (below 0) or other
 * (either way); `quantity`, the stock counted on the shelf, for a `count`.
 */
export const stockAdjustmentBody = z
  .object({
    reason: z.enum(STOCK_ADJUSTMENT_REASONS, { error: messages.required }),
    /** Which variant's stock; required for a product with variants, refused for one without. */
    variantId: z.string().trim().max(64).optional(),
    delta: stockDelta.optional(),
    quantity: wholeNumber(MAX_PRODUCT_QUANTITY).optional(),
    note: optionalText(MAX_STOCK_NOTE_LENGTH).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.reason === 'count') {
      if (body.quantity === undefined)
        ctx.addIssue({ code: 'custom', path: ['quantity'], message: messages.required })
      return
    }
    if (body.delta === undefined) {
      ctx.addIssue({ code: 'custom', path: ['delta'], message: messages.required })
      return
    }
    const sign = DELTA_SIGN[body.reason]
    if (sign !== undefined && Math.sign(body.delta) !== sign)
      ctx.addIssue({
        code: 'custom',
        path: ['delta'],
        message: messageRef(sign > 0 ? 'stockDeltaAdds' : 'stockDeltaTakes'),
      })
  })
export type StockAdjustmentBody = z.infer<typeof stockAdjustmentBody>

/**
 * The stock sheet (CONTRACT 5.4): one row per variant, or per product without variants, as a shop counts its
 * stock. `id` is the product's (the only key of a product without variants, whose `sku` is empty); a variant is
 * found by its `sku`. `price` of a variant is its own, empty when it follows the product's.
 */
export const STOCK_CSV_COLUMNS = ['id', 'sku', 'product', 'size', 'color', 'price', 'quantity'] as const

export const productEndpoints = defineEndpoints('products', {
  list: {
    method: 'GET',
    path: '/admin/products',
    permission: 'catalog:read',
    summary: 'A page of live products with their category and brand, sorted and filtered',
    query: productListQuery,
    answer: productList,
  },
  export: {
    method: 'GET',
    path: '/admin/products/export',
    permission: 'catalog:read',
    summary: 'Every live product the filters match, as a CSV file in the list’s order',
    query: productExportQuery,
    answer: csvAnswer,
    responses: csvResponses,
  },
  import: {
    method: 'POST',
    path: '/admin/products/import',
    permission: 'catalog:write',
    summary: 'Create and update products from a CSV file, all rows or none',
    description:
      'Multipart, one `file` part: CSV (UTF-8) with the columns of PRODUCT_IMPORT_COLUMNS (the export’s file is accepted as it is). ' +
      '`id` empty creates, an existing id updates. `dryRun=true` checks without writing. When any row has an error nothing is ' +
      'written and the answer is a 400 whose `data` is the report. At most 100,000 rows and UPLOAD_MAX_MB; not CSV is a 415. ' +
      '`images` may give `https://` addresses: each is fetched (public addresses only, 10 s, UPLOAD_MAX_MB) and stored as an ' +
      'upload, also checked on a dry run; a failed fetch is its row’s error.',
    consumes: ['multipart/form-data'],
    query: productImportQuery,
    body: z.unknown().meta({ description: 'multipart/form-data with one `file` part' }),
    answer: importAnswer,
    audit: { entity: 'product', action: 'import' },
  },
  stockExport: {
    method: 'GET',
    path: '/admin/products/variants/export',
    permission: 'catalog:read',
    summary:
      'The stock sheet: every live variant (and product without variants) with its SKU, price and stock',
    description:
      'CSV with STOCK_CSV_COLUMNS, products newest first and each product’s variants in its form’s order. The ' +
      'stock import reads the same file back.',
    answer: csvAnswer,
    responses: csvResponses,
  },
  stockImport: {
    method: 'POST',
    path: '/admin/products/stock-import',
    permission: 'catalog:write',
    summary: 'Set stock and prices from the stock sheet, all rows or none; each change of stock a count',
    description:
      'Multipart, one `file` part: CSV (UTF-8) with the columns of STOCK_CSV_COLUMNS (at least `quantity`, and ' +
      '`sku` or `id` on each row). A variant is found by its SKU, a product without variants by its id. Each ' +
      'stock that changes is a `count` movement; `price` when given sets the price (empty leaves a product’s as ' +
      'it is and makes a variant follow its product’s). `dryRun=true` checks without writing. When any row has ' +
      'an error nothing is written and the answer is a 400 whose `data` is the report.',
    consumes: ['multipart/form-data'],
    query: productImportQuery,
    body: z.unknown().meta({ description: 'multipart/form-data with one `file` part' }),
    answer: importAnswer,
    audit: { entity: 'product', action: 'import' },
  },
  bulkDelete: {
    method: 'POST',
    path: '/admin/products/bulk-delete',
    permission: 'catalog:write',
    summary: 'Delete up to 500 products, each on its own; the answer says which were deleted and why not',
    body: productBulkDeleteBody,
    answer: bulkAnswer,
    audit: { entity: 'product', action: 'bulkDelete' },
  },
  get: {
    method: 'GET',
    path: '/admin/products/:id',
    permission: 'catalog:read',
    summary: 'One live product',
    params: idParams,
    answer: productAnswer,
  },
  create: {
    method: 'POST',
    path: '/admin/products',
    permission: 'catalog:write',
    summary: 'Create a product',
    body: productBody,
    status: 201,
    answer: productAnswer,
    audit: { entity: 'product', action: 'create' },
  },
  update: {
    method: 'PUT',
    path: '/admin/products/:id',
    permission: 'catalog:write',
    summary: 'Replace a product’s form fields; sold and rating stay unless sent',
    params: idParams,
    body: productUpdateBody,
    answer: productAnswer,
    audit: { entity: 'product', action: 'update' },
  },
  stockMovements: {
    method: 'GET',
    path: '/admin/products/:id/stock-movements',
    permission: 'catalog:read',
    summary: "A page of the product's stock movements, newest first",
    description:
      'Every change of stock: orders taking and giving back units, hand adjustments, counts, imports and the ' +
      'product form. `after` is the stock the change left.',
    params: idParams,
    query: stockMovementQuery,
    answer: stockMovementList,
  },
  adjustStock: {
    method: 'POST',
    path: '/admin/products/:id/stock-adjustments',
    permission: 'catalog:write',
    summary: 'Change a product’s stock by hand, with a reason',
    description:
      '`delta` adds (received, above 0) or takes away (damaged and lost, below 0; other either way); a `count` ' +
      'sends `quantity`, the stock counted, and records the difference. Stock never goes below 0: a larger ' +
      'take is a 409 naming how many are left. Answers the movement written.',
    params: idParams,
    body: stockAdjustmentBody,
    status: 201,
    answer: envelope(stockMovement),
    audit: { entity: 'product', action: 'stockAdjust' },
  },
  remove: {
    method: 'DELETE',
    path: '/admin/products/:id',
    permission: 'catalog:write',
    summary: 'Delete a product (kept for the order lines that name it)',
    params: idParams,
    answer: emptyEnvelope,
    audit: { entity: 'product', action: 'delete' },
  },
})
