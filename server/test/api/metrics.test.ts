import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp, type TestApp } from '../helpers.ts'
import { makeWebDir } from '../web-dir.ts'

// GET /metrics (CONTRACT 4.9): Prometheus' text format with the answers' durations by route and status, the
// database pool (PostgreSQL), the image decode queue and the process; behind METRICS_TOKEN when it is set.

/** The value of the sample `name{labels}` in a scrape, or undefined when the scrape has no such line. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue
    const [, inside, value] = /^[^{]+\{([^}]*)\} (\S+)$/.exec(line) ?? []
    if (inside === undefined) continue
    const found = Object.fromEntries(
      [...inside.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
    )
    if (
      Object.entries(labels).every(([k, v]) => found[k] === v) &&
      Object.keys(found).length === Object.keys(labels).length
    )
      return Number(value)
  }
  return undefined
}

describe('GET /metrics, open (no METRICS_TOKEN)', () => {
  let t: TestApp
  const web = makeWebDir()
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    return res.body
  }

  beforeAll(async () => {
    t = await startApp({ webDir: web.dir })
  })
  afterAll(async () => {
    await t?.close()
    web.remove()
  })

  it('counts each answer under its route pattern and status, never the id or query it was asked with', async () => {
    const before = await scrape()
    const count = (text: string, route: string, status: string, method = 'GET') =>
      sample(text, 'http_request_duration_seconds_count', { method, route, status_code: status }) ?? 0
    for (let i = 0; i < 3; i++)
      expect((await t.call('GET', '/api/admin/products?page=1')).statusCode).toBe(200)
    expect((await t.call('GET', '/api/admin/products/999999')).statusCode).toBe(404)
    expect((await t.call('GET', '/api/admin/products/12345')).statusCode).toBe(404)
    expect((await t.call('POST', '/api/admin/brands', { name: '' })).statusCode).toBe(400)
    expect((await t.app.inject({ method: 'GET', url: '/api/no/such/call' })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' })).statusCode).toBe(200)
    const after = await scrape()
    expect(count(after, '/api/admin/products', '200') - count(before, '/api/admin/products', '200')).toBe(3)
    expect(
      count(after, '/api/admin/products/:id', '404') - count(before, '/api/admin/products/:id', '404'),
    ).toBe(2)
    expect(count(after, '/api/admin/brands', '400', 'POST')).toBe(1)
    expect(count(after, '(none)', '404')).toBeGreaterThanOrEqual(1)
    expect(count(after, '(web app)', '200')).toBeGreaterThanOrEqual(1)
    expect(after).not.toMatch(/route="[^"]*(999999|12345|page=)/)
    // A histogram: cumulative buckets up to +Inf, which holds every answer.
    const inf = sample(after, 'http_request_duration_seconds_bucket', {
      le: '+Inf',
      method: 'GET',
      route: '/api/admin/products',
      status_code: '200',
    })
    expect(inf).toBe(count(after, '/api/admin/products', '200'))
    expect(after).toMatch(/^# TYPE http_request_duration_seconds histogram$/m)
  })

  it('shows the process, the image decode queue, and the pool on PostgreSQL only', async () => {
    const text = await scrape()
    expect(sample(text, 'store_image_decodes', { state: 'running' })).toBe(0)
    expect(sample(text, 'store_image_decodes', { state: 'waiting' })).toBe(0)
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m)
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m)
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m)
    if (t.database.kind === 'pg') {
      expect(sample(text, 'store_db_pool_connections', { state: 'max' })).toBeGreaterThanOrEqual(1)
      expect(sample(text, 'store_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1)
      expect(sample(text, 'store_db_pool_connections', { state: 'waiting' })).toBe(0)
      expect(text).not.toMatch(/store_embedded_db_memory_bytes/)
    } else {
      // The embedded database is one connection in this process: there is no pool to describe, but its memory.
      expect(text).not.toMatch(/store_db_pool_connections/)
      // PostgreSQL's WebAssembly memory is at least its 16 MB of shared buffers.
      expect(sample(text, 'store_embedded_db_memory_bytes', { part: 'wasm' })).toBeGreaterThan(16 * 2 ** 20)
      const used = sample(text, 'store_embedded_db_memory_bytes', { part: 'heap_used' }) ?? 0
      expect(used).toBeGreaterThan(0)
      expect(sample(text, 'store_embedded_db_memory_bytes', { part: 'heap_total' })).toBeGreaterThanOrEqual(
        used,
      )
    }
  })

  it('counts an upload being decoded as running', async () => {
    const png = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer()
    const boundary = '----metrics'
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const upload = t.app.inject({
      method: 'POST',
      url: '/api/file',
      headers: { ...t.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    })
    let seen = 0
    for (let i = 0; i < 200 && seen === 0; i++) {
      seen = sample(await scrape(), 'store_image_decodes', { state: 'running' }) ?? 0
      await new Promise((resolve) => setTimeout(resolve, 2))
    }
    expect((await upload).statusCode).toBe(200)
    expect(seen).toBe(1)
    expect(sample(await scrape(), 'store_image_decodes', { state: 'running' })).toBe(0)
  })
})

describe('GET /metrics behind METRICS_TOKEN', () => {
  let t: TestApp
  const TOKEN = 'scrape-0123456789-abcdef'

  beforeAll(async () => {
    t = await startApp({ env: { METRICS_TOKEN: TOKEN } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it("answers 401 without the token, with another, or with an administrator's session; 200 with it", async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-wrong-token' }, t.auth]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers })
      expect(res.statusCode).toBe(401)
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"')
      expect(res.body).not.toMatch(/http_request_duration_seconds/)
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).toMatch(/^# TYPE http_request_duration_seconds histogram$/m)
  })
})
