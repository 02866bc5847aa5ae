import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configSchema } from '../../src/config.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

/** Every address of the documentation: the page, its script and style, the document in both forms. */
const DOCS = [
  '/api/docs',
  '/api/docs/',
  '/api/docs/static/swagger-initializer.js',
  '/api/docs/static/index.css',
  '/api/docs/json',
  '/api/docs/yaml',
  '/api/openapi.json',
]

describe('API_DOCS', () => {
  it('is public unless set, and takes only public or private', () => {
    expect(configSchema.parse({}).API_DOCS).toBe('public')
    expect(configSchema.parse({ API_DOCS: 'private' }).API_DOCS).toBe('private')
    const wrong = configSchema.safeParse({ API_DOCS: 'hidden' })
    expect(wrong.success).toBe(false)
    expect(wrong.error?.issues[0]?.message).toBe('must be public or private')
  })

  describe('public', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await startApp({ env: { API_DOCS: 'public' } })
    })
    afterAll(async () => t.close())

    it('anyone reads the documentation', async () => {
      for (const url of DOCS) {
        const answer = await t.app.inject({ method: 'GET', url })
        expect(answer.statusCode, url).toBe(200)
      }
      const page = await t.app.inject({ method: 'GET', url: '/api/docs' })
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(page.body).toContain('swagger-ui')
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
      expect(doc.paths['/api/admin/products']).toBeDefined()
    })
  })

  describe('private', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await startApp({ env: { API_DOCS: 'private' } })
    })
    afterAll(async () => t.close())

    it('refuses every address of the documentation without a token, in the envelope', async () => {
      for (const url of DOCS) {
        const answer = await t.call('GET', url, undefined, {})
        const body = expectEnvelope(answer, 401)
        expect(body.code, url).toBe('signInRequired')
        expect(answer.headers['content-type'], url).toBe('application/json; charset=utf-8')
        expect(JSON.stringify(body)).not.toContain('/api/admin/products')
      }
    })

    it('refuses a token that is not a valid one', async () => {
      const answer = await t.call('GET', '/api/openapi.json', undefined, {
        authorization: 'Bearer not-a-token',
      })
      expect(expectEnvelope(answer, 401).code).toBe('sessionExpired')
    })

    it("answers a signed-in administrator's token", async () => {
      for (const url of DOCS) {
        const answer = await t.app.inject({ method: 'GET', url, headers: t.auth })
        expect(answer.statusCode, url).toBe(200)
      }
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: t.auth })).json()
      expect(doc.paths['/api/admin/products']).toBeDefined()
    })

    it('keeps the rest of the API as it was', async () => {
      expectEnvelope(await t.call('GET', '/api/health', undefined, {}), 200)
      expectEnvelope(await t.call('GET', '/api/admin/products'), 200)
    })
  })
})
