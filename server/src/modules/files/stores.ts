import { randomBytes } from 'node:crypto'
import { mkdir, open, rename, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import type { GetObjectCommandOutput } from '@aws-sdk/client-s3'
import { STORED_PATH } from '@store/contract'
import { badRequest, HttpError } from '../../lib/errors.ts'
import { type BucketAddress, readStorageUrl } from '../../storage-url.ts'
import type { FileStore } from '../../types.ts'

/**
 * Where uploaded files live (CONTRACT 4.9 `STORAGE_URL`): a folder on this machine's disk by default
 * (`DATA_DIR/uploads`), or a bucket of S3-compatible object storage, which several processes or machines can
 * share. Either way a file is named by its stored path (`/2026/06/<id>.webp`) and served at
 * `GET /api/file/<stored path>`, so the database and the web app never know which.
 */
/** The storage could not be reached or refused the request: 503, the client may ask again. */
export const storageUnavailable = () => new HttpError(503, { code: 'storageUnavailable' })

/**
 * The absolute file of a stored path inside `uploadDir`, or null when `storedPath` is not a well-formed stored
 * path. STORED_PATH admits no dot segment, backslash or drive letter; the resolved file is still checked to sit
 * inside the folder, so a looser rule one day cannot open a way out.
 */
export function resolveStoredPath(uploadDir: string, storedPath: string): string | null {
  if (!STORED_PATH.test(storedPath)) return null
  const root = path.resolve(uploadDir)
  const file = path.resolve(root, `.${storedPath}`)
  return file.startsWith(root + path.sep) ? file : null
}

/** Files in a folder of this machine: `<uploadDir>/<YYYY>/<MM>/<id>.webp`. */
export function diskStore(uploadDir: string): FileStore {
  return {
    name: `the folder ${path.resolve(uploadDir)}`,
    async put(storedPath, bytes) {
      const target = resolveStoredPath(uploadDir, storedPath)
      if (!target) throw new Error(`stored path ${storedPath} does not match the stored-path rule`)
      await mkdir(path.dirname(target), { recursive: true })
      // A dot name with another suffix never matches a stored path, so a half-written file is never served.
      const temporary = path.join(path.dirname(target), `.${randomBytes(8).toString('hex')}.tmp`)
      try {
        await writeFile(temporary, bytes, { flag: 'wx' })
        await rename(temporary, target)
      } catch (error) {
        await unlink(temporary).catch(() => {})
        throw error
      }
    },
    async open(storedPath) {
      const file = resolveStoredPath(uploadDir, storedPath)
      if (!file) return null
      // Opened before stat, so the answer describes the very file it streams even if it is removed meanwhile.
      const handle = await open(file, 'r').catch(() => null)
      if (!handle) return null
      const stat = await handle.stat().catch(() => null)
      if (!stat?.isFile()) {
        await handle.close()
        return null
      }
      return {
        size: stat.size,
        etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
        modified: stat.mtime,
        read: () => handle.createReadStream(),
        discard: () => handle.close(),
      }
    },
    async has(storedPath) {
      const file = resolveStoredPath(uploadDir, storedPath)
      if (!file) return false
      const found = await stat(file).catch(() => null)
      return found?.isFile() ?? false
    },
    async remove(storedPaths) {
      await Promise.all(
        storedPaths.map(async (storedPath) => {
          const file = resolveStoredPath(uploadDir, storedPath)
          if (file) await unlink(file).catch(() => {})
        }),
      )
    },
  }
}

/**
 * Files in a bucket, through the AWS SDK: keys `<prefix>/<YYYY>/<MM>/<id>.webp`. The SDK is loaded only when
 * a bucket is used. Keys come from the SDK's usual sources: `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY`,
 * or a role of the machine. A storage that cannot be reached, or refuses (a wrong key, a missing bucket), is a
 * 503 for the call that needed it, and is logged by the error handler's caller.
 */
export async function bucketStore(address: BucketAddress): Promise<FileStore> {
  const s3 = await import('@aws-sdk/client-s3')
  const client = new s3.S3Client({
    region: address.region,
    ...(address.endpoint && { endpoint: address.endpoint, forcePathStyle: true }),
    // Two tries, not the SDK's three with back-off: a request of the API waits on them.
    maxAttempts: 2,
  })
  const { bucket } = address
  const keyOf = (storedPath: string) =>
    STORED_PATH.test(storedPath)
      ? `${address.prefix ? `${address.prefix}/` : ''}${storedPath.slice(1)}`
      : null
  const failed = (error: unknown): never => {
    throw Object.assign(storageUnavailable(), { cause: error })
  }
  return {
    name: `bucket ${bucket}${address.prefix ? `/${address.prefix}` : ''} (S3${address.endpoint ? ` at ${address.endpoint}` : ''})`,
    async put(storedPath, bytes, contentType) {
      const key = keyOf(storedPath)
      if (!key) throw new Error(`stored path ${storedPath} does not match the stored-path rule`)
      await client
        .send(new s3.PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }))
        .catch(failed)
    },
    async open(storedPath) {
      const key = keyOf(storedPath)
      if (!key) return null
      let answer: GetObjectCommandOutput
      try {
        answer = await client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: key }))
      } catch (error) {
        if (error instanceof s3.NoSuchKey) return null
        return failed(error)
      }
      const body = answer.Body as Readable
      return {
        size: answer.ContentLength ?? 0,
        etag: answer.ETag ?? `"${key}"`,
        modified: answer.LastModified ?? new Date(0),
        read: () => body,
        discard: async () => {
          body.destroy()
        },
      }
    },
    async has(storedPath) {
      const key = keyOf(storedPath)
      if (!key) return false
      try {
        await client.send(new s3.HeadObjectCommand({ Bucket: bucket, Key: key }))
        return true
      } catch (error) {
        // A HEAD answer has no body, so a missing key is told by its status alone.
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
          return false
        return failed(error)
      }
    },
    async remove(storedPaths) {
      const keys = storedPaths.map(keyOf).filter((key): key is string => key !== null)
      if (keys.length === 0) return
      await client
        .send(
          new s3.DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
          }),
        )
        .catch(failed)
    },
  }
}

/** The store STORAGE_URL names: a bucket, or the folder `uploadDir` when it is unset. */
export async function openFileStore(storageUrl: string | undefined, uploadDir: string): Promise<FileStore> {
  if (storageUrl === undefined) return diskStore(uploadDir)
  const address = readStorageUrl(storageUrl)
  if (typeof address === 'string') throw new Error(`STORAGE_URL ${address}`)
  return bucketStore(address)
}

/**
 * Refuses with a 400 naming `field` a stored path no file of `files` holds (`images: ["/2026/11/gone.webp"]`
 * would save a product whose picture is a 404). Paths in `kept` (what the record holds already) are not asked
 * again; the others are asked once each, all at once.
 */
export async function requireStoredFiles(
  files: FileStore,
  field: string,
  paths: readonly (string | null | undefined)[],
  kept: readonly (string | null | undefined)[] = [],
): Promise<void> {
  const known = new Set(kept)
  const asked = [...new Set(paths)].filter((p): p is string => typeof p === 'string' && !known.has(p))
  if (asked.length === 0) return
  const found = await Promise.all(asked.map((p) => files.has(p)))
  const missing = asked.find((_, i) => !found[i])
  if (missing !== undefined) throw badRequest(field, 'imageMissing', { path: missing })
}
