import { REVIEW_SORT_FIELDS, USER_SORT_FIELDS } from '@store/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, reviews, users } from '../../src/db/schema.ts'
import { hashPassword } from '../../src/modules/auth/passwords.ts'
import { allPages, downloadCsv } from '../csv.ts'
import { insertCustomer, insertProduct, insertReview } from '../data.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// The user and review lists' sorts and filters (CONTRACT 4.1) with their exact totals, and their CSV exports;
// a member of staff reads and exports customers only.

let t: TestApp
// 18:00 UTC on 10 March is 01:00 on 11 March in the shop (Asia/Ho_Chi_Minh, UTC+7): files are dated the 11th.
const NOW = new Date('2026-03-10T18:00:00.000Z')
const USERS = '/api/admin/users'
const USERS_EXPORT = '/api/admin/users/export'
const REVIEWS = '/api/admin/product-reviews'
const REVIEWS_EXPORT = '/api/admin/product-reviews/export'
const storeDay = (day: string) => Date.parse(`${day}T00:00:00+07:00`)
const DAY = 24 * 3600 * 1000

let staff: { authorization: string }
let staffId: number
let hoa: Awaited<ReturnType<typeof insertCustomer>>
type Product = Awaited<ReturnType<typeof insertProduct>>
let shirt: Product
let hat: Product
let injected: typeof reviews.$inferSelect

beforeAll(async () => {
  t = await startApp({ now: () => NOW })
  const db = t.database.db
  const [member] = await db
    .insert(users)
    .values({
      name: 'Trần Nhân Viên',
      email: 'staff@test.example',
      role: 'staff',
      passwordHash: await hashPassword('Staff1234'),
      createdAt: new Date('2026-02-01T03:00:00Z'),
    })
    .returning({ id: users.id })
  staffId = member!.id
  const login = expectEnvelope(
    await t.call('POST', '/api/admin/auth/login', { email: 'staff@test.example', password: 'Staff1234' }, {}),
    200,
  )
  staff = { authorization: `Bearer ${login.data.tokens.access.token}` }
  await db.insert(users).values({
    name: 'Quản Trị Hai',
    email: 'Admin2@Test.example',
    role: 'admin',
    createdAt: new Date('2026-02-01T03:00:00Z'),
  })

  // Names that read alike ('anh', 'Anh', 'Ánh'), the same name twice, emails in mixed case, several customers
  // joined at one instant, and the edges of store days (1 February begins at 17:00 UTC on 31 January).
  const at = (iso: string) => new Date(iso)
  const people: [string, string, number | null, string][] = [
    ['Ánh Dương', 'anh.duong@test.example', 1, '2026-01-31T16:59:59.999Z'],
    ['anh Dương', 'ANH.lower@test.example', 2, '2026-01-31T17:00:00.000Z'],
    ['Anh Dương', 'Zed@test.example', 1, '2026-02-01T16:59:00.000Z'],
    ['Bình', 'binh1@test.example', 2, '2026-02-01T17:00:00.000Z'],
    ['Bình', 'binh2@test.example', 2, '2026-02-10T03:00:00.000Z'],
    ['Đặng Văn Đức', 'duc@test.example', null, '2026-02-10T03:00:00.000Z'],
    ['Lê Thị Hoa', 'hoa@test.example', 1, '2026-02-10T03:00:00.000Z'],
    ['Hoàng Hoa', 'bhoa@test.example', 2, '2026-03-01T03:00:00.000Z'],
    ['Zoe Nguyễn', 'zoe@test.example', 1, '2026-01-05T03:00:00.000Z'],
  ]
  for (const [name, email, gender, createdAt] of people) {
    const row = await insertCustomer(db, {
      name,
      email,
      gender,
      createdAt: at(createdAt),
      updatedAt: at(createdAt),
    })
    if (name === 'Lê Thị Hoa') hoa = row
  }
  await db
    .update(users)
    .set({ dob: '1990-07-15', phoneNumber: '0912345678', totpSecret: 'JBSWY3DPEHPK3PXPSECRET' })
    .where(eq(users.id, hoa.id))
  for (let i = 0; i < 25; i++) {
    await insertCustomer(db, {
      name: `Khách ${String(i % 5)}`,
      gender: (i % 2) + 1,
      createdAt: at(`2026-02-${String(12 + (i % 3)).padStart(2, '0')}T03:00:00Z`),
    })
  }

  // Reviews: every rating, ties on rating and on time, two products.
  shirt = await insertProduct(db, { name: 'Áo thun' })
  hat = await insertProduct(db, { name: 'Mũ, "lưỡi trai"' })
  const times = ['2026-02-01T03:00:00Z', '2026-02-02T03:00:00Z', '2026-02-03T03:00:00Z']
  for (let i = 0; i < 30; i++) {
    await insertReview(db, {
      product: i % 3 === 0 ? hat : shirt,
      rating: i % 6,
      content: i % 4 === 0 ? `Áo rất đẹp ${i}` : `Bình thường ${i}`,
      createdAt: at(times[i % 3]!),
    })
  }
  injected = await insertReview(db, {
    product: hat,
    user: hoa,
    rating: 5,
    content: '=cmd|" /C calc"!A0, tuyệt vời',
    createdAt: at('2026-02-25T02:03:04Z'),
  })
})
afterAll(async () => t.close())

