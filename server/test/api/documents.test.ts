import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, shopSettings, users } from '../../src/db/schema.ts'
import { hashPassword } from '../../src/modules/auth/passwords.ts'
import { insertCustomer, insertOrder, insertProduct } from '../data.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'
import { pdfPages, qrOnPage } from '../pdf.ts'
import { readVietQr } from '../vietqr.ts'

// The printed documents (CONTRACT 4.7), read back as a person's PDF viewer reads them: the invoice's text with
// its diacritics, figures and words; its VietQR code decoded off the drawn page; the packing slips page by page.

let t: TestApp
const clock = new Date('2026-03-20T08:00:00.000Z')
let staff: { authorization: string }
let order: string
let paidOrder: string
let slipOrders: string[]

const SHOP = {
  shopName: 'Thời trang Ánh Dương',
  address: '123 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
  phone: '0283 823 4567',
  email: 'shop@anhduong.vn',
  taxCode: '0312345678',
  bankBin: '970436',
  bankAccount: '0071000123456',
  bankAccountName: 'CONG TY TNHH ANH DUONG',
}

const setShop = (values: Partial<typeof SHOP>) =>
  t.database.db.update(shopSettings).set(values).where(eq(shopSettings.id, 1))
const setOrder = (id: string, values: Partial<typeof orders.$inferInsert>) =>
  t.database.db
    .update(orders)
    .set(values)
    .where(eq(orders.id, Number(id)))

/** A GET as the administrator (or `headers`), its body as bytes. */
async function download(url: string, headers: Record<string, string> = t.auth) {
  const res = await t.app.inject({ method: 'GET', url, headers })
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => res.json() }
}

/** The text of every page, with the no-break space before '₫' read as a space. */
const textOf = async (bytes: Uint8Array) => (await pdfPages(bytes)).map((p) => p.replaceAll('\u00a0', ' '))

beforeAll(async () => {
  t = await startApp({ now: () => clock })
  const db = t.database.db
  await setShop(SHOP)
  const anh = await insertCustomer(db, {
    name: 'Nguyễn Thị Ánh',
    email: 'anh@test.example',
    phoneNumber: '0901234567',
  })
  const shirt = await insertProduct(db, { name: 'Áo sơ mi lụa', slug: 'ao-so-mi-lua', price: 450_000 })
  const trousers = await insertProduct(db, { name: 'Quần tây ống đứng', slug: 'quan-tay', price: 350_000 })
  // 2 × 450,000 + 350,000 = 1,250,000; 10 % off is 125,000; plus 30,000 shipping = 1,155,000.
  const placed = await insertOrder(db, {
    user: anh,
    createdAt: new Date('2026-03-10T08:05:00.000Z'),
    discountPercent: 10,
    shipingFee: 30_000,
    methodPayment: '1',
    address: '45 Lê Lợi, Phường Bến Thành, Quận 1',
    customerNote: 'Gọi trước khi giao',
    lines: [
      { product: shirt, quantity: 2, size: 'M' },
      { product: trousers, quantity: 1, size: 'XL' },
    ],
  })
  order = String(placed.order.id)
  const paid = await insertOrder(db, {
    user: anh,
    methodPayment: '2',
    lines: [{ product: shirt, quantity: 1 }],
  })
  paidOrder = String(paid.order.id)
  await setOrder(paidOrder, { paymentStatus: 'paid' })
  slipOrders = [
    order,
    String((await insertOrder(db, { lines: [{ product: trousers, quantity: 3, size: 'S' }] })).order.id),
    paidOrder,
  ]

  const staffLogin = { email: 'nhanvien.in@test.example', password: 'Staff1234' }
  await db.insert(users).values({
    name: 'Trần Nhân Viên',
    email: staffLogin.email,
    passwordHash: await hashPassword(staffLogin.password),
    role: 'staff',
  })
  const login = expectEnvelope(await t.call('POST', '/api/admin/auth/login', staffLogin, {}), 200)
  staff = { authorization: `Bearer ${login.data.tokens.access.token}` }
})
afterAll(async () => t.close())

