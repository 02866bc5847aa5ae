import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rows } from '../../src/db/client.ts'
import { products, productVariants } from '../../src/db/schema.ts'
import { insertBrand, insertCategory } from '../data.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'
import { pdfPages } from '../pdf.ts'

// Variants by size and colour with their own SKU and stock (CONTRACT 5.4): the product form's list, SKUs unique in
// the shop, a variant that was ordered kept, orders and adjustments moving one variant's stock and the product's
// sum with it, the documents naming the variant, and 50 orders racing for a variant's last 10 units.

let t: TestApp
const NOW = new Date('2026-11-21T03:00:00.000Z')
const PRODUCTS = '/api/admin/products'
const ORDERS = '/api/admin/orders'
const IMAGE = '/2026/01/bien-the.webp'
let refs: { category: string; brand: string }

beforeAll(async () => {
  t = await startApp({ now: () => NOW })
  await t.storeFiles(IMAGE)
  refs = {
    category: String((await insertCategory(t.database.db)).id),
    brand: String((await insertBrand(t.database.db)).id),
  }
})
afterAll(async () => t.close())

interface Variant {
  id: string
  sku: string
  size: string | null
  color: string | null
  price: number | null
  quantity: number
  barcode: string | null
}

let made = 0
/** The product form's body for a T-shirt named `name`, with `variants` when given. */
const form = (name: string, variants?: unknown[], quantity = 7) => ({
  name,
  price: 199_000,
  description: 'Cotton 100%',
  quantity,
  category: refs.category,
  brand: refs.brand,
  images: [IMAGE],
  size: [],
  ...(variants && { variants }),
})
/** Sizes × colours as the form's generator makes them, each SKU from `prefix`. */
const grid = (prefix: string, sizes: string[], colors: string[], quantity = 5) =>
  colors.flatMap((color) =>
    sizes.map((size) => ({
      sku: `${prefix}-${color.slice(0, 3).toUpperCase()}-${size}`,
      size,
      color,
      quantity,
    })),
  )
async function create(variants?: unknown[], quantity?: number) {
  return expectEnvelope(
    await t.call('POST', PRODUCTS, form(`Áo thun biến thể ${++made}`, variants, quantity)),
    201,
  ).data
}
const movements = async (id: string) =>
  expectEnvelope(await t.call('GET', `${PRODUCTS}/${id}/stock-movements?limit=100`), 200).data as {
    variantId?: string
    delta: number
    after: number
    reason: string
  }[]
const stored = async (id: string) =>
  (
    await t.database.db
      .select()
      .from(products)
      .where(eq(products.id, Number(id)))
  )[0]!
const variantStock = async (id: string) =>
  (
    await t.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.id, Number(id)))
  )[0]!.quantity
/**
 * The product's answer shows its variants as their rows are now: the answer reads them from the product's own row
 * (`products.variants`), which every change of a variant rewrites.
 */
async function expectAnswerFollowsRows(id: string) {
  const rows = await t.database.db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, Number(id)), eq(productVariants.retired, false)))
    .orderBy(asc(productVariants.position), asc(productVariants.id))
  const answer = expectEnvelope(await t.call('GET', `${PRODUCTS}/${id}`), 200).data
  const listed = expectEnvelope(
    await t.call('GET', `${PRODUCTS}?name=${encodeURIComponent(answer.name)}`),
    200,
  ).data as { id: string; variants: Variant[] }[]
  const shown = (variants: Variant[]) =>
    variants.map((v) => [v.id, v.sku, v.size, v.color, v.price, v.quantity])
  const expected = rows.map((v) => [String(v.id), v.sku, v.size, v.color, v.price, v.quantity])
  expect(shown(answer.variants)).toEqual(expected)
  expect(shown(listed.find((p) => p.id === id)!.variants)).toEqual(expected)
}
let phones = 0
const order = (productId: string, variantId: string | undefined, quantity = 1) =>
  t.call('POST', ORDERS, {
    customer: { name: 'Khách Biến Thể', phoneNumber: `0944 ${String(++phones).padStart(3, '0')} 222` },
    address: '3 Phố Huế, Hai Bà Trưng, Hà Nội',
    lines: [{ productId, ...(variantId && { variantId }), quantity }],
    source: 'facebook',
  })

