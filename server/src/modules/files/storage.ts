import { randomBytes } from 'node:crypto'
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { MAX_IMAGE_SIDE, STORED_PATH, UPLOAD_FIELD } from '@store/contract'
import sharp from 'sharp'
import { fieldError, HttpError } from '../../lib/errors.ts'

/** Larger inputs are refused before decoding: a small file can expand to gigabytes of pixels. */
export const MAX_INPUT_PIXELS = 40_000_000

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif'])

const notAnImage = () => fieldError(415, UPLOAD_FIELD, 'notAnImage')
const tooManyPixels = () =>
  fieldError(413, UPLOAD_FIELD, 'tooManyPixels', { megapixels: MAX_INPUT_PIXELS / 1_000_000 })

/**
 * Decodes `input` to prove it is an image we accept (by content, not by name), applies its EXIF orientation,
 * fits it inside MAX_IMAGE_SIDE² without enlarging, re-encodes it to WebP without metadata and stores it as
 * `<uploadDir>/<YYYY>/<MM>/<random id>.webp` (UTC month). Returns the stored path `/<YYYY>/<MM>/<id>.webp`.
 * Throws HttpError 415 when it is not an accepted image, 413 when it has too many pixels.
 */
export async function storeImage(uploadDir: string, input: Buffer, now: Date): Promise<string> {
  if (input.length === 0) throw notAnImage()
  const image = await encodeWebp(input)

  const year = String(now.getUTCFullYear()).padStart(4, '0')
  const month = String(now.getUTCMonth() + 1).padStart(2, '0')
  const id = randomBytes(16).toString('base64url')
  const storedPath = `/${year}/${month}/${id}.webp`
  const target = resolveStoredPath(uploadDir, storedPath)
  if (!target) throw new Error(`stored path ${storedPath} does not match the stored-path rule`)

  await mkdir(path.dirname(target), { recursive: true })
  // A dot name with another suffix never matches a stored path, so a half-written file is never served.
  const temporary = path.join(path.dirname(target), `.${id}.${randomBytes(4).toString('hex')}.tmp`)
  try {
    await writeFile(temporary, image, { flag: 'wx' })
    await rename(temporary, target)
  } catch (error) {
    await unlink(temporary).catch(() => {})
    throw error
  }
  return storedPath
}

async function encodeWebp(input: Buffer): Promise<Buffer> {
  try {
    // Reads the header only, so the format and size are judged before a single pixel is decoded; sharp's own
    // pixel limit is off here because this check is the one that answers 413.
    const meta = await sharp(input, { limitInputPixels: false }).metadata()
    const isAvif = meta.format === 'heif' && meta.compression === 'av1'
    if (!ACCEPTED_FORMATS.has(meta.format) && !isAvif) throw notAnImage()
    if (meta.width * (meta.pageHeight ?? meta.height) > MAX_INPUT_PIXELS) throw tooManyPixels()
    // Animated GIF and WebP keep their first frame (sharp's default): product images are stills.
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer()
  } catch (error) {
    if (error instanceof HttpError) throw error
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels()
    // sharp refuses what it cannot read: an unknown format, a forged header, truncated or corrupt data.
    throw notAnImage()
  }
}

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

/** Removes stored files, ignoring the ones already gone: used to undo a refused upload. */
export async function removeStored(uploadDir: string, storedPaths: readonly string[]): Promise<void> {
  await Promise.all(
    storedPaths.map(async (storedPath) => {
      const file = resolveStoredPath(uploadDir, storedPath)
      if (file) await unlink(file).catch(() => {})
    }),
  )
}