/** Code point order, as `collate "C"` sorts UTF-8 text (every name here is in the basic plane). */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

const everyUser = () => t.database.db.select().from(users)
type HeldUser = Awaited<ReturnType<typeof everyUser>>[number]

function sortedUsers(rows: HeldUser[], sortBy: string) {
  const [field, direction] = sortBy.split(':')
  const compare = (a: HeldUser, b: HeldUser) =>
    field === 'name'
      ? byCodePoint(a.nameSearch!, b.nameSearch!) || byCodePoint(a.name, b.name)
      : field === 'email'
        ? byCodePoint(a.email.toLowerCase(), b.email.toLowerCase())
        : a.createdAt.getTime() - b.createdAt.getTime()
  const sign = direction === 'asc' ? 1 : -1
  return [...rows].sort((a, b) => sign * (compare(a, b) || a.id - b.id)).map((u) => String(u.id))
}

const joinedWithin = (u: HeldUser, from?: string, to?: string) =>
  (!from || u.createdAt.getTime() >= storeDay(from)) && (!to || u.createdAt.getTime() < storeDay(to) + DAY)

describe('GET /api/admin/users: sorts and filters', () => {
  it('sorts customers by every field both ways, ties broken by id, pages neither overlapping nor skipping', async () => {
    const customers = (await everyUser()).filter((u) => u.role === 'user')
    for (const field of USER_SORT_FIELDS) {
      for (const direction of ['asc', 'desc']) {
        const sortBy = `${field}:${direction}`
        const { ids, total } = await allPages(t, `${USERS}?role=user&sortBy=${sortBy}`, 4)
        expect(total, sortBy).toBe(customers.length)
        expect(new Set(ids).size, sortBy).toBe(customers.length)
        expect(ids, sortBy).toEqual(sortedUsers(customers, sortBy))
      }
    }
    // Names that read alike stay together, the exact name settling their order.
    const { ids } = await allPages(t, `${USERS}?role=user&sortBy=name:asc&name=anh duong`)
    const names = new Map((await everyUser()).map((u) => [String(u.id), u.name]))
    expect(ids.map((id) => names.get(id))).toEqual(['Anh Dương', 'anh Dương', 'Ánh Dương'])
  })

  it('sorts every account without a role too, and the administrators with role=admin', async () => {
    const all = await everyUser()
    for (const sortBy of ['name:desc', 'email:asc', 'createdAt:asc']) {
      expect((await allPages(t, `${USERS}?sortBy=${sortBy}`, 7)).ids, sortBy).toEqual(
        sortedUsers(all, sortBy),
      )
      const admins = all.filter((u) => u.role === 'admin')
      const listed = await allPages(t, `${USERS}?role=admin&sortBy=${sortBy}`)
      expect(listed.ids, sortBy).toEqual(sortedUsers(admins, sortBy))
      expect(listed.total).toBe(2)
    }
  })

  it('narrows by gender, days joined and the name search, alone and together, with exact totals', async () => {
    const all = await everyUser()
    const cases: [string, (u: HeldUser) => boolean][] = [
      ['role=user&gender=1', (u) => u.role === 'user' && u.gender === 1],
      ['role=user&gender=2', (u) => u.role === 'user' && u.gender === 2],
      ['role=user&gender=', (u) => u.role === 'user'],
      ['role=user&from=2026-02-01', (u) => u.role === 'user' && joinedWithin(u, '2026-02-01')],
      ['role=user&to=2026-02-01', (u) => u.role === 'user' && joinedWithin(u, undefined, '2026-02-01')],
      [
        'role=user&from=2026-02-01&to=2026-02-01',
        (u) => u.role === 'user' && joinedWithin(u, '2026-02-01', '2026-02-01'),
      ],
      ['role=user&name=hoa', (u) => u.role === 'user' && u.nameSearch!.includes('hoa')],
      // Lê Thị Hoa's number is 0912345678: found in any writing, and only hers.
      ['role=user&phone=0912345678', (u) => u.phoneNumber === '0912345678'],
      [`role=user&phone=${encodeURIComponent('+84 912 345 678')}`, (u) => u.phoneNumber === '0912345678'],
      [
        `role=user&phone=${encodeURIComponent('0912.345.678')}&name=hoa`,
        (u) => u.phoneNumber === '0912345678',
      ],
      ['role=user&phone=0999999999', () => false],
      [
        'role=user&name=khach&gender=2&from=2026-02-13&to=2026-02-14',
        (u) =>
          u.role === 'user' &&
          u.name.startsWith('Khách') &&
          u.gender === 2 &&
          joinedWithin(u, '2026-02-13', '2026-02-14'),
      ],
      ['from=2026-02-01&to=2026-02-01', (u) => joinedWithin(u, '2026-02-01', '2026-02-01')],
      [
        'role=admin&from=2026-02-01&to=2026-02-01',
        (u) => u.role === 'admin' && joinedWithin(u, '2026-02-01', '2026-02-01'),
      ],
    ]
    for (const [query, keep] of cases) {
      const expected = sortedUsers(all.filter(keep), 'createdAt:desc')
      const { ids, total } = await allPages(t, `${USERS}?${query}`, 5)
      expect(total, query).toBe(expected.length)
      expect(ids, query).toEqual(expected)
    }
    // The store day of 1 February: its first instant and 23:59 are in, the instants either side are out.
    const names = async (query: string) =>
      (await t.call('GET', `${USERS}?role=user&name=duong&${query}&sortBy=createdAt:asc`)).body.data.map(
        (u: { name: string }) => u.name,
      )
    expect(await names('from=2026-02-01&to=2026-02-01')).toEqual(['anh Dương', 'Anh Dương'])
    expect(await names('to=2026-01-31')).toEqual(['Ánh Dương'])
  })

  it('refuses bad input with 400 naming the parameter, on the list and the export', async () => {
    const cases: [string, string][] = [
      ['sortBy=rating:asc', 'sortBy'],
      ['sortBy=name:sideways', 'sortBy'],
      ['gender=3', 'gender'],
      ['from=2026-02-30', 'from'],
      ['to=2026-13-01', 'to'],
      ['from=2026-02-02&to=2026-02-01', 'to'],
      ['role=staff', 'role'],
    ]
    for (const [query, field] of cases) {
      for (const url of [USERS, USERS_EXPORT]) {
        const body = expectEnvelope(await t.call('GET', `${url}?${query}`), 400)
        expect(Object.keys(body.errors), `${url}?${query}`).toEqual([field])
      }
    }
  })
})