describe('a product with variants', () => {
  it('is made with sizes × colours: its quantity is their sum, each variant its own first movement', async () => {
    const variants = grid('AT1', ['S', 'M', 'L'], ['Đen', 'Trắng'], 4)
    variants[0] = { ...variants[0]!, price: 219_000, barcode: '8934567000011' } as (typeof variants)[0]
    const product = await create(variants)
    expect(product.quantity).toBe(24)
    expect(product.variants).toHaveLength(6)
    expect(product.variants[0]).toMatchObject({
      sku: 'AT1-ĐEN-S',
      size: 'S',
      color: 'Đen',
      price: 219_000,
      barcode: '8934567000011',
      quantity: 4,
    })
    expect(product.variants[1]).toMatchObject({ sku: 'AT1-ĐEN-M', price: null, barcode: null })
    const got = expectEnvelope(await t.call('GET', `${PRODUCTS}/${product.id}`), 200).data
    expect(got.variants.map((v: Variant) => v.sku)).toEqual(variants.map((v) => v.sku))
    const history = await movements(product.id)
    expect(history).toHaveLength(6)
    expect(history.every((m) => m.reason === 'edited' && m.delta === 4 && m.variantId !== undefined)).toBe(
      true,
    )
    // The list shows them too, and its stock filter looks at the sum.
    const listed = expectEnvelope(
      await t.call('GET', `${PRODUCTS}?name=${encodeURIComponent(product.name)}`),
      200,
    )
    expect(listed.data[0].variants).toHaveLength(6)
  })

  it('keeps SKUs unique in the shop, whatever their case, and refuses one given twice', async () => {
    const first = await create([{ sku: 'GIAY-38', size: '38', quantity: 2 }])
    const taken = expectEnvelope(
      await t.call('POST', PRODUCTS, form('Giày khác', [{ sku: 'giay-38', size: '38', quantity: 1 }])),
      409,
    )
    expect(taken.codes['variants.0.sku']).toEqual({
      code: 'skuTaken',
      params: { sku: 'giay-38', product: first.name },
    })
    const twice = expectEnvelope(
      await t.call(
        'POST',
        PRODUCTS,
        form('Giày đôi', [
          { sku: 'GIAY-40', quantity: 1 },
          { sku: 'Giay-40', quantity: 1 },
        ]),
      ),
      400,
    )
    expect(Object.keys(twice.errors)).toEqual(['variants.1.sku'])
    for (const bad of [
      { quantity: 1 },
      { sku: 'x'.repeat(65), quantity: 1 },
      { sku: 'OK-1', quantity: -1 },
    ]) {
      const refused = expectEnvelope(await t.call('POST', PRODUCTS, form('Giày sai', [bad])), 400)
      expect(Object.keys(refused.errors)[0]).toMatch(/^variants\.0\.(sku|quantity)$/)
    }
    const many = Array.from({ length: 101 }, (_, i) => ({ sku: `NHIEU-${i}`, quantity: 0 }))
    expect(
      Object.keys(expectEnvelope(await t.call('POST', PRODUCTS, form('Nhiều', many)), 400).errors),
    ).toEqual(['variants'])
    // A deleted product gives its SKUs up.
    expectEnvelope(await t.call('DELETE', `${PRODUCTS}/${first.id}`), 200)
    expect((await create([{ sku: 'GIAY-38', size: '38', quantity: 1 }])).variants[0].sku).toBe('GIAY-38')
  })

  it('is edited as a list: a changed stock, a new variant and a removed one are each a movement', async () => {
    const product = await create(grid('AT2', ['M', 'L'], ['Xanh navy'], 3))
    const [m, l] = product.variants as Variant[]
    const body = form(product.name, [
      { ...m, quantity: 8 },
      { sku: 'AT2-XAN-XL', size: 'XL', color: 'Xanh navy', quantity: 2 },
    ])
    const updated = expectEnvelope(await t.call('PUT', `${PRODUCTS}/${product.id}`, body), 200).data
    expect(updated.quantity).toBe(10)
    expect(updated.variants.map((v: Variant) => [v.sku, v.quantity])).toEqual([
      ['AT2-XAN-M', 8],
      ['AT2-XAN-XL', 2],
    ])
    const xl = updated.variants[1].id
    const newest = (await movements(product.id)).slice(0, 3)
    expect(newest.map((x) => [x.variantId ?? null, x.delta, x.after])).toEqual(
      expect.arrayContaining([
        [m!.id, 5, 8],
        [xl, 2, 2],
        [null, -3, 0],
      ]),
    )
    expect(l).toBeDefined()
    // Sent without variants, the form's quantity changes nothing: the sum stays the product's stock.
    const kept = expectEnvelope(
      await t.call('PUT', `${PRODUCTS}/${product.id}`, form(product.name, undefined, 99)),
      200,
    )
    expect(kept.data.quantity).toBe(10)
    expect(kept.data.variants).toHaveLength(2)
    // An id the product does not have.
    const strange = expectEnvelope(
      await t.call(
        'PUT',
        `${PRODUCTS}/${product.id}`,
        form(product.name, [{ id: '999999', sku: 'X-1', quantity: 1 }]),
      ),
      400,
    )
    expect(Object.keys(strange.errors)).toEqual(['variants.0.id'])
  })

  it('gives its own stock up when it gains variants, and takes the form’s back when it loses them', async () => {
    const product = await create(undefined, 6)
    const gained = expectEnvelope(
      await t.call(
        'PUT',
        `${PRODUCTS}/${product.id}`,
        form(product.name, [{ sku: 'DOI-1', quantity: 4 }], 6),
      ),
      200,
    ).data
    expect(gained.quantity).toBe(4)
    const lost = expectEnvelope(
      await t.call('PUT', `${PRODUCTS}/${product.id}`, form(product.name, [], 9)),
      200,
    ).data
    expect(lost).toMatchObject({ quantity: 9, variants: [] })
    const history = await movements(product.id)
    expect(history.reduce((sum, m) => sum + m.delta, 0)).toBe(9)
    expect((await stored(product.id)).quantity).toBe(9)
  })
})

