import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { call, ownDatabase, run, type Server, signIn, startReady, stop, tempDir } from './server-process.ts'

// `npm run backup` while the server takes a stream of writes, `npm run restore` into an empty folder (and an
// empty database), then a server on the restored store: every write acknowledged before the backup began is
// there, and so is every uploaded image.

const backup = (file: string, settings: Record<string, string>) =>
  run('src/backup/cli.ts', ['backup', file], settings)
const restore = (file: string, settings: Record<string, string>) =>
  run('src/backup/cli.ts', ['restore', file], settings)

async function uploadImages(server: Server, token: string) {
  const form = new FormData()
  for (const colour of ['#c0392b', '#2e86c1']) {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
      .png()
      .toBuffer()
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `${colour.slice(1)}.png`)
  }
  const answer = await call(server, 'POST', '/api/file', { form, token })
  expect(answer.status).toBe(200)
  const stored = answer.body.data as string[]
  const images = new Map<string, Buffer>()
  for (const storedPath of stored) {
    const served = await call(server, 'GET', `/api/file${storedPath}`)
    expect(served.status).toBe(200)
    images.set(storedPath, served.bytes)
  }
  return images
}

/** Two writers creating categories until told to stop; each acknowledged write is kept with when it came. */
function writeLoad(server: Server, token: string) {
  const acknowledged: { name: string; at: number }[] = []
  const refused: number[] = []
  let stopping = false
  const writer = async (id: number) => {
    for (let n = 0; !stopping; n++) {
      const name = `Hàng ${id}-${n}`
      const answer = await call(server, 'POST', '/api/admin/categories', { body: { name }, token })
      if (answer.status === 201) acknowledged.push({ name, at: performance.now() })
      else refused.push(answer.status)
    }
  }
  const writers = [writer(1), writer(2)]
  return {
    acknowledged,
    /** Resolves once `count` writes have been acknowledged. */
    async reach(count: number) {
      while (acknowledged.length < count) await new Promise((resolve) => setTimeout(resolve, 20))
    },
    async stop() {
      stopping = true
      await Promise.all(writers)
      expect(refused).toEqual([])
    },
  }
}

/** Backs up `original` under the write load; answers the file and the writes acknowledged before it began. */
async function backUpUnderLoad(
  original: Server,
  settings: Record<string, string>,
  images: Map<string, Buffer>,
) {
  const token = await signIn(original)
  for (const [storedPath, bytes] of await uploadImages(original, token)) images.set(storedPath, bytes)
  const load = writeLoad(original, token)
  await load.reach(20)
  const file = path.join(tempDir(), 'store.tar.gz')
  const began = performance.now()
  const command = backup(file, settings)
  const code = await command.exited
  await load.stop()
  expect(command.stderr()).toBe('')
  expect(code).toBe(0)
  expect(command.stdout()).toMatch(/^Backup written to .*store\.tar\.gz: .* 2 uploaded files/)
  const before = load.acknowledged.filter((write) => write.at < began).map((write) => write.name)
  return { file, before, stdout: command.stdout() }
}

/** A server on the restored store holds every write acknowledged before the backup, and every image. */
async function expectRestored(
  settings: Record<string, string>,
  before: string[],
  images: Map<string, Buffer>,
) {
  const restored = await startReady(settings)
  // The same administrator, whose password was restored with the database.
  const token = await signIn(restored)
  const list = await call(restored, 'GET', '/api/admin/categories/all', { token })
  expect(list.status).toBe(200)
  const names = new Set<string>(list.body.data.map((c: { name: string }) => c.name))
  expect(before.filter((name) => !names.has(name))).toEqual([])
  // A consistent copy: each writer waited for one write's answer before sending the next, so the writes of a
  // writer that were kept are its first ones, without a gap.
  for (const writer of [1, 2]) {
    const kept = [...names]
      .map((name) => new RegExp(`^Hàng ${writer}-(\\d+)$`).exec(name)?.[1])
      .filter((n) => n !== undefined)
      .map(Number)
      .sort((a, b) => a - b)
    expect(kept).toEqual(kept.map((_, i) => i))
  }
  for (const [storedPath, bytes] of images) {
    const served = await call(restored, 'GET', `/api/file${storedPath}`)
    expect(served.status).toBe(200)
    expect(served.bytes.equals(bytes)).toBe(true)
  }
  expect(await stop(restored)).toBe(0)
}

