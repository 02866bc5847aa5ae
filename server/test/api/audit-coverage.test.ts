import { AUDIT_FIELDS, allEndpoints, type Endpoint } from '@store/contract'
import { desc, gt } from 'drizzle-orm'
import { URI } from 'otpauth'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, shipments, users } from '../../src/db/schema.ts'
import { hashPassword } from '../../src/modules/auth/passwords.ts'
import {
  insertBrand,
  insertCategory,
  insertCustomer,
  insertOrder,
  insertProduct,
  insertReview,
} from '../data.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'
import { startSmtp, type TestSmtp } from '../smtp.ts'

// Every write of the API records itself (CONTRACT 4.4). This walks the OpenAPI document the running app serves,
// calls each POST, PUT and DELETE operation once with a valid request, and checks that exactly one new entry
// names the record type and action its row of the endpoint table declares. A write added later without a
// fixture here fails, and so does one that records nothing: the log cannot silently miss a route.

let t: TestApp
let smtp: TestSmtp
let doc: { paths: Record<string, Record<string, { operationId?: string }>> }

beforeAll(async () => {
  // A real mail server, so the calls that send mail (a new member's link, a reset) run as they do in a shop.
  smtp = await startSmtp()
  t = await startApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Cửa hàng <shop@test.example>', PUBLIC_URL: 'https://shop.test' },
  })
  await t.storeFiles('/2026/11/audit-logo.webp', '/2026/11/audit-product.webp')
  const answer = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: t.auth })
  expect(answer.statusCode).toBe(200)
  doc = answer.json()
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

const PASSWORD = 'Member1234'
let made = 0
const unique = (prefix: string) => `${prefix}${++made}`

type Headers = Record<string, string>

/** A member of staff in the database, not signed in. */
async function account(role: 'staff' | 'admin' = 'staff') {
  const email = `${unique('member')}@audit.test`
  const [row] = await t.database.db
    .insert(users)
    .values({ name: unique('Thành Viên '), email, passwordHash: await hashPassword(PASSWORD), role })
    .returning({ id: users.id })
  return { id: row!.id, email, password: PASSWORD }
}

/** Signs `who` in: the bearer header, the refresh token and the session of that sign-in. */
async function signIn(who: { email: string; password: string }) {
  const body = expectEnvelope(await t.call('POST', '/api/admin/auth/login', who, {}), 200)
  const token: string = body.data.tokens.access.token
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())
  return {
    headers: { authorization: `Bearer ${token}` } as Headers,
    refreshToken: body.data.tokens.refresh.token as string,
    sessionId: claims.sid as string,
  }
}

/** A freshly signed-in member, for the calls one makes on one's own account. */
async function member() {
  const who = await account()
  return { ...who, ...(await signIn(who)) }
}

/** A member with two-step sign-in on, and the recovery codes that came with it. */
async function memberWithTwoFactor() {
  const m = await member()
  const { secret, otpauthUrl } = expectEnvelope(
    await t.call('POST', '/api/admin/auth/2fa/setup', undefined, m.headers),
    200,
  ).data
  expect(secret).toBeTruthy()
  const code = URI.parse(otpauthUrl).generate()
  const enabled = expectEnvelope(await t.call('POST', '/api/admin/auth/2fa/enable', { code }, m.headers), 200)
  return { ...m, otpauthUrl: otpauthUrl as string, recoveryCodes: enabled.data.recoveryCodes as string[] }
}

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#c83232' } })
    .png()
    .toBuffer()

/** One valid request of an operation: what fills its address, its body, and who sends it. */
interface Request {
  params?: Record<string, string | number>
  query?: Record<string, string>
  body?: unknown
  /** The admin's bearer header unless given; `{}` for a public call. */
  headers?: Headers
  /** The account that acts, when the call is signed in (the admin's by default). */
  actorId?: number
  /** The entries a bulk call adds besides its own: one for each record it changed, in that record's history. */
  perRecord?: { entity: string; action: string; count: number }
}

/**
 * A valid request for each write operation, by its operationId. Everything a call needs (a record to change, a
 * signed-in member) is made here, before the log is read, so only the call itself counts.
 */