describe('the product search', () => {
  it('finds the product of a SKU or barcode typed or scanned, with an exact total, in the list and its export', async () => {
    const product = await create([
      { sku: 'TIMKIEM-XL', size: 'XL', quantity: 1, barcode: '8930000123457' },
      { sku: 'TIMKIEM-L', size: 'L', quantity: 0 },
    ])
    for (const code of ['timkiem-xl', 'TIMKIEM-L', '8930000123457']) {
      const found = expectEnvelope(await t.call('GET', `${PRODUCTS}?name=${code}`), 200)
      expect(found.data.map((p: { id: string }) => p.id)).toEqual([product.id])
      expect(found.meta.totalResults).toBe(1)
    }
    // With a filter that leaves it out, nothing; a part of a SKU is a name search as before.
    expect(
      expectEnvelope(await t.call('GET', `${PRODUCTS}?name=TIMKIEM-L&stock=out`), 200).meta.totalResults,
    ).toBe(0)
    expect(expectEnvelope(await t.call('GET', `${PRODUCTS}?name=TIMKIEM`), 200).meta.totalResults).toBe(0)
    const csv = await t.app.inject({
      method: 'GET',
      url: `${PRODUCTS}/export?name=TIMKIEM-XL`,
      headers: t.auth,
    })
    expect(csv.body.trim().split('\r\n')).toHaveLength(2)
  })
})

