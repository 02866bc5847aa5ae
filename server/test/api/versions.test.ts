import { count, eq, sql } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, rows } from '../../src/db/client.ts'
import { auditLog, users } from '../../src/db/schema.ts'
import { HttpError } from '../../src/lib/errors.ts'
import { hashPassword } from '../../src/modules/auth/passwords.ts'
import { updateBrand } from '../../src/modules/brands/repository.ts'
import { updateCategory } from '../../src/modules/categories/repository.ts'
import { getProduct, updateProduct } from '../../src/modules/products/repository.ts'
import { updateUser } from '../../src/modules/users/repository.ts'
import { insertBrand, insertCategory, insertCustomer, insertOrder, insertProduct } from '../data.ts'
import { type Answer, expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// Edited meanwhile (CONTRACT 4.6) on every record with an edit screen: each answer carries `version`, each edit
// raises it, and an edit sent from an older version (in the body or as If-Match) is refused with 409 and the
// record as it is now, changing nothing. An edit that sends no version is applied as before.

let t: TestApp
beforeAll(async () => {
  t = await startApp()
  await t.storeFiles('/2026/04/logo.webp', '/2026/04/other.png')
})
afterAll(async () => t.close())

let n = 0
const unique = (prefix: string) => `${prefix} ${++n}`

/** One resource with an edit screen: where it lives, how to make one, and an edit of it that always changes it. */
interface Resource {
  name: string
  path: string
  make: () => Promise<string>
  /** A valid edit body that changes the record (a new name each time). */
  edit: (id: string) => Promise<Record<string, unknown>>
  /** What the edit changed, read from the record. */
  shown: (record: Record<string, unknown>) => unknown
}

const RESOURCES: Resource[] = [
  {
    name: 'users',
    path: '/api/admin/users',
    make: async () => String((await insertCustomer(t.database.db)).id),
    edit: async () => ({ name: unique('Nguyễn Thị Hoa') }),
    shown: (u) => u.name,
  },
  {
    name: 'staff',
    path: '/api/admin/staff',
    make: async () =>
      expectEnvelope(
        await t.call('POST', '/api/admin/staff', {
          name: unique('Trần Văn Bình'),
          email: `member${++n}@shop.test`,
          role: 'staff',
        }),
        201,
      ).data.id,
    edit: async () => ({ name: unique('Lê Minh Châu') }),
    shown: (m) => m.name,
  },
  {
    name: 'categories',
    path: '/api/admin/categories',
    make: async () =>
      expectEnvelope(await t.call('POST', '/api/admin/categories', { name: unique('Áo sơ mi') }), 201).data
        .id,
    edit: async () => ({ name: unique('Quần âu') }),
    shown: (c) => c.name,
  },
  {
    name: 'brands',
    path: '/api/admin/brands',
    make: async () =>
      expectEnvelope(
        await t.call('POST', '/api/admin/brands', { name: unique('Việt Tiến'), logo: '/2026/04/logo.webp' }),
        201,
      ).data.id,
    edit: async () => ({ name: unique('Biti’s') }),
    shown: (b) => b.name,
  },
  {
    name: 'products',
    path: '/api/admin/products',
    make: async () => String((await insertProduct(t.database.db)).id),
    // The product form sends every field: the current ones, with a new name.
    edit: async (id) => {
      const p = expectEnvelope(await t.call('GET', `/api/admin/products/${id}`), 200).data
      return {
        name: unique('Áo thun cổ tròn'),
        price: p.price,
        description: p.description,
        quantity: p.quantity,
        category: p.category.id,
        brand: p.brand.id,
        images: p.images,
        size: p.size,
      }
    },
    shown: (p) => p.name,
  },
]

const get = async (r: Resource, id: string) =>
  expectEnvelope(await t.call('GET', `${r.path}/${id}`), 200).data
const put = (r: Resource, id: string, body: unknown, headers: Record<string, string> = {}) =>
  t.call('PUT', `${r.path}/${id}`, body, { ...t.auth, ...headers })
const entries = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n

/** A 409 'edited meanwhile' whose data is the record exactly as it is now. */
async function expectStale(r: Resource, id: string, answer: Answer) {
  const body = expectEnvelope(answer, 409)
  expect(body.code).toBe('editedMeanwhile')
  expect(body.message).toBe('This record was changed by someone else')
  expect(body.errors).toBeUndefined()
  expect(body.data).toEqual(await get(r, id))
  return body.data
}

describe.each(RESOURCES)('version on $name', (r) => {
  it('is in every answer: the record, the list, and what create and update answer', async () => {
    const id = await r.make()
    const record = await get(r, id)
    expect(record.version).toBe(0)
    const list = expectEnvelope(await t.call('GET', `${r.path}?limit=100`), 200).data
    expect(list.find((row: { id: string }) => row.id === id)?.version).toBe(0)
    const updated = expectEnvelope(await put(r, id, await r.edit(id)), 200).data
    expect(updated.version).toBe(1)
    expect(updated).toEqual(await get(r, id))
  })

  it('moves by one with every edit, with or without a version sent', async () => {
    const id = await r.make()
    const first = expectEnvelope(await put(r, id, { ...(await r.edit(id)), version: 0 }), 200).data
    expect(first.version).toBe(1)
    const second = expectEnvelope(await put(r, id, await r.edit(id)), 200).data
    expect(second.version).toBe(2)
    const third = expectEnvelope(await put(r, id, { ...(await r.edit(id)), version: 2 }), 200).data
    expect(third.version).toBe(3)
    expect((await get(r, id)).version).toBe(3)
  })

  it('refuses a stale version with 409 and the current record, and changes nothing', async () => {
    const id = await r.make()
    // Someone else saves first, from version 0.
    const theirs = expectEnvelope(await put(r, id, { ...(await r.edit(id)), version: 0 }), 200).data
    const before = await get(r, id)
    const logged = await entries()

    // The second edit was made from version 0 too.
    const mine = await r.edit(id)
    const current = await expectStale(r, id, await put(r, id, { ...mine, version: 0 }))
    expect(current.version).toBe(1)
    expect(r.shown(current)).toBe(r.shown(theirs))
    expect(r.shown(current)).not.toBe(mine.name)
    // Nothing changed: the record, its version and time, and the audit log (the refusal is not an edit).
    expect(await get(r, id)).toEqual(before)
    expect(await entries()).toBe(logged)
    // A version from the future is as stale as one from the past.
    await expectStale(r, id, await put(r, id, { ...mine, version: 7 }))

    // Reloaded, the edit is made from the current version and applies.
    const saved = expectEnvelope(await put(r, id, { ...mine, version: current.version }), 200).data
    expect(saved.version).toBe(2)
    expect(r.shown(saved)).toBe(mine.name)
  })

  it('reads the version from If-Match: "<version>" as well', async () => {
    const id = await r.make()
    const first = expectEnvelope(await put(r, id, await r.edit(id), { 'if-match': '"0"' }), 200).data
    expect(first.version).toBe(1)
    // A weak tag and a bare number say the same.
    const second = expectEnvelope(await put(r, id, await r.edit(id), { 'if-match': 'W/"1"' }), 200).data
    expect(second.version).toBe(2)
    expect(expectEnvelope(await put(r, id, await r.edit(id), { 'if-match': '2' }), 200).data.version).toBe(3)

    const before = await get(r, id)
    await expectStale(r, id, await put(r, id, await r.edit(id), { 'if-match': '"1"' }))
    expect(await get(r, id)).toEqual(before)
  })

  it('refuses an If-Match that is no version, or a version that is no whole number, with a 400 naming it', async () => {
    const id = await r.make()
    const before = await get(r, id)
    const logged = await entries()
    for (const header of ['*', '"abc"', '"-1"', '"1.5"', '"1", "2"']) {
      const body = expectEnvelope(await put(r, id, await r.edit(id), { 'if-match': header }), 400)
      expect(body.code).toBe('versionHeader')
      expect(Object.keys(body.errors)).toEqual(['If-Match'])
      expect(body.errors['If-Match']).toBe('If-Match must be a version in quotes, such as "3"')
    }
    for (const version of [-1, 1.5, 'abc', true]) {
      const body = expectEnvelope(await put(r, id, { ...(await r.edit(id)), version }), 400)
      expect(Object.keys(body.errors)).toEqual(['version'])
    }
    expect(await get(r, id)).toEqual(before)
    expect(await entries()).toBe(logged)
  })

  it('takes a version sent as digits in the body, and prefers the body to If-Match', async () => {
    const id = await r.make()
    const saved = expectEnvelope(await put(r, id, { ...(await r.edit(id)), version: '0' }), 200).data
    expect(saved.version).toBe(1)
    expect(
      expectEnvelope(await put(r, id, { ...(await r.edit(id)), version: 1 }, { 'if-match': '"0"' }), 200).data
        .version,
    ).toBe(2)
    await expectStale(r, id, await put(r, id, { ...(await r.edit(id)), version: 1 }, { 'if-match': '"2"' }))
  })

  it('checks nothing when no version is sent, as the spec’s client sends none', async () => {
    const id = await r.make()
    expectEnvelope(await put(r, id, { ...(await r.edit(id)), version: 0 }), 200)
    expectEnvelope(await put(r, id, { ...(await r.edit(id)), version: 1 }), 200)
    // An edit from a form read at version 0, sent without it, applies over both.
    const edit = await r.edit(id)
    const saved = expectEnvelope(await put(r, id, edit), 200).data
    expect(saved.version).toBe(3)
    expect(r.shown(saved)).toBe(edit.name)
  })

  it('lets one of two edits from the same version through at once, and refuses the other', async () => {
    const id = await r.make()
    const [a, b] = [await r.edit(id), await r.edit(id)]
    const answers = await Promise.all([put(r, id, { ...a, version: 0 }), put(r, id, { ...b, version: 0 })])
    expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 409])
    const winner = answers.find((x) => x.statusCode === 200)!.body.data
    const loser = answers.find((x) => x.statusCode === 409)!
    expect(loser.body.code).toBe('editedMeanwhile')
    expect(loser.body.data).toEqual(winner)
    expect(await get(r, id)).toEqual(winner)
    expect(winner.version).toBe(1)
  })

  it('answers 404 for an unknown record whatever the version', async () => {
    const edit = await r.edit(await r.make())
    expectEnvelope(await put(r, '987654321', { ...edit, version: 0 }), 404)
    expectEnvelope(await put(r, '987654321', edit, { 'if-match': '"0"' }), 404)
  })

  it('keeps the version out of the audit log’s changes: an entry lists what a person changed', async () => {
    const id = await r.make()
    const before = await get(r, id)
    const edit = await r.edit(id)
    expectEnvelope(await put(r, id, { ...edit, version: 0 }), 200)
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, id))
      .orderBy(auditLog.id)
      .then((rows) => rows.filter((e) => e.action === 'update').slice(-1))
    expect(entry!.changes).toMatchObject({ name: [before.name, edit.name] })
    expect(Object.keys(entry!.changes as object)).not.toContain('version')
  })
})

