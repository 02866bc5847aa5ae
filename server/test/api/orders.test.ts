import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderLines, orders } from '../../src/db/schema.ts'
import { insertCustomer, insertOrder, insertProduct } from '../data.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

let t: TestApp
// The clock moves a few minutes at a time: the access token is signed at 08:00 and lives 15 minutes.
let clock = new Date('2026-03-10T08:00:00.000Z')
const at = (day: number) => new Date(Date.UTC(2026, 1, day, 10))

type Customer = Awaited<ReturnType<typeof insertCustomer>>
type Product = Awaited<ReturnType<typeof insertProduct>>
type Placed = Awaited<ReturnType<typeof insertOrder>>

let an: Customer
let binh: Customer
let cuong: Customer
let shirt: Product
let jeans: Product
let oldShoes: Product
// Oldest first: first (An), second (Bình), third (Cường), fourth (An), fifth (Bình, same time as fourth).
let placed: Placed[] = []

const orderIdsOf = (body: { data: { id: string }[] }) => body.data.map((o) => o.id)
const idOf = (p: Placed) => String(p.order.id)

beforeAll(async () => {
  t = await startApp({ now: () => clock })
  const db = t.database.db
  an = await insertCustomer(db, {
    name: 'Nguyễn Văn An',
    email: 'an@test.example',
    phoneNumber: '0901234567',
  })
  binh = await insertCustomer(db, { name: 'Trần Thị Bình', phoneNumber: null })
  cuong = await insertCustomer(db, { name: 'Lê Văn Cường' })
  shirt = await insertProduct(db, {
    name: 'Áo thun',
    slug: 'ao-thun',
    price: 250_000,
    images: ['/2026/02/a.webp'],
  })
  jeans = await insertProduct(db, { name: 'Quần jean', slug: 'quan-jean', price: 499_000, images: [] })
  oldShoes = await insertProduct(db, { name: 'Giày cũ', slug: 'giay-cu', price: 1_010, deletedAt: at(1) })
  placed = [
    await insertOrder(db, {
      user: an,
      createdAt: at(1),
      discountPercent: 15,
      shipingFee: 30_000,
      status: 1,
      methodPayment: '2',
      customerNote: 'Giao giờ hành chính',
      address: '12 Lê Lợi, Quận 1',
      lines: [
        { product: shirt, quantity: 2 },
        { product: jeans, quantity: 1, size: null },
        { product: oldShoes, quantity: 3, size: 'XL' },
      ],
    }),
    await insertOrder(db, { user: binh, createdAt: at(2), lines: [{ product: shirt, quantity: 1 }] }),
    await insertOrder(db, { user: cuong, createdAt: at(3), lines: [{ product: jeans, quantity: 2 }] }),
    await insertOrder(db, { user: an, createdAt: at(4), lines: [{ product: jeans, quantity: 1 }] }),
    await insertOrder(db, { user: binh, createdAt: at(4), lines: [{ product: shirt, quantity: 4 }] }),
  ]
})
afterAll(async () => t.close())