describe('orders of a variant', () => {
  it('takes the variant’s stock and the product’s, prices it, prints it, and returns it on cancel', async () => {
    const product = await create([
      { sku: 'QJ-30', size: '30', color: 'Xanh', quantity: 3, price: 459_000 },
      { sku: 'QJ-32', size: '32', color: 'Xanh', quantity: 5 },
    ])
    const [v30, v32] = product.variants as Variant[]
    const none = expectEnvelope(await order(product.id, undefined), 400)
    expect(none.codes['lines.0.variantId']).toEqual({ code: 'chooseVariant' })
    const other = await create([{ sku: 'KHAC-1', quantity: 1 }])
    const wrong = expectEnvelope(await order(product.id, other.variants[0].id), 400)
    expect(wrong.codes['lines.0.variantId']).toEqual({ code: 'variantUnknown' })
    const short = expectEnvelope(await order(product.id, v30!.id, 4), 409)
    expect(short.codes['lines.0.quantity']).toEqual({ code: 'stockLeft', params: { left: 3 } })

    const made = expectEnvelope(await order(product.id, v30!.id, 2), 201).data
    expect(made.subtotal).toBe(918_000)
    expect(await variantStock(v30!.id)).toBe(1)
    await expectAnswerFollowsRows(product.id)
    expect((await stored(product.id)).quantity).toBe(6)
    const [line] = expectEnvelope(await t.call('GET', `${ORDERS}/${made.id}/detail/${made.id}`), 200).data
    expect(line.variant).toEqual({ id: v30!.id, _id: v30!.id, sku: 'QJ-30', size: '30', color: 'Xanh' })
    const [newest] = await movements(product.id)
    expect(newest).toMatchObject({
      reason: 'order',
      variantId: v30!.id,
      delta: -2,
      after: 1,
      orderId: made.id,
    })

    // The invoice and the packing slip name the variant.
    const invoice = await t.app.inject({
      method: 'GET',
      url: `${ORDERS}/${made.id}/invoice.pdf`,
      headers: t.auth,
    })
    const slip = await t.app.inject({
      method: 'GET',
      url: `${ORDERS}/packing-slips.pdf?ids=${made.id}`,
      headers: t.auth,
    })
    for (const pdf of [invoice, slip]) {
      expect(pdf.statusCode).toBe(200)
      const [page] = await pdfPages(pdf.rawPayload)
      expect(page).toContain('QJ-30')
      expect(page).toContain('Xanh')
    }

    // Added and changed lines move the variant too.
    const added = expectEnvelope(
      await t.call('POST', `${ORDERS}/${made.id}/lines`, {
        productId: product.id,
        variantId: v32!.id,
        quantity: 2,
      }),
      201,
    ).data
    expect(added.variant.sku).toBe('QJ-32')
    expectEnvelope(await t.call('PUT', `${ORDERS}/${made.id}/lines/${added.id}`, { quantity: 4 }), 200)
    expect(await variantStock(v32!.id)).toBe(1)
    expect((await stored(product.id)).quantity).toBe(2)

    // A variant that was ordered stays: removing it is a 409, setting its stock to 0 is fine.
    const removal = expectEnvelope(
      await t.call('PUT', `${PRODUCTS}/${product.id}`, form(product.name, [{ ...v32, quantity: 1 }])),
      409,
    )
    expect(removal.codes.variants).toEqual({ code: 'variantOrdered', params: { sku: 'QJ-30' } })
    expectEnvelope(
      await t.call(
        'PUT',
        `${PRODUCTS}/${product.id}`,
        form(product.name, [
          { ...v30, quantity: 0 },
          { ...v32, quantity: 1 },
        ]),
      ),
      200,
    )

    await expectAnswerFollowsRows(product.id)

    expectEnvelope(await t.call('POST', `${ORDERS}/bulk-status`, { ids: [made.id], status: 0 }), 200)
    expect(await variantStock(v30!.id)).toBe(2)
    expect(await variantStock(v32!.id)).toBe(5)
    expect((await stored(product.id)).quantity).toBe(7)
    await expectAnswerFollowsRows(product.id)
  })

  it('names the variant on the timeline of a line added and of a line deleted, and gives its stock back', async () => {
    const product = await create([
      { sku: 'TL-M', size: 'M', color: 'Be', quantity: 4 },
      { sku: 'TL-L', size: 'L', color: 'Be', quantity: 4 },
    ])
    const [m, l] = product.variants as Variant[]
    const made = expectEnvelope(await order(product.id, m!.id), 201).data
    const added = expectEnvelope(
      await t.call('POST', `${ORDERS}/${made.id}/lines`, {
        productId: product.id,
        variantId: l!.id,
        quantity: 2,
      }),
      201,
    ).data
    expectEnvelope(await t.call('DELETE', `${ORDERS}/${made.id}/detail/${added.id}`), 200)
    expect(await variantStock(l!.id)).toBe(4)
    const events = expectEnvelope(await t.call('GET', `${ORDERS}/${made.id}/events`), 200).data
    const variantOf = (type: string) =>
      events.find((e: { type: string }) => e.type === type).changes.line.find(Boolean).variant
    expect(variantOf('line-deleted')).toEqual({ sku: 'TL-L', size: 'L', color: 'Be' })
    expect(variantOf('line-added')).toEqual({ sku: 'TL-L', size: 'L', color: 'Be' })
  })

  it('sells a variant’s last 10 units to exactly 10 of 50 orders placed at once', async () => {
    const product = await create([
      { sku: 'HOT-M', size: 'M', quantity: 10 },
      { sku: 'HOT-L', size: 'L', quantity: 6 },
    ])
    const hot = (product.variants as Variant[])[0]!
    const answers = await Promise.all(Array.from({ length: 50 }, () => order(product.id, hot.id)))
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 201)).toHaveLength(10)
    // Any other answer (a 503 when the database could not be reached in time) is shown with its body.
    expect(answers.filter((a) => a.statusCode !== 201 && a.statusCode !== 409).map((a) => a.body)).toEqual([])
    expect(codes.filter((c) => c === 409)).toHaveLength(40)
    expect(await variantStock(hot.id)).toBe(0)
    expect((await stored(product.id)).quantity).toBe(6)
    const taken = (await movements(product.id)).filter((m) => m.reason === 'order')
    expect(taken).toHaveLength(10)
    expect(taken.every((m) => m.variantId === hot.id)).toBe(true)
  })
})

