import type { ReviewStatus } from '@store/contract'
import type { Db } from '../src/db/client.ts'
import { brands, categories, orderLines, orders, products, reviews, users } from '../src/db/schema.ts'
import { orderTotals } from '../src/modules/orders/totals.ts'
import { recomputeRatings } from '../src/modules/reviews/rating.ts'

// Rows the admin API has no create call for (customers' orders and reviews come from the store), written
// straight into a test database. Every generated name, email and slug is unique within the process.

let counter = 0
const next = () => ++counter

type User = typeof users.$inferSelect
type Product = typeof products.$inferSelect
type Order = typeof orders.$inferSelect

export async function insertCustomer(db: Db, values: Partial<typeof users.$inferInsert> = {}): Promise<User> {
  const n = next()
  const [row] = await db
    .insert(users)
    .values({
      name: `Customer ${n}`,
      email: `customer${n}@test.example`,
      phoneNumber: `09${String(n).padStart(8, '0')}`,
      role: 'user',
      ...values,
    })
    .returning()
  return row!
}

export async function insertCategory(db: Db, values: Partial<typeof categories.$inferInsert> = {}) {
  const n = next()
  const [row] = await db
    .insert(categories)
    .values({ name: `Category ${n}`, slug: `category-${n}`, ...values })
    .returning()
  return row!
}

export async function insertBrand(db: Db, values: Partial<typeof brands.$inferInsert> = {}) {
  const n = next()
  const [row] = await db
    .insert(brands)
    .values({ name: `Brand ${n}`, slug: `brand-${n}`, ...values })
    .returning()
  return row!
}

/** A product; its category and brand are made for it unless given. */
export async function insertProduct(
  db: Db,
  values: Partial<typeof products.$inferInsert> = {},
): Promise<Product> {
  const n = next()
  const categoryId = values.categoryId ?? (await insertCategory(db)).id
  const brandId = values.brandId ?? (await insertBrand(db)).id
  const [row] = await db
    .insert(products)
    .values({
      name: `Product ${n}`,
      slug: `product-${n}`,
      price: 100_000,
      images: [`/2026/01/product-${n}.webp`],
      description: `Description of product ${n}`,
      size: ['M', 'L'],
      quantity: 10,
      ...values,
      categoryId,
      brandId,
    })
    .returning()
  return row!
}

export interface LineInput {
  product: Product
  quantity: number
  /** Defaults to the product's price. */
  price?: number
  size?: string | null
}

/**
 * An order with its lines, its figures computed the way the server computes them (orderTotals). A customer is
 * made for it unless `user` is given.
 */
export async function insertOrder(
  db: Db,
  input: {
    lines: LineInput[]
    user?: User
    discountPercent?: number
    shipingFee?: number
    status?: number
    address?: string
    customerNote?: string
    methodPayment?: string
    source?: Order['source']
    createdAt?: Date
  },
): Promise<{ order: Order; lines: (typeof orderLines.$inferSelect)[] }> {
  const user = input.user ?? (await insertCustomer(db))
  const discountPercent = input.discountPercent ?? 0
  const shipingFee = input.shipingFee ?? 30_000
  const priced = input.lines.map((l) => ({
    productId: l.product.id,
    price: l.price ?? l.product.price,
    quantity: l.quantity,
    size: l.size === undefined ? 'M' : l.size,
  }))
  const totals = orderTotals({ lines: priced, discountPercent, shipingFee })
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId: user.id,
        address: input.address ?? `${next()} Lê Lợi, Quận 1, TP. Hồ Chí Minh`,
        status: input.status ?? 1,
        customerNote: input.customerNote ?? '',
        methodPayment: input.methodPayment ?? '1',
        ...(input.source && { source: input.source }),
        discountPercent,
        shipingFee,
        ...totals,
        ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
      })
      .returning()
    const lines = priced.length
      ? await tx
          .insert(orderLines)
          .values(priced.map((l) => ({ ...l, orderId: order!.id })))
          .returning()
      : []
    return { order: order!, lines }
  })
}

/** A review; the product's rating is recomputed as the store would. */
export async function insertReview(
  db: Db,
  input: {
    product: Product
    user?: User
    rating: number
    content?: string
    createdAt?: Date
    /** Approved unless said otherwise: such a review counts in its product's rating. */
    status?: ReviewStatus
  },
) {
  const user = input.user ?? (await insertCustomer(db))
  const [row] = await db
    .insert(reviews)
    .values({
      productId: input.product.id,
      userId: user.id,
      rating: input.rating,
      content: input.content ?? `Review ${next()}`,
      status: input.status ?? 'approved',
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning()
  await recomputeRatings(db, [input.product.id])
  return row!
}