describe('version of a product', () => {
  const products = RESOURCES.find((r) => r.name === 'products')!

  it('is gone with the product: an edit of a deleted product is a 404, not a 409', async () => {
    const id = await products.make()
    const edit = await products.edit(id)
    expectEnvelope(await t.call('DELETE', `/api/admin/products/${id}`), 200)
    expectEnvelope(await put(products, id, { ...edit, version: 0 }), 404)
  })
})

describe('version of a brand', () => {
  const brands = RESOURCES.find((r) => r.name === 'brands')!

  it('moves when only the logo changes or is removed', async () => {
    const id = await brands.make()
    const swapped = expectEnvelope(
      await put(brands, id, { logo: '/2026/04/other.png', version: 0 }),
      200,
    ).data
    expect(swapped).toMatchObject({ logo: '/2026/04/other.png', version: 1 })
    await expectStale(brands, id, await put(brands, id, { logo: null, version: 0 }))
    const removed = expectEnvelope(await put(brands, id, { logo: null, version: 1 }), 200).data
    expect(removed).toMatchObject({ logo: null, version: 2 })
  })
})

describe('version of a member of staff', () => {
  const staff = RESOURCES.find((r) => r.name === 'staff')!

  it('moves with a change of role or of active, and not with a reset link', async () => {
    const id = await staff.make()
    const promoted = expectEnvelope(await put(staff, id, { role: 'admin', version: 0 }), 200).data
    expect(promoted).toMatchObject({ role: 'admin', version: 1 })
    const disabled = expectEnvelope(await put(staff, id, { active: false, version: 1 }), 200).data
    expect(disabled).toMatchObject({ active: false, version: 2 })
    await expectStale(staff, id, await put(staff, id, { active: true, version: 1 }))
    expect((await get(staff, id)).active).toBe(false)
    expectEnvelope(await put(staff, id, { active: true }), 200)
    expectEnvelope(await t.call('POST', `/api/admin/staff/${id}/reset-link`), 200)
    expect((await get(staff, id)).version).toBe(3)
  })

  it('is the account’s: an edit through the user calls makes the staff screen’s version stale', async () => {
    const id = await staff.make()
    const users = RESOURCES.find((r) => r.name === 'users')!
    expectEnvelope(await put(users, id, { name: unique('Phạm Thu Hà'), version: 0 }), 200)
    await expectStale(staff, id, await put(staff, id, { role: 'admin', version: 0 }))
    expect((await get(staff, id)).role).toBe('staff')
  })

  it('is said before the guards: a stale edit hears that first, a current one what else is wrong', async () => {
    const own = String(t.adminId)
    const { version } = await get(staff, own)
    await expectStale(staff, own, await put(staff, own, { role: 'staff', version: version + 1 }))
    const body = expectEnvelope(await put(staff, own, { role: 'staff', version }), 409)
    expect(body.code).toBe('ownRole')
  })
})

