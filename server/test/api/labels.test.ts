import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, shipments, shopSettings } from '../../src/db/schema.ts'
import { insertBrand, insertCategory, insertProduct } from '../data.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'
import { barcodesOnPage, pageSizesMm, pdfPages } from '../pdf.ts'

// Shipping labels (CONTRACT 5.5), read back as a courier meets them: one A6 page an order with the receiver, the
// cash to collect in figures and in words, the lines as SKU × quantity, and a Code 128 barcode that a barcode
// reader (ZXing) decodes, off the page as pdf.js draws it, to the tracking number. And the cash on delivery on
// the packing slip, by the same rule.

let t: TestApp
const NOW = new Date('2026-11-22T03:00:00.000Z')
const ORDERS = '/api/admin/orders'
const IMAGE = '/2026/01/nhan-giao-hang.webp'

const SHOP = {
  shopName: 'Thời trang Ánh Dương',
  address: '123 Nguyễn Huệ, Phường Sài Gòn, TP. Hồ Chí Minh',
  phone: '0283 823 4567',
}

interface Made {
  id: string
  amount: number
}
/** The orders of the file: cash on delivery, paid before, the shop's own delivery, one not shipped, a long one. */
const o = {} as Record<'cod' | 'paid' | 'own' | 'unshipped' | 'long', Made>
let variantProduct: { id: string; variants: { id: string; sku: string }[] }
let plainProduct: { id: number; name: string }

let phones = 0
/** An order taken through the API, as staff take it by phone. */
async function takeOrder(body: {
  name: string
  lines: { productId: string; variantId?: string; quantity: number }[]
  methodPayment?: string
  paymentStatus?: string
  address?: string
  customerNote?: string
}): Promise<Made> {
  const { name, ...rest } = body
  const made = expectEnvelope(
    await t.call('POST', ORDERS, {
      customer: { name, phoneNumber: `0913 ${String(++phones).padStart(3, '0')} 456` },
      address: '45 Lê Lợi, Phường Bến Thành, TP. Hồ Chí Minh',
      shippingFee: 30_000,
      methodPayment: '1',
      source: 'phone',
      ...rest,
    }),
    201,
  ).data
  return { id: made.id, amount: made.amount }
}

/**
 * Sets a shipment up by writing its row, as the shipments calls of CONTRACT 5.5 would (those are made and tested
 * on their own): the label only reads it.
 */
const ship = (order: Made, values: Omit<typeof shipments.$inferInsert, 'orderId'>) =>
  t.database.db.insert(shipments).values({ orderId: Number(order.id), ...values })

async function download(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: t.auth })
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => res.json() }
}
const labels = (ids: string[]) => download(`${ORDERS}/labels.pdf?ids=${ids.join(',')}`)
/** The text of every page, the no-break space before '₫' read as a space. */
const textOf = async (bytes: Uint8Array) => (await pdfPages(bytes)).map((p) => p.replaceAll('\u00a0', ' '))

beforeAll(async () => {
  t = await startApp({ now: () => NOW })
  const db = t.database.db
  await db.update(shopSettings).set(SHOP).where(eq(shopSettings.id, 1))
  await t.storeFiles(IMAGE)
  const [category, brand] = [await insertCategory(db), await insertBrand(db)]
  variantProduct = expectEnvelope(
    await t.call('POST', '/api/admin/products', {
      name: 'Áo thun cổ tròn',
      price: 199_000,
      description: 'Cotton 100%',
      quantity: 0,
      category: String(category.id),
      brand: String(brand.id),
      images: [IMAGE],
      size: [],
      variants: [{ sku: 'AT-DEN-M', size: 'M', color: 'Đen', quantity: 20 }],
    }),
    201,
  ).data
  plainProduct = await insertProduct(db, { name: 'Quần tây ống đứng', price: 350_000, quantity: 50 })
  const variant = variantProduct.variants[0]!

  // 2 × 199,000 + 350,000 + 30,000 shipping = 778,000, collected on delivery.
  o.cod = await takeOrder({
    name: 'E2E Nguyễn Thị Nhận',
    lines: [
      { productId: variantProduct.id, variantId: variant.id, quantity: 2 },
      { productId: String(plainProduct.id), quantity: 1 },
    ],
    customerNote: 'Gọi trước khi giao',
  })
  await ship(o.cod, { carrier: 'ghn', trackingNumber: 'GHN8XK3PQ2', codAmount: o.cod.amount })
  o.paid = await takeOrder({
    name: 'E2E Trần Văn Trả Trước',
    lines: [{ productId: String(plainProduct.id), quantity: 3 }],
    methodPayment: '2',
    paymentStatus: 'paid',
  })
  await ship(o.paid, { carrier: 'jt', trackingNumber: '840012345678', codAmount: 0 })
  o.own = await takeOrder({
    name: 'E2E Lê Thị Gần Nhà',
    lines: [{ productId: variantProduct.id, variantId: variant.id, quantity: 1 }],
    paymentStatus: 'pending',
  })
  await ship(o.own, { carrier: 'self', codAmount: 229_000, note: 'Giao giờ hành chính' })
  o.unshipped = await takeOrder({
    name: 'E2E Phạm Chưa Gửi',
    lines: [{ productId: String(plainProduct.id), quantity: 1 }],
  })
  const many = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      insertProduct(db, {
        name: `Khăn lụa tơ tằm họa tiết số ${i + 1} bản rất dài`,
        price: 10_000,
        quantity: 100,
      }),
    ),
  )
  o.long = await takeOrder({
    name: `E2E ${'Tôn Nữ Hoàng Thị Diễm Phương '.repeat(4).trim()}`,
    address: `${'Hẻm 12/34/56 đường Nguyễn Văn Linh, '.repeat(6)}TP. Hồ Chí Minh`,
    customerNote: `Giao buổi sáng. ${'Xin gọi trước. '.repeat(60)}Cảm ơn!`,
    lines: many.map((p, i) => ({ productId: String(p.id), quantity: i + 1 })),
  })
  await ship(o.long, {
    carrier: 'viettelpost',
    trackingNumber: 'VTP-2026-000123456789',
    codAmount: 5_000_000,
  })
})
afterAll(async () => t.close())

