import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema.ts'
import { hashPassword } from '../../src/modules/auth/passwords.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// The 2025 administrative units (CONTRACT 5.6): 34 provinces and 3,321 wards, answered from the product's own
// copy of the list, to any signed-in member of staff, and cacheable for a year.

let t: TestApp
let staff: { authorization: string }

const source = JSON.parse(
  readFileSync(new URL('../../assets/places/vn-units-2025.json', import.meta.url), 'utf8'),
) as { provinces: string[][]; wards: string[][] }

beforeAll(async () => {
  t = await startApp()
  const member = { email: 'nhanvien.places@test.example', password: 'Staff1234' }
  await t.database.db.insert(users).values({
    name: 'Trần Nhân Viên',
    email: member.email,
    passwordHash: await hashPassword(member.password),
    role: 'staff',
  })
  const login = expectEnvelope(await t.call('POST', '/api/admin/auth/login', member, {}), 200)
  staff = { authorization: `Bearer ${login.data.tokens.access.token}` }
})
afterAll(async () => t.close())

describe('GET /api/admin/places/provinces', () => {
  it('answers the 34 provinces and cities in the order of their codes, for a year', async () => {
    const answer = await t.call('GET', '/api/admin/places/provinces', undefined, staff)
    const provinces = expectEnvelope(answer, 200).data as { code: string }[]
    expect(provinces).toHaveLength(34)
    expect(provinces.map((p) => p.code)).toEqual(provinces.map((p) => p.code).toSorted())
    expect(provinces[0]).toEqual({
      code: '01',
      name: 'Hà Nội',
      fullName: 'Thành phố Hà Nội',
      nameEn: 'Hanoi',
    })
    expect(provinces).toContainEqual({
      code: '79',
      name: 'Hồ Chí Minh',
      fullName: 'Thành phố Hồ Chí Minh',
      nameEn: 'Ho Chi Minh',
    })
    expect(answer.headers['cache-control']).toBe('private, max-age=31536000')
  })

  it('refuses a call without a token', async () => {
    expectEnvelope(await t.call('GET', '/api/admin/places/provinces', undefined, {}), 401)
  })
})

describe('GET /api/admin/places/provinces/:code/wards', () => {
  it("answers a province's wards and communes, 3,321 in all, each once", async () => {
    const provinces = expectEnvelope(await t.call('GET', '/api/admin/places/provinces'), 200).data as {
      code: string
    }[]
    const codes = new Set<string>()
    for (const { code } of provinces) {
      const wards = expectEnvelope(await t.call('GET', `/api/admin/places/provinces/${code}/wards`), 200)
        .data as { code: string; provinceCode: string }[]
      expect(wards.length, `wards of ${code}`).toBeGreaterThan(0)
      for (const ward of wards) {
        expect(ward.provinceCode).toBe(code)
        codes.add(ward.code)
      }
    }
    expect(codes.size).toBe(3321)
    expect(codes).toEqual(new Set(source.wards.map(([code]) => code)))
  })

  it('finds Cầu Giấy among the wards of Hà Nội, with its full and unaccented names', async () => {
    const answer = await t.call('GET', '/api/admin/places/provinces/01/wards', undefined, staff)
    const wards = expectEnvelope(answer, 200).data
    expect(wards).toContainEqual({
      code: '00166',
      provinceCode: '01',
      name: 'Cầu Giấy',
      fullName: 'Phường Cầu Giấy',
      nameEn: 'Cau Giay',
    })
    expect(answer.headers['cache-control']).toBe('private, max-age=31536000')
  })

  it('answers 404 for a code no province has, and 400 for one that is not two digits', async () => {
    const unknown = expectEnvelope(await t.call('GET', '/api/admin/places/provinces/02/wards'), 404)
    expect(unknown.code).toBe('provinceNotFound')
    for (const code of ['1', '001', 'ab', '%20'])
      expectEnvelope(await t.call('GET', `/api/admin/places/provinces/${code}/wards`), 400)
  })
})