describe('GET /admin/orders', () => {
  it('lists newest first (ties by id, newest first) with the customer', async () => {
    const body = expectEnvelope(await t.call('GET', '/api/admin/orders'), 200)
    expect(orderIdsOf(body)).toEqual([4, 3, 2, 1, 0].map((i) => idOf(placed[i]!)))
    expect(body.meta).toEqual({ page: 1, limit: 10, totalPages: 1, totalResults: 5 })
    const first = placed[0]!.order
    // 2 × 250,000 + 499,000 + 3 × 1,010 = 1,002,030; 15 % off is 150,304.5 → 150,305; plus 30,000 shipping
    expect(body.data[4]).toEqual({
      id: idOf(placed[0]!),
      _id: idOf(placed[0]!),
      user: {
        id: String(an.id),
        _id: String(an.id),
        name: 'Nguyễn Văn An',
        email: 'an@test.example',
        phoneNumber: '0901234567',
      },
      address: '12 Lê Lợi, Quận 1',
      addressParts: null,
      amount: 881_725,
      quantity: 6,
      status: 1,
      customerNote: 'Giao giờ hành chính',
      subtotal: 1_002_030,
      shipingFee: 30_000,
      discountPercent: 15,
      totalPrice: 881_725,
      methodPayment: '2',
      paymentStatus: 'unpaid',
      source: 'web',
      amountByHand: false,
      quantityByHand: false,
      shipment: null,
      version: 0,
      createdAt: first.createdAt.toISOString(),
      updatedAt: first.updatedAt.toISOString(),
    })
    expect(body.data[0].user.phoneNumber).toBeNull()
  })

  it('pages with meta', async () => {
    const page2 = expectEnvelope(await t.call('GET', '/api/admin/orders?limit=2&page=2'), 200)
    expect(orderIdsOf(page2)).toEqual([idOf(placed[2]!), idOf(placed[1]!)])
    expect(page2.meta).toEqual({ page: 2, limit: 2, totalPages: 3, totalResults: 5 })
    const page3 = expectEnvelope(await t.call('GET', '/api/admin/orders?limit=2&page=3'), 200)
    expect(orderIdsOf(page3)).toEqual([idOf(placed[0]!)])
  })

  it("searches the customer's name ignoring case and diacritics", async () => {
    const nguyen = expectEnvelope(await t.call('GET', '/api/admin/orders?name=nguyen'), 200)
    expect(orderIdsOf(nguyen)).toEqual([idOf(placed[3]!), idOf(placed[0]!)])
    expect(nguyen.meta).toEqual({ page: 1, limit: 10, totalPages: 1, totalResults: 2 })
    const full = expectEnvelope(
      await t.call('GET', `/api/admin/orders?name=${encodeURIComponent('NGUYEN VAN AN')}`),
      200,
    )
    expect(orderIdsOf(full)).toEqual(orderIdsOf(nguyen))
    const van = expectEnvelope(await t.call('GET', '/api/admin/orders?name=van&limit=2'), 200)
    expect(orderIdsOf(van)).toEqual([idOf(placed[3]!), idOf(placed[2]!)])
    expect(van.meta).toEqual({ page: 1, limit: 2, totalPages: 2, totalResults: 3 })
    const cuongs = expectEnvelope(
      await t.call('GET', `/api/admin/orders?name=${encodeURIComponent('Cường')}`),
      200,
    )
    expect(orderIdsOf(cuongs)).toEqual([idOf(placed[2]!)])
    // The address is not searched, and LIKE wildcards are plain characters.
    const street = expectEnvelope(await t.call('GET', '/api/admin/orders?name=le%20loi'), 200)
    expect(street.data).toEqual([])
    expect(street.meta.totalResults).toBe(0)
    const wildcard = expectEnvelope(await t.call('GET', '/api/admin/orders?name=%25'), 200)
    expect(wildcard.data).toEqual([])
  })

  it("accepts the old client's role and ignores it", async () => {
    const all = expectEnvelope(await t.call('GET', '/api/admin/orders'), 200)
    for (const role of ['user', 'admin']) {
      const body = expectEnvelope(await t.call('GET', `/api/admin/orders?role=${role}&name=`), 200)
      expect(body.data).toEqual(all.data)
      expect(body.meta).toEqual(all.meta)
    }
    const bad = expectEnvelope(await t.call('GET', '/api/admin/orders?role=boss'), 400)
    expect(bad.errors.role).toBe('Must be one of user, admin')
  })

  it('refuses a bad page or limit with the field named', async () => {
    const page = expectEnvelope(await t.call('GET', '/api/admin/orders?page=-1'), 400)
    expect(page.errors.page).toBe('Must be between 1 and 1000000')
    expect(page.message).toContain('page')
    const limit = expectEnvelope(await t.call('GET', '/api/admin/orders?limit=1.5'), 400)
    expect(limit.errors.limit).toBeDefined()
  })

  it('needs a signed-in administrator', async () => {
    expectEnvelope(await t.call('GET', '/api/admin/orders', undefined, {}), 401)
    expectEnvelope(await t.call('GET', '/api/admin/orders', undefined, { authorization: 'Bearer x' }), 401)
  })
})