describe('who saved meanwhile', () => {
  /** Another administrator, signed in: whose saves come first here. */
  async function secondAdmin(name: string) {
    const email = `second.admin${++n}@shop.test`
    const password = 'Admin5678'
    const [other] = await t.database.db
      .insert(users)
      .values({ name, email, role: 'admin', passwordHash: await hashPassword(password) })
      .returning({ id: users.id })
    const signedIn = expectEnvelope(
      await t.call('POST', '/api/admin/auth/login', { email, password }, {}),
      200,
    )
    return {
      id: other!.id,
      email,
      password,
      headers: { authorization: `Bearer ${signedIn.data.tokens.access.token}` },
    }
  }

  it('is in the refusal: the name of whoever saved the record last, and when, as the audit log has it', async () => {
    const { id: otherId, headers: theirs } = await secondAdmin('Đỗ Thị Mai')
    const categories = RESOURCES.find((r) => r.name === 'categories')!
    const id = await categories.make()
    expectEnvelope(
      await t.call('PUT', `${categories.path}/${id}`, { name: unique('Váy'), version: 0 }, theirs),
      200,
    )
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, id))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1)
    expect(entry!.actorId).toBe(otherId)

    const stale = expectEnvelope(await put(categories, id, { name: unique('Đầm'), version: 0 }), 409)
    expect(stale.params).toEqual({ by: 'Đỗ Thị Mai', at: entry!.at.toISOString() })
  })

  it('of a member of staff counts an edit through the user calls, and not a sign-in since', async () => {
    const staff = RESOURCES.find((r) => r.name === 'staff')!
    const id = await staff.make()
    const { headers: theirs } = await secondAdmin('Phùng Văn Khải')
    // The member renamed through the user calls, by the other administrator: the staff screen's version moves.
    expectEnvelope(
      await t.call('PUT', `/api/admin/users/${id}`, { name: unique('Tên Mới'), version: 0 }, theirs),
      200,
    )
    // Then the member signs in (a password set for the test): no change of the record as its screen shows it.
    const member = await get(staff, id)
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword('Member1234') })
      .where(eq(users.id, Number(id)))
    expectEnvelope(
      await t.call('POST', '/api/admin/auth/login', { email: member.email, password: 'Member1234' }, {}),
      200,
    )
    const stale = expectEnvelope(await put(staff, id, { role: 'admin', version: 0 }), 409)
    expect(stale.params).toMatchObject({ by: 'Phùng Văn Khải' })
  })

  it('is left out when the log has no entry of the record (changed outside the API)', async () => {
    const categories = RESOURCES.find((r) => r.name === 'categories')!
    const category = await insertCategory(t.database.db)
    await t.database.db.execute(sql`update categories set version = 1 where id = ${category.id}`)
    const stale = expectEnvelope(
      await put(categories, String(category.id), { name: unique('Mũ'), version: 0 }),
      409,
    )
    expect(stale.code).toBe('editedMeanwhile')
    expect(stale.params).toBeUndefined()
  })
})

