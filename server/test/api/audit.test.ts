import { AUDIT_ACTIONS, AUDIT_ENTITIES, allEndpoints, auditListQuery } from '@store/contract'
import { asc, count, desc, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, products, refreshTokens, users } from '../../src/db/schema.ts'
import { type AuditEntryInput, writeAuditEntry } from '../../src/lib/audit.ts'
import { listAuditLog } from '../../src/modules/audit/repository.ts'
import { hashPassword } from '../../src/modules/auth/passwords.ts'
import { parseCsv } from '../csv.ts'
import { insertCategory, insertCustomer, insertOrder, insertProduct, insertReview } from '../data.ts'
import { ADMIN, expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// The audit log (CONTRACT 4.4): what each write records, the list and its filters (days in STORE_TZ), the CSV
// export (4.1's rules), who may read it, that nothing changes an entry, and that no secret reaches it.

let t: TestApp
// 18:00 UTC on 10 March is 01:00 on 11 March in Hồ Chí Minh City (STORE_TZ, UTC+7): the export's file is
// dated by the shop's calendar, not by UTC's.
const NOW = new Date('2026-03-10T18:00:00.000Z')
const LIST = '/api/admin/audit-log'
const EXPORT = '/api/admin/audit-log/export'

/** Accounts whose seeded entries the filter tests read, apart from what the API calls record. */
let auditor: { id: number; name: string; email: string }
let bulk: { id: number; name: string; email: string }
let injector: { id: number; name: string; email: string }
let staff: { authorization: string }
/** Every entry as it stood once seeded: no call may change or delete one. */
let snapshot: (typeof auditLog.$inferSelect)[]

let people = 0
async function person(name: string, role: 'admin' | 'staff' | 'user' = 'admin', password?: string) {
  const email = `person${++people}@audit.test`
  const [row] = await t.database.db
    .insert(users)
    .values({ name, email, role, ...(password && { passwordHash: await hashPassword(password) }) })
    .returning({ id: users.id })
  return { id: row!.id, name, email }
}

const seed = (at: string, actor: typeof auditor, values: Partial<AuditEntryInput> = {}) =>
  writeAuditEntry(t.database.db, {
    at: new Date(at),
    actor,
    action: 'update',
    entity: 'product',
    entityId: '1',
    changes: {},
    ip: '10.0.0.1',
    userAgent: 'seeded',
    ...values,
  })

beforeAll(async () => {
  t = await startApp({ now: () => NOW, env: { EXPORT_BATCH_ROWS: '1000' } })
  await t.storeFiles('/2026/03/nike.webp')
  auditor = await person('Lê Kiểm Toán')
  bulk = await person('Phạm Hàng Loạt')
  injector = await person('@Kẻ Gian')
  // A: 23:59:59.999 on 31 January in the shop; B: midnight on 1 February; C: the last instant of 1 February;
  // D and E: midnight on 2 February, at the same instant (E written after D, so its id is higher).
  await seed('2026-01-31T16:59:59.999Z', auditor, { entityId: 'p-1', action: 'update' })
  await seed('2026-01-31T17:00:00.000Z', auditor, { entityId: 'p-1', action: 'create' })
  await seed('2026-02-01T16:59:59.999Z', auditor, { entity: 'order', entityId: 'o-1', action: 'delete' })
  await seed('2026-02-01T17:00:00.000Z', auditor, { entity: 'order', entityId: 'o-2', action: 'update' })
  await seed('2026-02-01T17:00:00.000Z', auditor, { entity: 'brand', entityId: 'b-1', action: 'delete' })
  // More than two export batches: 1,500 entries at one instant, which only their ids tell apart, then 845 within
  // one millisecond, which only their microseconds do (a cursor kept as a JavaScript date would lose them).
  await t.database.db.insert(auditLog).values(
    Array.from({ length: 2345 }, (_, i) => ({
      at: new Date(i < 1500 ? '2026-02-10T03:00:00.000Z' : '2026-02-09T03:00:00.000Z'),
      actorId: bulk.id,
      actorName: bulk.name,
      actorEmail: bulk.email,
      action: 'update',
      entity: 'product',
      entityId: String(i),
      changes: { quantity: [i, i + 1] as [number, number] },
    })),
  )
  await t.database.db.execute(sql`
    update audit_log set at = at + (entity_id::int % 300) * interval '1 microsecond'
     where actor_id = ${bulk.id} and entity_id::int >= 1500`)
  // Cells a spreadsheet would run as formulas.
  await seed('2026-02-20T01:00:00.000Z', injector, {
    entityId: '=1+2',
    entityName: '@Áo',
    ip: '+84 1',
    userAgent: '-cmd|calc',
    changes: { name: ['=SUM(A1)', 'Áo "thun", cotton'] },
  })
  await seed('2026-02-20T02:00:00.000Z', injector, { entityId: '\rCR', ip: '@home', userAgent: '\tTab' })
  await seed('2026-02-20T03:00:00.000Z', injector, {
    entityId: 'plain',
    userAgent: 'Mozilla/5.0 (X11, "Linux")',
  })
  const member = await person('Trần Nhân Viên', 'staff', 'Staff1234')
  const login = expectEnvelope(
    await t.call('POST', '/api/admin/auth/login', { email: member.email, password: 'Staff1234' }, {}),
    200,
  )
  staff = { authorization: `Bearer ${login.data.tokens.access.token}` }
  snapshot = await t.database.db.select().from(auditLog).orderBy(asc(auditLog.id))
})
afterAll(async () => t.close())

const list = async (query: string) => expectEnvelope(await t.call('GET', `${LIST}?${query}`), 200)
/** The newest entry about one record, as the list answers it. */
const latest = async (entity: string, entityId: string) =>
  (await list(`entity=${entity}&entityId=${encodeURIComponent(entityId)}&limit=1`)).data[0]
const ids = (body: { data: { entityId: string }[] }) => body.data.map((e) => e.entityId)

const adminActor = () => ({ id: String(t.adminId), name: 'Test Admin', email: ADMIN.email })

describe('what a write records', () => {
  it('a brand: every field when created, the fields that changed when edited, every field when deleted', async () => {
    const logo = '/2026/03/nike.webp'
    const created = expectEnvelope(
      await t.call('POST', '/api/admin/brands', { name: 'Nike', logo }),
      201,
    ).data
    expect(await latest('brand', created.id)).toEqual({
      id: expect.any(String),
      at: NOW.toISOString(),
      actor: adminActor(),
      action: 'create',
      entity: 'brand',
      entityId: created.id,
      entityName: 'Nike',
      changes: { name: [null, 'Nike'], slug: [null, 'nike'], logo: [null, logo] },
      ip: '127.0.0.1',
      userAgent: 'lightMyRequest',
    })

    expectEnvelope(await t.call('PUT', `/api/admin/brands/${created.id}`, { name: 'Nike Việt Nam' }), 200)
    expect((await latest('brand', created.id)).changes).toEqual({
      name: ['Nike', 'Nike Việt Nam'],
      slug: ['nike', 'nike-viet-nam'],
    })

    // A refused write leaves no entry: the entry is written in the write's own transaction.
    await t.call('POST', '/api/admin/brands', { name: 'Adidas', logo })
    const before = (await list('entity=brand')).meta.totalResults
    expectEnvelope(await t.call('PUT', `/api/admin/brands/${created.id}`, { name: 'Adidas' }), 409)
    expectEnvelope(await t.call('DELETE', '/api/admin/brands/999999'), 404)
    expect((await list('entity=brand')).meta.totalResults).toBe(before)

    expectEnvelope(await t.call('DELETE', `/api/admin/brands/${created.id}`), 200)
    const history = await list(`entity=brand&entityId=${created.id}`)
    expect(history.data.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create'])
    expect(history.data[0].changes).toEqual({
      name: ['Nike Việt Nam', null],
      slug: ['nike-viet-nam', null],
      logo: [logo, null],
    })
  })

  it('a product: its category and brand by name', async () => {
    const product = await insertProduct(t.database.db, { name: 'Áo sơ mi', slug: 'ao-so-mi', price: 300_000 })
    const other = await insertCategory(t.database.db, { name: 'Áo khoác', slug: 'ao-khoac' })
    const body = {
      name: 'Áo sơ mi',
      price: 350_000,
      description: product.description,
      quantity: product.quantity,
      category: String(other.id),
      brand: String(product.brandId),
      images: product.images,
      size: product.size,
    }
    expectEnvelope(await t.call('PUT', `/api/admin/products/${product.id}`, body), 200)
    const entry = await latest('product', String(product.id))
    expect(entry.action).toBe('update')
    expect(entry.changes).toEqual({
      price: [300_000, 350_000],
      category: [expect.stringMatching(/^Category \d+$/), 'Áo khoác'],
    })
    expectEnvelope(await t.call('DELETE', `/api/admin/products/${product.id}`), 200)
    const deleted = await latest('product', String(product.id))
    expect(deleted.action).toBe('delete')
    expect(deleted.changes).toMatchObject({ name: ['Áo sơ mi', null], price: [350_000, null] })
    expect(deleted.changes.category).toEqual(['Áo khoác', null])
    expect(deleted.changes).not.toHaveProperty('thumbnail')
  })

  it('an order: the fields edited, then a line with its order, then the whole order with its lines', async () => {
    const shirt = await insertProduct(t.database.db, {
      name: 'Áo thun',
      slug: 'ao-thun-audit',
      price: 100_000,
    })
    const jeans = await insertProduct(t.database.db, {
      name: 'Quần jean',
      slug: 'quan-jean-audit',
      price: 400_000,
    })
    const { order, lines } = await insertOrder(t.database.db, {
      address: '12 Lê Lợi',
      lines: [
        { product: shirt, quantity: 2 },
        { product: jeans, quantity: 1, size: 'L' },
      ],
    })
    const edit = { address: '34 Hai Bà Trưng', amount: order.amount, quantity: order.quantity, status: 2 }
    expectEnvelope(await t.call('PUT', `/api/admin/orders/${order.id}`, edit), 200)
    expect((await latest('order', String(order.id))).changes).toEqual({
      address: ['12 Lê Lợi', '34 Hai Bà Trưng'],
      status: [1, 2],
    })

    expectEnvelope(await t.call('DELETE', `/api/admin/orders/${order.id}/detail/${lines[1]!.id}`), 200)
    const line = await latest('orderLine', String(lines[1]!.id))
    expect(line.action).toBe('delete')
    expect(line.changes).toEqual({
      orderId: [String(order.id), null],
      product: [{ id: String(jeans.id), name: 'Quần jean' }, null],
      price: [400_000, null],
      quantity: [1, null],
      size: ['L', null],
    })

    // Only a Pending or Cancelled order is deleted (CONTRACT 5.2): this one is cancelled first.
    expectEnvelope(
      await t.call('POST', '/api/admin/orders/bulk-status', { ids: [String(order.id)], status: 0 }),
      200,
    )
    expectEnvelope(await t.call('DELETE', `/api/admin/orders/${order.id}`), 200)
    const deleted = await latest('order', String(order.id))
    expect(deleted.action).toBe('delete')
    expect(deleted.changes).toMatchObject({
      address: ['34 Hai Bà Trưng', null],
      status: [0, null],
      totalPrice: [expect.any(Number), null],
      lines: [
        [{ product: { id: String(shirt.id), name: 'Áo thun' }, price: 100_000, quantity: 2, size: 'M' }],
        null,
      ],
    })
    expect(deleted.changes.user[0]).toMatchObject({ id: String(order.userId) })
    expect(deleted.changes.user[0]).not.toHaveProperty('_id')
  })

  it('a review: what it said, who wrote it and about what, filed under its id', async () => {
    const product = await insertProduct(t.database.db, { name: 'Giày', slug: 'giay-audit' })
    const author = await insertCustomer(t.database.db, { name: 'Võ Thị Sáu' })
    const review = await insertReview(t.database.db, {
      product,
      user: author,
      rating: 2,
      content: 'Chật quá',
    })
    expectEnvelope(await t.call('DELETE', `/api/admin/product-reviews/${review.id}`), 200)
    const entry = await latest('review', String(review.id))
    expect(entry.action).toBe('delete')
    expect(entry.changes).toEqual({
      content: ['Chật quá', null],
      rating: [2, null],
      user: [{ id: String(author.id), name: 'Võ Thị Sáu' }, null],
      product: [{ id: String(product.id), name: 'Giày' }, null],
    })
  })

  it('a customer: the password as set, never its value', async () => {
    const created = expectEnvelope(
      await t.call('POST', '/api/admin/users', {
        name: 'Đặng Khách',
        email: 'dang.khach@audit.test',
        password: 'Khach1234',
        phoneNumber: '0912345678',
        gender: 1,
      }),
      201,
    ).data
    const entry = await latest('user', created.id)
    expect(entry.action).toBe('create')
    expect(entry.changes).toMatchObject({
      name: [null, 'Đặng Khách'],
      email: [null, 'dang.khach@audit.test'],
      password: [null, 'changed'],
    })
    expectEnvelope(await t.call('PUT', `/api/admin/users/${created.id}`, { location: 'Huế' }), 200)
    expect((await latest('user', created.id)).changes).toEqual({ location: [null, 'Huế'] })
  })

  it('names each record as people call it, as it was called then', async () => {
    const product = await insertProduct(t.database.db, { name: 'Áo thun basic', slug: 'ao-thun-basic-audit' })
    const body = {
      name: 'Áo thun basic trắng',
      price: product.price,
      description: product.description,
      quantity: product.quantity,
      category: String(product.categoryId),
      brand: String(product.brandId),
      images: product.images,
      size: product.size,
    }
    expectEnvelope(await t.call('PUT', `/api/admin/products/${product.id}`, body), 200)
    // An edit is filed under the name the record has once edited.
    expect((await latest('product', String(product.id))).entityName).toBe('Áo thun basic trắng')
    expectEnvelope(
      await t.call('POST', `/api/admin/products/${product.id}/stock-adjustments`, {
        reason: 'received',
        delta: 3,
      }),
      201,
    )
    expect(await latest('product', String(product.id))).toMatchObject({
      action: 'stockAdjust',
      entityName: 'Áo thun basic trắng',
    })

    // A review and an order line by their product, an order by its customer.
    const customer = await insertCustomer(t.database.db, { name: 'Phan Thị Lụa' })
    const review = await insertReview(t.database.db, { product, user: customer, rating: 5 })
    expectEnvelope(
      await t.call('PUT', `/api/admin/product-reviews/${review.id}`, { status: 'rejected' }),
      200,
    )
    expect((await latest('review', String(review.id))).entityName).toBe('Áo thun basic trắng')
    const { order, lines } = await insertOrder(t.database.db, {
      user: customer,
      lines: [{ product, quantity: 1 }],
    })
    expectEnvelope(
      await t.call('PUT', `/api/admin/orders/${order.id}/lines/${lines[0]!.id}`, { quantity: 2 }),
      200,
    )
    expect((await latest('orderLine', String(lines[0]!.id))).entityName).toBe('Áo thun basic trắng')
    expectEnvelope(
      await t.call('POST', '/api/admin/orders/bulk-status', { ids: [String(order.id)], status: 2 }),
      200,
    )
    expect((await latest('order', String(order.id))).entityName).toBe('Phan Thị Lụa')

    // One's own account by one's own name; a failed sign-in by the account it named.
    const member = await person('Mai Đăng Nhập', 'staff', 'Member1234')
    await t.call('POST', '/api/admin/auth/login', { email: member.email, password: 'Member1234' }, {})
    expect((await list(`action=signIn&entityId=${member.id}`)).data[0].entityName).toBe('Mai Đăng Nhập')
    await t.call('POST', '/api/admin/auth/login', { email: member.email, password: 'Wrong12345' }, {})
    expect((await list(`action=signInFailed&entityId=${member.id}`)).data[0].entityName).toBe('Mai Đăng Nhập')

    // A call about many records names none; each record's own entry names it.
    const bulk = (await list('action=bulkStatus&entity=order&limit=1')).data[0]
    expect(bulk).toMatchObject({ entityId: null, entityName: null })
  })

  it('writes nothing for a save that changed nothing, and answers it as before', async () => {
    const brand = expectEnvelope(
      await t.call('POST', '/api/admin/brands', { name: 'Owen', logo: '/2026/03/nike.webp' }),
      201,
    ).data
    const history = async () => (await list(`entity=brand&entityId=${brand.id}`)).meta.totalResults
    expect(await history()).toBe(1)
    const same = expectEnvelope(
      await t.call('PUT', `/api/admin/brands/${brand.id}`, { name: 'Owen', logo: brand.logo, version: 0 }),
      200,
    )
    expect(same.message).toBe('Brand updated')
    expect(same.data).toMatchObject({ name: 'Owen', logo: brand.logo })
    expect(await history()).toBe(1)
    expectEnvelope(await t.call('PUT', `/api/admin/brands/${brand.id}`, { name: 'Owen Việt Nam' }), 200)
    expect(await history()).toBe(2)

    // A review moderated to the status it has, and the settings saved as they are, alike.
    const review = await insertReview(t.database.db, {
      product: await insertProduct(t.database.db),
      rating: 3,
    })
    const moderated = async () => (await list(`entity=review&entityId=${review.id}`)).meta.totalResults
    expectEnvelope(
      await t.call('PUT', `/api/admin/product-reviews/${review.id}`, { status: 'rejected' }),
      200,
    )
    expect(await moderated()).toBe(1)
    expectEnvelope(
      await t.call('PUT', `/api/admin/product-reviews/${review.id}`, { status: 'rejected' }),
      200,
    )
    expect(await moderated()).toBe(1)
    const settings = { shopName: 'Cửa hàng Owen', address: '1 Lê Lợi', lowStockThreshold: 4 }
    const saves = async () => (await list('entity=settings')).meta.totalResults
    expectEnvelope(await t.call('PUT', '/api/admin/settings', settings), 200)
    const before = await saves()
    expectEnvelope(await t.call('PUT', '/api/admin/settings', settings), 200)
    expect(await saves()).toBe(before)
  })

  it('an upload: the stored paths, filed under the first', async () => {
    const image = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('file', new Blob([image], { type: 'image/png' }), 'a.png')
    form.append('file', new Blob([image], { type: 'image/png' }), 'b.png')
    const paths = expectEnvelope(await t.call('POST', '/api/file', form), 200).data
    const entry = await latest('file', paths[0])
    expect(entry).toMatchObject({ action: 'upload', actor: adminActor(), changes: { paths: [null, paths] } })
  })
})

describe('GET /api/admin/audit-log', () => {
  it('answers every entry of an account, newest first, ties broken by id, with exact totals', async () => {
    const body = await list(`actor=${auditor.id}`)
    expect(ids(body)).toEqual(['b-1', 'o-2', 'o-1', 'p-1', 'p-1'])
    expect(body.data.map((e: { action: string }) => e.action)).toEqual([
      'delete',
      'update',
      'delete',
      'create',
      'update',
    ])
    expect(body.meta).toEqual({ page: 1, limit: 10, totalPages: 1, totalResults: 5 })
    expect(body.data[0]).toEqual({
      id: expect.any(String),
      at: '2026-02-01T17:00:00.000Z',
      actor: { id: String(auditor.id), name: auditor.name, email: auditor.email },
      action: 'delete',
      entity: 'brand',
      entityId: 'b-1',
      entityName: null,
      changes: {},
      ip: '10.0.0.1',
      userAgent: 'seeded',
    })
    expect(Number(body.data[0].id)).toBeGreaterThan(Number(body.data[1].id))
  })

  it('pages through them', async () => {
    const page2 = await list(`actor=${auditor.id}&limit=2&page=2`)
    expect(ids(page2)).toEqual(['o-1', 'p-1'])
    expect(page2.meta).toEqual({ page: 2, limit: 2, totalPages: 3, totalResults: 5 })
    expect(ids(await list(`actor=${auditor.id}&limit=2&page=3`))).toEqual(['p-1'])
    const beyond = await list(`actor=${auditor.id}&limit=2&page=4`)
    expect(beyond.data).toEqual([])
    expect(beyond.meta.totalResults).toBe(5)
    const [stored] = await t.database.db.select({ n: count() }).from(auditLog)
    expect((await list('limit=100')).meta.totalResults).toBe(stored!.n)
  })

  it('filters by record type, record, action and account, together', async () => {
    const a = `actor=${auditor.id}`
    expect(ids(await list(`${a}&entity=order`))).toEqual(['o-2', 'o-1'])
    expect(ids(await list(`${a}&entity=order&action=update`))).toEqual(['o-2'])
    expect(ids(await list(`${a}&entityId=p-1`))).toEqual(['p-1', 'p-1'])
    expect((await list(`${a}&entityId=p-1&action=create`)).meta.totalResults).toBe(1)
    expect((await list(`${a}&entity=review`)).meta.totalResults).toBe(0)
    expect((await list(`entityId=o-1`)).meta.totalResults).toBe(1)
    // Empty values are filters not given; an id that is none of ours names nobody.
    expect((await list(`${a}&entity=&action=&entityId=&from=&to=`)).meta.totalResults).toBe(5)
    const nobody = await list('actor=abc')
    expect(nobody.data).toEqual([])
    expect(nobody.meta.totalResults).toBe(0)
    expect((await list(`actor=${bulk.id}&action=update`)).meta.totalResults).toBe(2345)
  })

  it('reads from and to as whole days of the shop’s calendar, both included', async () => {
    const a = `actor=${auditor.id}`
    expect(ids(await list(`${a}&from=2026-02-01&to=2026-02-01`))).toEqual(['o-1', 'p-1'])
    expect(ids(await list(`${a}&from=2026-02-02`))).toEqual(['b-1', 'o-2'])
    expect(ids(await list(`${a}&to=2026-01-31`))).toEqual(['p-1'])
    expect((await list(`${a}&to=2026-01-31`)).data[0].action).toBe('update')
    expect((await list(`${a}&from=2026-01-31&to=2026-02-02`)).meta.totalResults).toBe(5)
    // A range the wrong way round is a mistake to say, not an empty list.
    const reversed = expectEnvelope(await t.call('GET', `${LIST}?${a}&from=2026-02-03&to=2026-02-01`), 400)
    expect(reversed.errors).toEqual({ to: 'Must not be less than from' })
  })

  it('counts days by the zone’s own rules, summer time included', async () => {
    // New York moved its clocks forward on 8 March 2026: that day had 23 hours, from 05:00 to 04:00 UTC.
    const traveller = await person('Du Khách')
    const at = [
      '2026-03-08T04:59:59.999Z',
      '2026-03-08T05:00:00.000Z',
      '2026-03-09T03:59:59.999Z',
      '2026-03-09T04:00:00.000Z',
    ]
    for (const [i, instant] of at.entries()) await seed(instant, traveller, { entityId: `ny-${i}` })
    const query = auditListQuery.parse({ actor: String(traveller.id), from: '2026-03-08', to: '2026-03-08' })
    const newYork = await listAuditLog(t.database.db, query, 'America/New_York')
    expect(newYork.data.map((e) => e.entityId)).toEqual(['ny-2', 'ny-1'])
    expect(newYork.meta.totalResults).toBe(2)
    // The shop's own zone (UTC+7 all year) puts all four on 8 or 9 March.
    expect(ids(await list(`actor=${traveller.id}&from=2026-03-08&to=2026-03-08`))).toEqual(['ny-1', 'ny-0'])
  })

  it('refuses a bad filter with 400 naming it', async () => {
    const cases: [string, string][] = [
      ['entity=nope', 'entity'],
      ['action=erase', 'action'],
      ['from=2026-02-30', 'from'],
      ['to=yesterday', 'to'],
      ['from=2026-05-02&to=2026-05-01', 'to'],
      ['page=0', 'page'],
      ['limit=101', 'limit'],
      [`entityId=${'x'.repeat(65)}`, 'entityId'],
    ]
    for (const [query, field] of cases) {
      const body = expectEnvelope(await t.call('GET', `${LIST}?${query}`), 400)
      expect(Object.keys(body.errors), query).toEqual([field])
      // The export takes no paging: it sends every matching entry.
      if (field === 'page' || field === 'limit') continue
      const exported = expectEnvelope(await t.call('GET', `${EXPORT}?${query}`), 400)
      expect(Object.keys(exported.errors), query).toEqual([field])
    }
  })

  it('is the administrator’s: a member of staff gets 403 for the list and the export', async () => {
    for (const url of [LIST, EXPORT]) {
      const body = expectEnvelope(await t.call('GET', url, undefined, staff), 403)
      expect(body.code).toBe('notAllowed')
    }
    expect((await t.call('GET', LIST, undefined, {})).statusCode).toBe(401)
  })
})

const HEADER = [
  'id',
  'at',
  'actorName',
  'actorEmail',
  'action',
  'entity',
  'entityId',
  'entityName',
  'changes',
  'ip',
  'userAgent',
]

async function exportCsv(query = '') {
  const answer = await t.app.inject({ method: 'GET', url: `${EXPORT}?${query}`, headers: t.auth })
  expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200)
  return { answer, rows: parseCsv(answer.body.replace(/^\uFEFF/, '')) }
}

describe('GET /api/admin/audit-log/export', () => {
  it('sends a UTF-8 CSV file with a BOM, named by the shop’s date, a header row first', async () => {
    const { answer, rows } = await exportCsv(`actor=${auditor.id}`)
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(answer.headers['content-disposition']).toBe('attachment; filename="audit-log-20260311.csv"')
    expect(answer.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    expect(rows[0]).toEqual(HEADER)
    const listed = (await list(`actor=${auditor.id}`)).data
    expect(rows.slice(1).map((r) => r[0])).toEqual(listed.map((e: { id: string }) => e.id))
    // Times on the shop's clock: B is midnight on 1 February there, A the second before.
    expect(rows.slice(1).map((r) => r[1])).toEqual([
      '2026-02-02 00:00:00',
      '2026-02-02 00:00:00',
      '2026-02-01 23:59:59',
      '2026-02-01 00:00:00',
      '2026-01-31 23:59:59',
    ])
    expect(rows[1]).toEqual([
      listed[0].id,
      '2026-02-02 00:00:00',
      'Lê Kiểm Toán',
      auditor.email,
      'delete',
      'brand',
      'b-1',
      '',
      '',
      '10.0.0.1',
      'seeded',
    ])
  })

  it('answers once: a handler that streams its own answer leaves nothing for the runner to send', async () => {
    // Fastify warns in the log when a handler's answer is sent a second time.
    const lines: string[] = []
    const logged = await startApp({
      logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } },
    })
    try {
      const answer = await logged.call('GET', '/api/admin/audit-log/export')
      expect(answer.statusCode).toBe(200)
      expect(lines.join('')).not.toMatch(/already sent/)
    } finally {
      await logged.close()
    }
  })

  it('takes the list’s filters', async () => {
    const { rows } = await exportCsv(`actor=${auditor.id}&from=2026-02-01&to=2026-02-01&entity=order`)
    expect(rows.slice(1).map((r) => r[6])).toEqual(['o-1'])
    const { rows: none } = await exportCsv('actor=abc')
    expect(none).toEqual([HEADER])
  })

  it('writes the changes as `field: before → after`', async () => {
    const { rows } = await exportCsv(`actor=${bulk.id}&entityId=7`)
    expect(rows[1]![8]).toBe('quantity: 7 → 8')
    const product = await insertProduct(t.database.db, { name: 'Mũ', slug: 'mu-audit' })
    expectEnvelope(await t.call('DELETE', `/api/admin/products/${product.id}`), 200)
    const { rows: deleted } = await exportCsv(`entity=product&entityId=${product.id}`)
    expect(deleted[1]![7]).toBe('Mũ')
    const changes = deleted[1]![8]!.split('; ')
    expect(changes).toContain('name: Mũ → —')
    expect(changes).toContain(`images: ["${product.images[0]}"] → —`)
    expect(changes).toContain('price: 100000 → —')
  })

  it('makes every cell that would start a formula text, and quotes what needs quoting', async () => {
    const { answer, rows } = await exportCsv(`actor=${injector.id}`)
    const [plainRow, control, formula] = rows.slice(1)
    expect(formula!.slice(2)).toEqual([
      "'@Kẻ Gian",
      injector.email,
      'update',
      'product',
      "'=1+2",
      "'@Áo",
      'name: =SUM(A1) → Áo "thun", cotton',
      "'+84 1",
      "'-cmd|calc",
    ])
    expect(control!.slice(6)).toEqual(["'\rCR", '', '', "'@home", "'\tTab"])
    expect(plainRow!.slice(6)).toEqual(['plain', '', '', '10.0.0.1', 'Mozilla/5.0 (X11, "Linux")'])
    expect(answer.body).toContain('"Mozilla/5.0 (X11, ""Linux"")"')
    // No cell of the file starts with what a spreadsheet would run.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
  })

  it('streams every matching entry once, in the list’s order, across batches and ties', async () => {
    const { rows } = await exportCsv(`actor=${bulk.id}`)
    expect(rows).toHaveLength(1 + 2345)
    const exported = rows.slice(1).map((r) => Number(r[0]))
    expect(new Set(exported).size).toBe(2345)
    // The list's order, as the database sorts the stored times to the microsecond.
    const expected = (
      await t.database.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(eq(auditLog.actorId, bulk.id))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
    ).map((s) => s.id)
    expect(exported).toEqual(expected)
  })
})