describe('GET /admin/orders/{id}', () => {
  it('answers the order', async () => {
    const list = expectEnvelope(await t.call('GET', '/api/admin/orders'), 200)
    const body = expectEnvelope(await t.call('GET', `/api/admin/orders/${idOf(placed[0]!)}`), 200)
    expect(body.data).toEqual(list.data[4])
  })

  it('answers 404 for an unknown or garbage id and 401 without a token', async () => {
    expect(expectEnvelope(await t.call('GET', '/api/admin/orders/999999'), 404).message).toBe(
      'Order not found',
    )
    expectEnvelope(await t.call('GET', '/api/admin/orders/abc'), 404)
    expectEnvelope(await t.call('GET', '/api/admin/orders/0'), 404)
    expectEnvelope(await t.call('GET', '/api/admin/orders/99999999999999999999'), 404)
    expectEnvelope(await t.call('GET', `/api/admin/orders/${idOf(placed[0]!)}`, undefined, {}), 401)
  })
})

describe('PUT /admin/orders/{id}', () => {
  const valid = { address: '45 Nguyễn Huệ, Quận 1', amount: 500_000, quantity: 3, status: 2 }

  it('sets the fields as given, bumps updatedAt and the version, and answers the order', async () => {
    clock = new Date('2026-03-10T08:05:00.000Z')
    const id = idOf(placed[1]!)
    const before = expectEnvelope(await t.call('GET', `/api/admin/orders/${id}`), 200).data
    const body = expectEnvelope(
      await t.call('PUT', `/api/admin/orders/${id}`, {
        address: '  45 Nguyễn Huệ, Quận 1 ',
        amount: '500000',
        quantity: 3,
        status: '2',
        customerNote: 'Gọi trước khi giao',
        methodPayment: '3',
      }),
      200,
    )
    expect(body.message).toBe('Order updated')
    expect(body.data).toEqual({
      ...before,
      address: '45 Nguyễn Huệ, Quận 1',
      amount: 500_000,
      quantity: 3,
      status: 2,
      customerNote: 'Gọi trước khi giao',
      methodPayment: '3',
      // A new amount and quantity are set by hand: they no longer follow the lines (CONTRACT 4.5).
      amountByHand: true,
      quantityByHand: true,
      version: before.version + 1,
      updatedAt: '2026-03-10T08:05:00.000Z',
    })
    const again = expectEnvelope(await t.call('GET', `/api/admin/orders/${id}`), 200)
    expect(again.data).toEqual(body.data)
  })

  it('keeps the note and payment method when they are not sent; an empty method means unpaid', async () => {
    const id = idOf(placed[1]!)
    const kept = expectEnvelope(await t.call('PUT', `/api/admin/orders/${id}`, valid), 200)
    expect(kept.data).toMatchObject({ status: 2, customerNote: 'Gọi trước khi giao', methodPayment: '3' })
    const cleared = expectEnvelope(
      await t.call('PUT', `/api/admin/orders/${id}`, {
        ...valid,
        status: 0,
        customerNote: null,
        methodPayment: '',
      }),
      200,
    )
    expect(cleared.data).toMatchObject({ status: 0, customerNote: '', methodPayment: '0' })
  })

  it('writes an address given by the 2025 units as text beside its codes; text alone drops them', async () => {
    const id = idOf(placed[2]!)
    const before = expectEnvelope(await t.call('GET', `/api/admin/orders/${id}`), 200).data
    const figures = { amount: before.amount, quantity: before.quantity, status: before.status }
    const parts = { street: '12 Trần Thái Tông', wardCode: '00166', provinceCode: '01' }
    const byCodes = expectEnvelope(
      await t.call('PUT', `/api/admin/orders/${id}`, { ...figures, address: parts }),
      200,
    )
    expect(byCodes.data).toMatchObject({
      address: '12 Trần Thái Tông, Phường Cầu Giấy, Thành phố Hà Nội',
      addressParts: parts,
    })
    const wrong = expectEnvelope(
      await t.call('PUT', `/api/admin/orders/${id}`, {
        ...figures,
        address: { ...parts, provinceCode: '79' },
      }),
      400,
    )
    expect(Object.keys(wrong.errors)).toEqual(['address.wardCode'])
    const text = expectEnvelope(
      await t.call('PUT', `/api/admin/orders/${id}`, { ...figures, address: 'Huế' }),
      200,
    )
    expect(text.data).toMatchObject({ address: 'Huế', addressParts: null })
  })

  it('refuses invalid fields with the field named', async () => {
    const id = idOf(placed[1]!)
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, address: undefined }, 'address', 'This field is required'],
      [{ ...valid, address: '   ' }, 'address', 'This field is required'],
      [{ ...valid, amount: -1 }, 'amount', 'Must be a whole number of 0 or more'],
      [{ ...valid, amount: 1.5 }, 'amount', 'Must be a whole number of 0 or more'],
      [{ ...valid, amount: undefined }, 'amount', 'This field must be a number'],
      [{ ...valid, quantity: 'abc' }, 'quantity', 'This field must be a number'],
      [{ ...valid, quantity: 3_000_000_000 }, 'quantity', 'Must be between 0 and 2147483647'],
      [{ ...valid, status: 4 }, 'status', 'Must be one of 0, 1, 2, 3'],
      [{ ...valid, status: '9' }, 'status', 'Must be one of 0, 1, 2, 3'],
      [{ ...valid, status: 'shipped' }, 'status', 'Must be one of 0, 1, 2, 3'],
      [{ ...valid, status: 1.5 }, 'status', 'Must be one of 0, 1, 2, 3'],
      [{ ...valid, status: true }, 'status', 'Must be one of 0, 1, 2, 3'],
      [{ ...valid, status: undefined }, 'status', 'This field is required'],
      [
        { ...valid, methodPayment: 'paypal' },
        'methodPayment',
        'Must be a payment code: one digit from 0 to 9',
      ],
      [{ ...valid, methodPayment: '12' }, 'methodPayment', 'Must be a payment code: one digit from 0 to 9'],
      [{ ...valid, customerNote: 'x'.repeat(2001) }, 'customerNote', 'At most 2000 characters'],
    ]
    for (const [payload, field, message] of cases) {
      const body = expectEnvelope(await t.call('PUT', `/api/admin/orders/${id}`, payload), 400)
      expect(body.errors[field], JSON.stringify(payload)).toBe(message)
      expect(body.message).toContain(field)
    }
    // Nothing of the refused edits was kept.
    const order = expectEnvelope(await t.call('GET', `/api/admin/orders/${id}`), 200).data
    expect(order).toMatchObject({ address: valid.address, amount: 500_000, quantity: 3, status: 0 })
  })

  it('answers 404 for an unknown or garbage id and 401 without a token', async () => {
    expectEnvelope(await t.call('PUT', '/api/admin/orders/999999', valid), 404)
    expectEnvelope(await t.call('PUT', '/api/admin/orders/abc', valid), 404)
    expectEnvelope(await t.call('PUT', `/api/admin/orders/${idOf(placed[1]!)}`, valid, {}), 401)
  })
})