const USER_HEADER = [
  'id',
  'name',
  'email',
  'phoneNumber',
  'gender',
  'dateOfBirth',
  'role',
  'createdAt',
  'updatedAt',
]

describe('GET /api/admin/users/export', () => {
  it('sends the users as a CSV file with a BOM, named by the shop’s date, never a password hash or a secret', async () => {
    const { answer, rows } = await downloadCsv(t, USERS_EXPORT)
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(answer.headers['content-disposition']).toBe('attachment; filename="users-20260311.csv"')
    expect(rows[0]).toEqual(USER_HEADER)
    expect(rows.find((r) => r[0] === String(hoa.id))).toEqual([
      String(hoa.id),
      'Lê Thị Hoa',
      'hoa@test.example',
      '="0912345678"',
      '1',
      '1990-07-15',
      'user',
      '2026-02-10 10:00:00',
      '2026-02-10 10:00:00',
    ])
    const hashes = (await everyUser()).flatMap((u) => (u.passwordHash ? [u.passwordHash] : []))
    expect(hashes.length).toBeGreaterThan(1)
    for (const hash of hashes) expect(answer.body).not.toContain(hash)
    expect(answer.body).not.toContain('JBSWY3DPEHPK3PXPSECRET')
    expect(rows).toHaveLength(1 + (await everyUser()).length)
  })

  it('holds exactly the filtered list, all pages of it, in the list’s order', async () => {
    for (const query of [
      'role=user&sortBy=name:asc',
      'role=user&sortBy=email:desc&gender=2',
      'role=user&name=khach&sortBy=createdAt:asc&from=2026-02-13',
      'sortBy=name:desc',
      'role=admin',
      'role=user&name=nobody',
    ]) {
      const listed = await allPages(t, `${USERS}?${query}`)
      const { rows } = await downloadCsv(t, `${USERS_EXPORT}?${query}`)
      expect(rows[0], query).toEqual(USER_HEADER)
      expect(
        rows.slice(1).map((r) => r[0]),
        query,
      ).toEqual(listed.ids)
    }
  })

  it('lists customers only for a member of staff, as the list does, and refuses them the administrators', async () => {
    const customers = (await everyUser()).filter((u) => u.role === 'user')
    const listed = expectEnvelope(await t.call('GET', `${USERS}?limit=100`, undefined, staff), 200)
    expect(listed.meta.totalResults).toBe(customers.length)
    const { rows } = await downloadCsv(t, `${USERS_EXPORT}?sortBy=email:asc`, staff)
    expect(rows.slice(1).map((r) => r[0])).toEqual(sortedUsers(customers, 'email:asc'))
    expect(new Set(rows.slice(1).map((r) => r[6]))).toEqual(new Set(['user']))
    expect(rows.some((r) => r[0] === String(staffId) || r[0] === String(t.adminId))).toBe(false)
    const refused = expectEnvelope(await t.call('GET', `${USERS_EXPORT}?role=admin`, undefined, staff), 403)
    expect(refused.code).toBe('notAllowed')
  })
})

