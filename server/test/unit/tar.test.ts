import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { directoryEntry, END_OF_ARCHIVE, fileEntry, readTar, TarFormatError } from '../../src/backup/tar.ts'

// The archive format of backups: what it writes, it reads back, and so does the system's tar.

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const longName = `uploads/${'thư-mục-dài/'.repeat(8)}ảnh.webp`
const mtime = new Date('2026-11-23T08:00:00Z')

async function archive(): Promise<Buffer> {
  const parts: Buffer[] = [...directoryEntry('uploads', 0o755, mtime)]
  const small = Buffer.from('xin chào')
  for await (const chunk of fileEntry(
    'uploads/a.webp',
    { data: small },
    { size: small.length, mode: 0o644, mtime },
  ))
    parts.push(chunk)
  const big = Buffer.alloc(70_000, 7)
  for await (const chunk of fileEntry(longName, { data: big }, { size: big.length, mode: 0o600, mtime }))
    parts.push(chunk)
  parts.push(END_OF_ARCHIVE)
  return Buffer.concat(parts)
}

async function* chunksOf(buffer: Buffer, size: number) {
  for (let i = 0; i < buffer.length; i += size) yield buffer.subarray(i, i + size)
}

describe('the backup archive format', () => {
  it('reads back what it writes, in chunks of any size, with names longer than 100 bytes', async () => {
    const bytes = await archive()
    for (const size of [1, 511, 512, 4096, bytes.length]) {
      const read: { name: string; type: string; mode: number; content: Buffer }[] = []
      for await (const entry of readTar(chunksOf(bytes, size))) {
        const parts: Buffer[] = []
        for await (const chunk of entry.content) parts.push(chunk)
        read.push({ name: entry.name, type: entry.type, mode: entry.mode, content: Buffer.concat(parts) })
      }
      expect(read.map((e) => [e.name, e.type, e.mode, e.content.length])).toEqual([
        ['uploads', 'directory', 0o755, 0],
        ['uploads/a.webp', 'file', 0o644, Buffer.byteLength('xin chào')],
        [longName, 'file', 0o600, 70_000],
      ])
      expect(read[1]!.content.toString()).toBe('xin chào')
      expect(read[2]!.content.every((b) => b === 7)).toBe(true)
    }
  })

  it('is a tar archive the system tar lists', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-tar-'))
    dirs.push(dir)
    const file = path.join(dir, 'a.tar')
    writeFileSync(file, await archive())
    const listed = execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n')
    expect(listed).toEqual(['uploads/', 'uploads/a.webp', longName])
  })

  it('refuses a file that is not an archive, or one cut short', async () => {
    const notTar = Buffer.alloc(1024, 65)
    await expect(readTar(chunksOf(notTar, 512)).next()).rejects.toThrow(TarFormatError)
    const bytes = await archive()
    const cut = bytes.subarray(0, 2048)
    const reading = async () => {
      for await (const entry of readTar(chunksOf(cut, 512))) for await (const _ of entry.content);
    }
    await expect(reading()).rejects.toThrow(/ends/)
  })
})