describe('GET /admin/orders/{orderId}/detail/{id}', () => {
  it('answers the lines of the order, with products deleted since', async () => {
    const id = idOf(placed[0]!)
    const body = expectEnvelope(await t.call('GET', `/api/admin/orders/${id}/detail/${id}`), 200)
    const [l1, l2, l3] = placed[0]!.lines
    expect(body.data).toEqual([
      {
        id: String(l1!.id),
        _id: String(l1!.id),
        product: {
          id: String(shirt.id),
          _id: String(shirt.id),
          name: 'Áo thun',
          thumbnail: '/2026/02/a.webp',
          slug: 'ao-thun',
          deletedAt: null,
        },
        price: 250_000,
        quantity: 2,
        size: 'M',
        variant: null,
      },
      {
        id: String(l2!.id),
        _id: String(l2!.id),
        product: {
          id: String(jeans.id),
          _id: String(jeans.id),
          name: 'Quần jean',
          thumbnail: null,
          slug: 'quan-jean',
          deletedAt: null,
        },
        price: 499_000,
        quantity: 1,
        size: null,
        variant: null,
      },
      {
        id: String(l3!.id),
        _id: String(l3!.id),
        product: {
          id: String(oldShoes.id),
          _id: String(oldShoes.id),
          name: 'Giày cũ',
          thumbnail: oldShoes.images[0],
          slug: 'giay-cu',
          deletedAt: at(1).toISOString(),
        },
        price: 1_010,
        quantity: 3,
        size: 'XL',
        variant: null,
      },
    ])
  })

  it('ignores the second id', async () => {
    const id = idOf(placed[2]!)
    const body = expectEnvelope(await t.call('GET', `/api/admin/orders/${id}/detail/whatever`), 200)
    expect(body.data.map((l: { id: string }) => l.id)).toEqual([String(placed[2]!.lines[0]!.id)])
  })

  it('answers 404 for an unknown or garbage order and 401 without a token', async () => {
    const unknown = expectEnvelope(await t.call('GET', '/api/admin/orders/999999/detail/999999'), 404)
    expect(unknown.message).toBe('Order not found')
    expectEnvelope(await t.call('GET', '/api/admin/orders/abc/detail/abc'), 404)
    const id = idOf(placed[0]!)
    expectEnvelope(await t.call('GET', `/api/admin/orders/${id}/detail/${id}`, undefined, {}), 401)
  })
})

