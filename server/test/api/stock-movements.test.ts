import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rows } from '../../src/db/client.ts'
import { orderLines, products, stockMovements, users } from '../../src/db/schema.ts'
import { hashPassword } from '../../src/modules/auth/passwords.ts'
import { insertBrand, insertCategory, insertProduct } from '../data.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// Stock that follows orders, with its history (CONTRACT 5.3): every reason a movement can have, hand adjustments
// and their refusals, the database refusing a negative stock, `sold` at Delivered, and 50 orders racing for the
// last 10 units. Every call runs on both databases.

let t: TestApp
let staff: { authorization: string }
const NOW = new Date('2026-11-20T03:00:00.000Z')
const ORDERS = '/api/admin/orders'
const PRODUCTS = '/api/admin/products'

beforeAll(async () => {
  t = await startApp({ now: () => NOW })
  const member = { email: 'staff.stock@test.example', password: 'Staff12345' }
  await t.database.db.insert(users).values({
    name: 'Trần Thủ Kho',
    email: member.email,
    passwordHash: await hashPassword(member.password),
    role: 'staff',
  })
  const login = expectEnvelope(await t.call('POST', '/api/admin/auth/login', member, {}), 200)
  staff = { authorization: `Bearer ${login.data.tokens.access.token}` }
})
afterAll(async () => t.close())

type Product = Awaited<ReturnType<typeof insertProduct>>

const stockOf = async (product: Product) => {
  const [row] = await t.database.db
    .select({ quantity: products.quantity, sold: products.sold })
    .from(products)
    .where(eq(products.id, product.id))
  return row!
}
const movements = async (product: Product, query = '') =>
  expectEnvelope(await t.call('GET', `${PRODUCTS}/${product.id}/stock-movements${query}`), 200)
const adjust = (product: Product, body: unknown, headers?: Record<string, string>) =>
  t.call('POST', `${PRODUCTS}/${product.id}/stock-adjustments`, body, headers)

let phones = 0
const newPhone = () => `0933 ${String(++phones).padStart(3, '0')} 456`
/** A phone order of `lines` (product, units) for a new customer; answers its id. */
async function order(lines: [Product, number][]) {
  const answer = await t.call(
    'POST',
    ORDERS,
    {
      customer: { name: 'Phạm Khách Kho', phoneNumber: newPhone() },
      address: '5 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội',
      lines: lines.map(([p, quantity]) => ({ productId: String(p.id), quantity })),
      source: 'zalo',
    },
    staff,
  )
  return expectEnvelope(answer, 201).data.id as string
}
const moveStatus = async (id: string, status: number) =>
  expectEnvelope(await t.call('POST', `${ORDERS}/bulk-status`, { ids: [id], status }), 200)

