import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderLines, orders, products, users } from '../../src/db/schema.ts'
import { hashPassword } from '../../src/modules/auth/passwords.ts'
import { insertCustomer, insertOrder, insertProduct } from '../data.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// Orders taken by staff (CONTRACT 5.1), the stock they take and give back (5.3), and which orders may be deleted
// (5.2). Every call runs on both databases; the race at the end is a real one on PostgreSQL.

let t: TestApp
let staff: { authorization: string }
const ORDERS = '/api/admin/orders'
const NOW = new Date('2026-11-20T03:00:00.000Z')

beforeAll(async () => {
  t = await startApp({ now: () => NOW })
  const member = { email: 'staff.orders@test.example', password: 'Staff12345' }
  await t.database.db.insert(users).values({
    name: 'Lê Nhân Viên',
    email: member.email,
    passwordHash: await hashPassword(member.password),
    role: 'staff',
  })
  const login = expectEnvelope(await t.call('POST', '/api/admin/auth/login', member, {}), 200)
  staff = { authorization: `Bearer ${login.data.tokens.access.token}` }
})
afterAll(async () => t.close())

type Product = Awaited<ReturnType<typeof insertProduct>>

const stockOf = async (product: Product) =>
  (
    await t.database.db
      .select({ quantity: products.quantity })
      .from(products)
      .where(eq(products.id, product.id))
  )[0]!.quantity
const countOrders = async () => (await t.database.db.select({ id: orders.id }).from(orders)).length
const timeline = async (id: string) => expectEnvelope(await t.call('GET', `${ORDERS}/${id}/events`), 200).data

let phones = 0
/** A phone number no customer has yet, written as people write it. */
const newPhone = () => `0912 ${String(++phones).padStart(3, '0')} 789`