describe('DELETE /admin/orders/{orderId}/detail/{lineId}', () => {
  const orderOf = async (p: Placed) =>
    expectEnvelope(await t.call('GET', `/api/admin/orders/${idOf(p)}`), 200).data

  it('answers 404 for a line of another order, and changes nothing', async () => {
    const before = await orderOf(placed[0]!)
    const foreign = placed[2]!.lines[0]!.id
    const body = expectEnvelope(
      await t.call('DELETE', `/api/admin/orders/${idOf(placed[0]!)}/detail/${foreign}`),
      404,
    )
    expect(body.message).toBe('Order line not found')
    expect(await orderOf(placed[0]!)).toEqual(before)
    expect(await orderOf(placed[2]!)).toMatchObject({ quantity: 2 })
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.id, foreign))
    expect(lines).toHaveLength(1)
  })

  it('answers 404 for an unknown or garbage line or order, and 401 without a token', async () => {
    const id = idOf(placed[0]!)
    const line = placed[0]!.lines[0]!.id
    expectEnvelope(await t.call('DELETE', `/api/admin/orders/${id}/detail/999999`), 404)
    expectEnvelope(await t.call('DELETE', `/api/admin/orders/${id}/detail/abc`), 404)
    expect(
      expectEnvelope(await t.call('DELETE', `/api/admin/orders/999999/detail/${line}`), 404).message,
    ).toBe('Order not found')
    expectEnvelope(await t.call('DELETE', `/api/admin/orders/abc/detail/${line}`), 404)
    expectEnvelope(await t.call('DELETE', `/api/admin/orders/${id}/detail/${line}`, undefined, {}), 401)
    const detail = expectEnvelope(await t.call('GET', `/api/admin/orders/${id}/detail/${id}`), 200)
    expect(detail.data).toHaveLength(3)
  })

  it('deletes the line and recomputes every figure of the order', async () => {
    clock = new Date('2026-03-10T08:10:00.000Z')
    const id = idOf(placed[0]!)
    const before = await orderOf(placed[0]!)
    const shirtLine = placed[0]!.lines[0]!
    const body = expectEnvelope(await t.call('DELETE', `/api/admin/orders/${id}/detail/${shirtLine.id}`), 200)
    expect(body).toEqual({ status: true, data: null, message: 'Order line deleted' })
    // Left: 1 × 499,000 + 3 × 1,010 = 502,030; 15 % is 75,304.5 → 75,305; total 502,030 − 75,305 + 30,000
    expect(await orderOf(placed[0]!)).toEqual({
      ...before,
      quantity: 4,
      subtotal: 502_030,
      totalPrice: 456_725,
      amount: 456_725,
      version: before.version + 1,
      updatedAt: '2026-03-10T08:10:00.000Z',
    })
    const detail = expectEnvelope(await t.call('GET', `/api/admin/orders/${id}/detail/${id}`), 200)
    expect(detail.data.map((l: { id: string }) => l.id)).toEqual(
      placed[0]!.lines.slice(1).map((l) => String(l.id)),
    )
    expectEnvelope(await t.call('DELETE', `/api/admin/orders/${id}/detail/${shirtLine.id}`), 404)
  })

  it('recomputes again down to one line', async () => {
    const id = idOf(placed[0]!)
    expectEnvelope(await t.call('DELETE', `/api/admin/orders/${id}/detail/${placed[0]!.lines[1]!.id}`), 200)
    // Left: 3 × 1,010 = 3,030; 15 % is 454.5 → 455; total 3,030 − 455 + 30,000
    expect(await orderOf(placed[0]!)).toMatchObject({
      quantity: 3,
      subtotal: 3_030,
      discountPercent: 15,
      shipingFee: 30_000,
      totalPrice: 32_575,
      amount: 32_575,
    })
  })

  it('refuses to delete the last line with 409', async () => {
    const id = idOf(placed[0]!)
    const before = await orderOf(placed[0]!)
    const body = expectEnvelope(
      await t.call('DELETE', `/api/admin/orders/${id}/detail/${placed[0]!.lines[2]!.id}`),
      409,
    )
    expect(body.message).toBe('An order needs at least one line; cancel or delete the order instead')
    expect(await orderOf(placed[0]!)).toEqual(before)
  })

  it('keeps figures right when lines of one order are deleted at the same time', async () => {
    const db = t.database.db
    const three = await insertOrder(db, {
      user: cuong,
      discountPercent: 10,
      shipingFee: 20_000,
      lines: [
        { product: shirt, quantity: 1 },
        { product: jeans, quantity: 2 },
        { product: shirt, quantity: 5, price: 200_000 },
      ],
    })
    const id = idOf(three)
    const answers = await Promise.all(
      three.lines.slice(0, 2).map((l) => t.call('DELETE', `/api/admin/orders/${id}/detail/${l.id}`)),
    )
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
    // Left: 5 × 200,000 = 1,000,000; 10 % off; plus 20,000
    expect(await orderOf(three)).toMatchObject({
      quantity: 5,
      subtotal: 1_000_000,
      totalPrice: 920_000,
      amount: 920_000,
    })

    const two = await insertOrder(db, {
      user: cuong,
      lines: [
        { product: shirt, quantity: 1 },
        { product: jeans, quantity: 1 },
      ],
    })
    const both = await Promise.all(
      two.lines.map((l) => t.call('DELETE', `/api/admin/orders/${idOf(two)}/detail/${l.id}`)),
    )
    expect(both.map((a) => a.statusCode).sort()).toEqual([200, 409])
    const left = await db.select().from(orderLines).where(eq(orderLines.orderId, two.order.id))
    expect(left).toHaveLength(1)
    expect(await orderOf(two)).toMatchObject({
      quantity: 1,
      subtotal: left[0]!.price,
      totalPrice: left[0]!.price + 30_000,
    })
  })
})

