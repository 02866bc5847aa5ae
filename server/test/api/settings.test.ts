import { bankName, messageText, normalPhone, VIETNAMESE_BANKS } from '@store/contract'
import { desc, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, shopSettings, users } from '../../src/db/schema.ts'
import { hashPassword } from '../../src/modules/auth/passwords.ts'
import { insertProduct } from '../data.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// Shop settings (CONTRACT 4.7): one row, read and saved whole by an administrator, checked by version
// (CONTRACT 4.6); its low-stock threshold replaces LOW_STOCK_THRESHOLD wherever stock is called low.

let t: TestApp
let staff: { authorization: string }
const ENV_THRESHOLD = 4

const VALID = {
  shopName: 'Cửa hàng Thời trang Sài Gòn',
  address: '12 Lý Tự Trọng, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh',
  phone: '0901234567',
  email: 'lienhe@thoitrangsaigon.vn',
  taxCode: '0312345678',
  bankBin: '970436',
  bankAccount: '0071000123456',
  bankAccountName: 'CONG TY TNHH THOI TRANG SAI GON',
  lowStockThreshold: 12,
}

const row = async () => (await t.database.db.select().from(shopSettings))[0]!
const get = async () => expectEnvelope(await t.call('GET', '/api/admin/settings'), 200).data
const save = (body: unknown, headers?: Record<string, string>) =>
  t.call('PUT', '/api/admin/settings', body, headers && { ...t.auth, ...headers })
const settingsEntries = () =>
  t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'settings')).orderBy(desc(auditLog.id))

/** Puts the row back as the migration made it: nothing saved, version 0. */
const resetRow = () =>
  t.database.db
    .update(shopSettings)
    .set({
      shopName: '',
      address: '',
      phone: '',
      email: '',
      taxCode: '',
      bankBin: '',
      bankAccount: '',
      bankAccountName: '',
      lowStockThreshold: null,
      version: 0,
      updatedAt: null,
    })
    .where(eq(shopSettings.id, 1))