describe('version before other refusals', () => {
  it('answers a stale edit as such, even when it would also be refused for a taken slug or email', async () => {
    const categories = RESOURCES.find((r) => r.name === 'categories')!
    const taken = expectEnvelope(
      await t.call('POST', '/api/admin/categories', { name: unique('Giày') }),
      201,
    ).data
    const id = await categories.make()
    expectEnvelope(await put(categories, id, { ...(await categories.edit(id)), version: 0 }), 200)
    await expectStale(categories, id, await put(categories, id, { name: taken.name, version: 0 }))
    expect(expectEnvelope(await put(categories, id, { name: taken.name, version: 1 }), 409).code).toBe(
      'categorySlugTaken',
    )

    const users = RESOURCES.find((r) => r.name === 'users')!
    const other = await insertCustomer(t.database.db)
    const customer = await users.make()
    expectEnvelope(await put(users, customer, { name: unique('Vũ Thị Lan'), version: 0 }), 200)
    await expectStale(users, customer, await put(users, customer, { email: other.email, version: 0 }))
    expect(expectEnvelope(await put(users, customer, { email: other.email, version: 1 }), 409).code).toBe(
      'emailTaken',
    )
  })
})

/**
 * The UPDATE's own condition, without the lock a route takes first: two edits from version 0 run in two
 * transactions, the second reading the record (still at 0) while the first holds its change uncommitted, so only
 * the UPDATE's `version = 0` can refuse it once the first commits. On PostgreSQL the test waits until the second
 * is blocked on the first's row before letting the first commit; PGlite runs one transaction at a time, so there
 * the second reads the committed change and refuses it before its UPDATE.
 */
