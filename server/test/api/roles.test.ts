import {
  allEndpoints,
  type Endpoint,
  PERMISSIONS,
  pathOf,
  ROLE_PERMISSIONS,
  STAFF_ROLES,
} from '@store/contract'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categories, users } from '../../src/db/schema.ts'
import { hashPassword } from '../../src/modules/auth/passwords.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// Roles (CONTRACT 4.2): every call of the table names the permission it needs, one hook checks it against the
// signed-in account's role as the database has it now, and a refused call changes nothing.

let t: TestApp
const STAFF = { email: 'nhanvien@test.example', password: 'Staff1234' }
let staffId: number
let staff: { authorization: string }
let customerId: number

beforeAll(async () => {
  t = await startApp()
  const [member] = await t.database.db
    .insert(users)
    .values({
      name: 'Trần Nhân Viên',
      email: STAFF.email,
      passwordHash: await hashPassword(STAFF.password),
      role: 'staff',
    })
    .returning({ id: users.id })
  staffId = member!.id
  const [customer] = await t.database.db
    .insert(users)
    .values({ name: 'Khách Hàng', email: 'khach.roles@test.example', role: 'user' })
    .returning({ id: users.id })
  customerId = customer!.id
  const login = expectEnvelope(await t.call('POST', '/api/admin/auth/login', STAFF, {}), 200)
  staff = { authorization: `Bearer ${login.data.tokens.access.token}` }
})
afterAll(async () => t.close())

const usersCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n

describe('the endpoint table', () => {
  it('names a permission for every call that is not public, from the known ones', () => {
    const known = new Set<string>([...PERMISSIONS, 'signedIn'])
    const unnamed = allEndpoints.filter((e) => !e.public && !known.has(String(e.permission)))
    expect(unnamed.map((e) => `${e.method} ${e.path}`)).toEqual([])
    expect(allEndpoints.filter((e) => e.public && e.permission).map((e) => e.path)).toEqual([])
  })

  it('gives admin every permission and staff the contract’s share', () => {
    expect([...ROLE_PERMISSIONS.admin].sort()).toEqual([...PERMISSIONS].sort())
    expect([...ROLE_PERMISSIONS.staff].sort()).toEqual(
      [
        'catalog:read',
        'catalog:write',
        'customers:read',
        'dashboard:read',
        'orders:read',
        'orders:write',
        'reviews:read',
        'reviews:write',
      ].sort(),
    )
    expect(STAFF_ROLES).toEqual(['admin', 'staff'])
  })
})

