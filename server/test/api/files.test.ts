import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { STORED_PATH } from '@store/contract'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { removeStored, resolveStoredPath, storeImage } from '../../src/modules/files/storage.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

const NOW = new Date('2026-11-21T10:00:00Z')
const FRESH_PATH = /^\/2026\/11\/[A-Za-z0-9_-]{10,}\.webp$/

type Part = { name?: string; content: Buffer | string; filename?: string; type?: string }

/** A multipart body with one part per entry, as a browser's FormData sends it. */
function form(...parts: Part[]): FormData {
  const body = new FormData()
  for (const part of parts) {
    if (typeof part.content === 'string' && part.filename === undefined) {
      body.append(part.name ?? 'file', part.content)
    } else {
      const blob = new Blob([part.content], { type: part.type ?? 'application/octet-stream' })
      body.append(part.name ?? 'file', blob, part.filename ?? 'image.bin')
    }
  }
  return body
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0.6 } } })
const png = (width = 64, height = 48) => solid(width, height).png().toBuffer()
/** Random pixels do not compress: the PNG is about as large as its raw pixels. */
const noisePng = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
/** 120×60 stored, but its EXIF says "rotate 90°", so it shows as 60×120; it also carries text in EXIF. */
const rotatedJpeg = () =>
  sharp({ create: { width: 120, height: 60, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({ IFD0: { ImageDescription: 'secret-note', Copyright: 'camera owner' } })
    .withMetadata({ orientation: 6 })
    .toBuffer()

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).length
}

/** Fetches a stored path back and checks what every served image must be. */
async function fetchImage(t: TestApp, storedPath: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/file${storedPath}` })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toBe('image/webp')
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(res.headers.etag).toMatch(/^".+"$/)
  expect(res.headers['last-modified']).toBeTruthy()
  const meta = await sharp(res.rawPayload).metadata()
  expect(meta.format).toBe('webp')
  expect(meta.exif).toBeUndefined()
  expect(meta.xmp).toBeUndefined()
  expect(meta.width).toBeLessThanOrEqual(2000)
  expect(meta.height).toBeLessThanOrEqual(2000)
  return { res, meta }
}

describe('files', () => {
  let t: TestApp
  let uploads: string
  beforeAll(async () => {
    t = await startApp({ now: () => NOW })
    uploads = path.join(t.config.DATA_DIR, 'uploads')
  })
  afterAll(async () => t.close())

  it('stores one PNG as WebP under the month folder and serves it back', async () => {
    const body = expectEnvelope(
      await t.call(
        'POST',
        '/api/file',
        form({ content: await png(), filename: 'red.png', type: 'image/png' }),
      ),
      200,
    )
    expect(body.data).toHaveLength(1)
    expect(body.data[0]).toMatch(FRESH_PATH)
    expect(body.data[0]).toMatch(STORED_PATH)
    const { meta } = await fetchImage(t, body.data[0])
    expect([meta.width, meta.height]).toEqual([64, 48])
    expect(meta.hasAlpha).toBe(true)
    expect(await countFiles(path.join(uploads, '2026', '11'))).toBe(1)
  })

  it('stores every accepted type in one request, in the order sent, oriented, stripped and bounded', async () => {
    const jpeg = await rotatedJpeg()
    const original = await sharp(jpeg).metadata()
    expect(original.orientation).toBe(6)
    expect(original.exif?.toString('latin1')).toContain('secret-note')
    const avif = await solid(40, 30).avif().toBuffer()
    expect(await sharp(avif).metadata()).toMatchObject({ format: 'heif', compression: 'av1' })

    const parts: Part[] = [
      { content: await png(30, 20), filename: 'a.png', type: 'image/png' },
      { content: jpeg, filename: 'b.jpg', type: 'image/jpeg' },
      { content: await solid(50, 10).gif().toBuffer(), filename: 'c.gif', type: 'image/gif' },
      { content: await solid(33, 44).webp().toBuffer(), filename: 'd.webp', type: 'image/webp' },
      { content: avif, filename: 'e.avif', type: 'image/avif' },
      // Named as text and sent as text: the content decides, not the name.
      { content: await png(3000, 1200), filename: 'notes.txt', type: 'text/plain' },
    ]
    const body = expectEnvelope(await t.call('POST', '/api/file', form(...parts)), 200)
    expect(body.message).toContain('6')
    expect(body.data).toHaveLength(6)
    expect(new Set(body.data).size).toBe(6)
    const sizes: number[][] = []
    for (const storedPath of body.data) {
      expect(storedPath).toMatch(FRESH_PATH)
      const { meta } = await fetchImage(t, storedPath)
      sizes.push([meta.width, meta.height])
    }
    expect(sizes).toEqual([
      [30, 20],
      [60, 120],
      [50, 10],
      [33, 44],
      [40, 30],
      [2000, 800],
    ])
  })

  it('refuses what is not an image with 415, and keeps nothing', async () => {
    const before = await countFiles(uploads)
    const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'
    const truncated = (await noisePng(200, 200)).subarray(0, 3000)
    const tiff = await solid(20, 20).tiff().toBuffer()
    const refused: Part[] = [
      { content: Buffer.from('just some notes, not a picture'), filename: 'photo.png', type: 'image/png' },
      {
        content: Buffer.concat([pngSignature, randomBytes(2000)]),
        filename: 'forged.png',
        type: 'image/png',
      },
      { content: truncated, filename: 'cut.png', type: 'image/png' },
      { content: Buffer.from(svg), filename: 'vector.svg', type: 'image/svg+xml' },
      { content: tiff, filename: 'scan.tiff', type: 'image/tiff' },
      { content: Buffer.alloc(0), filename: 'empty.png', type: 'image/png' },
    ]
    for (const part of refused) {
      const body = expectEnvelope(await t.call('POST', '/api/file', form(part)), 415)
      expect(body.message).toMatch(/^file: /)
      expect(body.errors.file).toContain('JPEG, PNG, WebP, GIF or AVIF')
    }
    expect(await countFiles(uploads)).toBe(before)
  })

  it('removes the files it already stored when a later part is refused', async () => {
    const before = await countFiles(uploads)
    expect(before).toBeGreaterThan(0)
    const good = { content: await png(), filename: 'good.png', type: 'image/png' }
    const bad = { content: Buffer.from('not an image'), filename: 'bad.png', type: 'image/png' }
    expectEnvelope(await t.call('POST', '/api/file', form(good, good, bad)), 415)
    expectEnvelope(await t.call('POST', '/api/file', form(good, bad, good)), 415)
    expect(await countFiles(uploads)).toBe(before)
  })

  it('refuses an image over 40 megapixels with 413, even when the file is small', async () => {
    const before = await countFiles(uploads)
    const huge = await solid(7000, 6000).png({ compressionLevel: 9 }).toBuffer()
    expect(huge.length).toBeLessThan(1024 * 1024)
    const good = { content: await png(), filename: 'good.png', type: 'image/png' }
    const body = expectEnvelope(
      await t.call(
        'POST',
        '/api/file',
        form(good, { content: huge, filename: 'huge.png', type: 'image/png' }),
      ),
      413,
    )
    expect(body.message).toContain('40 megapixels')
    expect(body.errors.file).toBeDefined()
    expect(await countFiles(uploads)).toBe(before)
  })

  it('refuses more than 10 files in one request with 413, and keeps none of them', async () => {
    const before = await countFiles(uploads)
    const image = await png(8, 8)
    const parts = Array.from({ length: 11 }, (_, i) => ({ content: image, filename: `${i}.png` }))
    const body = expectEnvelope(await t.call('POST', '/api/file', form(...parts)), 413)
    expect(body.message).toBe('file: At most 10 files per upload')
    expect(await countFiles(uploads)).toBe(before)
    const ten = expectEnvelope(await t.call('POST', '/api/file', form(...parts.slice(0, 10))), 200)
    expect(ten.data).toHaveLength(10)
  })

  it('answers 401 without a valid token and stores nothing', async () => {
    const before = await countFiles(uploads)
    const body = form({ content: await png(), filename: 'a.png', type: 'image/png' })
    expectEnvelope(await t.call('POST', '/api/file', body, {}), 401)
    const bad = form({ content: await png(), filename: 'a.png', type: 'image/png' })
    expectEnvelope(await t.call('POST', '/api/file', bad, { authorization: 'Bearer nonsense' }), 401)
    expect(await countFiles(uploads)).toBe(before)
  })

  it("answers 400 when no 'file' part holds a file", async () => {
    const cases = [
      form({ name: 'note', content: 'hello' }),
      form({ name: 'image', content: await png(), filename: 'a.png', type: 'image/png' }),
      // What a browser sends for an empty file input.
      form({ content: Buffer.alloc(0), filename: '' }),
      new FormData(),
    ]
    for (const payload of cases) {
      const body = expectEnvelope(await t.call('POST', '/api/file', payload), 400)
      expect(body.errors).toEqual({ file: 'This field is required' })
      expect(body.message).toBe('file: This field is required')
    }
  })

  it('answers 415 or 400, never 500, to a body that is not a readable multipart form', async () => {
    const json = expectEnvelope(await t.call('POST', '/api/file', { file: 'a.png' }), 415)
    expect(json.message).toContain('multipart/form-data')
    expectEnvelope(await t.call('POST', '/api/file'), 415)
    const octets = await t.call('POST', '/api/file', await png(), {
      ...t.auth,
      'content-type': 'application/octet-stream',
    })
    expectEnvelope(octets, 415)
    const noBoundary = await t.call('POST', '/api/file', 'garbage', {
      ...t.auth,
      'content-type': 'multipart/form-data',
    })
    expectEnvelope(noBoundary, 400)
    const broken = await t.call(
      'POST',
      '/api/file',
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\npartial',
      { ...t.auth, 'content-type': 'multipart/form-data; boundary=xyz' },
    )
    expectEnvelope(broken, 400)
    expect(broken.body.message).toMatch(/^file: /)
  })

  it('answers 404 for a well-formed path with no file, and for anything that is not a stored path', async () => {
    const missing = expectEnvelope(
      await t.call('GET', '/api/file/2026/11/doesNotExist123.webp', undefined, {}),
      404,
    )
    expect(missing.message).toBe('File not found')
    // A real file outside the upload folder must stay out of reach.
    await writeFile(path.join(t.config.DATA_DIR, 'secret.webp'), 'secret')
    await mkdir(path.join(uploads, '2026', '11', 'folder.webp'), { recursive: true })
    const attempts = [
      '/api/file/../../etc/passwd',
      '/api/file/..%2f..%2fetc%2fpasswd',
      '/api/file/%2e%2e/%2e%2e/etc/passwd',
      '/api/file/2026/11/..%2f..%2f..%2fsecret.webp',
      '/api/file/2026/11/%2e%2e%2f%2e%2e%2f..%2fsecret.webp',
      '/api/file/..%5c..%5csecret.webp',
      '/api/file/2026\\11\\x.webp',
      '/api/file//etc/passwd',
      '/api/file/%2Fetc%2Fpasswd',
      '/api/file/C:%5Cwindows%5Cwin.ini',
      '/api/file/2026/11/%00.webp',
      '/api/file/2026/11/folder.webp',
      '/api/file/2026/11/a.b.webp',
      '/api/file/2026/11/x.webp.tmp',
      '/api/file/2026/11',
      '/api/file/',
      '/api/file',
    ]
    for (const url of attempts) {
      const res = await t.call('GET', url, undefined, {})
      expect(res.statusCode, url).toBe(404)
      expectEnvelope(res, 404)
    }
  })

  it('answers 304 to a matching If-None-Match, and serves HEAD', async () => {
    const [stored] = expectEnvelope(
      await t.call('POST', '/api/file', form({ content: await png(), filename: 'a.png' })),
      200,
    ).data
    const first = await t.app.inject({ method: 'GET', url: `/api/file${stored}` })
    const etag = String(first.headers.etag)
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/file${stored}`,
      headers: { 'if-none-match': `W/"other", ${etag}` },
    })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/file${stored}`,
      headers: { 'if-none-match': '"other"' },
    })
    expect(other.statusCode).toBe(200)
    const head = await t.app.inject({ method: 'HEAD', url: `/api/file${stored}` })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-type']).toBe('image/webp')
  })

  it('documents the upload as a multipart form in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    const upload = doc.paths['/api/file'].post
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data'])
    expect(upload.requestBody.content['multipart/form-data'].schema.properties.file.items.format).toBe(
      'binary',
    )
    expect(upload.responses['200']).toBeDefined()
  })
})

describe('files: storage', () => {
  it('writes a WebP at the stored path, leaves no temporary file, and can remove it again', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'store-files-'))
    try {
      const stored = await storeImage(dir, await png(10, 10), new Date('2031-02-03T00:00:00Z'))
      expect(stored).toMatch(/^\/2031\/02\/[A-Za-z0-9_-]+\.webp$/)
      const file = resolveStoredPath(dir, stored)
      expect(file).toBe(path.join(dir, stored))
      expect((await sharp(file!).metadata()).format).toBe('webp')
      expect(await readdir(path.join(dir, '2031', '02'))).toEqual([path.basename(stored)])
      await removeStored(dir, [stored, '/../../nothing'])
      expect(await countFiles(dir)).toBe(0)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('maps only well-formed stored paths, always inside the folder', () => {
    const dir = '/srv/uploads'
    expect(resolveStoredPath(dir, '/2026/11/abc_DEF-1.webp')).toBe('/srv/uploads/2026/11/abc_DEF-1.webp')
    for (const bad of [
      '',
      '/',
      '2026/11/a.webp',
      '/2026/11/../a.webp',
      '/../../etc/passwd',
      '/2026/11/a.webp/../../x.webp',
      '/2026/11/.a.webp',
      '/2026/11/a\\b.webp',
      '//etc/passwd',
      '/2026/11/a.exe',
      '/2026/11/a.webp\n',
      `/2026/11/${'a'.repeat(81)}.webp`,
    ]) {
      expect(resolveStoredPath(dir, bad), JSON.stringify(bad)).toBeNull()
    }
  })
})

describe('files: size limit', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startApp({ env: { UPLOAD_MAX_MB: '1' }, now: () => NOW })
  })
  afterAll(async () => t.close())

  it('refuses a file over UPLOAD_MAX_MB with 413 naming the limit, and keeps none of the parts before it', async () => {
    const uploads = path.join(t.config.DATA_DIR, 'uploads')
    const large = await noisePng(700, 700)
    expect(large.length).toBeGreaterThan(1024 * 1024)
    const body = expectEnvelope(
      await t.call('POST', '/api/file', form({ content: large, filename: 'large.png', type: 'image/png' })),
      413,
    )
    expect(body.message).toBe('file: Each file may be at most 1 MB')
    expect(body.errors.file).toContain('1 MB')

    const good = { content: await png(), filename: 'good.png', type: 'image/png' }
    expectEnvelope(
      await t.call('POST', '/api/file', form(good, good, { content: large, filename: 'l.png' })),
      413,
    )
    expect(await countFiles(uploads)).toBe(0)

    const ok = expectEnvelope(await t.call('POST', '/api/file', form(good)), 200)
    expect(ok.data[0]).toMatch(FRESH_PATH)
  })
})