const FIXTURES: Record<string, () => Promise<Request>> = {
  'auth.login': async () => {
    const who = await account()
    return { body: { email: who.email, password: who.password }, headers: {} }
  },
  'auth.login2fa': async () => {
    const m = await memberWithTwoFactor()
    const challenge = expectEnvelope(
      await t.call('POST', '/api/admin/auth/login', { email: m.email, password: m.password }, {}),
      200,
    ).data
    expect(challenge.mfaRequired).toBe(true)
    return { body: { mfaToken: challenge.mfaToken, code: m.recoveryCodes[0] }, headers: {} }
  },
  'auth.logout': async () => {
    const m = await member()
    return { body: { refreshToken: m.refreshToken }, headers: m.headers, actorId: m.id }
  },
  'auth.updateProfile': async () => {
    const m = await member()
    return { body: { name: 'Tên Mới Của Tôi' }, headers: m.headers, actorId: m.id }
  },
  'auth.changePassword': async () => {
    const m = await member()
    return {
      body: { currentPassword: m.password, password: 'Changed123' },
      headers: m.headers,
      actorId: m.id,
    }
  },
  'auth.forgotPassword': async () => {
    const who = await account()
    return { body: { email: who.email }, headers: {} }
  },
  'auth.resetPassword': async () => {
    const created = expectEnvelope(
      await t.call('POST', '/api/admin/staff', {
        name: 'Nhân Viên Đặt Lại',
        email: `${unique('reset')}@audit.test`,
        role: 'staff',
      }),
      201,
    ).data
    const token = new URL(created.setupLink).searchParams.get('token')
    expect(token).toBeTruthy()
    return { body: { token, password: 'Chosen1234' }, headers: {} }
  },
  'auth.twoFactorSetup': async () => {
    const m = await member()
    return { headers: m.headers, actorId: m.id }
  },
  'auth.twoFactorEnable': async () => {
    const m = await member()
    const setup = expectEnvelope(
      await t.call('POST', '/api/admin/auth/2fa/setup', undefined, m.headers),
      200,
    ).data
    return { body: { code: URI.parse(setup.otpauthUrl).generate() }, headers: m.headers, actorId: m.id }
  },
  'auth.twoFactorDisable': async () => {
    // A recovery code: the current step's code was spent turning it on, and a code works once.
    const m = await memberWithTwoFactor()
    return { body: { password: m.password, code: m.recoveryCodes[0] }, headers: m.headers, actorId: m.id }
  },
  'auth.endSession': async () => {
    const m = await member()
    const other = await signIn(m)
    return { params: { id: other.sessionId }, headers: m.headers, actorId: m.id }
  },
  'auth.endOtherSessions': async () => {
    const m = await member()
    await signIn(m)
    return { headers: m.headers, actorId: m.id }
  },
  'users.create': async () => ({
    body: {
      name: 'Khách Mới',
      email: `${unique('customer')}@audit.test`,
      password: 'Khach1234',
      phoneNumber: '0912345678',
      gender: 1,
    },
  }),
  'users.update': async () => {
    const customer = await insertCustomer(t.database.db)
    return { params: { id: customer.id }, body: { name: 'Khách Đổi Tên' } }
  },
  'users.remove': async () => {
    const customer = await insertCustomer(t.database.db)
    return { params: { id: customer.id } }
  },
  'staff.create': async () => ({
    body: { name: 'Nhân Viên Mới', email: `${unique('staff')}@audit.test`, role: 'staff' },
  }),
  'staff.update': async () => {
    const who = await account()
    return { params: { id: who.id }, body: { name: 'Nhân Viên Đổi Tên' } }
  },
  'staff.resetLink': async () => {
    const who = await account()
    return { params: { id: who.id } }
  },
  'categories.create': async () => ({ body: { name: unique('Danh mục ') } }),
  'categories.update': async () => {
    const category = await insertCategory(t.database.db)
    return { params: { id: category.id }, body: { name: unique('Danh mục đổi ') } }
  },
  'categories.remove': async () => {
    const category = await insertCategory(t.database.db)
    return { params: { id: category.id } }
  },
  'brands.create': async () => ({ body: { name: unique('Thương hiệu '), logo: '/2026/11/audit-logo.webp' } }),
  'brands.update': async () => {
    const brand = await insertBrand(t.database.db)
    return { params: { id: brand.id }, body: { name: unique('Thương hiệu đổi ') } }
  },
  'brands.remove': async () => {
    const brand = await insertBrand(t.database.db)
    return { params: { id: brand.id } }
  },
  'products.create': async () => {
    const category = await insertCategory(t.database.db)
    const brand = await insertBrand(t.database.db)
    return { body: productBody(category.id, brand.id) }
  },
  'products.update': async () => {
    const product = await insertProduct(t.database.db)
    return {
      params: { id: product.id },
      body: { ...productBody(product.categoryId, product.brandId), price: 123_000 },
    }
  },
  'products.remove': async () => {
    const product = await insertProduct(t.database.db)
    return { params: { id: product.id } }
  },
  'products.adjustStock': async () => {
    const product = await insertProduct(t.database.db)
    return { params: { id: product.id }, body: { reason: 'received', delta: 12, note: 'Giao từ xưởng' } }
  },
  'products.stockImport': async () => {
    const product = await insertProduct(t.database.db, { quantity: 4 })
    const body = new FormData()
    body.append('file', new Blob([`id,quantity\r\n${product.id},9\r\n`], { type: 'text/csv' }), 'stock.csv')
    return { body }
  },
  'products.import': async () => {
    const category = await insertCategory(t.database.db)
    const brand = await insertBrand(t.database.db)
    const csv =
      'id,name,price,quantity,category,brand,size,images,description\r\n' +
      `,${unique('Áo nhập ')},250000,10,${category.name},${brand.name},M,/2026/11/audit-product.webp,Cotton\r\n`
    const body = new FormData()
    body.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv')
    return { body }
  },
  'products.bulkDelete': async () => {
    const product = await insertProduct(t.database.db)
    return {
      body: { ids: [String(product.id), '987654321'] },
      perRecord: { entity: 'product', action: 'delete', count: 1 },
    }
  },
  'orders.bulkStatus': async () => {
    const { order } = await insertOrder(t.database.db, {
      lines: [{ product: await insertProduct(t.database.db), quantity: 1 }],
    })
    return {
      body: { ids: [String(order.id)], status: 0 },
      perRecord: { entity: 'order', action: 'update', count: 1 },
    }
  },
  'shipments.create': async () => {
    const { order } = await insertOrder(t.database.db, {
      lines: [{ product: await insertProduct(t.database.db), quantity: 1 }],
    })
    return { params: { id: order.id }, body: { carrier: 'ghn', trackingNumber: unique('GAAUDIT') } }
  },
  'shipments.update': async () => {
    const { order } = await insertOrder(t.database.db, {
      status: 2,
      lines: [{ product: await insertProduct(t.database.db), quantity: 1 }],
    })
    await t.database.db.insert(shipments).values({ orderId: order.id, carrier: 'ghtk' })
    return { params: { id: order.id }, body: { status: 'in-transit', trackingNumber: unique('SAUDIT') } }
  },
  'shipments.bulkCreate': async () => {
    const { order } = await insertOrder(t.database.db, {
      status: 2,
      lines: [{ product: await insertProduct(t.database.db), quantity: 1 }],
    })
    return {
      body: { ids: [String(order.id), '987654321'], carrier: 'jt' },
      perRecord: { entity: 'order', action: 'shipment', count: 1 },
    }
  },
  'shipments.codCollected': async () => {
    const { order } = await insertOrder(t.database.db, {
      status: 3,
      lines: [{ product: await insertProduct(t.database.db), quantity: 1 }],
    })
    const trackingNumber = unique('SPXAUDIT')
    await t.database.db.insert(shipments).values({
      orderId: order.id,
      carrier: 'spx',
      trackingNumber,
      status: 'delivered',
      codAmount: order.amount,
    })
    return {
      body: { carrier: 'spx', trackingNumbers: [trackingNumber, 'NOSUCHNUMBER'] },
      perRecord: { entity: 'order', action: 'update', count: 1 },
    }
  },
  'reviews.remove': async () => {
    const product = await insertProduct(t.database.db)
    const review = await insertReview(t.database.db, { product, rating: 4 })
    return { params: { commentId: review.id }, query: { productId: String(product.id) } }
  },
  'orders.update': async () => {
    const { order } = await insertOrder(t.database.db, {
      lines: [{ product: await insertProduct(t.database.db), quantity: 1 }],
    })
    return {
      params: { id: order.id },
      body: { address: '1 Lê Duẩn, Quận 1', amount: order.amount, quantity: order.quantity, status: 2 },
    }
  },
  'orders.create': async () => {
    const product = await insertProduct(t.database.db, { quantity: 5 })
    return {
      body: {
        customer: { name: unique('Khách gọi '), phoneNumber: `03${String(made).padStart(8, '0')}` },
        address: '1 Lê Duẩn, Quận 1',
        lines: [{ productId: String(product.id), quantity: 1 }],
        source: 'phone',
      },
    }
  },
  'orders.addLine': async () => {
    const { order } = await insertOrder(t.database.db, {
      lines: [{ product: await insertProduct(t.database.db), quantity: 1 }],
    })
    const product = await insertProduct(t.database.db, { quantity: 5 })
    return { params: { id: order.id }, body: { productId: String(product.id), quantity: 2 } }
  },
  'orders.changeLine': async () => {
    const { order, lines } = await insertOrder(t.database.db, {
      lines: [{ product: await insertProduct(t.database.db), quantity: 1 }],
    })
    return { params: { orderId: order.id, id: lines[0]!.id }, body: { quantity: 3 } }
  },
  'orders.remove': async () => {
    const { order } = await insertOrder(t.database.db, {
      lines: [{ product: await insertProduct(t.database.db), quantity: 1 }],
    })
    return { params: { id: order.id } }
  },
  'orders.removeLine': async () => {
    const { order, lines } = await insertOrder(t.database.db, {
      lines: [
        { product: await insertProduct(t.database.db), quantity: 1 },
        { product: await insertProduct(t.database.db), quantity: 2 },
      ],
    })
    return { params: { orderId: order.id, id: lines[1]!.id } }
  },
  'orders.addNote': async () => {
    const { order } = await insertOrder(t.database.db, {
      lines: [{ product: await insertProduct(t.database.db), quantity: 1 }],
    })
    return { params: { id: order.id }, body: { note: 'Khách hẹn giao hàng buổi chiều' } }
  },
  'reviews.update': async () => {
    const review = await insertReview(t.database.db, {
      product: await insertProduct(t.database.db),
      rating: 2,
    })
    return { params: { id: review.id }, body: { status: 'rejected' } }
  },
  'reviews.bulkStatus': async () => {
    const review = await insertReview(t.database.db, {
      product: await insertProduct(t.database.db),
      rating: 5,
    })
    return {
      body: { ids: [String(review.id), '987654321'], status: 'rejected' },
      perRecord: { entity: 'review', action: 'update', count: 1 },
    }
  },
  'settings.update': async () => ({
    body: { shopName: unique('Cửa hàng '), address: '12 Lý Tự Trọng, Quận 1', lowStockThreshold: 7 },
  }),
  'files.upload': async () => {
    const body = new FormData()
    body.append('file', new Blob([await png()], { type: 'image/png' }), 'red.png')
    return { body }
  },
}