describe('POST /api/admin/orders', () => {
  it('takes a phone order for a new customer: totals by the server, stock taken, a customer with no password', async () => {
    const shirt = await insertProduct(t.database.db, { name: 'Áo sơ mi', price: 250_000, quantity: 10 })
    const jeans = await insertProduct(t.database.db, { name: 'Quần jean', price: 499_000, quantity: 3 })
    const body = expectEnvelope(
      await t.call(
        'POST',
        ORDERS,
        {
          customer: { name: 'Nguyễn Văn Khách', phoneNumber: '+84 912 000 789' },
          address: '12 Trần Thái Tông, Cầu Giấy, Hà Nội',
          lines: [
            { productId: String(shirt.id), quantity: 2 },
            { productId: String(jeans.id), quantity: 1 },
          ],
          shippingFee: 30_000,
          discountPercent: 10,
          methodPayment: '1',
          customerNote: 'Gọi trước khi giao',
          source: 'phone',
        },
        staff,
      ),
      201,
    )
    const order = body.data
    // 2 × 250,000 + 499,000 = 999,000; 10 % off is 99,900; plus 30,000 shipping.
    expect(order).toMatchObject({
      status: 1,
      source: 'phone',
      subtotal: 999_000,
      discountPercent: 10,
      shipingFee: 30_000,
      totalPrice: 929_100,
      amount: 929_100,
      quantity: 3,
      methodPayment: '1',
      paymentStatus: 'unpaid',
      customerNote: 'Gọi trước khi giao',
      address: '12 Trần Thái Tông, Cầu Giấy, Hà Nội',
      addressParts: null,
      createdAt: NOW.toISOString(),
      user: { name: 'Nguyễn Văn Khách', phoneNumber: '0912000789', email: '' },
    })
    expect(await stockOf(shirt)).toBe(8)
    expect(await stockOf(jeans)).toBe(2)
    const [customer] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, Number(order.user.id)))
    expect(customer).toMatchObject({ role: 'user', passwordHash: null, phoneNumber: '0912000789' })

    const lines = expectEnvelope(await t.call('GET', `${ORDERS}/${order.id}/detail/${order.id}`), 200).data
    expect(lines.map((l: { price: number; quantity: number }) => [l.price, l.quantity]).sort()).toEqual([
      [250_000, 2],
      [499_000, 1],
    ])
    // Who took it, then each line; nothing made up from createdAt.
    const events = await timeline(order.id)
    expect(events.map((e: { type: string }) => e.type)).toEqual(['line-added', 'line-added', 'created'])
    expect(events.at(-1)).toMatchObject({ type: 'created', to: 'phone', actor: { name: 'Lê Nhân Viên' } })

    const audit = expectEnvelope(await t.call('GET', '/api/admin/audit-log?entity=order&action=create'), 200)
    expect(audit.data.map((e: { entityId: string }) => e.entityId)).toContain(order.id)
  })

  it('takes an order for an existing customer, with a price staff changed, recorded on the timeline', async () => {
    const customer = await insertCustomer(t.database.db, { name: 'Trần Thị Quen', phoneNumber: '0987654321' })
    const bag = await insertProduct(t.database.db, { name: 'Túi xách', price: 800_000, quantity: 4 })
    const order = expectEnvelope(
      await t.call('POST', ORDERS, {
        customer: { id: String(customer.id) },
        address: '5 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội',
        lines: [{ productId: String(bag.id), quantity: 1, price: 720_000 }],
        source: 'zalo',
      }),
      201,
    ).data
    expect(order).toMatchObject({
      user: { id: String(customer.id), name: 'Trần Thị Quen' },
      subtotal: 720_000,
      shipingFee: 0,
      totalPrice: 720_000,
      methodPayment: '0',
      source: 'zalo',
    })
    const [added] = await timeline(order.id)
    expect(added).toMatchObject({ type: 'line-added', changes: { price: [800_000, 720_000] } })
    expect(await stockOf(bag)).toBe(3)
  })

  it('refuses the whole order when a line is short, naming each short line with what is left', async () => {
    const plenty = await insertProduct(t.database.db, { quantity: 50 })
    const few = await insertProduct(t.database.db, { quantity: 2 })
    const none = await insertProduct(t.database.db, { quantity: 0 })
    const before = await countOrders()
    const customersBefore = (await t.database.db.select({ id: users.id }).from(users)).length
    const body = expectEnvelope(
      await t.call('POST', ORDERS, {
        customer: { name: 'Khách Hụt', phoneNumber: newPhone() },
        address: '1 Hàng Bạc',
        lines: [
          { productId: String(plenty.id), quantity: 5 },
          { productId: String(few.id), quantity: 3 },
          { productId: String(none.id), quantity: 1 },
        ],
        source: 'facebook',
      }),
      409,
    )
    expect(body.code).toBe('linesShort')
    expect(body.message).toBe('Not enough stock for line 2, 3')
    expect(body.errors).toEqual({
      'lines.1.quantity': 'Not enough stock: 2 left',
      'lines.2.quantity': 'Not enough stock: 0 left',
    })
    // Nothing written: no order, no customer, and the line that had stock still has it all.
    expect(await countOrders()).toBe(before)
    expect((await t.database.db.select({ id: users.id }).from(users)).length).toBe(customersBefore)
    expect(await stockOf(plenty)).toBe(50)
    expect(await stockOf(few)).toBe(2)
  })

  it('counts two lines of one product together against its stock', async () => {
    const product = await insertProduct(t.database.db, { quantity: 3 })
    const lines = [
      { productId: String(product.id), quantity: 2 },
      { productId: String(product.id), quantity: 2 },
    ]
    const body = expectEnvelope(
      await t.call('POST', ORDERS, {
        customer: { name: 'A', phoneNumber: newPhone() },
        address: 'x',
        lines,
        source: 'shop',
      }),
      409,
    )
    expect(Object.keys(body.errors)).toEqual(['lines.0.quantity', 'lines.1.quantity'])
    expect(await stockOf(product)).toBe(3)
  })

  it('writes an address given by the 2025 units, and refuses codes that are not one', async () => {
    const product = await insertProduct(t.database.db)
    const order = (address: unknown) =>
      t.call('POST', ORDERS, {
        customer: { name: 'Khách Cầu Giấy', phoneNumber: newPhone() },
        address,
        lines: [{ productId: String(product.id), quantity: 1 }],
        source: 'phone',
      })
    const parts = { street: '12 Trần Thái Tông', wardCode: '00166', provinceCode: '01' }
    const made = expectEnvelope(await order(parts), 201).data
    expect(made.address).toBe('12 Trần Thái Tông, Phường Cầu Giấy, Thành phố Hà Nội')
    expect(made.addressParts).toEqual(parts)

    const province = expectEnvelope(await order({ ...parts, provinceCode: '99' }), 400)
    expect(province.errors).toEqual({ 'address.provinceCode': 'No province or city has this code' })
    // Cầu Giấy is a ward of Hà Nội, not of Hồ Chí Minh City (79).
    const ward = expectEnvelope(await order({ ...parts, provinceCode: '79' }), 400)
    expect(Object.keys(ward.errors)).toEqual(['address.wardCode'])
    const shape = expectEnvelope(await order({ street: '', wardCode: '1', provinceCode: '01' }), 400)
    expect(Object.keys(shape.errors).sort()).toEqual(['address.street', 'address.wardCode'])
  })

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const product = await insertProduct(t.database.db)
    const gone = await insertProduct(t.database.db, { deletedAt: new Date() })
    const good = {
      customer: { name: 'Khách Lỗi', phoneNumber: newPhone() },
      address: '1 Hàng Bạc',
      lines: [{ productId: String(product.id), quantity: 1 }],
      source: 'phone',
    }
    const before = await countOrders()
    const cases: [unknown, string][] = [
      [{ ...good, customer: { phoneNumber: newPhone() } }, 'customer.name'],
      [{ ...good, customer: { name: 'Không Số' } }, 'customer.phoneNumber'],
      [{ ...good, customer: { name: 'Số Ngắn', phoneNumber: '0909' } }, 'customer.phoneNumber'],
      [{ ...good, customer: { name: 'Thư Sai', phoneNumber: newPhone(), email: 'no-at' } }, 'customer.email'],
      [{ ...good, customer: { id: '987654321' } }, 'customer.id'],
      [{ ...good, address: '' }, 'address'],
      [{ ...good, lines: [] }, 'lines'],
      [{ ...good, lines: [{ productId: String(product.id), quantity: 0 }] }, 'lines.0.quantity'],
      [{ ...good, lines: [{ productId: String(product.id), quantity: 10_001 }] }, 'lines.0.quantity'],
      [{ ...good, lines: [{ productId: '987654321', quantity: 1 }] }, 'lines.0.productId'],
      [{ ...good, lines: [{ productId: String(gone.id), quantity: 1 }] }, 'lines.0.productId'],
      [
        { ...good, lines: [{ productId: String(product.id), variantId: '5', quantity: 1 }] },
        'lines.0.variantId',
      ],
      [{ ...good, lines: [{ productId: String(product.id), quantity: 1, price: -1 }] }, 'lines.0.price'],
      [{ ...good, discountPercent: 101 }, 'discountPercent'],
      [{ ...good, shippingFee: 'free' }, 'shippingFee'],
      [{ ...good, source: 'telegram' }, 'source'],
      [{ ...good, paymentStatus: 'maybe' }, 'paymentStatus'],
    ]
    for (const [sent, field] of cases) {
      const body = expectEnvelope(await t.call('POST', ORDERS, sent), 400)
      expect(Object.keys(body.errors), field).toContain(field)
    }
    const tooMany = Array.from({ length: 201 }, () => ({ productId: String(product.id), quantity: 1 }))
    expect(
      expectEnvelope(await t.call('POST', ORDERS, { ...good, lines: tooMany }), 400).errors,
    ).toHaveProperty('lines')
    expect(await countOrders()).toBe(before)
  })

  it('refuses a new customer whose phone an existing customer has, naming that customer', async () => {
    const known = await insertCustomer(t.database.db, { name: 'Phạm Đã Có', phoneNumber: '0933111222' })
    const product = await insertProduct(t.database.db)
    const body = expectEnvelope(
      await t.call('POST', ORDERS, {
        customer: { name: 'Người Khác', phoneNumber: '0933.111.222' },
        address: '1 Hàng Bạc',
        lines: [{ productId: String(product.id), quantity: 1 }],
        source: 'phone',
      }),
      409,
    )
    expect(body.code).toBe('phoneTaken')
    expect(body.errors).toEqual({
      'customer.phoneNumber': `Phạm Đã Có (customer ${known.id}) already has this phone number`,
    })
    const email = expectEnvelope(
      await t.call('POST', ORDERS, {
        customer: { name: 'Người Khác', phoneNumber: newPhone(), email: known.email.toUpperCase() },
        address: '1 Hàng Bạc',
        lines: [{ productId: String(product.id), quantity: 1 }],
        source: 'phone',
      }),
      409,
    )
    expect(email.errors).toEqual({ 'customer.email': 'This email is already in use' })
    expect(await stockOf(product)).toBe(10)
  })
})

