import {
  type AddressParts,
  ORDER_STATUSES,
  type OrderSource,
  PAYMENT_METHODS,
  type PaymentStatus,
  type ReviewStatus,
  SIZES,
  slugify,
} from '@store/contract'
import { inArray, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type Db, rows } from '../db/client.ts'
import {
  brands,
  categories,
  orderLines,
  orders,
  products,
  productVariants,
  reviews,
  shipments,
  users,
} from '../db/schema.ts'
import { storeWebp } from '../modules/files/storage.ts'
import { orderTotals } from '../modules/orders/totals.ts'
import { variantsOfRow } from '../modules/products/variants-column.ts'
import type { FileStore, Services } from '../types.ts'
import { logoSvg, mapLimited, productSvg } from './art.ts'
import {
  ADDRESS_TAILS,
  BACKGROUNDS,
  BRAND_FIRST,
  BRAND_SECOND,
  COLOURS,
  CUSTOMER_NOTES,
  DESCRIPTIONS,
  FAMILY_NAMES,
  GIVEN_NAMES_FEMALE,
  GIVEN_NAMES_MALE,
  KINDS,
  MIDDLE_NAMES_FEMALE,
  MIDDLE_NAMES_MALE,
  mulberry32,
  PHONE_PREFIXES,
  REVIEW_COMMENTS,
  type Rng,
  shopPrice,
} from './catalog.ts'
import { demoPicture } from './picture-cache.ts'
import { planShipments } from './shipments.ts'
import { finishLoad, stockHistoryFromOrders } from './stats.ts'

/** The demo's size; tests read it to check the counts. */
export const DEMO = {
  categories: KINDS.length,
  brands: 12,
  products: 60,
  customers: 200,
  orders: 300,
  reviews: 300,
}

const SEED = 20_261_121
const DAY = 86_400_000

export interface DemoSummary {
  categories: number
  brands: number
  products: number
  images: number
  customers: number
  orders: number
  lines: number
  reviews: number
  ms: number
}

/**
 * Seeds the demo store when the store has neither categories nor products; otherwise leaves it alone.
 * Everything but the pictures' file names is the same on every run: the data comes from a fixed-seed PRNG and
 * dates are counted back from `services.now()`. A failure is logged, never thrown: the demo is a convenience
 * and must not stop the server from starting.
 */
export async function seedDemoIfEmpty(
  services: Services,
  log: FastifyBaseLogger,
): Promise<DemoSummary | null> {
  try {
    // On a PostgreSQL server several processes may start at once; one seeds, the others then find data.
    return await services.database.exclusive(async () => {
      if (!(await storeIsEmpty(services.db))) return null
      const started = performance.now()
      const now = services.now()
      const plan = planDemo(now)
      const pictures = await drawPictures(plan, services.files, now)
      const summary = await services.db.transaction(async (tx) => {
        if (!(await storeIsEmpty(tx))) return null
        return writeDemo(tx, plan, pictures)
      })
      if (!summary) return null
      summary.ms = Math.round(performance.now() - started)
      log.info(
        `Demo store seeded: ${summary.categories} categories, ${summary.brands} brands, ${summary.products} products ` +
          `(${summary.images} images), ${summary.customers} customers, ${summary.orders} orders ` +
          `(${summary.lines} lines), ${summary.reviews} reviews in ${(summary.ms / 1000).toFixed(1)} s`,
      )
      return summary
    })
  } catch (err) {
    log.error({ err }, 'The demo store could not be seeded; the server starts without it')
    return null
  }
}

async function storeIsEmpty(db: Db): Promise<boolean> {
  const [row] = await rows<{ empty: boolean }>(
    db,
    sql`select not exists (select 1 from categories) and not exists (select 1 from products) as empty`,
  )
  return row?.empty ?? false
}

/** The shoe sizes the demo sells, four of them to a pair of shoes. */
const SHOE_SIZES = ['38', '39', '40', '41', '42', '43']

interface PlannedProduct {
  name: string
  slug: string
  kind: number
  brand: number
  price: number
  sizes: string[]
  quantity: number
  /** Clothes by their sizes and shoes by theirs (CONTRACT 5.4), the product's stock shared among them. */
  variants: { sku: string; size: string; color: string; quantity: number }[]
  description: string
  colour: string
  pictures: { variant: number; background: number }[]
  createdAt: Date
}

interface PlannedCustomer {
  name: string
  email: string
  phoneNumber: string
  gender: 1 | 2
  dob: string
  location: string
  isEmailVerified: boolean
  createdAt: Date
  lastLoginAt: Date | null
}

