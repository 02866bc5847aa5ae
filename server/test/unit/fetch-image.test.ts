import type { LookupAddress } from 'node:dns'
import { lookup } from 'node:dns/promises'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { STORED_PATH } from '@store/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configSchema } from '../../src/config.ts'
import { fetchImage, type ImageFetchOptions, ImageFetchRefused } from '../../src/modules/files/fetch-image.ts'
import { imageLimits } from '../../src/modules/files/storage.ts'
import { diskStore } from '../../src/modules/files/stores.ts'

// The fetch's own guarantees, below the import: a host name is resolved once per request and the connection
// goes to the address that was checked, whatever the name says a moment later; every address of a name is
// checked; each redirect's host is resolved and checked again.

const RED_PNG = readFileSync(path.resolve(import.meta.dirname, '../../../e2e/files/red.png'))
let server: Server
let port = 0
const hosts: string[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    hosts.push(request.headers.host ?? '')
    if (request.url === '/to-name') {
      return response.writeHead(302, { location: `http://inward.test:${port}/a.png` }).end()
    }
    response.writeHead(200, { 'content-type': 'image/png' }).end(RED_PNG)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
})

/**
 * A resolver of made-up names: each name's answers in turn (the last one repeated), any other name or address
 * by the system's. `.test` names are never in public DNS, so a connection that reached the test's server
 * through one of them cannot have looked it up a second time.
 */
function resolver(names: Record<string, LookupAddress[][]>) {
  const calls: string[] = []
  const resolve = async (host: string) => {
    calls.push(host)
    const answers = names[host]
    if (!answers) return lookup(host, { all: true, verbatim: true })
    const seen = calls.filter((h) => h === host).length
    return answers[Math.min(seen, answers.length) - 1]!
  }
  return { resolve, calls }
}

const v4 = (address: string): LookupAddress => ({ address, family: 4 })

const options = (resolve: ImageFetchOptions['resolve']): ImageFetchOptions => ({
  maxBytes: 1024 * 1024,
  timeoutMs: 3000,
  allowLoopback: true,
  limits: imageLimits(configSchema.parse({})),
  resolve,
})

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ImageFetchRefused)
  return (error as ImageFetchRefused).problem
}

describe('fetchImage', () => {
  it('connects to the address it checked, even when the name answers otherwise afterwards', async () => {
    // Checked as the loopback, then "rebound" to a private address: the connection must not follow.
    const names = resolver({ 'shop.test': [[v4('127.0.0.1')], [v4('10.0.0.1')]] })
    const dir = mkdtempSync(path.join(tmpdir(), 'store-fetch-'))
    try {
      const stored = await fetchImage(`http://shop.test:${port}/a.png`, options(names.resolve), {
        files: diskStore(dir),
        now: new Date('2026-05-01T00:00:00Z'),
      })
      expect(stored).toMatch(STORED_PATH)
      expect(stored).toMatch(/^\/2026\/05\/.+\.webp$/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    expect(names.calls).toEqual(['shop.test'])
    expect(hosts.at(-1)).toBe(`shop.test:${port}`)
  })

  it('refuses a name any of whose addresses is not public', async () => {
    const names = resolver({ 'mixed.test': [[v4('127.0.0.1'), v4('192.168.0.10')]] })
    const asked = hosts.length
    expect(
      await refusal(fetchImage(`http://mixed.test:${port}/a.png`, options(names.resolve), null)),
    ).toEqual({
      code: 'imageUrlRefused',
      params: { url: `http://mixed.test:${port}/a.png` },
    })
    expect(hosts.length).toBe(asked)
  })

  it('resolves and checks the host of a redirect again', async () => {
    const names = resolver({ 'inward.test': [[v4('169.254.169.254')]] })
    const address = `http://127.0.0.1:${port}/to-name`
    expect(await refusal(fetchImage(address, options(names.resolve), null))).toEqual({
      code: 'imageUrlRefused',
      params: { url: address },
    })
    expect(names.calls).toEqual(['127.0.0.1', 'inward.test'])
  })

  it('fetches public names over https only, even with the loopback allowed', async () => {
    const names = resolver({ 'public.test': [[v4('93.184.216.34')]] })
    expect(await refusal(fetchImage('http://public.test/a.png', options(names.resolve), null))).toEqual({
      code: 'imageUrlScheme',
      params: { url: 'http://public.test/a.png' },
    })
  })

  it('checks without storing when given nowhere to keep the image', async () => {
    const names = resolver({})
    expect(await fetchImage(`http://127.0.0.1:${port}/a.png`, options(names.resolve), null)).toBeNull()
  })
})