describe('version in the UPDATE itself', () => {
  const onPostgres = process.env.TEST_DB === 'pg'
  const now = () => new Date()

  /** Whether some other session of this database waits for a row lock. */
  async function someoneWaits() {
    const [row] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )
    return row!.n > 0
  }

  const racers: {
    name: string
    make: () => Promise<number>
    edit: (db: Db, id: number, name: string) => Promise<unknown>
  }[] = [
    {
      name: 'category',
      make: async () => (await insertCategory(t.database.db)).id,
      edit: (db, id, name) => updateCategory(db, id, { name }, now(), 0),
    },
    {
      name: 'brand',
      make: async () => (await insertBrand(t.database.db)).id,
      edit: (db, id, name) => updateBrand(db, id, { name }, now(), 0),
    },
    {
      name: 'user',
      make: async () => (await insertCustomer(t.database.db)).id,
      edit: (db, id, name) => updateUser(db, id, { name }, { now: now(), timeZone: 'Asia/Ho_Chi_Minh' }, 0),
    },
    {
      name: 'product',
      make: async () => (await insertProduct(t.database.db)).id,
      edit: async (db, id, name) => {
        const p = await getProduct(db, id)
        const body = { ...p, name, category: p.category.id, brand: p.brand.id, sold: null, rating: null }
        return updateProduct(db, id, body, { now: now(), actor: null }, 0)
      },
    },
  ]

  it.each(racers)('refuses the second of two racing edits of a $name', async ({ make, edit }) => {
    const id = await make()
    let commit = () => {}
    const held = new Promise<void>((resolve) => {
      commit = resolve
    })
    let firstDone = () => {}
    const firstEdited = new Promise<void>((resolve) => {
      firstDone = resolve
    })
    const first = t.database.db.transaction(async (tx) => {
      await edit(tx, id, unique('Thứ nhất'))
      firstDone()
      await held
    })
    await firstEdited
    // Its outcome is taken at once: the refusal may come before the first's commit has been awaited here.
    const second = t.database.db
      .transaction((tx) => edit(tx, id, unique('Thứ hai')))
      .then(
        () => null,
        (error: unknown) => error,
      )
    if (onPostgres) {
      const until = Date.now() + 10_000
      while (!(await someoneWaits())) {
        if (Date.now() > until) throw new Error('the second edit never waited for the first')
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }
    commit()
    await first
    const refused = await second
    expect(refused).toBeInstanceOf(HttpError)
    expect((refused as HttpError).statusCode).toBe(409)
    expect((refused as HttpError).refusal.code).toBe('editedMeanwhile')
    expect((refused as HttpError).data).toMatchObject({ version: 1 })
  })
})