describe('GET /admin/orders/labels.pdf', () => {
  it('prints one A6 page an order, in the order asked, named after the day', async () => {
    const res = await labels([o.paid.id, o.cod.id, o.own.id])
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe('attachment; filename="labels-20261122.pdf"')
    expect(await pageSizesMm(res.bytes)).toEqual([
      [105, 148],
      [105, 148],
      [105, 148],
    ])
    const pages = await textOf(res.bytes)
    expect(pages.map((page) => page.match(/Order #(\d+)/)?.[1])).toEqual([o.paid.id, o.cod.id, o.own.id])
  })

  it('prints the sender, the receiver, the carrier, the COD in figures and words, the lines and the note', async () => {
    const [page] = await textOf((await labels([o.cod.id])).bytes)
    for (const text of [
      'Thời trang Ánh Dương',
      '0283 823 4567 · 123 Nguyễn Huệ, Phường Sài Gòn, TP. Hồ Chí Minh',
      'E2E Nguyễn Thị Nhận',
      'ĐT: 0913001456',
      '45 Lê Lợi, Phường Bến Thành, TP. Hồ Chí Minh',
      'Giao Hàng Nhanh',
      'GHN8XK3PQ2',
      'Thu hộ: 778.000 ₫',
      'Bảy trăm bảy mươi tám nghìn đồng',
      'AT-DEN-M × 2',
      'Quần tây ống đứng × 1',
      'HÀNG / ITEMS (3)',
      'Gọi trước khi giao',
      `Đơn / Order #${o.cod.id}`,
      // Taken at 03:00 UTC: 10:00 in Asia/Ho_Chi_Minh (STORE_TZ).
      '22/11/2026 10:00',
    ])
      expect(page, text).toContain(text)
    expect(page).not.toContain('Đã thanh toán')
  })

  it('carries the tracking number as a Code 128 barcode that a reader decodes', async () => {
    const { bytes } = await labels([o.cod.id, o.paid.id, o.long.id])
    expect(await barcodesOnPage(bytes, 1)).toEqual([{ format: 'Code128', text: 'GHN8XK3PQ2' }])
    expect(await barcodesOnPage(bytes, 2)).toEqual([{ format: 'Code128', text: '840012345678' }])
    expect(await barcodesOnPage(bytes, 3)).toEqual([{ format: 'Code128', text: 'VTP-2026-000123456789' }])
  })

  it("prints 'Đã thanh toán' and no amount for a shipment with nothing to collect", async () => {
    const [page] = await textOf((await labels([o.paid.id])).bytes)
    expect(page).toContain('Đã thanh toán')
    expect(page).not.toContain('Thu hộ')
    expect(page).not.toContain('₫')
    expect(page).toContain('J&T Express')
    expect(page).toContain('Quần tây ống đứng × 3')
  })

  it('prints a paid order as paid, though its shipment was made to collect: no money is asked twice', async () => {
    // Shipped as cash on delivery for 3,864,000 VND, then paid (by transfer, or its COD collected), or refunded.
    for (const paymentStatus of ['paid', 'refunded'] as const) {
      const order = await takeOrder({
        name: `E2E Đỗ Trả Sau ${paymentStatus}`,
        lines: [{ productId: String(plainProduct.id), quantity: 11 }],
      })
      await ship(order, { carrier: 'ghtk', trackingNumber: `GHTK-${order.id}`, codAmount: 3_864_000 })
      await t.database.db
        .update(orders)
        .set({ paymentStatus })
        .where(eq(orders.id, Number(order.id)))
      const [label] = await textOf((await labels([order.id])).bytes)
      expect(label).toContain('Đã thanh toán')
      expect(label).not.toContain('Thu hộ')
      expect(label).not.toContain('3.864.000')
      const [slip] = await textOf((await download(`${ORDERS}/packing-slips.pdf?ids=${order.id}`)).bytes)
      expect(slip).toContain('Đã thanh toán / Paid')
      expect(slip).not.toContain('Thu hộ')
    }
  })

  it('prints the order number DH<id> as the barcode of a parcel without a tracking number', async () => {
    const { bytes } = await labels([o.own.id])
    expect(await barcodesOnPage(bytes)).toEqual([{ format: 'Code128', text: `DH${o.own.id}` }])
    const [page] = await textOf(bytes)
    expect(page).toContain('Shop tự giao')
    expect(page).toContain(`DH${o.own.id}`)
    expect(page).toContain('Thu hộ: 229.000 ₫')
    expect(page).toContain('Hai trăm hai mươi chín nghìn đồng')
    expect(page).toContain('AT-DEN-M × 1')
    expect(page).toContain('Giao giờ hành chính')
  })

  it('keeps a label of long texts and many lines to its page, with a count of the lines left out', async () => {
    const pages = await textOf((await labels([o.long.id])).bytes)
    expect(pages).toHaveLength(1)
    const [page] = pages
    expect(page).toContain('Thu hộ: 5.000.000 ₫')
    expect(page).toContain('Năm triệu đồng')
    expect(page).toContain('× 1')
    // 1 + … + 30 = 465 units; the lines that do not fit are counted, not dropped silently.
    expect(page).toContain('HÀNG / ITEMS (465)')
    const shown = page!.match(/× \d+/g)!.length
    expect(shown).toBeGreaterThan(3)
    expect(shown).toBeLessThan(30)
    expect(page).toContain(`… và ${30 - shown} dòng khác`)
    expect(page).toContain('Giao buổi sáng.')
    expect(page).not.toContain('Cảm ơn!')
    expect(page).toContain('…')
  })

  it('answers 409 noLabel naming the orders without a shipment, and prints nothing', async () => {
    const res = await labels([o.cod.id, o.unshipped.id])
    expect(res.status).toBe(409)
    expect(res.json()).toMatchObject({
      status: false,
      code: 'noLabel',
      params: { ids: o.unshipped.id },
      errors: { ids: `Order ${o.unshipped.id} has no shipment to print a label for` },
    })
  })

  it('answers 404 naming every id that is no order, before any 409', async () => {
    const res = await labels([o.unshipped.id, '999999', 'abc'])
    expect(res.status).toBe(404)
    expect(res.json()).toMatchObject({
      status: false,
      code: 'ordersNotFound',
      params: { ids: '999999, abc' },
    })
  })

  it('answers 400 for no ids, and 401 without a session', async () => {
    expect((await download(`${ORDERS}/labels.pdf`)).status).toBe(400)
    const res = await t.app.inject({ method: 'GET', url: `${ORDERS}/labels.pdf?ids=${o.cod.id}` })
    expect(res.statusCode).toBe(401)
  })
})

describe('the packing slip’s cash on delivery', () => {
  const slip = async (id: string) =>
    (await textOf((await download(`${ORDERS}/packing-slips.pdf?ids=${id}`)).bytes))[0]!

  it("is the shipment's COD once the order is shipped, with its carrier and tracking number", async () => {
    const page = await slip(o.cod.id)
    expect(page).toContain('Thu hộ / COD: 778.000 ₫')
    expect(page).toContain('Bảy trăm bảy mươi tám nghìn đồng')
    expect(page).toContain('Vận chuyển / Carrier: Giao Hàng Nhanh · GHN8XK3PQ2')
  })

  it('is the amount of an unpaid cash-on-delivery order not shipped yet', async () => {
    expect(await slip(o.unshipped.id)).toContain(
      `Thu hộ / COD: ${o.unshipped.amount.toLocaleString('de-DE')} ₫`,
    )
  })

  it("reads 'Đã thanh toán' when there is nothing to collect", async () => {
    const page = await slip(o.paid.id)
    expect(page).toContain('Đã thanh toán / Paid')
    expect(page).not.toContain('Thu hộ')
  })

  it('reads as no COD, not as paid, for an unpaid order to be paid otherwise and not shipped', async () => {
    const wallet = await takeOrder({
      name: 'E2E Võ Ví Điện Tử',
      lines: [{ productId: String(plainProduct.id), quantity: 1 }],
      methodPayment: '2',
    })
    const page = await slip(wallet.id)
    expect(page).toContain('Không thu hộ / No cash on delivery')
    expect(page).not.toContain('Đã thanh toán')
    expect(page).not.toContain('Thu hộ /')
  })
})