describe('the product form and orders at once', () => {
  it('neither deadlocks nor fails: each call is answered, and the product’s stock stays its variants’ sum', async () => {
    const product = await create([
      { sku: 'DONG-M', size: 'M', quantity: 30 },
      { sku: 'DONG-L', size: 'L', quantity: 30 },
    ])
    const [m, l] = product.variants as Variant[]
    const edits = Array.from({ length: 5 }, (_, i) =>
      t.call('PUT', `${PRODUCTS}/${product.id}`, form(product.name, [m, { ...l, quantity: 30 + i }])),
    )
    const sales = Array.from({ length: 10 }, (_, i) => order(product.id, (i % 2 ? m : l)!.id))
    const counts = Array.from({ length: 3 }, () =>
      t.call('POST', `${PRODUCTS}/${product.id}/stock-adjustments`, {
        reason: 'received',
        delta: 1,
        variantId: m!.id,
      }),
    )
    const answers = await Promise.all([...edits, ...sales, ...counts])
    expect(answers.map((a) => a.statusCode).filter((c) => c >= 500)).toEqual([])
    const [row] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.id, Number(product.id)))
    const variants = await t.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, row!.id))
    expect(row!.quantity).toBe(variants.reduce((sum, v) => sum + v.quantity, 0))
  })
})

describe('stock adjustments of a product with variants', () => {
  it('needs the variant, and moves it and the product’s sum', async () => {
    const product = await create([
      { sku: 'KK-S', size: 'S', quantity: 2 },
      { sku: 'KK-M', size: 'M', quantity: 2 },
    ])
    const path = `${PRODUCTS}/${product.id}/stock-adjustments`
    const without = expectEnvelope(await t.call('POST', path, { reason: 'received', delta: 3 }), 400)
    expect(without.codes.variantId).toEqual({ code: 'chooseVariant' })
    const m = (product.variants as Variant[])[1]!
    const moved = expectEnvelope(
      await t.call('POST', path, { reason: 'count', quantity: 7, variantId: m.id }),
      201,
    )
    expect(moved.data).toMatchObject({ variantId: m.id, delta: 5, after: 7, reason: 'count' })
    expect((await stored(product.id)).quantity).toBe(9)
    const plain = await create(undefined, 3)
    const stray = expectEnvelope(
      await t.call('POST', `${PRODUCTS}/${plain.id}/stock-adjustments`, {
        reason: 'lost',
        delta: -1,
        variantId: m.id,
      }),
      400,
    )
    expect(stray.codes.variantId).toEqual({ code: 'variantUnknown' })
  })

  it('counts a product out of stock when all its variants are', async () => {
    const product = await create([{ sku: 'HET-1', quantity: 1 }])
    const path = `${PRODUCTS}/${product.id}/stock-adjustments`
    expectEnvelope(
      await t.call('POST', path, { reason: 'damaged', delta: -1, variantId: product.variants[0].id }),
      201,
    )
    const out = expectEnvelope(
      await t.call('GET', `${PRODUCTS}?stock=out&name=${encodeURIComponent(product.name)}`),
      200,
    )
    expect(out.data.map((p: { id: string }) => p.id)).toEqual([product.id])
  })
})