describe('version of an account', () => {
  const PASSWORD = 'Member1234'
  const accounts = RESOURCES.find((r) => r.name === 'users')!

  it('stays when its owner signs in, changes the password or sets up two-step sign-in', async () => {
    const email = `owner${++n}@shop.test`
    const [member] = await t.database.db
      .insert(users)
      .values({ name: 'Đỗ Quang Huy', email, passwordHash: await hashPassword(PASSWORD), role: 'staff' })
      .returning({ id: users.id })
    const id = String(member!.id)
    const version = async () => (await get(accounts, id)).version
    expect(await version()).toBe(0)

    const login = expectEnvelope(
      await t.call('POST', '/api/admin/auth/login', { email, password: PASSWORD }, {}),
      200,
    )
    const bearer = { authorization: `Bearer ${login.data.tokens.access.token}` }
    expect((await get(accounts, id)).lastLoginAt).not.toBeNull()
    expect(await version()).toBe(0)

    const NEW_PASSWORD = 'Member5678'
    const changed = expectEnvelope(
      await t.call(
        'PUT',
        '/api/admin/auth/change-password',
        { currentPassword: PASSWORD, password: NEW_PASSWORD },
        bearer,
      ),
      200,
    )
    const after = { authorization: `Bearer ${changed.data.tokens.access.token}` }
    expect(await version()).toBe(0)

    const setup = expectEnvelope(
      await t.call('POST', '/api/admin/auth/2fa/setup', undefined, after),
      200,
    ).data
    const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate()
    expectEnvelope(await t.call('POST', '/api/admin/auth/2fa/enable', { code }, after), 200)
    expect((await get(accounts, id)).version).toBe(0)

    // An edit from the form read before all that still applies: none of it was an edit of the account.
    expectEnvelope(await put(accounts, id, { location: 'Hà Nội', version: 0 }), 200)
    expect(await version()).toBe(1)
  })

  it('moves when its owner renames themselves in the Setting dialog', async () => {
    const admin = String(t.adminId)
    const before = (await get(accounts, admin)).version
    expectEnvelope(await t.call('PUT', '/api/admin/auth/me', { name: 'Quản trị viên' }), 200)
    expect((await get(accounts, admin)).version).toBe(before + 1)
    await expectStale(accounts, admin, await put(accounts, admin, { name: 'Test Admin', version: before }))
    expect((await get(accounts, admin)).name).toBe('Quản trị viên')
  })
})