describe('GET /admin/orders/:id/invoice.pdf', () => {
  it('is a PDF download named after the order', async () => {
    const res = await download(`/api/admin/orders/${order}/invoice.pdf`)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${order}.pdf"`)
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('prints the shop, the order, the customer with diacritics, the lines, the figures and the words', async () => {
    const [page, ...more] = await textOf((await download(`/api/admin/orders/${order}/invoice.pdf`)).bytes)
    expect(more).toEqual([])
    for (const text of [
      'Thời trang Ánh Dương',
      '123 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
      'MST / Tax code: 0312345678',
      'HÓA ĐƠN BÁN HÀNG',
      `#${order}`,
      // Placed at 08:05 UTC: 15:05 in Asia/Ho_Chi_Minh (STORE_TZ).
      '10/03/2026 15:05',
      'Nguyễn Thị Ánh',
      '0901234567',
      '45 Lê Lợi, Phường Bến Thành, Quận 1',
      'Gọi trước khi giao',
      'Áo sơ mi lụa',
      'Quần tây ống đứng',
      '450.000 ₫',
      '900.000 ₫',
      '350.000 ₫',
      'Tạm tính / Subtotal 1.250.000 ₫',
      'Phí vận chuyển / Shipping 30.000 ₫',
      'Giảm giá / Discount (10%) −125.000 ₫',
      'TỔNG CỘNG / TOTAL 1.155.000 ₫',
      'Một triệu một trăm năm mươi lăm nghìn đồng',
      'Thanh toán khi nhận hàng (COD)',
      'Chưa thanh toán / Unpaid',
    ])
      expect(page, text).toContain(text)
    // The amount to collect equals the total: no second figure.
    expect(page).not.toContain('To collect')
  })

  it('carries a VietQR code for the amount to collect, naming the order, with a right checksum', async () => {
    const payload = await qrOnPage((await download(`/api/admin/orders/${order}/invoice.pdf`)).bytes)
    expect(payload).toBeDefined()
    expect(readVietQr(payload!)).toMatchObject({
      method: '12',
      guid: 'A000000727',
      service: 'QRIBFTTA',
      bankBin: SHOP.bankBin,
      bankAccount: SHOP.bankAccount,
      currency: '704',
      amount: '1155000',
      country: 'VN',
      purpose: `Don hang ${order}`,
      crcRight: true,
    })
  })

  it('asks the QR code for the amount set by hand, shown beside the total, while payment is pending', async () => {
    await setOrder(order, { amount: 1_000_000, amountByHand: true, paymentStatus: 'pending' })
    try {
      const { bytes } = await download(`/api/admin/orders/${order}/invoice.pdf`)
      const [page] = await textOf(bytes)
      expect(page).toContain('TỔNG CỘNG / TOTAL 1.155.000 ₫')
      expect(page).toContain('Số tiền cần thu / To collect 1.000.000 ₫')
      expect(page).toContain('Chờ thanh toán / Awaiting payment')
      expect(readVietQr((await qrOnPage(bytes))!).amount).toBe('1000000')
    } finally {
      await setOrder(order, { amount: 1_155_000, amountByHand: false, paymentStatus: 'unpaid' })
    }
  })

  it('has no QR code once the order is paid or refunded', async () => {
    for (const paymentStatus of ['paid', 'refunded'] as const) {
      await setOrder(paidOrder, { paymentStatus })
      const { bytes } = await download(`/api/admin/orders/${paidOrder}/invoice.pdf`)
      expect(await qrOnPage(bytes), paymentStatus).toBeUndefined()
      expect((await textOf(bytes))[0]).not.toContain('VIETQR')
    }
    await setOrder(paidOrder, { paymentStatus: 'paid' })
  })

  it('has no QR code while the shop has no bank account set', async () => {
    await setShop({ bankBin: '', bankAccount: '', bankAccountName: '' })
    try {
      const { bytes } = await download(`/api/admin/orders/${order}/invoice.pdf`)
      expect(await qrOnPage(bytes)).toBeUndefined()
      expect((await textOf(bytes))[0]).toContain('TỔNG CỘNG / TOTAL 1.155.000 ₫')
    } finally {
      await setShop(SHOP)
    }
  })

  it('carries many lines on to further pages, the totals and the QR code after the last line', async () => {
    const product = await insertProduct(t.database.db, { name: 'Khăn lụa tơ tằm', price: 120_000 })
    const note = `Giao buổi sáng. ${'Xin gọi trước. '.repeat(140)}Cảm ơn!`
    const big = await insertOrder(t.database.db, {
      customerNote: note,
      lines: Array.from({ length: 60 }, (_, i) => ({ product, quantity: i + 1, size: 'L' })),
    })
    const id = String(big.order.id)
    const { bytes } = await download(`/api/admin/orders/${id}/invoice.pdf`)
    const pages = await textOf(bytes)
    expect(pages.length).toBeGreaterThan(1)
    const last = pages.length - 1
    pages.forEach((page, i) => {
      expect(page).toContain(`Trang / Page ${i + 1}/${pages.length}`)
      if (i > 0) expect(page).toContain(`Hóa đơn / Invoice #${id} (tiếp / continued)`)
    })
    // 120,000 × (1 + … + 60) = 219,600,000, plus 30,000 shipping; after the last line, the QR code last.
    const lastLineOn = pages.findIndex((page) => page.includes('60 Khăn lụa tơ tằm L 60'))
    const totalOn = pages.findIndex((page) => page.includes('TỔNG CỘNG / TOTAL 219.630.000 ₫'))
    expect(lastLineOn).toBeGreaterThan(0)
    expect(totalOn).toBeGreaterThanOrEqual(lastLineOn)
    expect(pages[totalOn]).toContain('Hai trăm mười chín triệu sáu trăm ba mươi nghìn đồng')
    expect(pages.join('\n').match(/Khăn lụa tơ tằm/g)).toHaveLength(60)
    expect(readVietQr((await qrOnPage(bytes, last + 1))!).amount).toBe('219630000')
    // The invoice shows the start of a long note; the packing slip, which it is for, shows all of it.
    expect(pages[0]).toContain('Giao buổi sáng.')
    expect(pages[0]).not.toContain('Cảm ơn!')
    const slip = (await textOf((await download(`/api/admin/orders/packing-slips.pdf?ids=${id}`)).bytes)).join(
      '\n',
    )
    expect(slip.replace(/\s+/g, ' ')).toContain(note.replace(/\s+/g, ' ').trim())
  })

  it('answers 404 for an order that does not exist, and 401 without a session', async () => {
    for (const id of ['999999', 'abc', '0']) {
      const res = await download(`/api/admin/orders/${id}/invoice.pdf`)
      expect(res.status, id).toBe(404)
      expect(res.json()).toMatchObject({ status: false, code: 'orderNotFound' })
    }
    expect((await download(`/api/admin/orders/${order}/invoice.pdf`, {})).status).toBe(401)
  })

  it('may be printed by staff (orders:read)', async () => {
    const res = await download(`/api/admin/orders/${order}/invoice.pdf`, staff)
    expect(res.status).toBe(200)
    expect((await textOf(res.bytes))[0]).toContain('Nguyễn Thị Ánh')
  })
})

describe('GET /admin/orders/packing-slips.pdf', () => {
  const slips = (ids: string, headers?: Record<string, string>) =>
    download(`/api/admin/orders/packing-slips.pdf?ids=${encodeURIComponent(ids)}`, headers)

  it('prints one page an order, in the order asked, without prices', async () => {
    const res = await slips(slipOrders.join(','))
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe('attachment; filename="packing-slips-20260320.pdf"')
    const pages = await textOf(res.bytes)
    expect(pages).toHaveLength(3)
    pages.forEach((page, i) => {
      expect(page).toContain('PHIẾU ĐÓNG GÓI')
      expect(page).toContain(`#${slipOrders[i]}`)
      // The one figure of money is the cash the courier collects (CONTRACT 5.5), for the unpaid COD orders.
      expect(page.replace(/Thu hộ \/ COD: [\d.]+ ₫/, '')).not.toMatch(/₫|\d{1,3}\.\d{3}/)
    })
    expect(pages[0]).toContain('Thu hộ / COD: 1.155.000 ₫')
    expect(pages[0]).toContain('Một triệu một trăm năm mươi lăm nghìn đồng')
    expect(pages[2]).toContain('Đã thanh toán / Paid')
    for (const text of [
      'Thời trang Ánh Dương',
      '10/03/2026 15:05',
      'Nguyễn Thị Ánh',
      'ĐT / Phone: 0901234567',
      '45 Lê Lợi, Phường Bến Thành, Quận 1',
      'Gọi trước khi giao',
      '1 Áo sơ mi lụa M 2',
      '2 Quần tây ống đứng XL 1',
      'Tổng số lượng / Items: 3',
    ])
      expect(pages[0], text).toContain(text)
    expect(pages[1]).toContain('1 Quần tây ống đứng S 3')
  })

  it('answers 404 naming every id that is no order, and prints nothing', async () => {
    const res = await slips(`${order},999999,abc`)
    expect(res.status).toBe(404)
    expect(res.json()).toMatchObject({
      status: false,
      code: 'ordersNotFound',
      params: { ids: '999999, abc' },
      errors: { ids: 'No order has the id 999999, abc' },
    })
  })

  it('answers 400 naming ids for a list that is empty, repeats an id or is too long', async () => {
    const tooMany = Array.from({ length: 101 }, (_, i) => String(i + 1)).join(',')
    for (const url of [
      '/api/admin/orders/packing-slips.pdf',
      '/api/admin/orders/packing-slips.pdf?ids=',
      '/api/admin/orders/packing-slips.pdf?ids=,,',
      `/api/admin/orders/packing-slips.pdf?ids=${order},${order}`,
      `/api/admin/orders/packing-slips.pdf?ids=${tooMany}`,
    ]) {
      const res = await download(url)
      expect(res.status, url).toBe(400)
      expect(Object.keys(res.json().errors), url).toEqual(['ids'])
    }
  })

  it('may be printed by staff (orders:read)', async () => {
    const res = await slips(order, staff)
    expect(res.status).toBe(200)
    expect(await textOf(res.bytes)).toHaveLength(1)
  })

  it('answers any list of ids with a PDF, a 400 or a 404, never a server error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constantFrom(...slipOrders), fc.string({ maxLength: 12 })), { maxLength: 4 }),
        async (ids) => {
          const res = await slips(ids.join(','))
          expect([200, 400, 404]).toContain(res.status)
          if (res.status === 200) expect(res.headers['content-type']).toBe('application/pdf')
          else expect(res.json().status).toBe(false)
        },
      ),
      { numRuns: 40 },
    )
  })
})
