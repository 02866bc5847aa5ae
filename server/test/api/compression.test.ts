import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'
import { makeWebDir } from '../web-dir.ts'

const decode = (encoding: unknown, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body

describe('compressed serving', () => {
  let t: TestApp
  const web = makeWebDir()
  beforeAll(async () => {
    t = await startApp({ webDir: web.dir })
  })
  afterAll(async () => {
    await t.close()
    web.remove()
  })

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...t.auth, ...(acceptEncoding !== undefined && { 'accept-encoding': acceptEncoding }) },
    })

  it('an asset asked for with br comes as the copy compressed at build, and decodes to the same bytes', async () => {
    const answer = await get(web.script.url, 'br')
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers.vary).toMatch(/accept-encoding/i)
    expect(answer.headers['content-type']).toMatch(/^(application|text)\/javascript; charset=utf-8$/)
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length)
    expect(answer.rawPayload.length).toBeLessThan(web.script.bytes.length / 5)
    expect(brotliDecompressSync(answer.rawPayload).equals(web.script.bytes)).toBe(true)
  })

  it('the coding follows Accept-Encoding and its weights', async () => {
    const cases: [string, string | undefined][] = [
      ['gzip, deflate', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['*', 'gzip'],
      ['deflate', undefined],
      ['identity', undefined],
    ]
    for (const [accept, expected] of cases) {
      const answer = await get(web.script.url, accept)
      expect(answer.headers['content-encoding'], accept).toBe(expected)
      expect(answer.headers.vary, accept).toMatch(/accept-encoding/i)
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(decode(expected, answer.rawPayload).equals(web.script.bytes), accept).toBe(true)
    }
  })

  it('without Accept-Encoding the file comes as it is, still saying it varies', async () => {
    const answer = await get(web.script.url)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-encoding']).toBeUndefined()
    expect(answer.headers.vary).toMatch(/accept-encoding/i)
    expect(answer.rawPayload.equals(web.script.bytes)).toBe(true)
    // The copies are only ever sent in place of their file, never as files of their own.
    expect((await get(`${web.script.url}.br`)).headers['content-type']).not.toMatch(/javascript/)
  })

  it('index.html is compressed too, and never cached long', async () => {
    const plain = await get('/admin/products')
    expect(plain.headers['content-encoding']).toBeUndefined()
    for (const encoding of ['br', 'gzip']) {
      for (const url of ['/', '/admin/products']) {
        const answer = await get(url, encoding)
        expect(answer.statusCode).toBe(200)
        expect(answer.headers['content-encoding']).toBe(encoding)
        expect(answer.headers.vary).toMatch(/accept-encoding/i)
        expect(answer.headers['cache-control']).toBe('no-cache')
        expect(answer.headers['content-type']).toBe('text/html; charset=utf-8')
        const html = decode(encoding, answer.rawPayload).toString()
        // Same page as the plain one, but for its own nonce.
        expect(html.replace(/nonce="[^"]+"/g, '')).toBe(plain.body.replace(/nonce="[^"]+"/g, ''))
        const nonce = /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))![1]
        expect(html).toContain(`nonce="${nonce}"`)
      }
    }
  })

  it('a JSON answer over 1 KB is compressed when the client accepts it, and only then', async () => {
    for (let i = 1; i <= 30; i++)
      expectEnvelope(await t.call('POST', '/api/admin/categories', { name: `Compressed category ${i}` }), 201)
    const url = '/api/admin/categories?limit=30'
    const plain = await get(url)
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.length).toBeGreaterThan(1024)
    const list = plain.json()
    expect(list.data).toHaveLength(30)
    for (const encoding of ['gzip', 'br']) {
      const answer = await get(url, `${encoding}`)
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-encoding']).toBe(encoding)
      expect(answer.headers.vary).toMatch(/accept-encoding/i)
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)
      expect(JSON.parse(decode(encoding, answer.rawPayload).toString())).toEqual(list)
    }
    // A client that takes neither coding gets the JSON as it is.
    expect((await get(url, 'deflate')).headers['content-encoding']).toBeUndefined()
    // The OpenAPI document, the largest answer, too.
    const openapi = await get('/api/openapi.json', 'br')
    expect(openapi.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(openapi.rawPayload).toString()).openapi).toMatch(/^3\./)
  })

  it('a small answer, an image and a refusal under 1 KB are sent as they are', async () => {
    const health = await get('/api/health', 'br, gzip')
    expectEnvelope({ statusCode: health.statusCode, body: health.json(), headers: health.headers }, 200)
    expect(health.rawPayload.length).toBeLessThan(1024)
    expect(health.headers['content-encoding']).toBeUndefined()

    const form = new FormData()
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#36c' } })
      .png()
      .toBuffer()
    form.append('file', new Blob([png], { type: 'image/png' }), 'blue.png')
    const [stored] = expectEnvelope(await t.call('POST', '/api/file', form), 200).data
    const image = await get(`/api/file${stored}`, 'br, gzip')
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-encoding']).toBeUndefined()
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp')

    const refused = await get('/api/admin/categories/999999999', 'br, gzip')
    expect(refused.statusCode).toBe(404)
    expect(refused.headers['content-encoding']).toBeUndefined()
  })

  it('a compressed request body is not unpacked: it is refused as unreadable', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      headers: { ...t.auth, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ name: 'Packed category' })),
    })
    const body = expectEnvelope(
      { statusCode: answer.statusCode, body: answer.json(), headers: answer.headers },
      400,
    )
    expect(body.code).toBe('unreadableBody')
    const found = await t.call('GET', '/api/admin/categories?name=Packed')
    expect(expectEnvelope(found, 200).data).toHaveLength(0)
  })
})