interface PlannedOrder {
  customer: number
  address: string
  addressParts: AddressParts | null
  source: OrderSource
  status: number
  methodPayment: string
  discountPercent: number
  shipingFee: number
  customerNote: string
  /** `variant`: the index of the variant bought in its product's list, for a product with variants. */
  lines: { product: number; variant: number | null; price: number; quantity: number; size: string | null }[]
  createdAt: Date
  updatedAt: Date
}

interface PlannedReview {
  customer: number
  product: number
  rating: number
  content: string
  status: ReviewStatus
  createdAt: Date
}

/**
 * The payment status of a seeded order, by the rule migration 0010 gave the orders placed before payment status
 * existed: unpaid when no payment method was chosen ('0' or empty), else paid once delivered and pending before.
 */
export const seededPaymentStatus = (methodPayment: string, status: number): PaymentStatus =>
  methodPayment === '0' || methodPayment === '' ? 'unpaid' : status === 3 ? 'paid' : 'pending'

/**
 * How the demo's reviews were moderated: most are approved; a review of the last ten days often still waits,
 * and a low rating is more often rejected (a complaint about delivery rather than the product, say).
 */
function moderation(rng: Rng, rating: number, ageDays: number): ReviewStatus {
  if (ageDays < 10 && rng.chance(0.6)) return 'pending'
  const draw = rng.next()
  if (draw < (rating <= 2 ? 0.25 : 0.04)) return 'rejected'
  return draw > 0.97 ? 'pending' : 'approved'
}

type Plan = ReturnType<typeof planDemo>

/** Draws `weights.length` outcomes with the given weights: index i comes back with weight[i] / sum. */
const weighted = <T>(rng: Rng, choices: readonly (readonly [T, number])[]): T => {
  const total = choices.reduce((s, [, w]) => s + w, 0)
  let r = rng.next() * total
  for (const [value, w] of choices) {
    r -= w
    if (r < 0) return value
  }
  return choices[choices.length - 1]![0]
}

/** An address by the 2025 units: its parts, and its text as the server writes it from them (`addressText`). */
function address(rng: Rng): { text: string; parts: AddressParts } {
  const place = rng.pick(ADDRESS_TAILS)
  const number = rng.chance(0.2) ? `${rng.int(1, 200)}/${rng.int(1, 40)}` : String(rng.int(1, 450))
  const street = `${number} ${rng.pick(place.streets)}`
  return {
    text: `${street}, ${place.tail}`,
    parts: { street, wardCode: place.wardCode, provinceCode: place.provinceCode },
  }
}