describe('DELETE /admin/orders/{id}', () => {
  it('needs a signed-in administrator', async () => {
    expectEnvelope(await t.call('DELETE', `/api/admin/orders/${idOf(placed[3]!)}`, undefined, {}), 401)
    expectEnvelope(await t.call('GET', `/api/admin/orders/${idOf(placed[3]!)}`), 200)
  })

  it('deletes the order and its lines', async () => {
    const id = placed[3]!.order.id
    const before = expectEnvelope(await t.call('GET', '/api/admin/orders'), 200).meta.totalResults
    const body = expectEnvelope(await t.call('DELETE', `/api/admin/orders/${id}`), 200)
    expect(body).toEqual({ status: true, data: null, message: 'Order deleted' })
    expectEnvelope(await t.call('GET', `/api/admin/orders/${id}`), 404)
    expectEnvelope(await t.call('GET', `/api/admin/orders/${id}/detail/${id}`), 404)
    expect(await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, id))).toEqual([])
    expect(await t.database.db.select().from(orders).where(eq(orders.id, id))).toEqual([])
    const list = expectEnvelope(await t.call('GET', '/api/admin/orders?name=nguyen'), 200)
    expect(orderIdsOf(list)).toEqual([idOf(placed[0]!)])
    expect(list.meta.totalResults).toBe(1)
    const all = expectEnvelope(await t.call('GET', '/api/admin/orders'), 200)
    expect(all.meta.totalResults).toBe(before - 1)
    expect(orderIdsOf(all)).not.toContain(String(id))
  })

  it('answers 404 for an already deleted, unknown or garbage id', async () => {
    expectEnvelope(await t.call('DELETE', `/api/admin/orders/${idOf(placed[3]!)}`), 404)
    expectEnvelope(await t.call('DELETE', '/api/admin/orders/999999'), 404)
    expectEnvelope(await t.call('DELETE', '/api/admin/orders/not-an-id'), 404)
    expectEnvelope(await t.call('GET', `/api/admin/orders/${idOf(placed[0]!)}`), 200)
  })
})
