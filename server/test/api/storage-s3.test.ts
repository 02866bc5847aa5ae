import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectEnvelope, startApp, type TestApp } from '../helpers.ts'

// STORAGE_URL (CONTRACT 4.9): uploaded files in a bucket of S3-compatible storage instead of DATA_DIR/uploads,
// against a real S3-compatible server started here on the loopback (s3rver, which keeps its objects in a
// folder). The stored paths and GET /api/file/… are the same as on disk.

const KEYS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' }
const png = (colour: string) =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: colour } })
    .png()
    .toBuffer()

function form(...parts: { content: Buffer; filename: string; type: string }[]): FormData {
  const body = new FormData()
  for (const part of parts) body.append('file', new Blob([part.content], { type: part.type }), part.filename)
  return body
}

let server: S3rver
let endpoint = ''
let objects = ''
const saved: Record<string, string | undefined> = {}

beforeAll(async () => {
  objects = mkdtempSync(path.join(tmpdir(), 'store-s3-'))
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: objects,
    configureBuckets: [{ name: 'shop' }],
  })
  const { port } = await server.run()
  endpoint = `http://127.0.0.1:${port}`
  // The SDK reads its keys from the environment, as it would in a deployment.
  for (const [name, value] of Object.entries(KEYS)) {
    saved[name] = process.env[name]
    process.env[name] = value
  }
})

afterAll(async () => {
  await server?.close()
  rmSync(objects, { recursive: true, force: true })
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
})

const bucket = () =>
  new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEYS.AWS_ACCESS_KEY_ID, secretAccessKey: KEYS.AWS_SECRET_ACCESS_KEY },
  })
const keysInBucket = async () =>
  ((await bucket().send(new ListObjectsV2Command({ Bucket: 'shop' }))).Contents ?? [])
    .map((o) => o.Key!)
    .sort()

describe('files in a bucket (STORAGE_URL=s3://shop/uploads?endpoint=…)', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await startApp({ env: { STORAGE_URL: `s3://shop/uploads?endpoint=${endpoint}&region=us-east-1` } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('stores an upload under its stored path in the bucket, nothing on disk, and serves it back', async () => {
    const body = expectEnvelope(
      await t.call(
        'POST',
        '/api/file',
        form({ content: await png('#cc3333'), filename: 'a.png', type: 'image/png' }),
      ),
      200,
    )
    const [stored] = body.data as string[]
    expect(stored).toMatch(/^\/\d{4}\/\d{2}\/[A-Za-z0-9_-]+\.webp$/)
    expect(await keysInBucket()).toContain(`uploads${stored}`)
    expect(readdirSync(t.config.DATA_DIR)).not.toContain('uploads')

    const object = await bucket().send(new GetObjectCommand({ Bucket: 'shop', Key: `uploads${stored}` }))
    expect(object.ContentType).toBe('image/webp')
    const bytes = Buffer.from(await object.Body!.transformToByteArray())

    const served = await t.app.inject({ method: 'GET', url: `/api/file${stored}` })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(Number(served.headers['content-length'])).toBe(bytes.length)
    expect(served.rawPayload.equals(bytes)).toBe(true)
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp')

    const etag = String(served.headers.etag)
    expect(etag).toMatch(/^".+"$/)
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/file${stored}`,
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('answers 404 for a stored path with no object, and for a path that is not a stored path', async () => {
    for (const url of ['/api/file/2026/01/missingmissingmissing.webp', '/api/file/../../etc/passwd']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/file/2026/01/missingmissingmissing.webp' })
    expect(missing.json().code).toBe('fileNotFound')
  })

  it('saves a logo only when its object is in the bucket, asking with one HEAD', async () => {
    const body = expectEnvelope(
      await t.call(
        'POST',
        '/api/file',
        form({ content: await png('#3366cc'), filename: 'logo.png', type: 'image/png' }),
      ),
      200,
    )
    const [stored] = body.data as string[]
    const saved = expectEnvelope(
      await t.call('POST', '/api/admin/brands', { name: 'Trong kho', logo: stored }),
      201,
    )
    expect(saved.data.logo).toBe(stored)
    const gone = '/2026/01/notinthebucket.webp'
    const refused = expectEnvelope(
      await t.call('POST', '/api/admin/brands', { name: 'Ngoài kho', logo: gone }),
      400,
    )
    expect(refused).toMatchObject({
      code: 'imageMissing',
      params: { path: gone },
      errors: { logo: expect.any(String) },
    })
  })

  it('removes what an upload stored when a later file of it is refused', async () => {
    const before = await keysInBucket()
    const res = await t.call(
      'POST',
      '/api/file',
      form(
        { content: await png('#33cc33'), filename: 'good.png', type: 'image/png' },
        { content: Buffer.from('not an image at all'), filename: 'bad.png', type: 'image/png' },
      ),
    )
    expect(res.statusCode).toBe(415)
    expect(await keysInBucket()).toEqual(before)
  })
})

describe('a bucket that refuses', () => {
  let t: TestApp

  beforeAll(async () => {
    // The server is there, the bucket is not: every request for it is refused (NoSuchBucket).
    t = await startApp({ env: { STORAGE_URL: `s3://no-such-bucket?endpoint=${endpoint}` } })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('answers 503 storageUnavailable to an upload and to a download, and keeps nothing', async () => {
    const upload = await t.call(
      'POST',
      '/api/file',
      form({ content: await png('#3333cc'), filename: 'a.png', type: 'image/png' }),
    )
    expect(upload.statusCode).toBe(503)
    expect(upload.body.code).toBe('storageUnavailable')
    expect(upload.body.message).toBe('The file storage cannot be reached right now; try again in a moment')
    const download = await t.app.inject({ method: 'GET', url: '/api/file/2026/01/abcdefabcdefabcdef.webp' })
    expect(download.statusCode).toBe(503)
    expect(download.json().code).toBe('storageUnavailable')
    expect(readdirSync(t.config.DATA_DIR)).not.toContain('uploads')
  })
})
