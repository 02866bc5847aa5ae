import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toWebp } from '../../src/modules/files/storage.ts'
import { logoSvg, renderPng } from '../../src/seed/art.ts'
import { demoPicture } from '../../src/seed/picture-cache.ts'

// The demo store's pictures are kept once drawn (picture-cache.ts): a kept copy must be what drawing gives, and be
// what is read the next time.

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'store-pictures-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('the demo pictures kept once drawn', () => {
  it('draws a picture as an upload of it would be stored, and keeps that copy', async () => {
    const svg = logoSvg('Việt Tiến', '#1d4ed8', 1)
    const drawn = await demoPicture(svg, dir)
    expect(drawn.subarray(0, 4).toString('latin1')).toBe('RIFF')
    expect(drawn.subarray(8, 12).toString('latin1')).toBe('WEBP')
    expect(drawn.equals(await toWebp(await renderPng(svg)))).toBe(true)
    const files = await readdir(dir)
    expect(files).toHaveLength(1)
    expect((await readFile(path.join(dir, files[0]!))).equals(drawn)).toBe(true)
  })

  it('reads the kept copy the next time, and draws again over an empty one', async () => {
    const own = path.join(dir, 'again')
    const svg = logoSvg('Biti’s', '#b91c1c', 2)
    const drawn = await demoPicture(svg, own)
    const [name] = await readdir(own)
    const kept = path.join(own, name!)
    // Another picture put in the copy's place is what comes back: nothing was drawn.
    const other = await demoPicture(logoSvg('Other', '#000000', 0), path.join(dir, 'other'))
    await writeFile(kept, other)
    expect((await demoPicture(svg, own)).equals(other)).toBe(true)
    // An empty copy is drawn again, and kept again.
    await writeFile(kept, '')
    expect((await demoPicture(svg, own)).equals(drawn)).toBe(true)
    expect((await readFile(kept)).equals(drawn)).toBe(true)
    expect(await readdir(own)).toEqual([name])
  })
})