describe('backup and restore', () => {
  it('backs up the embedded database while the server takes writes, and restores it into an empty folder', async () => {
    const original = { DATA_DIR: tempDir() }
    const server = await startReady(original)
    const images = new Map<string, Buffer>()
    const { file, before, stdout } = await backUpUnderLoad(server, original, images)
    // The running server made the copy: nothing else may open its database.
    expect(stdout).toContain('copied by the running server')
    expect(readdirSync(original.DATA_DIR).filter((name) => name.startsWith('.'))).toEqual([])

    // Never over a store: a folder that holds anything is refused, and left as it was.
    const over = restore(file, original)
    expect(await over.exited).toBe(1)
    expect(over.stderr()).toContain(`DATA_DIR ${original.DATA_DIR} is not empty`)

    const copy = { DATA_DIR: path.join(tempDir(), 'restored') }
    const restoring = restore(file, copy)
    expect(await restoring.exited).toBe(0)
    expect(restoring.stdout()).toContain('2 uploaded files')
    await expectRestored(copy, before, images)

    // With the server stopped, the command opens the database itself (taking the folder's lock).
    expect(await stop(server)).toBe(0)
    const offlineFile = path.join(tempDir(), 'offline.tar.gz')
    const offline = backup(offlineFile, original)
    expect(await offline.exited).toBe(0)
    expect(offline.stdout()).not.toContain('copied by the running server')
    const again = { DATA_DIR: path.join(tempDir(), 'again') }
    expect(await restore(offlineFile, again).exited).toBe(0)
    expect(existsSync(path.join(again.DATA_DIR, 'db', 'PG_VERSION'))).toBe(true)
  })

  it('refuses to write over an existing file, or to restore what is not a backup', async () => {
    const dir = tempDir()
    const file = path.join(dir, 'existing.tar.gz')
    writeFileSync(file, 'not a backup')
    const over = backup(file, { DATA_DIR: tempDir() })
    expect(await over.exited).toBe(1)
    expect(over.stderr()).toContain(`${file} exists already`)
    const target = path.join(tempDir(), 'target')
    const wrong = restore(file, { DATA_DIR: target })
    expect(await wrong.exited).toBe(1)
    expect(wrong.stderr()).toContain('is not a backup made by npm run backup')
    expect(existsSync(target)).toBe(false)
  })

  if (process.env.TEST_DATABASE_URL) {
    it('backs up a PostgreSQL database with pg_dump while the server takes writes, and restores it', async () => {
      const original = { DATA_DIR: tempDir(), DATABASE_URL: await ownDatabase('store_backup') }
      const server = await startReady(original)
      const images = new Map<string, Buffer>()
      const { file, before, stdout } = await backUpUnderLoad(server, original, images)
      expect(stdout).toContain('PostgreSQL database (pg_dump)')

      // Never into a database that holds anything.
      const over = restore(file, {
        DATA_DIR: path.join(tempDir(), 'empty'),
        DATABASE_URL: original.DATABASE_URL,
      })
      expect(await over.exited).toBe(1)
      expect(over.stderr()).toContain('The database of DATABASE_URL is not empty')
      expect(await stop(server)).toBe(0)

      const copy = {
        DATA_DIR: path.join(tempDir(), 'restored'),
        DATABASE_URL: await ownDatabase('store_restore'),
      }
      const restoring = restore(file, copy)
      expect(await restoring.exited).toBe(0)
      await expectRestored(copy, before, images)
    })
  }
})
