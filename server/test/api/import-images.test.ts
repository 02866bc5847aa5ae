import { readFileSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { STORED_PATH } from '@store/contract'
import { asc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../src/db/schema.ts'
import { storageUnavailable } from '../../src/modules/files/stores.ts'
import { insertBrand, insertCategory } from '../data.ts'
import { type Answer, expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// Images a product import names by address (CONTRACT 5.4): fetched, checked and stored as uploads, from public
// addresses only. The images come from a server of the test's own on the loopback, which the app reaches only
// with IMAGE_FETCH_ALLOW_LOOPBACK; the app without it refuses the loopback like any other inner address.

const FILES = path.resolve(import.meta.dirname, '../../../e2e/files')
const RED_PNG = readFileSync(path.join(FILES, 'red.png'))
const BLUE_JPG = readFileSync(path.join(FILES, 'blue.jpg'))
/** The open app's UPLOAD_MAX_MB, in bytes. */
const MAX_BYTES = 1024 * 1024
const FETCH_TIMEOUT_MS = 1500

/** Requests the image server received, by path: what was fetched, and how often. */
const asked = new Map<string, number>()
let images: Server
let base = ''

/** The image server's answers, by path. */
function serveImages(): Server {
  return createServer((request, response) => {
    const url = request.url ?? '/'
    asked.set(url, (asked.get(url) ?? 0) + 1)
    const hop = /^\/hop\/(\d+)$/.exec(url)
    if (hop) {
      const left = Number(hop[1])
      if (left === 0) return response.writeHead(200, { 'content-type': 'image/png' }).end(RED_PNG)
      return response.writeHead(302, { location: `/hop/${left - 1}` }).end()
    }
    switch (url) {
      case '/a.png':
      case '/again.png':
        return response.writeHead(200, { 'content-type': 'image/png' }).end(RED_PNG)
      case '/b.jpg':
        return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(BLUE_JPG)
      case '/to-private':
        return response.writeHead(302, { location: 'http://10.0.0.1/x' }).end()
      case '/to-metadata':
        return response.writeHead(301, { location: 'http://169.254.169.254/latest' }).end()
      case '/to-loopback-name':
        return response.writeHead(307, { location: 'http://[::ffff:a00:1]/x' }).end()
      case '/slow':
        // Never answers: the fetch's own deadline must end it.
        return
      case '/slow-body':
        // Starts the answer, then stalls in the middle of it.
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(RED_PNG.length) })
        response.write(RED_PNG.subarray(0, 100))
        return
      case '/big':
        return response
          .writeHead(200, { 'content-type': 'image/png', 'content-length': String(MAX_BYTES + 1) })
          .end(Buffer.alloc(MAX_BYTES + 1))
      case '/big-unsized': {
        // No length given: the limit must be kept while the body arrives.
        response.writeHead(200, { 'content-type': 'image/png' })
        const chunk = Buffer.alloc(64 * 1024)
        for (let sent = 0; sent <= MAX_BYTES; sent += chunk.length) response.write(chunk)
        return response.end()
      }
      case '/text':
        return response.writeHead(200, { 'content-type': 'image/png' }).end('this is not an image at all')
      default:
        return response.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
    }
  })
}

/** The app that may reach the loopback (the tests' setting), with a short fetch deadline. */
let open: TestApp
/** The app as a shop runs it: the loopback refused like a private network. */
let closed: TestApp

async function catalogue(t: TestApp) {
  await insertCategory(t.database.db, { name: 'Áo', slug: 'ao' })
  await insertBrand(t.database.db, { name: 'Việt Tiến', slug: 'viet-tien' })
  await t.storeFiles('/2026/03/kept.webp')
}

beforeAll(async () => {
  images = serveImages()
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(images.address() as AddressInfo).port}`
  ;[open, closed] = await Promise.all([
    startApp({
      env: { IMAGE_FETCH_ALLOW_LOOPBACK: 'true', UPLOAD_MAX_MB: '1' },
      imageFetchTimeoutMs: FETCH_TIMEOUT_MS,
    }),
    startApp(),
  ])
  await Promise.all([catalogue(open), catalogue(closed)])
})
afterAll(async () => {
  await Promise.all([open?.close(), closed?.close()])
  images?.closeAllConnections()
  await new Promise((resolve) => images?.close(resolve))
})

const HEADER = 'id,name,price,quantity,category,brand,size,images,description'
const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`
/** A row that creates a product of that name with these images. */
const row = (name: string, images: string) => `,${name},100000,3,Áo,Việt Tiến,M,${images},Mô tả`

async function upload(t: TestApp, content: string, query = ''): Promise<Answer> {
  const form = new FormData()
  form.append('file', new Blob([content], { type: 'text/csv' }), 'products.csv')
  return t.call('POST', `/api/admin/products/import${query}`, form)
}

const snapshot = (t: TestApp) => t.database.db.select().from(products).orderBy(asc(products.id))
const productNamed = async (t: TestApp, name: string) =>
  (await t.database.db.select().from(products).where(eq(products.name, name)))[0]

/** Every file in the app's storage folder. */
async function storedFiles(t: TestApp): Promise<string[]> {
  const entries = await readdir(t.app.services.uploadDir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort()
}

/** The stored paths `t`'s storage was given while `work` ran. */
async function watchPuts(t: TestApp, work: () => Promise<unknown>): Promise<string[]> {
  const files = t.app.services.files
  const put = files.put
  const puts: string[] = []
  files.put = (storedPath, ...rest) => {
    puts.push(storedPath)
    return put.call(files, storedPath, ...rest)
  }
  try {
    await work()
  } finally {
    files.put = put
  }
  return puts
}

/** The report of a refused file, as `{ line, code, url }` per error, after checking nothing was written. */
async function refusedRows(t: TestApp, content: string, query = '') {
  const before = await snapshot(t)
  const files = await storedFiles(t)
  const body = expectEnvelope(await upload(t, content, query), 400)
  expect(body.code).toBe('importFailed')
  expect(await snapshot(t)).toEqual(before)
  expect(await storedFiles(t)).toEqual(files)
  return body.data.errors.map(
    (e: { line: number; field: string; code: string; params?: { url?: string } }) => ({
      line: e.line,
      field: e.field,
      code: e.code,
      url: e.params?.url,
    }),
  )
}

describe('product import: images by address, with the loopback allowed', () => {
  it('fetches an image, stores it as an upload and serves it, beside a stored path, in the cell’s order', async () => {
    const body = expectEnvelope(
      await upload(
        open,
        csv(
          HEADER,
          row('Áo đỏ', `/2026/03/kept.webp|${base}/a.png|${base}/b.jpg`),
          row('Áo xanh', `${base}/b.jpg`),
        ),
      ),
      200,
    )
    expect(body.data).toEqual({ created: 2, updated: 0, errors: [] })
    const red = await productNamed(open, 'Áo đỏ')
    expect(red!.images).toHaveLength(3)
    expect(red!.images[0]).toBe('/2026/03/kept.webp')
    for (const image of red!.images.slice(1)) expect(image).toMatch(STORED_PATH)
    expect(red!.images[1]).toMatch(/\.webp$/)
    // The same address in two rows is fetched once, and both products show the one stored image.
    const blue = await productNamed(open, 'Áo xanh')
    expect(blue!.images).toEqual([red!.images[2]])
    expect(asked.get('/b.jpg')).toBe(1)

    const served = await open.app.inject({ method: 'GET', url: `/api/file${red!.images[1]}` })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    const meta = await sharp(served.rawPayload).metadata()
    expect(meta.format).toBe('webp')
  })

  it('fetches and checks on a dry run, but stores and writes nothing', async () => {
    const before = await snapshot(open)
    const files = await storedFiles(open)
    const body = expectEnvelope(
      await upload(open, csv(HEADER, row('Áo thử', `${base}/again.png`)), '?dryRun=true'),
      200,
    )
    expect(body.data).toEqual({ created: 1, updated: 0, errors: [] })
    expect(asked.get('/again.png')).toBe(1)
    expect(await snapshot(open)).toEqual(before)
    expect(await storedFiles(open)).toEqual(files)
  })

  it('reports a failed fetch as the row’s error on a dry run too', async () => {
    expect(await refusedRows(open, csv(HEADER, row('Áo thử', `${base}/text`)), '?dryRun=true')).toEqual([
      { line: 2, field: 'images', code: 'imageUrlNotImage', url: `${base}/text` },
    ])
  })

  it('follows up to 5 redirects, each one checked, and refuses a 6th and one that leads inward', async () => {
    expectEnvelope(await upload(open, csv(HEADER, row('Áo năm bước', `${base}/hop/5`))), 200)
    expect((await productNamed(open, 'Áo năm bước'))!.images[0]).toMatch(STORED_PATH)

    expect(
      await refusedRows(
        open,
        csv(
          HEADER,
          row('Áo sáu bước', `${base}/hop/6`),
          row('Áo riêng', `${base}/to-private`),
          row('Áo siêu dữ liệu', `${base}/to-metadata`),
          row('Áo ánh xạ', `${base}/to-loopback-name`),
          // The tests' setting opens the loopback, never a private network.
          row('Áo nội bộ', 'http://10.0.0.1/a.png'),
        ),
      ),
    ).toEqual([
      { line: 2, field: 'images', code: 'imageUrlRedirects', url: `${base}/hop/6` },
      { line: 3, field: 'images', code: 'imageUrlRefused', url: `${base}/to-private` },
      { line: 4, field: 'images', code: 'imageUrlRefused', url: `${base}/to-metadata` },
      { line: 5, field: 'images', code: 'imageUrlRefused', url: `${base}/to-loopback-name` },
      { line: 6, field: 'images', code: 'imageUrlRefused', url: 'http://10.0.0.1/a.png' },
    ])
  })

  it('refuses what times out, is too big, is not an image or is an HTTP error, each on its row', async () => {
    const started = Date.now()
    const errors = await refusedRows(
      open,
      csv(
        HEADER,
        row('Áo chậm', `${base}/slow`),
        row('Áo chậm giữa chừng', `${base}/slow-body`),
        row('Áo to', `${base}/big`),
        row('Áo to không rõ cỡ', `${base}/big-unsized`),
        row('Áo chữ', `${base}/text`),
        row('Áo mất', `${base}/gone.png`),
        // With the loopback allowed, `http:` is still for the loopback only; this address is not fetched.
        row('Áo http', 'http://8.8.8.8/a.png'),
        row('Áo ftp', 'ftp://example.com/a.png'),
      ),
    )
    expect(errors).toEqual([
      { line: 2, field: 'images', code: 'imageUrlTimeout', url: `${base}/slow` },
      { line: 3, field: 'images', code: 'imageUrlTimeout', url: `${base}/slow-body` },
      { line: 4, field: 'images', code: 'imageUrlTooLarge', url: `${base}/big` },
      { line: 5, field: 'images', code: 'imageUrlTooLarge', url: `${base}/big-unsized` },
      { line: 6, field: 'images', code: 'imageUrlNotImage', url: `${base}/text` },
      { line: 7, field: 'images', code: 'imageUrlStatus', url: `${base}/gone.png` },
      { line: 8, field: 'images', code: 'imageUrlScheme', url: 'http://8.8.8.8/a.png' },
      { line: 9, field: 'images', code: 'imageUrlScheme', url: 'ftp://example.com/a.png' },
    ])
    // The two slow ones waited the deadline, side by side, not ten seconds each.
    expect(Date.now() - started).toBeLessThan(8000)
  })

  it('names the limits in its messages', async () => {
    const answer = await upload(
      open,
      csv(HEADER, row('Áo to', `${base}/big`), row('Áo chậm', `${base}/slow`)),
    )
    const body = expectEnvelope(answer, 400)
    expect(body.data.errors.map((e: { message: string }) => e.message)).toEqual([
      `The image at ${base}/big is larger than 1 MB`,
      `The image at ${base}/slow did not arrive within 1.5 s`,
    ])
    expect(body.data.errors[1].params).toEqual({ url: `${base}/slow`, seconds: 1.5 })
  })

  it('writes nothing and leaves no fetched file behind when one row among good ones fails', async () => {
    const puts = await watchPuts(open, () =>
      refusedRows(
        open,
        csv(
          HEADER,
          row('Áo tốt 1', `${base}/a.png`),
          row('Áo hỏng', `${base}/text`),
          row('Áo tốt 2', `/2026/03/kept.webp|${base}/b.jpg`),
        ),
      ).then((errors) =>
        expect(errors).toEqual([{ line: 3, field: 'images', code: 'imageUrlNotImage', url: `${base}/text` }]),
      ),
    )
    // The good rows' images were stored, then removed (refusedRows also found the folder as it was).
    expect(puts).toHaveLength(2)
    for (const stored of puts) expect(await open.app.services.files.has(stored)).toBe(false)
  })

  it('answers 503 when the storage fails halfway, and removes what it had stored', async () => {
    const files = open.app.services.files
    const before = await storedFiles(open)
    const put = files.put
    let calls = 0
    files.put = async (...args) => {
      if (++calls === 2) throw storageUnavailable()
      return put.apply(files, args)
    }
    try {
      const body = expectEnvelope(
        await upload(open, csv(HEADER, row('Áo 1', `${base}/a.png`), row('Áo 2', `${base}/b.jpg`))),
        503,
      )
      expect(body.code).toBe('storageUnavailable')
    } finally {
      files.put = put
    }
    expect(await storedFiles(open)).toEqual(before)
  })

  it('leaves nothing stored when a row fails for another reason, and still checks the others’ addresses', async () => {
    expect(
      await refusedRows(
        open,
        csv(
          HEADER,
          row('Áo tốt', `${base}/a.png`),
          ',Áo lạ,100000,3,Mũ,Việt Tiến,M,/2026/03/kept.webp,Mô tả',
          row('Áo hỏng', `${base}/gone.png`),
        ),
      ),
    ).toEqual([
      { line: 3, field: 'category', code: 'csvUnknownName', url: undefined },
      { line: 4, field: 'images', code: 'imageUrlStatus', url: `${base}/gone.png` },
    ])
  })

  it('fetches before its transaction opens: the rest of the API answers while an image is slow', async () => {
    const importing = upload(open, csv(HEADER, row('Áo chờ', `${base}/slow`)))
    // The import is now waiting on the image server, for up to FETCH_TIMEOUT_MS.
    await new Promise((resolve) => setTimeout(resolve, 200))
    // Were the fetch inside the transaction, the embedded database would hold this list until it ended.
    const started = Date.now()
    expectEnvelope(await open.call('GET', '/api/admin/products?name=chờ'), 200)
    expect(Date.now() - started).toBeLessThan(FETCH_TIMEOUT_MS - 400)
    const body = expectEnvelope(await importing, 400)
    expect(body.data.errors[0].code).toBe('imageUrlTimeout')
  })
})

describe('product import: images by address, as a shop runs it', () => {
  it('refuses the loopback, private networks and the metadata service, and asks none of them', async () => {
    const before = asked.get('/a.png') ?? 0
    expect(
      await refusedRows(
        closed,
        csv(
          HEADER,
          row('Áo 1', `${base}/a.png`),
          row('Áo 2', 'http://10.0.0.1/a.png'),
          row('Áo 3', 'http://169.254.169.254/latest/meta-data'),
          row('Áo 4', 'https://192.168.1.1/a.png'),
          row('Áo 5', 'https://[::1]/a.png'),
          row('Áo 6', 'https://[::ffff:127.0.0.1]/a.png'),
          row('Áo 7', 'https://[fd00::1]/a.png'),
          row('Áo 8', 'https://0.0.0.0/a.png'),
          row('Áo 9', 'https://100.64.0.1/a.png'),
          // Other spellings of the loopback and the metadata service, which the address parser normalises.
          row('Áo 10', 'https://2130706433/a.png'),
          row('Áo 11', 'https://0xa9.0xfe.0xa9.0xfe/latest'),
        ),
      ),
    ).toEqual([
      { line: 2, field: 'images', code: 'imageUrlRefused', url: `${base}/a.png` },
      { line: 3, field: 'images', code: 'imageUrlRefused', url: 'http://10.0.0.1/a.png' },
      { line: 4, field: 'images', code: 'imageUrlRefused', url: 'http://169.254.169.254/latest/meta-data' },
      { line: 5, field: 'images', code: 'imageUrlRefused', url: 'https://192.168.1.1/a.png' },
      { line: 6, field: 'images', code: 'imageUrlRefused', url: 'https://[::1]/a.png' },
      { line: 7, field: 'images', code: 'imageUrlRefused', url: 'https://[::ffff:127.0.0.1]/a.png' },
      { line: 8, field: 'images', code: 'imageUrlRefused', url: 'https://[fd00::1]/a.png' },
      { line: 9, field: 'images', code: 'imageUrlRefused', url: 'https://0.0.0.0/a.png' },
      { line: 10, field: 'images', code: 'imageUrlRefused', url: 'https://100.64.0.1/a.png' },
      { line: 11, field: 'images', code: 'imageUrlRefused', url: 'https://2130706433/a.png' },
      { line: 12, field: 'images', code: 'imageUrlRefused', url: 'https://0xa9.0xfe.0xa9.0xfe/latest' },
    ])
    expect(asked.get('/a.png') ?? 0).toBe(before)
  })

  it('refuses them on a dry run too', async () => {
    expect(
      await refusedRows(closed, csv(HEADER, row('Áo', 'http://10.0.0.1/a.png')), '?dryRun=true'),
    ).toEqual([{ line: 2, field: 'images', code: 'imageUrlRefused', url: 'http://10.0.0.1/a.png' }])
  })
})