describe('movements of orders', () => {
  it('records each reason an order moves stock for, newest first, with the order, the actor and the stock left', async () => {
    const shirt = await insertProduct(t.database.db, { quantity: 20 })
    const id = await order([[shirt, 3]])
    const [line] = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, Number(id)))
    // A line changed up, then down; a second line added and deleted; the order cancelled.
    expectEnvelope(await t.call('PUT', `${ORDERS}/${id}/lines/${line!.id}`, { quantity: 5 }), 200)
    expectEnvelope(await t.call('PUT', `${ORDERS}/${id}/lines/${line!.id}`, { quantity: 4 }), 200)
    const added = expectEnvelope(
      await t.call('POST', `${ORDERS}/${id}/lines`, { productId: String(shirt.id), quantity: 2 }),
      201,
    ).data
    expectEnvelope(await t.call('DELETE', `${ORDERS}/${id}/detail/${added.id}`), 200)
    await moveStatus(id, 0)
    expect((await stockOf(shirt)).quantity).toBe(20)

    const page = await movements(shirt)
    expect(page.meta).toEqual({ page: 1, limit: 10, totalPages: 1, totalResults: 6 })
    expect(
      page.data.map((m: { reason: string; delta: number; after: number }) => [m.reason, m.delta, m.after]),
    ).toEqual([
      ['order-cancelled', 4, 20],
      ['line-deleted', 2, 16],
      ['order', -2, 14],
      ['line-changed', 1, 16],
      ['line-changed', -2, 15],
      ['order', -3, 17],
    ])
    for (const m of page.data) expect(m).toMatchObject({ orderId: id, at: NOW.toISOString() })
    // The order was taken by the member of staff; the rest by the administrator the test signs in as.
    expect(page.data.at(-1).actor).toMatchObject({ name: 'Trần Thủ Kho', email: 'staff.stock@test.example' })
    expect(page.data[0].actor).not.toBeNull()
  })

  it('returns the stock of a deleted order, and the movement keeps the order it was', async () => {
    const bag = await insertProduct(t.database.db, { quantity: 4 })
    const id = await order([[bag, 4]])
    expect((await stockOf(bag)).quantity).toBe(0)
    expectEnvelope(await t.call('DELETE', `${ORDERS}/${id}`), 200)
    expect((await stockOf(bag)).quantity).toBe(4)
    const [last] = (await movements(bag)).data
    expect(last).toMatchObject({ reason: 'order-deleted', delta: 4, after: 4, orderId: id })
  })

  it('counts a delivered order’s units as sold, once, and a cancelled order’s never', async () => {
    const shoe = await insertProduct(t.database.db, { quantity: 10, sold: 7 })
    const delivered = await order([[shoe, 2]])
    const cancelled = await order([[shoe, 3]])
    expect(await stockOf(shoe)).toEqual({ quantity: 5, sold: 7 })
    await moveStatus(delivered, 2)
    expect((await stockOf(shoe)).sold).toBe(7)
    await moveStatus(delivered, 3)
    await moveStatus(cancelled, 0)
    expect(await stockOf(shoe)).toEqual({ quantity: 8, sold: 9 })
    // Delivered is final: no second move counts the units again.
    expect((await t.call('POST', `${ORDERS}/bulk-status`, { ids: [delivered], status: 3 })).statusCode).toBe(
      200,
    )
    expect((await stockOf(shoe)).sold).toBe(9)
  })

  it('writes nothing for a short order: no movement, no stock taken', async () => {
    const [plenty, scarce] = [
      await insertProduct(t.database.db, { quantity: 9 }),
      await insertProduct(t.database.db, { quantity: 1 }),
    ]
    const answer = await t.call(
      'POST',
      ORDERS,
      {
        customer: { name: 'Khách Thiếu', phoneNumber: newPhone() },
        address: '1 Hàng Đào',
        lines: [
          { productId: String(plenty.id), quantity: 2 },
          { productId: String(scarce.id), quantity: 2 },
        ],
        source: 'phone',
      },
      staff,
    )
    expect(answer.statusCode).toBe(409)
    expect((await stockOf(plenty)).quantity).toBe(9)
    expect((await movements(plenty)).meta.totalResults).toBe(0)
  })
})

describe('POST /api/admin/products/{id}/stock-adjustments', () => {
  it('adds received stock, takes damaged and lost, moves other either way, and sets a count', async () => {
    const product = await insertProduct(t.database.db, { quantity: 10 })
    const steps: [unknown, number, number][] = [
      [{ reason: 'received', delta: 24, note: 'Lô hàng tháng 11' }, 24, 34],
      [{ reason: 'damaged', delta: -2 }, -2, 32],
      [{ reason: 'lost', delta: -1, note: 'Thất lạc khi chuyển kho' }, -1, 31],
      [{ reason: 'other', delta: 3 }, 3, 34],
      [{ reason: 'other', delta: -4 }, -4, 30],
      [{ reason: 'count', quantity: 27 }, -3, 27],
      [{ reason: 'count', quantity: 27, note: 'Kiểm kê cuối tháng' }, 0, 27],
    ]
    for (const [body, delta, after] of steps) {
      const answer = expectEnvelope(await adjust(product, body, staff), 201)
      expect(answer.data).toMatchObject({ delta, after, reason: (body as { reason: string }).reason })
      expect(answer.data.actor).toMatchObject({ name: 'Trần Thủ Kho' })
    }
    expect((await stockOf(product)).quantity).toBe(27)
    const list = await movements(product, '?limit=3&page=2')
    expect(list.meta).toEqual({ page: 2, limit: 3, totalPages: 3, totalResults: 7 })
    expect(list.data.map((m: { reason: string }) => m.reason)).toEqual(['other', 'lost', 'damaged'])
    expect(list.data[1].note).toBe('Thất lạc khi chuyển kho')
  })

  it('refuses a take larger than the stock with how many are left, and changes nothing', async () => {
    const product = await insertProduct(t.database.db, { quantity: 3 })
    const answer = expectEnvelope(await adjust(product, { reason: 'damaged', delta: -4 }), 409)
    expect(answer.codes.delta).toEqual({ code: 'stockLeft', params: { left: 3 } })
    expect(answer.errors.delta).toBe('Not enough stock: 3 left')
    expect((await stockOf(product)).quantity).toBe(3)
    expect((await movements(product)).meta.totalResults).toBe(0)
  })

  it.each([
    [{ delta: 5 }, 'reason'],
    [{ reason: 'found', delta: 5 }, 'reason'],
    [{ reason: 'received' }, 'delta'],
    [{ reason: 'received', delta: 0 }, 'delta'],
    [{ reason: 'received', delta: -5 }, 'delta'],
    [{ reason: 'damaged', delta: 2 }, 'delta'],
    [{ reason: 'lost', delta: 1.5 }, 'delta'],
    [{ reason: 'other', delta: '3' }, 'delta'],
    [{ reason: 'count' }, 'quantity'],
    [{ reason: 'count', quantity: -1 }, 'quantity'],
    [{ reason: 'other', delta: 1, note: 'x'.repeat(501) }, 'note'],
  ])('refuses %j with a 400 naming %s', async (body, field) => {
    const product = await insertProduct(t.database.db, { quantity: 5 })
    const answer = expectEnvelope(await adjust(product, body), 400)
    expect(Object.keys(answer.errors)).toEqual([field])
    expect((await stockOf(product)).quantity).toBe(5)
  })

  it('answers 404 for a product that does not exist or was deleted', async () => {
    const gone = await insertProduct(t.database.db, { deletedAt: NOW })
    expectEnvelope(await adjust(gone, { reason: 'received', delta: 1 }), 404)
    expectEnvelope(
      await t.call('POST', `${PRODUCTS}/987654321/stock-adjustments`, { reason: 'received', delta: 1 }),
      404,
    )
    expectEnvelope(await t.call('GET', `${PRODUCTS}/987654321/stock-movements`), 404)
  })

  it('is on the audit log with the stock before and after, and the reason', async () => {
    const product = await insertProduct(t.database.db, { quantity: 6 })
    expectEnvelope(await adjust(product, { reason: 'received', delta: 4, note: 'Nhập thêm' }, staff), 201)
    const log = expectEnvelope(
      await t.call('GET', `/api/admin/audit-log?entity=product&action=stockAdjust&entityId=${product.id}`),
      200,
    )
    expect(log.data).toHaveLength(1)
    expect(log.data[0]).toMatchObject({
      actor: { name: 'Trần Thủ Kho' },
      changes: { quantity: [6, 10], reason: [null, 'received'], note: [null, 'Nhập thêm'] },
    })
  })
})

