import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { configSchema } from '../../src/config.ts'
import { openDatabase } from '../../src/db/client.ts'

/** A built web app in miniature: what `vite build` writes, with recognisable contents. */
function fakeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'store-web-'))
  mkdirSync(path.join(dir, 'assets'))
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root">the web app</div>')
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")')
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  return dir
}

describe('the web app beside the API', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    const database = await openDatabase({})
    app = await buildApp({
      checkAnswers: true,
      config: configSchema.parse({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'store-data-')) }),
      database,
      jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret-0123'),
      webDir: fakeBuild(),
    })
    await app.ready()
  })
  afterAll(() => app.close())

  it.each(['/', '/login', '/admin/users?page=2&name=an', '/admin/order/7/detail/7', '/no/such/page'])(
    'answers index.html for the client route %s, never cached',
    async (url) => {
      const answer = await app.inject({ method: 'GET', url })
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-type']).toMatch(/^text\/html/)
      expect(answer.headers['cache-control']).toBe('no-cache')
      expect(answer.body).toContain('the web app')
    },
  )

  it('serves hashed assets with a year-long immutable cache', async () => {
    const answer = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(answer.body).toBe('console.log("app")')
  })

  it('serves other built files without a long cache', async () => {
    const answer = await app.inject({ method: 'GET', url: '/favicon.svg' })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['cache-control']).toBe('no-cache')
  })

  it('answers 404, not the page, for a missing asset, so a stale deployment shows', async () => {
    const answer = await app.inject({ method: 'GET', url: '/assets/index-gone.js' })
    expect(answer.statusCode).toBe(404)
    expect(answer.json()).toMatchObject({ status: false, data: null })
  })

  it.each([
    ['GET', '/api/nothing-here'],
    ['GET', '/api'],
    ['POST', '/admin/users'],
    ['DELETE', '/login'],
  ] as const)('keeps the JSON 404 for %s %s', async (method, url) => {
    const answer = await app.inject({ method, url })
    expect(answer.statusCode).toBe(404)
    expect(answer.headers['content-type']).toMatch(/^application\/json/)
    expect(answer.json()).toMatchObject({ status: false, data: null })
  })

  it('still answers the API under /api', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/admin/auth/me' })
    expect(answer.statusCode).toBe(401)
  })
})
