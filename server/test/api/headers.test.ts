import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'
import { INLINE_SCRIPT, makeWebDir } from '../web-dir.ts'

type Headers = Record<string, unknown>

const APP_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

/** A CSP hash source's value for a script's text. */
const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`

/** Parses a Content-Security-Policy into its directives, whatever the spacing around the semicolons. */
const directives = (policy: unknown) =>
  Object.fromEntries(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources.join(' ')]),
  )

/** The headers every answer carries, whatever it is. */
function expectCommonHeaders(headers: Headers) {
  expect(headers['x-frame-options']).toBe('DENY')
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('no-referrer')
  const permissions = String(headers['permissions-policy'])
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
    expect(permissions).toContain(`${feature}=()`)
  // Over plain HTTP, and with no proxy vouching for HTTPS, there is no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined()
  expect(headers['x-powered-by']).toBeUndefined()
}

/** The app's policy, exactly: same directives, same sources. */
function expectAppPolicy(headers: Headers) {
  expectCommonHeaders(headers)
  expect(directives(headers['content-security-policy'])).toEqual(directives(APP_POLICY))
}

describe('security headers', () => {
  let t: TestApp
  const web = makeWebDir()
  beforeAll(async () => {
    t = await startApp({ webDir: web.dir })
  })
  afterAll(async () => {
    await t.close()
    web.remove()
  })

  it('an API answer carries them', async () => {
    const answer = await t.call('GET', '/api/admin/auth/me')
    expectEnvelope(answer, 200)
    expectAppPolicy(answer.headers)
    const health = await t.call('GET', '/api/health', undefined, {})
    expectEnvelope(health, 200)
    expectAppPolicy(health.headers)
  })

  it('refusals carry them: no token, a bad body, an unknown call, a bad address', async () => {
    const unsigned = await t.call('GET', '/api/admin/users', undefined, {})
    expectEnvelope(unsigned, 401)
    expectAppPolicy(unsigned.headers)
    const invalid = await t.call('POST', '/api/admin/categories', { name: '' })
    expectEnvelope(invalid, 400)
    expectAppPolicy(invalid.headers)
    const unknown = await t.call('GET', '/api/admin/nothing-here')
    expectEnvelope(unknown, 404)
    expectAppPolicy(unknown.headers)
    // Refused before any route or hook runs: an address that cannot be decoded, a segment too long.
    for (const url of ['/api/admin/users/%zz', `/api/admin/users/${'a'.repeat(120)}`]) {
      const bad = await t.call('GET', url)
      expectEnvelope(bad, url.includes('%') ? 400 : 414)
      expectAppPolicy(bad.headers)
    }
    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/gone-12345678.js' })
    expect(missingAsset.statusCode).toBe(404)
    expectAppPolicy(missingAsset.headers)
  })

  it("the web app's page carries a nonce of its own each time, and the policy allows styles only with it", async () => {
    const nonces = new Set<string>()
    for (const url of ['/', '/login', '/admin/products?page=2', '/index.html']) {
      const answer = await t.app.inject({ method: 'GET', url })
      expect(answer.statusCode, url).toBe(200)
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(answer.headers['cache-control']).toBe('no-cache')
      expectCommonHeaders(answer.headers)
      const policy = directives(answer.headers['content-security-policy'])
      const nonce = /^'self' 'nonce-([A-Za-z0-9+/]{22}==)'$/.exec(policy['style-src']!)?.[1]
      expect(nonce, policy['style-src']).toBeDefined()
      // Scripts have no nonce: the app's own files run, and of inline scripts only the page's own, by its hash.
      expect(policy['script-src']).toBe(`'self' '${sha256(INLINE_SCRIPT)}'`)
      // Everything else is the app's policy.
      expect({ ...policy, 'style-src': "'self'", 'script-src': "'self'" }).toEqual(directives(APP_POLICY))
      // The page hands the same nonce to the app (the meta tag) and to its tags; no placeholder is left.
      expect(answer.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`)
      expect(answer.body.split(`nonce="${nonce}"`)).toHaveLength(5)
      expect(answer.body).not.toContain('__CSP_NONCE__')
      nonces.add(nonce!)
    }
    expect(nonces.size).toBe(4)
  })

  it('an asset and a file of the app carry them', async () => {
    const script = await t.app.inject({ method: 'GET', url: web.script.url })
    expect(script.statusCode).toBe(200)
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expectAppPolicy(script.headers)
    const icon = await t.app.inject({ method: 'GET', url: web.icon.url })
    expect(icon.statusCode).toBe(200)
    expectAppPolicy(icon.headers)
  })

  it('an uploaded image is also sandboxed and may load nothing', async () => {
    const form = new FormData()
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
      .png()
      .toBuffer()
    form.append('file', new Blob([png], { type: 'image/png' }), 'red.png')
    const upload = expectEnvelope(await t.call('POST', '/api/file', form), 200)
    const image = await t.app.inject({ method: 'GET', url: `/api/file${upload.data[0]}` })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/webp')
    expectCommonHeaders(image.headers)
    expect(directives(image.headers['content-security-policy'])).toEqual({
      'default-src': "'none'",
      'frame-ancestors': "'none'",
      sandbox: '',
    })
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/file${upload.data[0]}`,
      headers: { 'if-none-match': String(image.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    expect(again.headers['content-security-policy']).toBe(image.headers['content-security-policy'])
    const missing = await t.app.inject({ method: 'GET', url: '/api/file/2026/01/nothing-here.webp' })
    expect(missing.statusCode).toBe(404)
    expect(directives(missing.headers['content-security-policy']).sandbox).toBe('')
  })

  it('the API documentation may use inline styles, and nothing else differs', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/index.css', '/api/docs/json']) {
      const docs = await t.app.inject({ method: 'GET', url })
      expect(docs.statusCode, url).toBe(200)
      expectCommonHeaders(docs.headers)
      expect(directives(docs.headers['content-security-policy'])).toEqual({
        ...directives(APP_POLICY),
        'style-src': "'self' 'unsafe-inline'",
      })
    }
    // The looser policy stops at the documentation: the OpenAPI document and the rest of /api keep the app's.
    const openapi = await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expectAppPolicy(openapi.headers)
    const lookalike = await t.call('GET', '/api/docsx')
    expectAppPolicy(lookalike.headers)
  })
})

describe('HSTS', () => {
  const https = { 'x-forwarded-proto': 'https' }

  it('is sent when a trusted proxy says the request came over HTTPS, and only then', async () => {
    const t = await startApp({ env: { TRUST_PROXY: 'true' } })
    try {
      const secure = await t.call('GET', '/api/health', undefined, https)
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
      const refused = await t.call('GET', '/api/admin/users', undefined, https)
      expectEnvelope(refused, 401)
      expect(refused.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
      const plain = await t.call('GET', '/api/health', undefined, { 'x-forwarded-proto': 'http' })
      expect(plain.headers['strict-transport-security']).toBeUndefined()
      const direct = await t.call('GET', '/api/health', undefined, {})
      expect(direct.headers['strict-transport-security']).toBeUndefined()
    } finally {
      await t.close()
    }
  })

  it('is not sent on the word of a client when no proxy is trusted', async () => {
    const t = await startApp()
    try {
      const answer = await t.call('GET', '/api/health', undefined, https)
      expectEnvelope(answer, 200)
      expect(answer.headers['strict-transport-security']).toBeUndefined()
    } finally {
      await t.close()
    }
  })
})