describe('a staff member', () => {
  it('signs in, and is told their role and permissions', async () => {
    const me = expectEnvelope(await t.call('GET', '/api/admin/auth/me', undefined, staff), 200).data
    expect(me.role).toBe('staff')
    expect([...me.permissions].sort()).toEqual([...ROLE_PERMISSIONS.staff].sort())
    const admin = expectEnvelope(await t.call('GET', '/api/admin/auth/me'), 200).data
    expect([...admin.permissions].sort()).toEqual([...PERMISSIONS].sort())
  })

  it('runs the catalogue, orders and reviews, and reads customers and the dashboard', async () => {
    expectEnvelope(await t.call('GET', '/api/admin/analytics', undefined, staff), 200)
    expectEnvelope(await t.call('GET', '/api/admin/users?role=user', undefined, staff), 200)
    expectEnvelope(await t.call('GET', `/api/admin/users/${customerId}`, undefined, staff), 200)
    const created = expectEnvelope(
      await t.call('POST', '/api/admin/categories', { name: 'Do nhân viên tạo' }, staff),
      201,
    ).data
    expectEnvelope(
      await t.call('PUT', `/api/admin/categories/${created.id}`, { name: 'Đổi tên' }, staff),
      200,
    )
    expectEnvelope(await t.call('DELETE', `/api/admin/categories/${created.id}`, undefined, staff), 200)
    expectEnvelope(await t.call('GET', '/api/admin/orders', undefined, staff), 200)
    expectEnvelope(await t.call('GET', '/api/admin/product-reviews', undefined, staff), 200)
  })

  it('reads customers only: no staff or administrator account through the user calls', async () => {
    const everyone = expectEnvelope(await t.call('GET', '/api/admin/users?limit=100', undefined, staff), 200)
    expect(everyone.data.map((u: { role: string }) => u.role)).toEqual(everyone.data.map(() => 'user'))
    expect(everyone.data.map((u: { id: string }) => u.id)).toContain(String(customerId))
    expect(everyone.meta.totalResults).toBe(everyone.data.length)
    expect(
      expectEnvelope(await t.call('GET', '/api/admin/users?role=admin', undefined, staff), 403).code,
    ).toBe('notAllowed')
    for (const id of [t.adminId, staffId]) {
      const body = expectEnvelope(await t.call('GET', `/api/admin/users/${id}`, undefined, staff), 404)
      expect(body.code).toBe('userNotFound')
    }
    // An administrator still reads every account, as the spec's user list does with role=admin.
    const admins = expectEnvelope(await t.call('GET', '/api/admin/users?role=admin'), 200)
    expect(admins.data.map((u: { id: string }) => u.id)).toContain(String(t.adminId))
    expectEnvelope(await t.call('GET', `/api/admin/users/${staffId}`), 200)
  })

  it('changes their own name, which the customer calls would refuse them', async () => {
    const saved = expectEnvelope(
      await t.call('PUT', '/api/admin/auth/me', { name: 'Trần Nhân Viên Mới' }, staff),
      200,
    )
    expect(saved.data).toMatchObject({ id: String(staffId), name: 'Trần Nhân Viên Mới', role: 'staff' })
    const me = expectEnvelope(await t.call('GET', '/api/admin/auth/me', undefined, staff), 200)
    expect(me.data.name).toBe('Trần Nhân Viên Mới')
    const refused = expectEnvelope(await t.call('PUT', '/api/admin/auth/me', { name: '  ' }, staff), 400)
    expect(Object.keys(refused.errors)).toEqual(['name'])
    expectEnvelope(await t.call('PUT', `/api/admin/users/${staffId}`, { name: 'Không được' }, staff), 403)
  })

  it('is refused every call outside the role with 403, before anything is read or written', async () => {
    const outside = allEndpoints.filter(
      (e): e is Endpoint =>
        !e.public &&
        e.permission !== 'signedIn' &&
        !(ROLE_PERMISSIONS.staff as readonly string[]).includes(String(e.permission)),
    )
    expect(outside.length).toBeGreaterThan(0)
    const before = await usersCount()
    for (const endpoint of outside) {
      const params = Object.fromEntries(
        [...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, String(customerId)]),
      )
      const body = endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {}
      const answer = await t.call(endpoint.method, pathOf(endpoint, params), body, staff)
      const refused = expectEnvelope(answer, 403)
      expect(refused.code, `${endpoint.method} ${endpoint.path}`).toBe('notAllowed')
      expect(refused.message).toBe('Your role does not allow this')
    }
    // The customer the calls named is still there, unchanged, and nobody was added.
    expect(await usersCount()).toBe(before)
    const [customer] = await t.database.db.select().from(users).where(eq(users.id, customerId))
    expect(customer?.name).toBe('Khách Hàng')
  })

  it('is refused a customer change with a valid body too, and nothing changes', async () => {
    const body = {
      name: 'Bị đổi',
      email: 'moi@test.example',
      password: 'Moi12345',
      phoneNumber: '0911222333',
    }
    expectEnvelope(await t.call('POST', '/api/admin/users', body, staff), 403)
    expectEnvelope(await t.call('PUT', `/api/admin/users/${customerId}`, { name: 'Bị đổi' }, staff), 403)
    expectEnvelope(await t.call('DELETE', `/api/admin/users/${customerId}`, undefined, staff), 403)
    const [customer] = await t.database.db.select().from(users).where(eq(users.id, customerId))
    expect(customer?.name).toBe('Khách Hàng')
    expect(await t.database.db.select().from(users).where(eq(users.email, body.email))).toEqual([])
  })

  it('loses what the role gave at once when the role changes, token or not', async () => {
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, staffId))
    try {
      const refused = expectEnvelope(await t.call('GET', '/api/admin/categories', undefined, staff), 403)
      expect(refused.code).toBe('adminsOnly')
      expectEnvelope(await t.call('POST', '/api/admin/auth/login', STAFF, {}), 401)
    } finally {
      await t.database.db.update(users).set({ role: 'staff' }).where(eq(users.id, staffId))
    }
    const before = await t.database.db.select({ n: count() }).from(categories)
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, staffId))
    try {
      expectEnvelope(
        await t.call(
          'POST',
          '/api/admin/users',
          {
            name: 'Khách Mới',
            email: 'khach.moi@test.example',
            password: 'Khach1234',
            phoneNumber: '0911222555',
            gender: 1,
          },
          staff,
        ),
        201,
      )
    } finally {
      await t.database.db.update(users).set({ role: 'staff' }).where(eq(users.id, staffId))
    }
    expect(await t.database.db.select({ n: count() }).from(categories)).toEqual(before)
  })
})