beforeAll(async () => {
  t = await startApp({ env: { LOW_STOCK_THRESHOLD: String(ENV_THRESHOLD) } })
  const member = { email: 'nhanvien.settings@test.example', password: 'Staff1234' }
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
beforeEach(resetRow)

describe('GET /api/admin/settings', () => {
  it('answers the empty settings of a new store, with LOW_STOCK_THRESHOLD as the threshold', async () => {
    expect(await get()).toEqual({
      shopName: '',
      address: '',
      phone: '',
      email: '',
      taxCode: '',
      bankBin: '',
      bankAccount: '',
      bankAccountName: '',
      lowStockThreshold: ENV_THRESHOLD,
      version: 0,
      updatedAt: null,
    })
  })
})

describe('PUT /api/admin/settings', () => {
  it('saves every field, raises the version, and GET answers what was saved', async () => {
    const saved = expectEnvelope(await save(VALID), 200).data
    expect(saved).toMatchObject({ ...VALID, version: 1 })
    expect(Date.parse(saved.updatedAt)).not.toBeNaN()
    expect(await get()).toEqual(saved)
    expect(await row()).toMatchObject({ ...VALID, id: 1, version: 1 })
  })

  it('trims the text, and clears the optional details and the bank when sent empty or left out', async () => {
    expectEnvelope(await save(VALID), 200)
    const saved = expectEnvelope(
      await save({ shopName: '  Tiệm Nhỏ  ', lowStockThreshold: '0', bankBin: '', bankAccount: '' }),
      200,
    ).data
    expect(saved).toMatchObject({
      shopName: 'Tiệm Nhỏ',
      address: '',
      phone: '',
      email: '',
      taxCode: '',
      bankBin: '',
      bankAccount: '',
      bankAccountName: '',
      lowStockThreshold: 0,
      version: 2,
    })
  })

  it('takes a tax code with its branch suffix, and a bank that is not on the list', async () => {
    const saved = expectEnvelope(await save({ ...VALID, taxCode: '0312345678-001', bankBin: '970999' }), 200)
    expect(saved.data).toMatchObject({ taxCode: '0312345678-001', bankBin: '970999' })
    expect(bankName('970999')).toBeUndefined()
  })

  it('records one audit entry with the fields that changed, under the admin', async () => {
    expectEnvelope(await save(VALID), 200)
    expectEnvelope(await save({ ...VALID, lowStockThreshold: 3, phone: '0281234567' }), 200)
    const [last] = await settingsEntries()
    expect(last).toMatchObject({ action: 'update', entity: 'settings', entityId: '1', actorId: t.adminId })
    expect(last!.changes).toEqual({ lowStockThreshold: [12, 3], phone: ['0901234567', '0281234567'] })
  })

  const BAD: [string, Record<string, unknown>, string, string][] = [
    ['a bank id of 5 digits', { bankBin: '97043' }, 'bankBin', messageText({ code: 'bankBin' })],
    ['a bank id of 7 digits', { bankBin: '9704360' }, 'bankBin', messageText({ code: 'bankBin' })],
    ['a bank id with letters', { bankBin: '97O436' }, 'bankBin', messageText({ code: 'bankBin' })],
    [
      'an account number with letters',
      { bankAccount: '0071A00123' },
      'bankAccount',
      messageText({ code: 'bankAccount' }),
    ],
    [
      'an account number of 3 digits',
      { bankAccount: '123' },
      'bankAccount',
      messageText({ code: 'bankAccount' }),
    ],
    ['a tax code of 9 digits', { taxCode: '031234567' }, 'taxCode', messageText({ code: 'taxCode' })],
    [
      'a tax code with a short suffix',
      { taxCode: '0312345678-01' },
      'taxCode',
      messageText({ code: 'taxCode' }),
    ],
    [
      'a bank without its account name',
      { bankAccountName: '' },
      'bankAccountName',
      messageText({ code: 'bankIncomplete' }),
    ],
    ['an account without its bank', { bankBin: '' }, 'bankBin', messageText({ code: 'bankIncomplete' })],
    ['an email without a domain', { email: 'lienhe@' }, 'email', messageText({ code: 'email' })],
    ['a phone number with letters', { phone: '09012345ab' }, 'phone', messageText({ code: 'number' })],
    ['a phone number too short', { phone: '0901' }, 'phone', messageText({ code: 'phoneLength' })],
    [
      'a threshold of 2.5',
      { lowStockThreshold: 2.5 },
      'lowStockThreshold',
      messageText({ code: 'wholeNumber' }),
    ],
    [
      'a negative threshold',
      { lowStockThreshold: -1 },
      'lowStockThreshold',
      messageText({ code: 'wholeNumber' }),
    ],
    [
      'a threshold in words',
      { lowStockThreshold: 'five' },
      'lowStockThreshold',
      messageText({ code: 'number' }),
    ],
    ['no threshold', { lowStockThreshold: undefined }, 'lowStockThreshold', messageText({ code: 'number' })],
    ['an empty shop name', { shopName: '   ' }, 'shopName', messageText({ code: 'required' })],
    ['no shop name', { shopName: undefined }, 'shopName', messageText({ code: 'required' })],
  ]
  for (const [what, change, field, message] of BAD) {
    it(`refuses ${what} with 400 naming ${field}, and writes nothing`, async () => {
      expectEnvelope(await save(VALID), 200)
      const before = await row()
      const entries = (await settingsEntries()).length
      const body = expectEnvelope(await save({ ...VALID, ...change, version: 1 }), 400)
      expect(Object.keys(body.errors)).toEqual([field])
      expect(body.errors[field]).toBe(message)
      expect(await row()).toEqual(before)
      expect(await settingsEntries()).toHaveLength(entries)
    })
  }

  it('refuses a body that is not an object', async () => {
    expectEnvelope(await save([VALID]), 400)
    expect((await row()).version).toBe(0)
  })
})

describe('any body', () => {
  const digits = (min: number, max: number) =>
    fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max })
  const text = (max: number) => fc.string({ maxLength: max }).map((v) => v.trim())
  const bank = fc.option(
    fc.record({
      bankBin: fc.oneof(fc.constantFrom(...VIETNAMESE_BANKS.map((b) => b.bin)), digits(6, 6)),
      bankAccount: digits(4, 19),
      bankAccountName: text(100).filter((v) => v !== ''),
    }),
    { nil: undefined },
  )
  const valid = fc.record({
    shopName: text(200).filter((v) => v !== ''),
    address: text(500),
    phone: fc.oneof(fc.constant(''), digits(9, 15)),
    email: fc.oneof(
      fc.constant(''),
      fc
        .tuple(
          fc.stringMatching(/^[a-z0-9]([a-z0-9._-]{0,30}[a-z0-9])?$/),
          fc.constantFrom('shop.vn', 'gmail.com'),
        )
        .filter(([local]) => !local.includes('..'))
        .map(([local, domain]) => `${local}@${domain}`),
    ),
    taxCode: fc.oneof(
      fc.constant(''),
      digits(10, 10),
      fc.tuple(digits(10, 10), digits(3, 3)).map(([a, b]) => `${a}-${b}`),
    ),
    lowStockThreshold: fc.integer({ min: 0, max: 1_000_000 }),
    bank,
  })

  it('that the rules allow is saved as sent (the phone in its kept form) and read back the same', async () => {
    await fc.assert(
      fc.asyncProperty(valid, async ({ bank, ...body }) => {
        const sent = { ...body, ...(bank ?? { bankBin: '', bankAccount: '', bankAccountName: '' }) }
        const saved = expectEnvelope(await save(sent), 200).data
        expect(saved).toMatchObject({ ...sent, phone: normalPhone(sent.phone) })
        expect(await get()).toEqual(saved)
      }),
      { numRuns: 25 },
    )
  })

  it('with a bank id that is not 6 digits is refused on bankBin, and nothing is written', async () => {
    expectEnvelope(await save(VALID), 200)
    const before = await row()
    await fc.assert(
      fc.asyncProperty(
        fc
          .string({ minLength: 1, maxLength: 12 })
          .filter((v) => !/^\d{6}$/.test(v.trim()) && v.trim() !== ''),
        async (bankBin) => {
          const body = expectEnvelope(await save({ ...VALID, bankBin }), 400)
          expect(Object.keys(body.errors)).toEqual(['bankBin'])
        },
      ),
      { numRuns: 25 },
    )
    expect(await row()).toEqual(before)
  })
})