function productBody(category: number, brand: number) {
  return {
    name: unique('Áo thun '),
    price: 250_000,
    description: 'Cotton',
    quantity: 10,
    category: String(category),
    brand: String(brand),
    images: ['/2026/11/audit-product.webp'],
    size: ['M'],
  }
}

/**
 * The records known by a name (a review and an order line by their product's). An order is known by its number,
 * and named by its customer only where the call has the customer at hand; shop settings and files have none.
 */
const NAMED = new Set(['account', 'staff', 'user', 'category', 'brand', 'product', 'review', 'orderLine'])

const WRITES = new Set(['post', 'put', 'delete'])
const operationId = (e: Endpoint) => `${e.resource}.${e.operation}`
const table = new Map(allEndpoints.map((e) => [operationId(e), e]))

/** The write operations of the document: operationId → method and path (`/api/admin/brands/{id}`). */
function documentedWrites() {
  const found = new Map<string, { method: string; path: string }>()
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!WRITES.has(method)) continue
      found.set(operation.operationId ?? `${method.toUpperCase()} ${path}`, { method, path })
    }
  }
  return found
}

/** Whether the table says a call records nothing, and why. */
const skipped = (id: string) => {
  const audit = table.get(id)?.audit
  return audit && 'skip' in audit ? audit.skip : undefined
}

