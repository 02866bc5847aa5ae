import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { crc32, deflateSync } from 'node:zlib'
import { STORED_PATH } from '@store/contract'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { decodeQueueOf } from '../../src/modules/files/routes.ts'
import { storeImage } from '../../src/modules/files/storage.ts'
import { diskStore, resolveStoredPath } from '../../src/modules/files/stores.ts'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

const run = promisify(execFile)
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

/** A PNG chunk: length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A valid PNG of a few dozen bytes whose header declares `width`×`height` RGB pixels; its data holds only the
 * first rows. Decoding it would make the whole canvas: this is the small file that costs seconds of CPU.
 */
function declaredPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bits per sample
  header[9] = 2 // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(4096))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

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

  it('refuses an image over 25 megapixels from its header with 413 naming the size and the limit', async () => {
    const before = await countFiles(uploads)
    const good = { content: await png(), filename: 'good.png', type: 'image/png' }
    // A real image just over the limit, and hand-made headers declaring far more than the file holds.
    const real = await solid(5001, 5000).png({ compressionLevel: 9 }).toBuffer()
    expect(real.length).toBeLessThan(1024 * 1024)
    const cases: [Buffer, number, number][] = [
      [real, 5001, 5000],
      [declaredPng(6300, 6300), 6300, 6300],
      [declaredPng(100_000, 100_000), 100_000, 100_000],
      [declaredPng(1, 30_000_000), 1, 30_000_000],
    ]
    for (const [content, width, height] of cases) {
      expect(await sharp(content, { limitInputPixels: false }).metadata()).toMatchObject({
        format: 'png',
        width,
        height,
      })
      const body = expectEnvelope(
        await t.call('POST', '/api/file', form(good, { content, filename: 'huge.png', type: 'image/png' })),
        413,
      )
      expect(body.code).toBe('tooManyPixels')
      expect(body.params).toEqual({ width, height, megapixels: 25 })
      expect(body.message).toBe(
        `file: The image is ${width}×${height} pixels; at most 25 megapixels are accepted`,
      )
      expect(body.codes.file).toEqual({ code: 'tooManyPixels', params: { width, height, megapixels: 25 } })
    }
    // The good image sent before each was stored, then removed: nothing is left, not even a temporary file.
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
      const files = diskStore(dir)
      const stored = await storeImage(files, await png(10, 10), new Date('2031-02-03T00:00:00Z'))
      expect(stored).toMatch(/^\/2031\/02\/[A-Za-z0-9_-]+\.webp$/)
      const file = resolveStoredPath(dir, stored)
      expect(file).toBe(path.join(dir, stored))
      expect((await sharp(file!).metadata()).format).toBe('webp')
      expect(await readdir(path.join(dir, '2031', '02'))).toEqual([path.basename(stored)])
      await files.remove([stored, '/../../nothing'])
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

describe('files: decode queue and limits from the settings', () => {
  let t: TestApp
  let uploads: string
  beforeAll(async () => {
    t = await startApp({
      env: { IMAGE_DECODES: '1', IMAGE_DECODE_QUEUE: '1', IMAGE_MAX_MEGAPIXELS: '1' },
      now: () => NOW,
    })
    uploads = path.join(t.config.DATA_DIR, 'uploads')
  })
  afterAll(async () => t.close())

  const good = async () => ({ content: await png(40, 30), filename: 'good.png', type: 'image/png' })

  it('waits in line while the lanes are busy, and answers 503 with Retry-After once the line is full', async () => {
    const queue = decodeQueueOf(t.app.services)!
    expect(queue.load).toEqual({ running: 0, waiting: 0 })
    // The one lane is taken, as by another upload's decode.
    let release: (() => void) | undefined = await queue.acquire()
    try {
      const first = t.call('POST', '/api/file', form(await good()))
      await vi.waitFor(() => expect(queue.load).toEqual({ running: 1, waiting: 1 }))

      const busy = await t.call('POST', '/api/file', form(await good(), await good()))
      const body = expectEnvelope(busy, 503)
      expect(body.code).toBe('imagesBusy')
      expect(busy.headers['retry-after']).toMatch(/^[1-9]\d*$/)
      expect(body.params).toEqual({ seconds: Number(busy.headers['retry-after']) })
      expect(body.message).toBe(`The server is busy with other images; try again in ${body.params.seconds} s`)
      expect(queue.load).toEqual({ running: 1, waiting: 1 })

      // A file refused by its header never takes a place in line, so it is refused as itself even now.
      const hostile = form({ content: declaredPng(6300, 6300), filename: 'bomb.png', type: 'image/png' })
      expect(expectEnvelope(await t.call('POST', '/api/file', hostile), 413).code).toBe('tooManyPixels')
      expect(await countFiles(uploads)).toBe(0)

      release()
      release = undefined
      const stored = expectEnvelope(await first, 200).data
      expect(stored).toHaveLength(1)
      expect(stored[0]).toMatch(FRESH_PATH)
      expect(await countFiles(uploads)).toBe(1)
      expect(queue.load).toEqual({ running: 0, waiting: 0 })
    } finally {
      release?.()
    }
  })

  it('removes the files of an upload already stored when a later one of its files finds the line full', async () => {
    const queue = decodeQueueOf(t.app.services)!
    const before = await countFiles(uploads)
    const releases: (() => void)[] = [await queue.acquire()]
    try {
      const sent = t.call('POST', '/api/file', form(await good(), await good()))
      await vi.waitFor(() => expect(queue.load).toEqual({ running: 1, waiting: 1 }))
      // The lane passes to the upload's first file; the test queues behind it, and as soon as the lane passes
      // on to the test (when that file is decoded), fills the line again. Storing the first file and reading
      // the next part wait on the disk, which always comes after these steps, so the second file finds the
      // lane taken and the line full.
      releases.shift()!()
      const lineFilled = queue.acquire().then((release) => {
        releases.push(release)
        const waiter = queue.acquire()
        void waiter.then((other) => releases.push(other))
        return waiter
      })
      const busy = await sent
      expect(expectEnvelope(busy, 503).code).toBe('imagesBusy')
      expect(busy.headers['retry-after']).toMatch(/^[1-9]\d*$/)
      expect(await countFiles(uploads)).toBe(before)
      releases.shift()!()
      await lineFilled
    } finally {
      for (const release of releases) release()
    }
    expect(queue.load).toEqual({ running: 0, waiting: 0 })
  })

  it('reads a refused upload to its end, so a client over a real connection gets the answer, not a reset', async () => {
    const queue = decodeQueueOf(t.app.services)!
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = t.app.server.address() as { port: number }
    const before = await countFiles(uploads)
    // The client runs in a process of its own, as a browser would: within this process, client and server share
    // one event loop, and the client always reads the answer before the server's close can reset it.
    const dir = await mkdtemp(path.join(tmpdir(), 'store-upload-client-'))
    const client = async (first: Buffer, times: number): Promise<string[]> => {
      const firstFile = path.join(dir, 'first.png')
      await writeFile(firstFile, first)
      // Megabytes still to come after the refused first part: the client is still sending when the answer is
      // ready.
      await writeFile(path.join(dir, 'rest.png'), await noisePng(700, 700))
      const script = `
        const { readFileSync } = require('node:fs')
        const [url, authorization, firstFile, restFile, times] = process.argv.slice(1)
        const first = readFileSync(firstFile), rest = readFileSync(restFile)
        ;(async () => {
          const seen = []
          for (let i = 0; i < Number(times); i++) {
            const body = new FormData()
            body.append('file', new Blob([first]), 'first.png')
            for (let j = 0; j < 3; j++) body.append('file', new Blob([rest]), 'rest.png')
            try {
              const res = await fetch(url, { method: 'POST', headers: { authorization }, body })
              const answer = await res.json()
              seen.push(res.status + ' ' + answer.code + ' ' + (res.headers.get('retry-after') ?? '-'))
            } catch (error) {
              seen.push('failed ' + (error.cause?.code ?? error.message))
            }
          }
          console.log(JSON.stringify(seen))
        })()`
      const { stdout } = await run(process.execPath, [
        '-e',
        script,
        `http://127.0.0.1:${port}/api/file`,
        t.auth.authorization,
        firstFile,
        path.join(dir, 'rest.png'),
        String(times),
      ])
      return JSON.parse(stdout) as string[]
    }
    try {
      const refused = await client(declaredPng(6300, 6300), 20)
      expect(refused).toEqual(Array(20).fill('413 tooManyPixels -'))
      // The lane busy and the line full: the first part of each upload is refused with 503.
      const releases = [await queue.acquire()]
      const waiter = queue.acquire().then((release) => releases.push(release))
      try {
        const busy = await client(await png(10, 10), 20)
        expect(busy).toHaveLength(20)
        for (const answer of busy) expect(answer).toMatch(/^503 imagesBusy [1-9]\d*$/)
      } finally {
        releases.shift()!()
        await waiter
        for (const release of releases) release()
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
    expect(await countFiles(uploads)).toBe(before)
  })

  it('applies IMAGE_MAX_MEGAPIXELS: exactly the limit is stored, one pixel row more is refused', async () => {
    const before = await countFiles(uploads)
    const atLimit = await png(1000, 1000)
    const over = await png(1000, 1001)
    const ok = expectEnvelope(
      await t.call('POST', '/api/file', form({ content: atLimit, filename: 'a.png' })),
      200,
    )
    expect(ok.data).toHaveLength(1)
    const refused = expectEnvelope(
      await t.call('POST', '/api/file', form({ content: over, filename: 'b.png' })),
      413,
    )
    expect(refused.params).toEqual({ width: 1000, height: 1001, megapixels: 1 })
    expect(await countFiles(uploads)).toBe(before + 1)
  })

  it('under concurrent uploads answers each 200 or 503 with Retry-After, and keeps exactly the accepted files', async () => {
    const queue = decodeQueueOf(t.app.services)!
    const before = await countFiles(uploads)
    const image = await noisePng(900, 900)
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call(
          'POST',
          '/api/file',
          form({ content: image, filename: 'a.png' }, { content: image, filename: 'b.png' }),
        ),
      ),
    )
    let accepted = 0
    for (const answer of answers) {
      if (answer.statusCode === 200) {
        expect(expectEnvelope(answer, 200).data).toHaveLength(2)
        accepted++
      } else {
        expect(expectEnvelope(answer, 503).code).toBe('imagesBusy')
        expect(answer.headers['retry-after']).toMatch(/^[1-9]\d*$/)
      }
    }
    expect(accepted).toBeGreaterThan(0)
    expect(await countFiles(uploads)).toBe(before + 2 * accepted)
    expect(queue.load).toEqual({ running: 0, waiting: 0 })
    // The queue is free again: an ordinary upload goes through.
    expectEnvelope(await t.call('POST', '/api/file', form(await good())), 200)
  })
})