const everyReview = () =>
  t.database.db
    .select({ review: reviews, product: { id: products.id, name: products.name }, user: users })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(users, eq(users.id, reviews.userId))
type HeldReview = Awaited<ReturnType<typeof everyReview>>[number]

function sortedReviews(rows: HeldReview[], sortBy: string) {
  const [field, direction] = sortBy.split(':')
  const key = (r: HeldReview) => (field === 'rating' ? r.review.rating : r.review.createdAt.getTime())
  const sign = direction === 'asc' ? 1 : -1
  return [...rows]
    .sort((a, b) => sign * (key(a) - key(b) || a.review.id - b.review.id))
    .map((r) => String(r.review.id))
}

describe('GET /api/admin/product-reviews: sorts and filters', () => {
  it('sorts by every field both ways, ties broken by id, pages neither overlapping nor skipping', async () => {
    const all = await everyReview()
    for (const field of REVIEW_SORT_FIELDS) {
      for (const direction of ['asc', 'desc']) {
        const sortBy = `${field}:${direction}`
        const { ids, total } = await allPages(t, `${REVIEWS}?sortBy=${sortBy}`, 4)
        expect(total, sortBy).toBe(all.length)
        expect(new Set(ids).size, sortBy).toBe(all.length)
        expect(ids, sortBy).toEqual(sortedReviews(all, sortBy))
      }
    }
  })

  it('narrows by rating, product and the content search, alone and together, with exact totals', async () => {
    const all = await everyReview()
    const cases: [string, (r: HeldReview) => boolean][] = [
      ...[0, 1, 2, 3, 4, 5].map((n): [string, (r: HeldReview) => boolean] => [
        `rating=${n}`,
        (r) => r.review.rating === n,
      ]),
      ['rating=', () => true],
      [`productId=${hat.id}`, (r) => r.product.id === hat.id],
      ['content=ao rat dep', (r) => r.review.content.startsWith('Áo rất đẹp')],
      [
        `content=AO&productId=${shirt.id}&rating=4`,
        (r) => r.review.content.startsWith('Áo') && r.product.id === shirt.id && r.review.rating === 4,
      ],
      [
        `productId=${shirt.id}&rating=3&sortBy=rating:asc`,
        (r) => r.product.id === shirt.id && r.review.rating === 3,
      ],
      ['productId=abc', () => false],
      ['productId=987654321', () => false],
    ]
    for (const [query, keep] of cases) {
      const expected = sortedReviews(
        all.filter(keep),
        query.includes('sortBy=rating:asc') ? 'rating:asc' : 'createdAt:desc',
      )
      const { ids, total } = await allPages(t, `${REVIEWS}?${query}`, 4)
      expect(total, query).toBe(expected.length)
      expect(ids, query).toEqual(expected)
    }
    expect(all.filter(cases[9]![1]).length).toBeGreaterThan(0)
  })

  it('keeps a filtered total exact when a review goes', async () => {
    const fives = async () => (await allPages(t, `${REVIEWS}?rating=5&productId=${shirt.id}`)).total
    const before = await fives()
    const [gone] = (await everyReview()).filter((r) => r.review.rating === 5 && r.product.id === shirt.id)
    expectEnvelope(await t.call('DELETE', `${REVIEWS}/${gone!.review.id}`), 200)
    expect(await fives()).toBe(before - 1)
  })

  it('refuses bad input with 400 naming the parameter, on the list and the export', async () => {
    const cases: [string, string][] = [
      ['sortBy=name:asc', 'sortBy'],
      ['sortBy=rating', 'sortBy'],
      ['rating=6', 'rating'],
      ['rating=-1', 'rating'],
      ['rating=1.5', 'rating'],
      ['rating=five', 'rating'],
      [`productId=${'9'.repeat(65)}`, 'productId'],
    ]
    for (const [query, field] of cases) {
      for (const url of [REVIEWS, REVIEWS_EXPORT]) {
        const body = expectEnvelope(await t.call('GET', `${url}?${query}`), 400)
        expect(Object.keys(body.errors), `${url}?${query}`).toEqual([field])
      }
    }
  })
})