describe('lines of an open order', () => {
  /** An order staff took: 2 of a product that had 10. */
  async function taken() {
    const product = await insertProduct(t.database.db, { price: 100_000, quantity: 10 })
    const order = expectEnvelope(
      await t.call('POST', ORDERS, {
        customer: { name: 'Khách Dòng', phoneNumber: newPhone() },
        address: '1 Hàng Bạc',
        lines: [{ productId: String(product.id), quantity: 2 }],
        shippingFee: 20_000,
        source: 'phone',
      }),
      201,
    ).data
    const [line] = expectEnvelope(await t.call('GET', `${ORDERS}/${order.id}/detail/${order.id}`), 200).data
    return { product, order, line }
  }
  const orderOf = async (id: string) => expectEnvelope(await t.call('GET', `${ORDERS}/${id}`), 200).data

  it('adds a line: its stock taken, the figures worked out again, the timeline told', async () => {
    const { order } = await taken()
    const extra = await insertProduct(t.database.db, { name: 'Khăn', price: 50_000, quantity: 5 })
    const line = expectEnvelope(
      await t.call(
        'POST',
        `${ORDERS}/${order.id}/lines`,
        { productId: String(extra.id), quantity: 3 },
        staff,
      ),
      201,
    ).data
    expect(line).toMatchObject({ price: 50_000, quantity: 3, product: { name: 'Khăn' } })
    expect(await stockOf(extra)).toBe(2)
    expect(await orderOf(order.id)).toMatchObject({ subtotal: 350_000, totalPrice: 370_000, quantity: 5 })
    const [event] = await timeline(order.id)
    expect(event).toMatchObject({ type: 'line-added', changes: { subtotal: [200_000, 350_000] } })
    // Short: 409 on the quantity, and nothing changes.
    const short = expectEnvelope(
      await t.call('POST', `${ORDERS}/${order.id}/lines`, { productId: String(extra.id), quantity: 3 }),
      409,
    )
    expect(short.errors).toEqual({ quantity: 'Not enough stock: 2 left' })
    expect(await orderOf(order.id)).toMatchObject({ subtotal: 350_000 })
  })

  it('changes a line: more takes the difference, fewer gives it back, a price replaces the line’s', async () => {
    const { product, order, line } = await taken()
    const url = `${ORDERS}/${order.id}/lines/${line.id}`
    expect(expectEnvelope(await t.call('PUT', url, { quantity: 5 }), 200).data).toMatchObject({ quantity: 5 })
    expect(await stockOf(product)).toBe(5)
    expect(expectEnvelope(await t.call('PUT', url, { quantity: 1, price: 90_000 }), 200).data).toMatchObject({
      quantity: 1,
      price: 90_000,
    })
    expect(await stockOf(product)).toBe(9)
    expect(await orderOf(order.id)).toMatchObject({ subtotal: 90_000, totalPrice: 110_000, quantity: 1 })
    const [event] = await timeline(order.id)
    expect(event).toMatchObject({
      type: 'line-changed',
      changes: { lineQuantity: [5, 1], linePrice: [100_000, 90_000] },
    })
    const short = expectEnvelope(await t.call('PUT', url, { quantity: 11 }), 409)
    expect(short.errors).toEqual({ quantity: 'Not enough stock: 9 left' })
    expect(expectEnvelope(await t.call('PUT', `${ORDERS}/${order.id}/lines/987654321`, { quantity: 1 }), 404))
    expect(Object.keys(expectEnvelope(await t.call('PUT', url, { quantity: 0 }), 400).errors)).toEqual([
      'quantity',
    ])
  })

  it('refuses lines of a delivered or cancelled order', async () => {
    const { order, line } = await taken()
    const product = await insertProduct(t.database.db)
    expectEnvelope(await t.call('POST', `${ORDERS}/bulk-status`, { ids: [order.id], status: 3 }), 200)
    const add = expectEnvelope(
      await t.call('POST', `${ORDERS}/${order.id}/lines`, { productId: String(product.id), quantity: 1 }),
      409,
    )
    expect(add.code).toBe('linesLocked')
    expect(
      expectEnvelope(await t.call('PUT', `${ORDERS}/${order.id}/lines/${line.id}`, { quantity: 1 }), 409)
        .code,
    ).toBe('linesLocked')
    expect(await stockOf(product)).toBe(10)
  })

  it('gives stock back when a line is deleted, the order cancelled, or deleted; an older order moves none', async () => {
    const first = await taken()
    const second = expectEnvelope(
      await t.call('POST', `${ORDERS}/${first.order.id}/lines`, {
        productId: String(first.product.id),
        quantity: 1,
      }),
      201,
    ).data
    expect(await stockOf(first.product)).toBe(7)
    expectEnvelope(await t.call('DELETE', `${ORDERS}/${first.order.id}/detail/${second.id}`), 200)
    expect(await stockOf(first.product)).toBe(8)
    expectEnvelope(await t.call('POST', `${ORDERS}/bulk-status`, { ids: [first.order.id], status: 0 }), 200)
    expect(await stockOf(first.product)).toBe(10)
    // Deleting the cancelled order gives back nothing more.
    expectEnvelope(await t.call('DELETE', `${ORDERS}/${first.order.id}`), 200)
    expect(await stockOf(first.product)).toBe(10)

    const pending = await taken()
    expectEnvelope(await t.call('DELETE', `${ORDERS}/${pending.order.id}`), 200)
    expect(await stockOf(pending.product)).toBe(10)

    // An order from before orders took stock: its lines change, go and cancel without moving any.
    const product = await insertProduct(t.database.db, { quantity: 10 })
    const { order, lines } = await insertOrder(t.database.db, {
      lines: [
        { product, quantity: 2 },
        { product, quantity: 1 },
      ],
    })
    expectEnvelope(await t.call('PUT', `${ORDERS}/${order.id}/lines/${lines[0]!.id}`, { quantity: 4 }), 200)
    expectEnvelope(await t.call('DELETE', `${ORDERS}/${order.id}/detail/${lines[1]!.id}`), 200)
    expectEnvelope(await t.call('POST', `${ORDERS}/bulk-status`, { ids: [String(order.id)], status: 0 }), 200)
    expect(await stockOf(product)).toBe(10)
  })
})

