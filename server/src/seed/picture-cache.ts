import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { toWebp } from '../modules/files/storage.ts'
import { ROOT_DIR } from '../paths.ts'
import { renderPng } from './art.ts'

// The demo store's pictures are drawn from fixed SVGs, so each comes out the same every time: rendering and
// re-encoding the 126 of them was most of the demo seed (about 2 s of a first start). The WebP of each drawing is
// kept by the hash of its SVG, made once (by `npm install`, or by the first demo seed on the machine) and read
// after that. The copies are a convenience: an unreadable or missing one is drawn again.

export const PICTURE_CACHE = path.join(ROOT_DIR, 'node_modules/.cache/store-demo-pictures')

/** The WebP `storeImage` would store of `svg` rendered, from the copy in `dir` when there is one. */
export async function demoPicture(svg: string, dir = PICTURE_CACHE): Promise<Buffer> {
  const file = path.join(dir, `${createHash('sha256').update(svg).digest('base64url')}.webp`)
  const kept = await readFile(file).catch(() => null)
  if (kept && kept.length > 0) return kept
  const webp = await toWebp(await renderPng(svg))
  // Written beside its place and renamed into it, so no reader ever sees half a picture.
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`
  await mkdir(dir, { recursive: true })
    .then(() => writeFile(partial, webp))
    .then(() => rename(partial, file))
    .catch(() => {})
  return webp
}