const lastEntryId = async () =>
  (await t.database.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]
    ?.id ?? 0

describe('the OpenAPI document', () => {
  it('has a fixture here for every write operation that records, and none for one it does not have', () => {
    const documented = [...documentedWrites().keys()]
    expect(documented.length).toBeGreaterThan(20)
    const unknown = documented.filter((id) => !table.has(id))
    expect(unknown, 'operations outside the endpoint table').toEqual([])
    const recording = documented.filter((id) => skipped(id) === undefined).sort()
    expect(Object.keys(FIXTURES).sort(), 'FIXTURES must list exactly the recording write operations').toEqual(
      recording,
    )
    for (const id of documented.filter((d) => skipped(d) !== undefined))
      expect(skipped(id), `${id} says why it records nothing`).toMatch(/\S.{9,}/)
  })
})

describe('every write operation adds exactly one entry, of its own record type and action', () => {
  const writes = allEndpoints.filter((e) => e.method !== 'GET' && e.audit && !('skip' in e.audit))
  for (const endpoint of writes) {
    const id = operationId(endpoint)
    it(id, async () => {
      const operation = documentedWrites().get(id)
      expect(operation, `${id} is in the OpenAPI document`).toBeDefined()
      const fixture = FIXTURES[id]
      if (!fixture) throw new Error(`${id} has no fixture: add a valid request for it to FIXTURES`)
      const request = await fixture()
      const before = await lastEntryId()

      const path = operation!.path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
        const value = request.params?.[name]
        if (value === undefined) throw new Error(`${id}: no value for {${name}}`)
        return encodeURIComponent(String(value))
      })
      const query = request.query ? `?${new URLSearchParams(request.query)}` : ''
      const answer = await t.call(
        operation!.method.toUpperCase() as 'POST',
        path + query,
        request.body,
        request.headers ?? t.auth,
      )
      expect(answer.statusCode, `${id} answered ${JSON.stringify(answer.body)}`).toBeLessThan(300)

      const all = await t.database.db.select().from(auditLog).where(gt(auditLog.id, before))
      const { perRecord } = request
      const isRecords = (e: (typeof all)[number]) =>
        perRecord !== undefined && e.entity === perRecord.entity && e.action === perRecord.action
      expect(all.filter(isRecords), `${id}'s entries of single records`).toHaveLength(perRecord?.count ?? 0)
      const added = all.filter((e) => !isRecords(e))
      expect(added, `${id} added ${JSON.stringify(added)}`).toHaveLength(1)
      const spec = endpoint.audit as { entity: string; action: string }
      expect({ entity: added[0]!.entity, action: added[0]!.action }).toEqual({
        entity: spec.entity,
        action: spec.action,
      })
      // A signed-in call is recorded under the account that made it.
      const signedIn = !endpoint.public
      if (signedIn) expect(added[0]!.actorId).toBe(request.actorId ?? t.adminId)

      for (const entry of all) {
        // Every field noted has its label on the Audit log screen (AUDIT_FIELDS).
        const fields = Object.keys(entry.changes).filter(
          (f) => !(AUDIT_FIELDS as readonly string[]).includes(f),
        )
        expect(fields, `${id} notes fields outside AUDIT_FIELDS`).toEqual([])
        // An entry about one record says what the record is called, where it has a name to go by.
        if (entry.entityId !== null && NAMED.has(entry.entity))
          expect(entry.entityName, `${id} names its ${entry.entity}`).toBeTruthy()
      }
    })
  }
})
