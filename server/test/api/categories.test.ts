import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

let t: TestApp
beforeAll(async () => {
  t = await startApp()
})
afterAll(async () => t.close())

describe('categories', () => {
  it('creates a category with a Vietnamese-aware slug', async () => {
    const body = expectEnvelope(await t.call('POST', '/api/admin/categories', { name: 'Đồng hồ' }), 201)
    expect(body.data).toMatchObject({ name: 'Đồng hồ', slug: 'dong-ho' })
    expect(body.data.id).toBe(body.data._id)
    expect(typeof body.data.id).toBe('string')
  })

  it('refuses a missing name with the field named', async () => {
    const body = expectEnvelope(await t.call('POST', '/api/admin/categories', {}), 400)
    expect(body.errors).toEqual({ name: 'This field is required' })
    expect(body.message).toContain('name')
    const blank = expectEnvelope(await t.call('POST', '/api/admin/categories', { name: '   ' }), 400)
    expect(blank.errors.name).toBe('This field is required')
  })

  it('answers 409 when the slug is taken', async () => {
    const body = expectEnvelope(await t.call('POST', '/api/admin/categories', { name: 'đồng HỒ' }), 409)
    expect(body.message).toContain('dong-ho')
  })

  it('lists newest first, pages, and searches ignoring case and diacritics', async () => {
    for (const name of ['Áo thun', 'Quần jean', 'Giày', 'Áo khoác']) {
      expectEnvelope(await t.call('POST', '/api/admin/categories', { name }), 201)
    }
    const page1 = expectEnvelope(await t.call('GET', '/api/admin/categories?limit=2'), 200)
    expect(page1.data.map((c: { name: string }) => c.name)).toEqual(['Áo khoác', 'Giày'])
    expect(page1.meta).toEqual({ page: 1, limit: 2, totalPages: 3, totalResults: 5 })
    const page3 = expectEnvelope(await t.call('GET', '/api/admin/categories?limit=2&page=3'), 200)
    expect(page3.data.map((c: { name: string }) => c.name)).toEqual(['Đồng hồ'])
    const search = expectEnvelope(await t.call('GET', '/api/admin/categories?name=ao'), 200)
    expect(search.data.map((c: { name: string }) => c.name).sort()).toEqual(['Áo khoác', 'Áo thun'])
    expect(search.meta.totalResults).toBe(2)
    const dong = expectEnvelope(await t.call('GET', '/api/admin/categories?name=DONG%20HO'), 200)
    expect(dong.data).toHaveLength(1)
    const wildcard = expectEnvelope(await t.call('GET', '/api/admin/categories?name=%25'), 200)
    expect(wildcard.data).toHaveLength(0)
  })

  it('refuses a bad page or limit', async () => {
    expectEnvelope(await t.call('GET', '/api/admin/categories?page=0'), 400)
    expectEnvelope(await t.call('GET', '/api/admin/categories?page=abc'), 400)
    const body = expectEnvelope(await t.call('GET', '/api/admin/categories?limit=101'), 400)
    expect(body.errors.limit).toBeDefined()
  })

  it('gets, renames and deletes; an unknown id is 404', async () => {
    const created = expectEnvelope(
      await t.call('POST', '/api/admin/categories', { name: 'Túi xách' }),
      201,
    ).data
    const got = expectEnvelope(await t.call('GET', `/api/admin/categories/${created.id}`), 200)
    expect(got.data.name).toBe('Túi xách')
    const renamed = expectEnvelope(
      await t.call('PUT', `/api/admin/categories/${created.id}`, { name: 'Ví da' }),
      200,
    )
    expect(renamed.data.slug).toBe('vi-da')
    expectEnvelope(await t.call('PUT', `/api/admin/categories/${created.id}`, { name: 'Giày' }), 409)
    expectEnvelope(await t.call('DELETE', `/api/admin/categories/${created.id}`), 200)
    expectEnvelope(await t.call('GET', `/api/admin/categories/${created.id}`), 404)
    expectEnvelope(await t.call('DELETE', `/api/admin/categories/${created.id}`), 404)
    expectEnvelope(await t.call('GET', '/api/admin/categories/not-an-id'), 404)
    expectEnvelope(await t.call('GET', '/api/admin/categories/99999999999999999999'), 404)
  })

  it('lists every category for selects, by name as Vietnamese reads it: Á and Đ among the A and D, not after Z', async () => {
    const all = expectEnvelope(await t.call('GET', '/api/admin/categories/all'), 200)
    // Byte order would put 'Giày' first and 'Áo …' and 'Đồng hồ' after 'Quần jean'.
    expect(all.data.map((c: { name: string }) => c.name)).toEqual([
      'Áo khoác',
      'Áo thun',
      'Đồng hồ',
      'Giày',
      'Quần jean',
    ])
  })

  it('needs a signed-in administrator', async () => {
    expectEnvelope(await t.call('GET', '/api/admin/categories', undefined, {}), 401)
    expectEnvelope(
      await t.call('GET', '/api/admin/categories', undefined, { authorization: 'Bearer nope' }),
      401,
    )
  })
})

describe('names in any script', () => {
  it('names categories in any script; only a name with no letter or digit at all is refused', async () => {
    const slugOf = async (name: string) =>
      expectEnvelope(await t.call('POST', '/api/admin/categories', { name }), 201).data.slug
    expect(await slugOf('Привет')).toBe('privet')
    expect(await slugOf('Ελληνικά')).toBe('ellinika')
    const chinese = await slugOf('中文')
    expect(chinese).toMatch(/^[a-z0-9]{8}$/)
    expect(await slugOf('مرحبا')).toMatch(/^[a-z0-9]{8}$/)
    expect(await slugOf('日本')).not.toBe(chinese)
    const again = expectEnvelope(await t.call('POST', '/api/admin/categories', { name: ' 中文 ' }), 409)
    expect(again.params).toEqual({ slug: chinese })
    const symbols = expectEnvelope(await t.call('POST', '/api/admin/categories', { name: '!!! ...' }), 400)
    expect(symbols).toMatchObject({
      code: 'nameNeedsLetter',
      errors: { name: 'The name needs at least one letter or digit' },
    })
  })
})
