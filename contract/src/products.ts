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
  requiredText,
  wholeNumber,
} from './common.ts'
import { defineEndpoints } from './endpoint.ts'
import { SIZES } from './enums.ts'
import { messageRef, messages } from './messages.ts'

/** Quantities and units sold are PostgreSQL `integer`s. */
export const MAX_PRODUCT_QUANTITY = 2_147_483_647
export const MAX_PRODUCT_IMAGES = 10

/** The category or brand a product row shows: lists show the name, selects need the id. */
export const productRef = z.object({ ...entityIds, name: z.string() })
export type ProductRef = z.infer<typeof productRef>

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
  createdAt: isoDate,
  updatedAt: isoDate,
  /** Set once the product is deleted; deleted products only appear through old order lines. */
  deletedAt: isoDate.nullable(),
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
})
export type ProductBody = z.infer<typeof productBody>
export type ProductBodyInput = z.input<typeof productBody>

/** `all`: every live product; `out`: only those out of stock (quantity 0), the dashboard's "Stock Out Products". */
export const STOCK_FILTERS = ['all', 'out'] as const
export type StockFilter = (typeof STOCK_FILTERS)[number]

/** The product list's query: `stock` narrows it; absent or empty is `all`. */
export const productListQuery = listQuery.extend({
  stock: z
    .union([z.literal(''), z.enum(STOCK_FILTERS)], { error: messages.oneOf(STOCK_FILTERS) })
    .optional()
    .transform((v): StockFilter => v || 'all')
    .meta({ description: 'all (the default) or out: only products whose quantity is 0' }),
})
export type ProductListQuery = z.infer<typeof productListQuery>

export const productAnswer = envelope(product)
export const productList = listEnvelope(product)

export const productEndpoints = defineEndpoints('products', {
  list: {
    method: 'GET',
    path: '/admin/products',
    permission: 'catalog:read',
    summary:
      'A page of live products, newest first, with their category and brand; stock=out lists only those out of stock (quantity 0)',
    query: productListQuery,
    answer: productList,
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
    body: productBody,
    answer: productAnswer,
    audit: { entity: 'product', action: 'update' },
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