describe('low stock with variants', () => {
  it('counts a product low when one of its sizes is, and the total follows each sale exactly', async () => {
    const threshold = expectEnvelope(await t.call('GET', '/api/admin/settings'), 200).data.lowStockThreshold
    const product = await create([
      { sku: 'THAP-S', size: 'S', quantity: threshold + 1 },
      { sku: 'THAP-M', size: 'M', quantity: 50 },
    ])
    const low = async () =>
      expectEnvelope(
        await t.call('GET', `${PRODUCTS}?stock=low&name=${encodeURIComponent(product.name)}`),
        200,
      )
    // The total of the plain filter is remembered; a variant's sale must retire it.
    const lowTotal = async () =>
      expectEnvelope(await t.call('GET', `${PRODUCTS}?stock=low`), 200).meta.totalResults
    const before = await lowTotal()
    expect((await low()).meta.totalResults).toBe(0)
    expectEnvelope(await order(product.id, product.variants[0].id), 201)
    expect((await low()).data.map((p: { id: string }) => p.id)).toEqual([product.id])
    expect(await lowTotal()).toBe(before + 1)
    // Sold out in S, still in stock in M: low, not out.
    expectEnvelope(
      await t.call('POST', `${PRODUCTS}/${product.id}/stock-adjustments`, {
        reason: 'count',
        quantity: 0,
        variantId: product.variants[0].id,
      }),
      201,
    )
    expect((await low()).meta.totalResults).toBe(1)
    const out = expectEnvelope(
      await t.call('GET', `${PRODUCTS}?stock=out&name=${encodeURIComponent(product.name)}`),
      200,
    )
    expect(out.meta.totalResults).toBe(0)
  })
})

describe('the product list’s stock totals with variants', () => {
  it('equal a plain count after a mixed run of orders, cancels, deletes, adjustments and form edits', async () => {
    const threshold = expectEnvelope(await t.call('GET', '/api/admin/settings'), 200).data.lowStockThreshold
    const shelf = await Promise.all(
      [
        [0, 2],
        [1, 9],
        [threshold, threshold + 3],
        [20, 30],
      ].map(([a, b]) =>
        create([
          { sku: `KE-${++made}-A`, size: 'A', quantity: a },
          { sku: `KE-${made}-B`, size: 'B', quantity: b },
        ]),
      ),
    )
    const plain = await create(undefined, 1)
    const totals = async () => {
      const answer: Record<string, number> = {}
      for (const stock of ['all', 'out', 'low', 'in'])
        answer[stock] = expectEnvelope(
          await t.call('GET', `${PRODUCTS}?stock=${stock}`),
          200,
        ).meta.totalResults
      return answer
    }
    const counted = async () => {
      const n = async (where: string) =>
        (
          await rows<{ n: number }>(
            t.database.db,
            sql.raw(`select count(*)::int as n from products p where p.deleted_at is null and ${where}`),
          )
        )[0]!
      const lowVariant = `exists (select 1 from product_variants v where v.product_id = p.id and not v.retired
                                    and v.quantity <= ${threshold})`
      return {
        all: (await n('true')).n,
        out: (await n('p.quantity = 0')).n,
        low: (await n(`(p.quantity between 1 and ${threshold} or (p.quantity > 0 and ${lowVariant}))`)).n,
        in: (await n('p.quantity > 0')).n,
      }
    }
    expect(await totals()).toEqual(await counted())
    const [a, b, c, d] = shelf.map((p) => p.variants as Variant[])
    const sold = expectEnvelope(await order(shelf[1]!.id, b![0]!.id), 201).data
    const cancelled = expectEnvelope(await order(shelf[3]!.id, d![1]!.id, 25), 201).data
    const deleted = expectEnvelope(await order(shelf[2]!.id, c![0]!.id, threshold), 201).data
    expect(await totals()).toEqual(await counted())
    expectEnvelope(await t.call('POST', `${ORDERS}/bulk-status`, { ids: [cancelled.id], status: 0 }), 200)
    expectEnvelope(await t.call('DELETE', `${ORDERS}/${deleted.id}`), 200)
    expectEnvelope(await t.call('POST', `${ORDERS}/bulk-status`, { ids: [sold.id], status: 3 }), 200)
    expectEnvelope(
      await t.call('POST', `${PRODUCTS}/${shelf[0]!.id}/stock-adjustments`, {
        reason: 'lost',
        delta: -2,
        variantId: a![1]!.id,
      }),
      201,
    )
    expectEnvelope(
      await t.call(
        'PUT',
        `${PRODUCTS}/${shelf[3]!.id}`,
        form(shelf[3]!.name, [{ ...d![0], quantity: 1 }, d![1]]),
      ),
      200,
    )
    expectEnvelope(await t.call('DELETE', `${PRODUCTS}/${plain.id}`), 200)
    expect(await totals()).toEqual(await counted())
  })
})