/** Everything the demo store holds, as plain data; no I/O, so the same `now` always gives the same plan. */
export function planDemo(now: Date) {
  const rng = mulberry32(SEED)
  const t = now.getTime()

  const categoryRows = KINDS.map((kind, i) => ({
    name: kind.category,
    slug: slugify(kind.category),
    createdAt: new Date(t - 420 * DAY + i * 60_000),
  }))

  const brandRows = Array.from({ length: DEMO.brands }, (_, i) => {
    const name = `${BRAND_FIRST[i % BRAND_FIRST.length]} ${BRAND_SECOND[(i * 3) % BRAND_SECOND.length]}`
    const colour = COLOURS[1 + (i % (COLOURS.length - 1))]!.hex
    return { name, slug: slugify(name), colour, shape: i, createdAt: new Date(t - 415 * DAY + i * 60_000) }
  })

  const names = new Set<string>()
  const productRows: PlannedProduct[] = Array.from({ length: DEMO.products }, (_, i) => {
    const kindIndex = i % KINDS.length
    const kind = KINDS[kindIndex]!
    let name = ''
    let colour = COLOURS[0]!
    do {
      colour = rng.pick(COLOURS)
      name = `${rng.pick(kind.nouns)} ${rng.pick(kind.styles)} ${colour.name}`
    } while (names.has(name))
    names.add(name)
    const pictureCount = weighted(rng, [
      [1, 3],
      [2, 4],
      [3, 3],
    ])
    const firstBackground = rng.int(0, BACKGROUNDS.length - 1)
    return {
      name,
      slug: slugify(name),
      kind: kindIndex,
      brand: rng.int(0, DEMO.brands - 1),
      price: shopPrice(rng, kind.minPrice, kind.maxPrice),
      sizes: kind.sized ? rng.pick([['S', 'M', 'L'], ['M', 'L', 'XL'], [...SIZES], ['M', 'L']]) : [],
      quantity: rng.chance(0.08) ? 0 : rng.int(5, 250),
      variants: [] as PlannedProduct['variants'],
      description: `${name}. ${rng.pick(DESCRIPTIONS)}`,
      colour: colour.hex,
      pictures: Array.from({ length: pictureCount }, (_, j) => ({
        variant: (i + j) % 3,
        background: (firstBackground + j * 2) % BACKGROUNDS.length,
      })),
      createdAt: new Date(t - 400 * DAY + i * 8 * 3_600_000),
      colourName: colour.name,
    }
  }).map(({ colourName, ...product }, i) => {
    // Variants take no draw of their own, so the rest of the store is what it was before they came.
    const sizes = product.sizes.length
      ? product.sizes
      : KINDS[product.kind]!.silhouette === 'shoe'
        ? SHOE_SIZES.slice(i % 3, (i % 3) + 4)
        : []
    const sku = `SP${String(i + 1).padStart(3, '0')}`
    product.variants = sizes.map((size, v) => ({
      sku: `${sku}-${size}`,
      size,
      color: colourName,
      quantity: Math.floor(product.quantity / sizes.length) + (v < product.quantity % sizes.length ? 1 : 0),
    }))
    return product
  })

  const customerRows: PlannedCustomer[] = Array.from({ length: DEMO.customers }, (_, i) => {
    const female = i > 0 && rng.chance(0.55)
    const family = i === 0 ? 'Nguyễn' : rng.pick(FAMILY_NAMES)
    const middle = i === 0 ? 'Văn' : rng.pick(female ? MIDDLE_NAMES_FEMALE : MIDDLE_NAMES_MALE)
    const given = i === 0 ? 'An' : rng.pick(female ? GIVEN_NAMES_FEMALE : GIVEN_NAMES_MALE)
    const createdAt = new Date(t - 400 * DAY + rng.int(0, 30 * 24 * 60) * 60_000)
    const year = rng.int(1970, 2006)
    return {
      name: `${family} ${middle} ${given}`,
      email: `${slugify(given)}.${slugify(family)}${i + 1}@example.com`,
      phoneNumber: `${rng.pick(PHONE_PREFIXES)}${String(rng.int(0, 9_999_999)).padStart(7, '0')}`,
      gender: female ? 1 : 2,
      dob: `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
      location: address(rng).text,
      isEmailVerified: rng.chance(0.7),
      createdAt,
      lastLoginAt: rng.chance(0.6) ? new Date(t - rng.int(1, 60 * 24 * 90) * 60_000) : null,
    }
  })

  // Spread over the last 12 months, oldest first, so ids grow with time as they would in a real shop.
  const placedAt = Array.from({ length: DEMO.orders }, () => t - Math.floor(rng.next() * 365 * DAY))
  placedAt.sort((a, b) => a - b)
  const orderRows: PlannedOrder[] = placedAt.map((at, orderIndex) => {
    const age = t - at
    const status =
      age < 3 * DAY
        ? weighted(rng, [
            [1, 3],
            [2, 2],
            [0, 1],
          ])
        : weighted(rng, [
            [3, 80],
            [0, 9],
            [2, 5],
            [1, 6],
          ])
    const lineCount = weighted(rng, [
      [1, 4],
      [2, 3],
      [3, 2],
      [4, 1],
    ])
    const chosen = new Set<number>()
    while (chosen.size < lineCount) chosen.add(rng.int(0, DEMO.products - 1))
    const lines = [...chosen].map((p) => {
      const product = productRows[p]!
      const quantity = weighted(rng, [
        [1, 70],
        [2, 22],
        [3, 8],
      ])
      const size = product.sizes.length ? rng.pick(product.sizes) : null
      // Clothes are bought in the size drawn; shoes in one of theirs, taken in turn.
      const { variants } = product
      const variant =
        variants.length === 0
          ? null
          : size !== null
            ? variants.findIndex((v) => v.size === size)
            : (orderIndex + p) % variants.length
      return { product: p, variant, price: product.price, quantity, size }
    })
    const customer = rng.int(0, DEMO.customers - 1)
    const subtotal = lines.reduce((s, l) => s + l.price * l.quantity, 0)
    const updatedAt = Math.min(t, at + rng.int(1, status === 1 ? 2 : 96) * 3_600_000)
    return {
      customer,
      ...(rng.chance(0.85)
        ? { address: customerRows[customer]!.location, addressParts: null }
        : (({ text, parts }) => ({ address: text, addressParts: parts }))(address(rng))),
      source: weighted<OrderSource>(rng, [
        ['web', 45],
        ['phone', 20],
        ['facebook', 12],
        ['zalo', 12],
        ['shop', 8],
        ['marketplace', 3],
      ]),
      status,
      methodPayment: weighted(rng, [
        [PAYMENT_METHODS.cash, 45],
        [PAYMENT_METHODS.wallet, 25],
        [PAYMENT_METHODS.paypal, 15],
        [PAYMENT_METHODS.unpaid, 15],
      ]),
      discountPercent: weighted(rng, [
        [0, 80],
        [5, 12],
        [10, 8],
      ]),
      shipingFee: subtotal >= 1_000_000 ? 0 : rng.pick([0, 15_000, 30_000, 30_000]),
      customerNote: rng.pick(CUSTOMER_NOTES),
      lines,
      createdAt: new Date(at),
      updatedAt: new Date(Math.max(at, updatedAt)),
    }
  })
  // Every status and every payment method shows up at least once, whatever the draws were.
  ORDER_STATUSES.forEach((status, i) => {
    if (!orderRows.some((o) => o.status === status)) orderRows[orderRows.length - 1 - i * 7]!.status = status
  })
  Object.values(PAYMENT_METHODS).forEach((code, i) => {
    if (!orderRows.some((o) => o.methodPayment === code)) orderRows[i * 11]!.methodPayment = code
  })

  // Reviews come from customers who received the product, a few days after delivery.
  const seen = new Set<string>()
  const candidates: { customer: number; product: number; at: number }[] = []
  for (const order of orderRows) {
    if (order.status !== 3) continue
    for (const line of order.lines) {
      const key = `${order.customer}:${line.product}`
      if (seen.has(key)) continue
      seen.add(key)
      candidates.push({ customer: order.customer, product: line.product, at: order.createdAt.getTime() })
    }
  }
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = rng.int(0, i)
    ;[candidates[i], candidates[j]] = [candidates[j]!, candidates[i]!]
  }
  while (candidates.length < DEMO.reviews) {
    candidates.push({
      customer: rng.int(0, DEMO.customers - 1),
      product: rng.int(0, DEMO.products - 1),
      at: t - rng.int(1, 300) * DAY,
    })
  }
  const reviewRows: PlannedReview[] = candidates.slice(0, DEMO.reviews).map((c) => {
    const rating = weighted(rng, [
      [5, 45],
      [4, 30],
      [3, 12],
      [2, 7],
      [1, 6],
    ]) as 1 | 2 | 3 | 4 | 5
    const at = c.at + rng.int(2, 12) * DAY + rng.int(0, 86_399) * 1000
    const createdAt = new Date(Math.min(at, t - rng.int(1, 600) * 60_000))
    return {
      ...c,
      rating,
      content: rng.pick(REVIEW_COMMENTS[rating]),
      status: moderation(rng, rating, (t - createdAt.getTime()) / DAY),
      createdAt,
    }
  })
  // Pending and rejected reviews show up a few times whatever the draws were (taken from approved ones, which
  // are most): the moderation screens always have something to show.
  for (const status of ['pending', 'rejected'] as const) {
    for (let i = 0; reviewRows.filter((r) => r.status === status).length < 5; i += 7) {
      const review = reviewRows[i % reviewRows.length]!
      if (review.status === 'approved') review.status = status
    }
  }

  return {
    categories: categoryRows,
    brands: brandRows,
    products: productRows,
    customers: customerRows,
    orders: orderRows,
    reviews: reviewRows,
    shipments: planShipments(
      orderRows.map((o) => ({ ...o, amount: orderTotals(o).amount })),
      t,
    ),
  }
}

interface Pictures {
  logos: string[]
  products: string[][]
}

/** Every logo and product picture of the plan, as SVG. */
function pictureJobs(plan: Plan): { svg: string; brand?: number; product?: number }[] {
  return [
    ...plan.brands.map((b, i) => ({ svg: logoSvg(b.name, b.colour, b.shape), brand: i })),
    ...plan.products.flatMap((p, i) =>
      p.pictures.map((pic) => ({
        svg: productSvg(KINDS[p.kind]!.silhouette, p.colour, BACKGROUNDS[pic.background]!, pic.variant),
        product: i,
      })),
    ),
  ]
}

/** Draws the demo store's pictures into their cache (`npm install` does, so a first start need not). */
export async function cacheDemoPictures(): Promise<number> {
  const jobs = pictureJobs(planDemo(new Date()))
  await mapLimited(jobs, 4, (job) => demoPicture(job.svg))
  return jobs.length
}

/** Renders every logo and product picture (or reads its kept copy) and stores it as an upload would be stored. */
async function drawPictures(plan: Plan, files: FileStore, now: Date): Promise<Pictures> {
  const jobs = pictureJobs(plan)
  const stored = await mapLimited(jobs, 4, async (job) => storeWebp(files, await demoPicture(job.svg), now))
  const pictures: Pictures = { logos: [], products: plan.products.map(() => []) }
  jobs.forEach((job, i) => {
    if (job.brand !== undefined) pictures.logos[job.brand] = stored[i]!
    else pictures.products[job.product!]!.push(stored[i]!)
  })
  return pictures
}

async function writeDemo(tx: Db, plan: Plan, pictures: Pictures): Promise<DemoSummary> {
  const categoryIds = await tx
    .insert(categories)
    .values(plan.categories.map((c) => ({ ...c, updatedAt: c.createdAt })))
    .returning({ id: categories.id })
  const brandIds = await tx
    .insert(brands)
    .values(
      plan.brands.map((b, i) => ({
        name: b.name,
        slug: b.slug,
        logo: pictures.logos[i]!,
        createdAt: b.createdAt,
        updatedAt: b.createdAt,
      })),
    )
    .returning({ id: brands.id })
  // sold and rating start at 0 and are computed from the orders and reviews at the end, in SQL.
  const productIds = await tx
    .insert(products)
    .values(
      plan.products.map((p, i) => ({
        name: p.name,
        slug: p.slug,
        price: p.price,
        images: pictures.products[i]!,
        description: p.description,
        size: p.sizes,
        quantity: p.quantity,
        categoryId: categoryIds[p.kind]!.id,
        brandId: brandIds[p.brand]!.id,
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
      })),
    )
    .returning({ id: products.id })
  const variantRows = plan.products.flatMap((p, i) =>
    p.variants.map((v, position) => ({ productId: productIds[i]!.id, ...v, position })),
  )
  const variantIds = variantRows.length
    ? await tx.insert(productVariants).values(variantRows).returning({ id: productVariants.id })
    : []
  if (variantRows.length > 0)
    await tx
      .update(products)
      .set({ variants: variantsOfRow })
      .where(inArray(products.id, [...new Set(variantRows.map((v) => v.productId))]))
  // Each product's variants' ids, in its list's order.
  const variantsOf: number[][] = []
  let next = 0
  for (const p of plan.products) {
    variantsOf.push(p.variants.map(() => variantIds[next++]!.id))
  }
  const customerIds = await tx
    .insert(users)
    .values(plan.customers.map((c) => ({ ...c, role: 'user' as const, updatedAt: c.createdAt })))
    .returning({ id: users.id })
  const orderIds = await tx
    .insert(orders)
    .values(
      plan.orders.map((o) => ({
        userId: customerIds[o.customer]!.id,
        address: o.address,
        addressParts: o.addressParts,
        source: o.source,
        status: o.status,
        methodPayment: o.methodPayment,
        paymentStatus: seededPaymentStatus(o.methodPayment, o.status),
        discountPercent: o.discountPercent,
        shipingFee: o.shipingFee,
        customerNote: o.customerNote,
        ...orderTotals(o),
        createdAt: o.createdAt,
        updatedAt: o.updatedAt,
      })),
    )
    .returning({ id: orders.id })
  const lines = plan.orders.flatMap((o, i) =>
    o.lines.map((l) => ({
      orderId: orderIds[i]!.id,
      productId: productIds[l.product]!.id,
      variantId: l.variant === null ? null : variantsOf[l.product]![l.variant]!,
      price: l.price,
      quantity: l.quantity,
      size: l.size,
      createdAt: o.createdAt,
    })),
  )
  await tx.insert(orderLines).values(lines)
  if (plan.shipments.length > 0)
    await tx
      .insert(shipments)
      .values(plan.shipments.map(({ order, ...s }) => ({ ...s, orderId: orderIds[order]!.id })))
  await tx.insert(reviews).values(
    plan.reviews.map((r) => ({
      productId: productIds[r.product]!.id,
      userId: customerIds[r.customer]!.id,
      rating: r.rating,
      content: r.content,
      status: r.status,
      createdAt: r.createdAt,
      updatedAt: r.createdAt,
    })),
  )
  await finishLoad(tx)
  await stockHistoryFromOrders(tx)
  return {
    categories: categoryIds.length,
    brands: brandIds.length,
    products: productIds.length,
    images: pictures.products.reduce((n, list) => n + list.length, 0),
    customers: customerIds.length,
    orders: orderIds.length,
    lines: lines.length,
    reviews: plan.reviews.length,
    ms: 0,
  }
}
