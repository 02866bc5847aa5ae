import { spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../src/db/lock.ts'
import { call, freePort, ownDatabase, signIn, start, startReady, stop, tempDir } from './server-process.ts'

// One process per data folder: the embedded database belongs to the process that opened it.

const lockOf = (dir: string) => JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))

async function categoryNames(server: Awaited<ReturnType<typeof startReady>>, token: string) {
  const list = await call(server, 'GET', '/api/admin/categories/all', { token })
  expect(list.status).toBe(200)
  return list.body.data.map((c: { name: string }) => c.name)
}

describe('the data folder lock', () => {
  it('stops a second server on the same folder with exit code 1, naming the folder and the first process', async () => {
    const dir = tempDir()
    const first = await startReady({ DATA_DIR: dir })
    expect(lockOf(dir).pid).toBe(first.child.pid)

    const second = start({ PORT: String(await freePort()), DATA_DIR: dir })
    // Rejects when the process exits before it is ready, as it must.
    await expect(second.waitFor((l) => l.msg.includes('ready at'))).rejects.toThrow(/the server exited \(1\)/)
    expect(await second.exited).toBe(1)
    expect(second.stderr()).toContain(`The data folder ${dir} is in use by process ${first.child.pid}`)
    expect(second.lines.join('\n')).not.toContain('ready at')

    // The first one keeps serving, and its writes are there after a restart.
    const token = await signIn(first)
    const created = await call(first, 'POST', '/api/admin/categories', { body: { name: 'Đồng hồ' }, token })
    expect(created.status).toBe(201)
    expect(await stop(first)).toBe(0)
    // Released on a clean exit: the next start takes the folder without recovering anything.
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false)
    const third = await startReady({ DATA_DIR: dir })
    expect(third.lines.join('\n')).not.toContain('took over the lock')
    expect(await categoryNames(third, await signIn(third))).toEqual(['Đồng hồ'])
    expect(await stop(third)).toBe(0)
  })

  it('takes over the lock of a server killed with SIGKILL, and keeps its acknowledged writes', async () => {
    const dir = tempDir()
    const first = await startReady({ DATA_DIR: dir })
    const token = await signIn(first)
    expect(
      (await call(first, 'POST', '/api/admin/categories', { body: { name: 'Túi xách' }, token })).status,
    ).toBe(201)
    first.child.kill('SIGKILL')
    await first.exited
    // Nothing ran on the way out: the lock file still names the dead process.
    expect(lockOf(dir).pid).toBe(first.child.pid)

    const second = await startReady({ DATA_DIR: dir })
    const line = await second.waitFor((l) => l.msg.includes('took over the lock'))
    expect(line.msg).toContain(`from process ${first.child.pid}`)
    expect(lockOf(dir).pid).toBe(second.child.pid)
    expect(await categoryNames(second, await signIn(second))).toEqual(['Túi xách'])
    expect(await stop(second)).toBe(0)
  })

  it('takes over a lock whose process id now belongs to another process', async () => {
    const dir = tempDir()
    // A live process that never locked anything, like the pid 1 of a restarted container.
    const other = spawn('sleep', ['60'])
    try {
      const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
      writeFileSync(
        path.join(dir, LOCK_FILE),
        JSON.stringify({
          pid: other.pid,
          host: hostname(),
          since: '2026-01-01T00:00:00.000Z',
          command: 'src/main.ts',
          bootId,
          startTicks: 1,
          token: 'an-older-lock',
        }),
      )
      const lock = lockDataDir(dir)
      expect(lock.recovered?.pid).toBe(other.pid)
      expect(lockOf(dir).pid).toBe(process.pid)
      lock.release()
      expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false)
    } finally {
      other.kill()
    }
  })

  it('does not take over the lock of another machine, and says which file to delete if that process is gone', () => {
    const dir = tempDir()
    const file = path.join(dir, LOCK_FILE)
    const foreign = {
      pid: 4242,
      host: 'another-machine',
      since: '2026-01-01T00:00:00.000Z',
      command: 'src/main.ts',
      token: 'theirs',
    }
    writeFileSync(file, JSON.stringify(foreign))
    let refusal: unknown
    try {
      lockDataDir(dir)
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(DataDirInUseError)
    expect((refusal as Error).message).toContain(`in use by process 4242 on host another-machine`)
    expect((refusal as Error).message).toContain(`delete ${file}`)
    // Left as it was.
    expect(lockOf(dir)).toEqual(foreign)
  })

  if (process.env.TEST_DATABASE_URL) {
    it('takes no lock on a PostgreSQL server: two processes share one data folder for their uploads', async () => {
      const settings = { DATA_DIR: tempDir(), DATABASE_URL: await ownDatabase('store_lock') }
      const first = await startReady(settings)
      const second = await startReady(settings)
      expect(existsSync(path.join(settings.DATA_DIR, LOCK_FILE))).toBe(false)
      const token = await signIn(first)
      expect(
        (await call(first, 'POST', '/api/admin/categories', { body: { name: 'Giày' }, token })).status,
      ).toBe(201)
      // The second process reads the first one's write, from the shared database.
      expect(await categoryNames(second, await signIn(second))).toEqual(['Giày'])
      expect(await stop(first)).toBe(0)
      expect(await stop(second)).toBe(0)
    })
  }
})