describe('the product form', () => {
  it('records a new stock as an edited movement; starting stock is the first one', async () => {
    const category = await insertCategory(t.database.db)
    const brand = await insertBrand(t.database.db)
    const form = {
      name: 'Áo thun kho',
      price: 150_000,
      description: 'Cotton',
      quantity: 12,
      category: String(category.id),
      brand: String(brand.id),
      images: ['/2026/01/kho.webp'],
      size: ['M'],
    }
    await t.storeFiles(...form.images)
    const product = expectEnvelope(await t.call('POST', PRODUCTS, form), 201).data
    expectEnvelope(await t.call('PUT', `${PRODUCTS}/${product.id}`, { ...form, quantity: 9 }), 200)
    // The same quantity again is no movement.
    expectEnvelope(
      await t.call('PUT', `${PRODUCTS}/${product.id}`, { ...form, quantity: 9, price: 160_000 }),
      200,
    )
    const list = await movements({ id: Number(product.id) } as Product)
    expect(
      list.data.map((m: { reason: string; delta: number; after: number }) => [m.reason, m.delta, m.after]),
    ).toEqual([
      ['edited', -3, 9],
      ['edited', 12, 12],
    ])
  })
})

describe('the product import', () => {
  it('records an import movement for each stock a file starts or changes, and none for one it leaves', async () => {
    const category = await insertCategory(t.database.db)
    const brand = await insertBrand(t.database.db)
    const [changed, kept] = [
      await insertProduct(t.database.db, { quantity: 8, categoryId: category.id, brandId: brand.id }),
      await insertProduct(t.database.db, { quantity: 5, categoryId: category.id, brandId: brand.id }),
    ]
    const image = '/2026/01/nhap-kho.webp'
    await t.storeFiles(image)
    const row = (id: string, name: string, quantity: number) =>
      `${id},${name},120000,${quantity},${category.name},${brand.name},M,${image},Vải lanh`
    const file = [
      'id,name,price,quantity,category,brand,size,images,description',
      row('', 'Áo nhập kho mới', 30),
      row(String(changed.id), 'Áo nhập kho đổi', 20),
      row(String(kept.id), 'Áo nhập kho giữ', 5),
    ].join('\r\n')
    const form = new FormData()
    form.append('file', new Blob([file], { type: 'text/csv' }), 'kho.csv')
    expectEnvelope(await t.call('POST', `${PRODUCTS}/import`, form, staff), 200)
    const [made] = await t.database.db.select().from(products).where(eq(products.name, 'Áo nhập kho mới'))
    expect((await movements(made!)).data).toEqual([
      expect.objectContaining({
        reason: 'import',
        delta: 30,
        after: 30,
        actor: expect.objectContaining({ name: 'Trần Thủ Kho' }),
      }),
    ])
    expect((await movements(changed)).data).toEqual([
      expect.objectContaining({ reason: 'import', delta: 12, after: 20 }),
    ])
    expect((await movements(kept)).meta.totalResults).toBe(0)
  })
})

