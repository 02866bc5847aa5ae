import { randomBytes } from 'node:crypto'
import { MAX_IMAGE_SIDE, UPLOAD_FIELD } from '@store/contract'
import type { Metadata, Sharp, SharpOptions } from 'sharp'
import { type Config, configSchema } from '../../config.ts'
import { fieldError } from '../../lib/errors.ts'
import type { FileStore } from '../../types.ts'
import type { DecodeQueue } from './queue.ts'

export { resolveStoredPath } from './stores.ts'

let loading: Promise<(input: Buffer, options: SharpOptions) => Sharp> | undefined

/**
 * sharp and libvips, loaded on the first image: about 27 MB a server that takes no upload does not hold
 * (docs/performance.md).
 */
function loadSharp() {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // Every upload is a new image, read once: libvips' operation cache (by default up to 50 MB and 100
    // operations kept after each image) would only hold memory that is never reused.
    sharp.cache(false)
    // One libvips thread per image. The decode queue already decides how many images are processed at once
    // (IMAGE_DECODES, 2 by default, one per core of a small machine); with more threads per image the images
    // would together take more cores than that and starve the rest of the API. It is also what sharp picks
    // itself on glibc without jemalloc, to limit memory fragmentation, but not on every platform, so it is said
    // here.
    sharp.concurrency(1)
    return (input, options) => sharp(input, options)
  })
  return loading
}

/** What an upload may cost to decode. */
export interface ImageLimits {
  /** Larger inputs are refused from their header, before a single pixel is decoded. */
  maxPixels: number
  /** A decode and re-encode running longer is stopped, and the image refused. */
  timeoutSeconds: number
  /** When given, the decode waits for one of its lanes (and is refused when its line is full). */
  queue?: DecodeQueue
}

/** The limits of a server's settings. */
export const imageLimits = (config: Config, queue?: DecodeQueue): ImageLimits => ({
  maxPixels: config.IMAGE_MAX_MEGAPIXELS * 1_000_000,
  timeoutSeconds: config.IMAGE_TIMEOUT_SECONDS,
  ...(queue && { queue }),
})

/** The default settings' limits, for the seeds, which store their own drawings outside any request. */
const DEFAULT_LIMITS = imageLimits(configSchema.parse({}))

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif'])

const notAnImage = () => fieldError(415, UPLOAD_FIELD, 'notAnImage')
const tooManyPixels = (width: number, height: number, maxPixels: number) =>
  fieldError(413, UPLOAD_FIELD, 'tooManyPixels', { width, height, megapixels: maxPixels / 1_000_000 })
const tooSlow = (seconds: number) => fieldError(422, UPLOAD_FIELD, 'imageTooSlow', { seconds })

/**
 * Decodes `input` to prove it is an image we accept (by content, not by name), applies its EXIF orientation,
 * fits it inside MAX_IMAGE_SIDE² without enlarging, re-encodes it to WebP without metadata and stores it in
 * `files` under `/<YYYY>/<MM>/<random id>.webp` (UTC month), which it returns.
 * Throws HttpError 415 when it is not an accepted image, 413 when it has too many pixels, 422 when it takes too
 * long, 503 when the storage cannot take it; QueueFullError when `limits.queue` has no room for it. Nothing is
 * stored unless all of it is.
 */
export async function storeImage(
  files: FileStore,
  input: Buffer,
  now: Date,
  limits: ImageLimits = DEFAULT_LIMITS,
): Promise<string> {
  if (input.length === 0) throw notAnImage()
  return storeWebp(files, await encodeWebp(input, limits), now)
}

/** Stores a WebP that `toWebp` made, as `storeImage` stores an upload; returns its stored path. */
export async function storeWebp(files: FileStore, image: Buffer, now: Date): Promise<string> {
  const year = String(now.getUTCFullYear()).padStart(4, '0')
  const month = String(now.getUTCMonth() + 1).padStart(2, '0')
  const id = randomBytes(16).toString('base64url')
  const storedPath = `/${year}/${month}/${id}.webp`
  await files.put(storedPath, image, 'image/webp')
  return storedPath
}

/** What `storeImage` would store of `input`, not stored: the seeds keep their drawings' copies. */
export function toWebp(input: Buffer, limits: ImageLimits = DEFAULT_LIMITS): Promise<Buffer> {
  if (input.length === 0) return Promise.reject(notAnImage())
  return encodeWebp(input, limits)
}

async function encodeWebp(input: Buffer, limits: ImageLimits): Promise<Buffer> {
  const { maxPixels, timeoutSeconds, queue } = limits
  const sharp = await loadSharp()
  let meta: Metadata
  try {
    // Reads the header only, so the format and size are judged before a single pixel is decoded, and a refused
    // image never takes a place in the queue. sharp's own pixel limit is off here because this check is the one
    // that answers 413 with the size.
    meta = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    // sharp refuses what it cannot read: an unknown format, a forged header.
    throw notAnImage()
  }
  const isAvif = meta.format === 'heif' && meta.compression === 'av1'
  if (!ACCEPTED_FORMATS.has(meta.format) && !isAvif) throw notAnImage()
  // An animated image is judged by its first frame, the only one decoded.
  const height = meta.pageHeight ?? meta.height
  if (meta.width * height > maxPixels) throw tooManyPixels(meta.width, height, maxPixels)

  const encode = async () => {
    try {
      // Animated GIF and WebP keep their first frame (sharp's default): product images are stills. The pixel
      // limit is also given to the decoder, should the header have understated the size.
      return await sharp(input, { limitInputPixels: maxPixels })
        .timeout({ seconds: timeoutSeconds })
        .autoOrient()
        .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer()
    } catch (error) {
      const message = error instanceof Error ? error.message : ''
      if (/pixel limit/i.test(message)) throw tooManyPixels(meta.width, height, maxPixels)
      if (/^timeout/i.test(message)) throw tooSlow(timeoutSeconds)
      // Truncated or corrupt data.
      throw notAnImage()
    }
  }
  return queue ? queue.run(encode) : encode()
}