describe('the log itself', () => {
  it('has no call that writes to it', () => {
    const writes = allEndpoints.filter((e) => e.method !== 'GET' && e.path.startsWith('/admin/audit-log'))
    expect(writes).toEqual([])
    expect(allEndpoints.filter((e) => e.resource === 'audit').map((e) => e.method)).toEqual(['GET', 'GET'])
    expect(AUDIT_ENTITIES).toContain('orderLine')
    expect(AUDIT_ACTIONS).toContain('signInFailed')
  })

  it('keeps secrets out: a password reads `changed`, and no hash, token, code or password is anywhere', async () => {
    const password = 'Member1234'
    const member = await person('Hoàng Đổi Mật Khẩu', 'staff', password)
    const login = expectEnvelope(
      await t.call('POST', '/api/admin/auth/login', { email: member.email, password }, {}),
      200,
    ).data
    const headers = { authorization: `Bearer ${login.tokens.access.token}` }
    const changed = expectEnvelope(
      await t.call(
        'PUT',
        '/api/admin/auth/change-password',
        { currentPassword: password, password: 'Changed123' },
        headers,
      ),
      200,
    ).data
    const entry = (await list(`actor=${member.id}&action=passwordChange`)).data[0]
    expect(entry).toMatchObject({
      entity: 'account',
      entityId: String(member.id),
      changes: { password: [null, 'changed'] },
    })
    expect((await list(`actor=${member.id}&action=signIn`)).meta.totalResults).toBe(1)
    await t.call('POST', '/api/admin/auth/login', { email: member.email, password: 'Wrong12345' }, {})
    const failed = (await list(`action=signInFailed&entityId=${member.id}`)).data[0]
    expect(failed).toMatchObject({ actor: null, changes: { email: [null, member.email] } })

    // A new member's one-time link carries a token; two-step sign-in has a secret and recovery codes.
    const newcomer = await t.call('POST', '/api/admin/staff', {
      name: 'Ngô Mới',
      email: 'ngo.moi@audit.test',
      role: 'staff',
    })
    const setup = await t.call('POST', '/api/admin/auth/2fa/setup', undefined, {
      authorization: `Bearer ${changed.tokens.access.token}`,
    })

    const secrets = [
      password,
      'Changed123',
      'Wrong12345',
      'Khach1234',
      ADMIN.password,
      login.tokens.access.token,
      login.tokens.refresh.token,
      changed.tokens.access.token,
      changed.tokens.refresh.token,
      t.auth.authorization.slice('Bearer '.length),
      ...(newcomer.statusCode === 201
        ? [new URL(newcomer.body.data.setupLink).searchParams.get('token')!]
        : []),
      ...(setup.statusCode === 200 ? [setup.body.data.secret] : []),
    ]
    for (const row of await t.database.db.select({ hash: users.passwordHash }).from(users))
      if (row.hash) secrets.push(row.hash)
    for (const row of await t.database.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens))
      secrets.push(row.hash)
    const log = JSON.stringify(await t.database.db.select().from(auditLog))
    for (const secret of secrets)
      expect(log.includes(secret), `the log holds ${secret.slice(0, 12)}…`).toBe(false)
    expect(newcomer.statusCode).toBe(201)
    expect(setup.statusCode).toBe(200)
  })

  it('never changes or loses an entry: every one seeded at the start is still there, as it was', async () => {
    for (const method of ['PUT', 'DELETE', 'POST'] as const) {
      expect(
        (await t.call(method, `${LIST}/${snapshot[0]!.id}`, method === 'DELETE' ? undefined : {})).statusCode,
      ).toBe(404)
      expect((await t.call(method, LIST, method === 'DELETE' ? undefined : {})).statusCode).toBe(404)
    }
    // A product renamed since: its entries still say what it was called then.
    await t.database.db.update(products).set({ name: 'Tên mới' })
    const now = await t.database.db.select().from(auditLog).orderBy(asc(auditLog.id))
    expect(now.length).toBeGreaterThan(snapshot.length)
    expect(now.slice(0, snapshot.length)).toEqual(snapshot)
  })
})