describe('DELETE /api/admin/orders/{id}: orders are kept', () => {
  it('deletes only a Pending or Cancelled order never paid, and only for an admin', async () => {
    const product = await insertProduct(t.database.db)
    const order = async (status: number, paymentStatus: typeof orders.$inferSelect.paymentStatus) => {
      const made = (await insertOrder(t.database.db, { status, lines: [{ product, quantity: 1 }] })).order
      await t.database.db.update(orders).set({ paymentStatus }).where(eq(orders.id, made.id))
      return String(made.id)
    }
    for (const [status, payment] of [
      [3, 'paid'],
      [3, 'unpaid'],
      [2, 'unpaid'],
      [1, 'paid'],
      [1, 'pending'],
      [0, 'refunded'],
    ] as const) {
      const id = await order(status, payment)
      const body = expectEnvelope(await t.call('DELETE', `${ORDERS}/${id}`), 409)
      expect(body, `${status} ${payment}`).toMatchObject({
        code: 'orderKept',
        message: 'Cancel the order instead: delivered, paid or shipped orders are kept',
      })
      expectEnvelope(await t.call('GET', `${ORDERS}/${id}`), 200)
    }
    const pending = await order(1, 'unpaid')
    expect(expectEnvelope(await t.call('DELETE', `${ORDERS}/${pending}`, undefined, staff), 403))
    expectEnvelope(await t.call('GET', `${ORDERS}/${pending}`), 200)
    for (const id of [
      pending,
      await order(0, 'failed'),
      await order(1, 'failed'),
      await order(0, 'unpaid'),
    ]) {
      expectEnvelope(await t.call('DELETE', `${ORDERS}/${id}`), 200)
      expectEnvelope(await t.call('GET', `${ORDERS}/${id}`), 404)
    }
  })
})

describe('two orders racing for the last units', () => {
  it('sells the last 5 units to exactly 5 of 20 orders placed at once; the others hear 409', async () => {
    const product = await insertProduct(t.database.db, { quantity: 5 })
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call('POST', ORDERS, {
          customer: { name: `Khách Tranh ${i}`, phoneNumber: `0977 000 ${String(i).padStart(3, '0')}` },
          address: '1 Hàng Bạc',
          lines: [{ productId: String(product.id), quantity: 1 }],
          source: 'web',
        }),
      ),
    )
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 201)).toHaveLength(5)
    expect(codes.filter((c) => c === 409)).toHaveLength(15)
    expect(await stockOf(product)).toBe(0)
    const sold = await t.database.db.select().from(orderLines).where(eq(orderLines.productId, product.id))
    expect(sold).toHaveLength(5)
  })
})