describe('edited meanwhile (CONTRACT 4.6)', () => {
  it('saves with the current version, and refuses a stale one with 409 and the settings as they are', async () => {
    const first = expectEnvelope(await save({ ...VALID, version: 0 }), 200).data
    expect(first.version).toBe(1)
    const entries = (await settingsEntries()).length
    const stale = expectEnvelope(await save({ ...VALID, shopName: 'Tên cũ', version: 0 }), 409)
    expect(stale.code).toBe('editedMeanwhile')
    expect(stale.data).toEqual(first)
    expect(await row()).toMatchObject({ shopName: VALID.shopName, version: 1 })
    expect(await settingsEntries()).toHaveLength(entries)
    const next = expectEnvelope(await save({ ...VALID, shopName: 'Tên mới', version: 1 }), 200).data
    expect(next).toMatchObject({ shopName: 'Tên mới', version: 2 })
  })

  it('reads the version from If-Match when the body has none', async () => {
    expectEnvelope(await save(VALID), 200)
    const stale = expectEnvelope(await save({ ...VALID, shopName: 'Khác' }, { 'if-match': '"0"' }), 409)
    expect(stale.data).toMatchObject({ shopName: VALID.shopName, version: 1 })
    const saved = expectEnvelope(await save({ ...VALID, shopName: 'Khác' }, { 'if-match': '"1"' }), 200)
    expect(saved.data).toMatchObject({ shopName: 'Khác', version: 2 })
    const bad = expectEnvelope(await save(VALID, { 'if-match': 'latest' }), 400)
    expect(bad.code).toBe('versionHeader')
    expect((await row()).version).toBe(2)
  })

  it('saves without a version, as a client that sends none, and still raises it', async () => {
    expectEnvelope(await save(VALID), 200)
    expect(expectEnvelope(await save(VALID), 200).data.version).toBe(2)
  })
})