const REVIEW_HEADER = [
  'id',
  'createdAt',
  'rating',
  'status',
  'content',
  'productId',
  'productName',
  'customerName',
  'customerEmail',
]

describe('GET /api/admin/product-reviews/export', () => {
  it('sends the reviews as a CSV file with a BOM, named by the shop’s date, cells guarded and quoted', async () => {
    const { answer, rows } = await downloadCsv(t, `${REVIEWS_EXPORT}?productId=${hat.id}&rating=5`)
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(answer.headers['content-disposition']).toBe('attachment; filename="product-reviews-20260311.csv"')
    expect(rows[0]).toEqual(REVIEW_HEADER)
    expect(rows[1]).toEqual([
      String(injected.id),
      '2026-02-25 09:03:04',
      '5',
      'approved',
      '\'=cmd|" /C calc"!A0, tuyệt vời',
      String(hat.id),
      'Mũ, "lưỡi trai"',
      'Lê Thị Hoa',
      'hoa@test.example',
    ])
    expect(answer.body).toContain('"\'=cmd|"" /C calc""!A0, tuyệt vời"')
    expect(answer.body).toContain('"Mũ, ""lưỡi trai"""')
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
  })

  it('holds exactly the filtered list, all pages of it, in the list’s order', async () => {
    for (const query of [
      'sortBy=rating:asc',
      'sortBy=rating:desc',
      'sortBy=createdAt:asc',
      '',
      `productId=${shirt.id}&sortBy=rating:desc`,
      'content=ao rat&rating=4',
      'productId=abc',
    ]) {
      const listed = await allPages(t, `${REVIEWS}?${query}`)
      const { rows } = await downloadCsv(t, `${REVIEWS_EXPORT}?${query}`)
      expect(rows[0], query).toEqual(REVIEW_HEADER)
      expect(
        rows.slice(1).map((r) => r[0]),
        query,
      ).toEqual(listed.ids)
    }
  })
})