/**
 * The other two records with an edit screen, whose calls their own files test in depth (order-workflow.test.ts,
 * settings.test.ts): here the same checks as above, so CONTRACT 4.6 is seen whole in one place.
 */
describe('version on orders and the shop settings', () => {
  interface Edited {
    read: () => Promise<Record<string, unknown>>
    write: (body: Record<string, unknown>, headers?: Record<string, string>) => Promise<Answer>
    /** A valid body that changes the record, from the record as it is. */
    change: (current: Record<string, unknown>) => Record<string, unknown>
  }

  async function anOrder(): Promise<Edited> {
    const { order } = await insertOrder(t.database.db, {
      lines: [{ product: await insertProduct(t.database.db), quantity: 2 }],
    })
    const url = `/api/admin/orders/${order.id}`
    return {
      read: async () => expectEnvelope(await t.call('GET', url), 200).data,
      write: (body, headers = {}) => t.call('PUT', url, body, { ...t.auth, ...headers }),
      change: (o) => ({
        address: unique('Số 1 Tràng Tiền, Hà Nội'),
        amount: o.amount,
        quantity: o.quantity,
        status: o.status,
      }),
    }
  }

  const theSettings = async (): Promise<Edited> => ({
    read: async () => expectEnvelope(await t.call('GET', '/api/admin/settings'), 200).data,
    write: (body, headers = {}) => t.call('PUT', '/api/admin/settings', body, { ...t.auth, ...headers }),
    change: () => ({
      shopName: unique('Cửa hàng Phố Cổ'),
      address: '36 Hàng Bạc, Hà Nội',
      lowStockThreshold: 7,
    }),
  })

  it.each([
    ['an order', anOrder],
    ['the shop settings', theSettings],
  ])('%s: version in the answer, raised by each edit, checked from the body or If-Match', async (_, of) => {
    const r = await of()
    const start = await r.read()
    expect(start.version).toEqual(expect.any(Number))
    const v = start.version as number

    const first = expectEnvelope(await r.write({ ...r.change(start), version: v }), 200).data
    expect(first.version).toBe(v + 1)
    expect(await r.read()).toEqual(first)

    // Stale: 409 with the record as it is now, and nothing written, the audit log included.
    const logged = await entries()
    const stale = expectEnvelope(await r.write({ ...r.change(first), version: v }), 409)
    expect(stale.code).toBe('editedMeanwhile')
    expect(stale.message).toBe('This record was changed by someone else')
    expect(stale.data).toEqual(first)
    // Who saved first, and when: the record's newest entry in the audit log, the administrator's.
    const me = expectEnvelope(await t.call('GET', '/api/admin/auth/me'), 200).data
    expect(stale.params).toEqual({ by: me.name, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
    expect(await r.read()).toEqual(first)
    expect(await entries()).toBe(logged)

    // If-Match says the same; one that is no version is a 400 naming it.
    await expect(r.write(r.change(first), { 'if-match': `"${v}"` }).then((a) => a.statusCode)).resolves.toBe(
      409,
    )
    const bad = expectEnvelope(await r.write(r.change(first), { 'if-match': 'soon' }), 400)
    expect(Object.keys(bad.errors)).toEqual(['If-Match'])
    expect(await r.read()).toEqual(first)
    const second = expectEnvelope(await r.write(r.change(first), { 'if-match': `"${v + 1}"` }), 200).data
    expect(second.version).toBe(v + 2)

    // Without a version nothing is checked, and the version still moves.
    const third = expectEnvelope(await r.write(r.change(first)), 200).data
    expect(third.version).toBe(v + 3)
  })
})