describe('who may', () => {
  it('refuses staff both calls with 403, and changes nothing', async () => {
    expect(expectEnvelope(await t.call('GET', '/api/admin/settings', undefined, staff), 403).code).toBe(
      'notAllowed',
    )
    const refused = expectEnvelope(await t.call('PUT', '/api/admin/settings', VALID, staff), 403)
    expect(refused.code).toBe('notAllowed')
    expect(await row()).toMatchObject({ shopName: '', version: 0 })
  })

  it('refuses a call without a token with 401', async () => {
    expectEnvelope(await t.call('GET', '/api/admin/settings', undefined, {}), 401)
    expectEnvelope(await t.call('PUT', '/api/admin/settings', VALID, {}), 401)
  })
})

describe('the low-stock threshold', () => {
  it('is the saved one in the products list’s stock=low, its export, and /config; LOW_STOCK_THRESHOLD before', async () => {
    const tag = `Ngưỡng ${Date.now()}`
    const made: Record<number, string> = {}
    for (const quantity of [0, 1, ENV_THRESHOLD, ENV_THRESHOLD + 1, 12, 13])
      made[quantity] = String(
        (await insertProduct(t.database.db, { name: `${tag} ${quantity}`, quantity })).id,
      )
    const low = async () => {
      const list = expectEnvelope(
        await t.call('GET', `/api/admin/products?stock=low&limit=100&name=${encodeURIComponent(tag)}`),
        200,
      )
      return list.data.map((p: { id: string }) => p.id).sort()
    }
    const exported = async () => {
      const csv = await t.call('GET', `/api/admin/products/export?stock=low&name=${encodeURIComponent(tag)}`)
      expect(csv.statusCode).toBe(200)
      return String(csv.body)
        .split(/\r?\n/)
        .slice(1)
        .filter(Boolean)
        .map((line) => line.split(',')[0]!.replace(/^\uFEFF?"?|"$/g, ''))
        .sort()
    }
    const config = async () => expectEnvelope(await t.call('GET', '/api/admin/config'), 200).data

    expect(await low()).toEqual([made[1], made[ENV_THRESHOLD]].sort())
    expect(await exported()).toEqual([made[1], made[ENV_THRESHOLD]].sort())
    expect((await config()).lowStockThreshold).toBe(ENV_THRESHOLD)
    // Staff read it too: the list's mark follows it on their screens.
    expect(
      expectEnvelope(await t.call('GET', '/api/admin/config', undefined, staff), 200).data.lowStockThreshold,
    ).toBe(ENV_THRESHOLD)

    expectEnvelope(await save(VALID), 200)
    const upToTwelve = [made[1], made[ENV_THRESHOLD], made[ENV_THRESHOLD + 1], made[12]].sort()
    expect(await low()).toEqual(upToTwelve)
    expect(await exported()).toEqual(upToTwelve)
    expect((await config()).lowStockThreshold).toBe(12)

    // 0 calls nothing low: a product out of stock is 'out', not 'low'.
    expectEnvelope(await save({ ...VALID, lowStockThreshold: 0 }), 200)
    expect(await low()).toEqual([])
    expect((await config()).lowStockThreshold).toBe(0)
  })
})

describe('the row', () => {
  it('is the only one the table may hold', async () => {
    await expect(t.database.db.insert(shopSettings).values({ id: 2 })).rejects.toThrow()
    expect(await t.database.db.select().from(shopSettings)).toHaveLength(1)
  })
})