describe('the product list’s stock totals', () => {
  it('equal a plain count after a mixed run of orders, cancels, deletes and adjustments', async () => {
    const shelf = await Promise.all(
      [0, 1, 2, 3, 5, 8, 13].map((quantity) =>
        insertProduct(t.database.db, { quantity, name: `Kệ hàng ${quantity}` }),
      ),
    )
    const threshold = expectEnvelope(await t.call('GET', '/api/admin/settings'), 200).data.lowStockThreshold
    const totals = async () => {
      const answer: Record<string, number> = {}
      for (const stock of ['all', 'out', 'low', 'in'])
        for (const name of ['', '&name=ke hang'])
          answer[`${stock}${name}`] = expectEnvelope(
            await t.call('GET', `${PRODUCTS}?stock=${stock}${name}`),
            200,
          ).meta.totalResults
      return answer
    }
    const counted = async () => {
      const n = async (where: string, name: string) =>
        (
          await rows<{ n: number }>(
            t.database.db,
            sql.raw(`select count(*)::int as n from products where deleted_at is null and ${where}${name}`),
          )
        )[0]!.n
      const answer: Record<string, number> = {}
      for (const [stock, where] of [
        ['all', 'true'],
        ['out', 'quantity = 0'],
        ['low', `quantity between 1 and ${threshold}`],
        ['in', 'quantity > 0'],
      ] as const)
        for (const [suffix, name] of [
          ['', ''],
          ['&name=ke hang', " and name like 'Kệ hàng%'"],
        ] as const)
          answer[`${stock}${suffix}`] = await n(where, name)
      return answer
    }
    expect(await totals()).toEqual(await counted())
    // Orders take the last units of some, a cancel gives one back, a delete another, adjustments both ways.
    const sellOut = await order([
      [shelf[1]!, 1],
      [shelf[2]!, 2],
    ])
    const cancelled = await order([
      [shelf[3]!, 3],
      [shelf[6]!, 10],
    ])
    const deleted = await order([[shelf[4]!, 5]])
    expect(await totals()).toEqual(await counted())
    await moveStatus(cancelled, 0)
    expectEnvelope(await t.call('DELETE', `${ORDERS}/${deleted}`), 200)
    await moveStatus(sellOut, 3)
    expectEnvelope(await adjust(shelf[0]!, { reason: 'received', delta: 2 }), 201)
    expectEnvelope(await adjust(shelf[5]!, { reason: 'count', quantity: 0 }), 201)
    expectEnvelope(await adjust(shelf[6]!, { reason: 'lost', delta: -13 }), 201)
    expect(await totals()).toEqual(await counted())
    expect(Object.values(await counted()).some((n) => n > 0)).toBe(true)
  })
})

describe('stock never below 0', () => {
  it('is refused by the database itself, whatever the code does', async () => {
    const product = await insertProduct(t.database.db, { quantity: 1 })
    const refusal = (write: Promise<unknown>) =>
      write.then(
        () => 'written',
        (error: { cause?: { message?: string }; message: string }) => error.cause?.message ?? error.message,
      )
    expect(
      await refusal(
        t.database.db.execute(sql`update products set quantity = quantity - 2 where id = ${product.id}`),
      ),
    ).toMatch(/products_money_check/)
    expect(
      await refusal(
        t.database.db
          .insert(stockMovements)
          .values({ productId: product.id, delta: -2, after: -1, reason: 'other' }),
      ),
    ).toMatch(/stock_movements_after_check/)
    expect((await stockOf(product)).quantity).toBe(1)
  })
})

describe('orders racing for the last units', () => {
  it('sells the last 10 units to exactly 10 of 50 orders placed at once: 40 hear 409, 10 movements', async () => {
    const product = await insertProduct(t.database.db, { quantity: 10 })
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.call('POST', ORDERS, {
          customer: { name: `Khách Đua ${i}`, phoneNumber: `0988 100 ${String(i).padStart(3, '0')}` },
          address: '9 Hàng Ngang',
          lines: [{ productId: String(product.id), quantity: 1 }],
          source: 'facebook',
        }),
      ),
    )
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 201)).toHaveLength(10)
    expect(codes.filter((c) => c === 409)).toHaveLength(40)
    expect((await stockOf(product)).quantity).toBe(0)
    const list = await movements(product, '?limit=100')
    expect(list.meta.totalResults).toBe(10)
    expect(list.data.map((m: { after: number }) => m.after).sort((a: number, b: number) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ])
  })
})