describe('the stock sheet', () => {
  const sheet = async () => {
    const res = await t.app.inject({ method: 'GET', url: `${PRODUCTS}/variants/export`, headers: t.auth })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    return res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
  }
  const upload = (lines: string[], query = '') => {
    const body = new FormData()
    body.append('file', new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }), 'kiem-ke.csv')
    return t.call('POST', `${PRODUCTS}/stock-import${query}`, body)
  }

  it('exports a row per variant and per product without variants, and reads the counted file back', async () => {
    const shoes = await create([
      { sku: 'SK-38', size: '38', color: 'Nâu', quantity: 4, price: 650_000 },
      { sku: 'SK-39', size: '39', color: 'Nâu', quantity: 2 },
    ])
    const cap = await create(undefined, 9)
    const lines = await sheet()
    expect(lines[0]).toBe('id,sku,product,size,color,price,quantity')
    expect(lines).toContain(`${shoes.id},SK-38,${shoes.name},38,Nâu,650000,4`)
    expect(lines).toContain(`${shoes.id},SK-39,${shoes.name},39,Nâu,,2`)
    expect(lines).toContain(`${cap.id},,${cap.name},,,199000,9`)

    // The month's count: SK-38 has 3, SK-39 as it was at a price of its own, the cap 12 at a new price; SKUs in
    // any case.
    const counted = [
      'id,sku,product,size,color,price,quantity',
      `${shoes.id},sk-38,${shoes.name},38,Nâu,650000,3`,
      `${shoes.id},SK-39,${shoes.name},39,Nâu,480000,2`,
      `${cap.id},,${cap.name},,,189000,12`,
    ]
    const dry = expectEnvelope(await upload(counted, '?dryRun=true'), 200)
    expect(dry.data).toEqual({ created: 0, updated: 3, errors: [] })
    expect((await stored(cap.id)).quantity).toBe(9)

    const done = expectEnvelope(await upload(counted), 200)
    expect(done.data.updated).toBe(3)
    expect(await variantStock(shoes.variants[0].id)).toBe(3)
    expect((await stored(shoes.id)).quantity).toBe(5)
    expect(await stored(cap.id)).toMatchObject({ quantity: 12, price: 189_000 })
    await expectAnswerFollowsRows(shoes.id)
    const [shoeCount] = await movements(shoes.id)
    expect(shoeCount).toMatchObject({ reason: 'count', variantId: shoes.variants[0].id, delta: -1, after: 3 })
    expect((await movements(shoes.id)).filter((m) => m.reason === 'count')).toHaveLength(1)
    const [capCount] = await movements(cap.id)
    expect(capCount).toMatchObject({ reason: 'count', delta: 3, after: 12 })
  })

  it('writes nothing when one row is wrong, and says which line and column', async () => {
    const coat = await create([{ sku: 'AK-1', quantity: 5 }])
    const plain = await create(undefined, 4)
    const answer = expectEnvelope(
      await upload([
        'sku,id,quantity',
        'AK-1,,7',
        'KHONG-CO,,1',
        `,${plain.id},nhiều`,
        `,${coat.id},3`,
        'AK-1,,8',
        ',,2',
      ]),
      400,
    )
    expect(
      answer.data.errors.map((e: { line: number; field: string; code: string }) => [e.line, e.field, e.code]),
    ).toEqual([
      [3, 'sku', 'skuNotFound'],
      [4, 'quantity', 'number'],
      [5, 'sku', 'chooseVariant'],
      [6, 'sku', 'stockRowTwice'],
      [7, 'sku', 'skuOrId'],
    ])
    expect(await variantStock(coat.variants[0].id)).toBe(5)
    expect((await movements(coat.id)).filter((m) => m.reason === 'count')).toHaveLength(0)
    expect((await stored(plain.id)).quantity).toBe(4)
  })
})
