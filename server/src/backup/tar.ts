import { createReadStream } from 'node:fs'

// The POSIX tar format (ustar, with pax headers for what does not fit), enough of it to write a backup and
// read one back without holding a file in memory. `tar -tzvf backup.tar.gz` lists what this writes, and this
// reads what GNU or BSD tar write from the same entries.

const BLOCK = 512
const MAX_OCTAL_SIZE = 8 ** 11 - 1

export interface TarEntry {
  /** Slash-separated, relative, no `.` or `..` parts. */
  name: string
  type: 'file' | 'directory'
  size: number
  mode: number
  mtime: Date
}

/** The bytes of one entry: its header(s) and its content padded to whole blocks. */
export async function* fileEntry(
  name: string,
  source: { path: string } | { data: Buffer },
  stat: { size: number; mode: number; mtime: Date },
): AsyncGenerator<Buffer> {
  yield* headers({ name, type: 'file', size: stat.size, mode: stat.mode, mtime: stat.mtime })
  let written = 0
  if ('data' in source) {
    yield source.data
    written = source.data.length
  } else {
    for await (const chunk of createReadStream(source.path)) {
      const piece = chunk as Buffer
      // A file that grew after it was measured: the header promised `size` bytes, so that many are written.
      const room = stat.size - written
      if (room <= 0) break
      const kept = piece.length > room ? piece.subarray(0, room) : piece
      written += kept.length
      yield kept
    }
  }
  if (written < stat.size) throw new Error(`${name} shrank while it was being archived`)
  const pad = (BLOCK - (stat.size % BLOCK)) % BLOCK
  if (pad) yield Buffer.alloc(pad)
}

export function directoryEntry(name: string, mode: number, mtime: Date): Buffer[] {
  return headers({ name: name.endsWith('/') ? name : `${name}/`, type: 'directory', size: 0, mode, mtime })
}

/** Two zero blocks end an archive. */
export const END_OF_ARCHIVE = Buffer.alloc(BLOCK * 2)

function headers(entry: TarEntry): Buffer[] {
  const nameBytes = Buffer.byteLength(entry.name)
  const pax: string[] = []
  if (nameBytes > 100 || !/^[\x20-\x7e]*$/.test(entry.name)) pax.push(paxRecord('path', entry.name))
  if (entry.size > MAX_OCTAL_SIZE) pax.push(paxRecord('size', String(entry.size)))
  const out: Buffer[] = []
  if (pax.length) {
    const body = Buffer.from(pax.join(''))
    out.push(header({ name: 'PaxHeader', type: 'x', size: body.length, mode: 0o644, mtime: entry.mtime }))
    out.push(body, Buffer.alloc((BLOCK - (body.length % BLOCK)) % BLOCK))
  }
  out.push(
    header({
      name: nameBytes > 100 ? entry.name.slice(0, 100) : entry.name,
      type: entry.type === 'directory' ? '5' : '0',
      size: entry.size > MAX_OCTAL_SIZE ? 0 : entry.size,
      mode: entry.mode,
      mtime: entry.mtime,
    }),
  )
  return out
}

/** `"<length> <key>=<value>\n"`, where the length counts itself. */
function paxRecord(key: string, value: string): string {
  const rest = ` ${key}=${value}\n`
  let length = Buffer.byteLength(rest) + 1
  while (String(length).length + Buffer.byteLength(rest) > length) length++
  return `${length}${rest}`
}

function header(h: { name: string; type: string; size: number; mode: number; mtime: Date }): Buffer {
  const block = Buffer.alloc(BLOCK)
  block.write(h.name, 0, 100, 'utf8')
  octal(block, 100, 8, h.mode & 0o7777)
  octal(block, 108, 8, 0)
  octal(block, 116, 8, 0)
  octal(block, 124, 12, h.size)
  octal(block, 136, 12, Math.max(0, Math.floor(h.mtime.getTime() / 1000)))
  block.write(h.type, 156, 1, 'latin1')
  block.write('ustar\u000000', 257, 8, 'latin1')
  block.fill(0x20, 148, 156)
  let sum = 0
  for (const byte of block) sum += byte
  block.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'latin1')
  return block
}

function octal(block: Buffer, offset: number, length: number, value: number) {
  block.write(`${value.toString(8).padStart(length - 1, '0')}\u0000`, offset, length, 'latin1')
}

export class TarFormatError extends Error {}

/**
 * Reads the entries of a tar stream one at a time; each entry's `content` must be read to its end (or
 * left alone: what is left of it is skipped) before asking for the next entry.
 */
export async function* readTar(
  input: AsyncIterable<Buffer>,
): AsyncGenerator<TarEntry & { content: AsyncGenerator<Buffer> }> {
  const reader = new ByteReader(input)
  let pending: { path?: string; size?: number } = {}
  for (;;) {
    const block = await reader.take(BLOCK)
    if (!block) throw new TarFormatError('the archive ends before its end marker (a truncated file?)')
    if (block.every((b) => b === 0)) {
      // Whatever follows the end marker (more zero blocks, as tar programs pad to a record) is read and
      // dropped, so the stream underneath runs to its end and a checksum it carries (gzip's) is verified.
      while (await reader.takeSome(1 << 20)) {}
      return
    }
    verifyChecksum(block)
    const type = String.fromCharCode(block[156]!)
    let size = parseOctal(block, 124, 12)
    const padded = size + ((BLOCK - (size % BLOCK)) % BLOCK)
    if (type === 'x' || type === 'L') {
      const body = await reader.take(padded)
      if (!body) throw new TarFormatError('the archive ends inside a header')
      const text = body.subarray(0, size).toString('utf8')
      if (type === 'L') pending.path = text.replace(/\0+$/, '')
      else pending = { ...pending, ...parsePax(text) }
      continue
    }
    if (type === 'g') {
      if (!(await reader.skip(padded))) throw new TarFormatError('the archive ends inside a header')
      continue
    }
    const prefix = cString(block, 345, 155)
    let name = pending.path ?? (prefix ? `${prefix}/${cString(block, 0, 100)}` : cString(block, 0, 100))
    if (pending.size !== undefined) size = pending.size
    pending = {}
    const isFile = type === '0' || type === '\0' || type === '7'
    const isDirectory = type === '5'
    const dataLength = isFile ? size + ((BLOCK - (size % BLOCK)) % BLOCK) : type === '5' ? 0 : padded
    if (!isFile && !isDirectory) {
      // Links, devices and the like have no place in a backup: skipped.
      if (!(await reader.skip(dataLength))) throw new TarFormatError('the archive ends inside an entry')
      continue
    }
    name = name.replace(/\/+$/, '')
    let left = isFile ? size : 0
    const content = (async function* () {
      while (left > 0) {
        const chunk = await reader.takeSome(left)
        if (!chunk) throw new TarFormatError(`the archive ends inside ${name}`)
        left -= chunk.length
        yield chunk
      }
    })()
    yield {
      name,
      type: isFile ? 'file' : 'directory',
      size: isFile ? size : 0,
      mode: parseOctal(block, 100, 8),
      mtime: new Date(parseOctal(block, 136, 12) * 1000),
      content,
    }
    if (left > 0 && !(await reader.skip(left))) throw new TarFormatError(`the archive ends inside ${name}`)
    if (!(await reader.skip(dataLength - size))) throw new TarFormatError('the archive ends inside padding')
  }
}

function verifyChecksum(block: Buffer) {
  const stored = parseOctal(block, 148, 8)
  let sum = 0
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!
  if (sum !== stored)
    throw new TarFormatError('not a tar archive, or a damaged one (a header checksum is wrong)')
}

function parseOctal(block: Buffer, offset: number, length: number): number {
  const field = block.subarray(offset, offset + length)
  // GNU's base-256 form, for sizes beyond 8 GB.
  if (field[0]! & 0x80) {
    let value = field[0]! & 0x7f
    for (let i = 1; i < field.length; i++) value = value * 256 + field[i]!
    return value
  }
  const text = field
    .toString('latin1')
    .replace(/[\0 ]+$/, '')
    .trim()
  if (text === '') return 0
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError('not a tar archive (a header holds no number)')
  return Number.parseInt(text, 8)
}

function cString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length)
  const end = field.indexOf(0)
  return field.subarray(0, end === -1 ? length : end).toString('utf8')
}

function parsePax(text: string): { path?: string; size?: number } {
  const out: { path?: string; size?: number } = {}
  let rest = Buffer.from(text)
  while (rest.length > 0) {
    const space = rest.indexOf(0x20)
    const length = Number(rest.subarray(0, space).toString())
    if (space < 0 || !Number.isSafeInteger(length) || length <= space) break
    const record = rest.subarray(space + 1, length - 1).toString('utf8')
    rest = rest.subarray(length)
    const eq = record.indexOf('=')
    const key = record.slice(0, eq)
    const value = record.slice(eq + 1)
    if (key === 'path') out.path = value
    if (key === 'size') out.size = Number(value)
  }
  return out
}

/** Pulls exact byte counts out of a stream of chunks of any size. */
class ByteReader {
  private iterator: AsyncIterator<Buffer>
  private buffered: Buffer[] = []
  private length = 0
  private done = false

  constructor(input: AsyncIterable<Buffer>) {
    this.iterator = input[Symbol.asyncIterator]()
  }

  private async fill(n: number): Promise<boolean> {
    while (this.length < n && !this.done) {
      const next = await this.iterator.next()
      if (next.done) this.done = true
      else if (next.value.length) {
        this.buffered.push(next.value)
        this.length += next.value.length
      }
    }
    return this.length >= n
  }

  /** Exactly `n` bytes, or undefined at the end of the stream. */
  async take(n: number): Promise<Buffer | undefined> {
    if (n === 0) return Buffer.alloc(0)
    if (!(await this.fill(n))) return undefined
    const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered)
    this.buffered = all.length > n ? [all.subarray(n)] : []
    this.length -= n
    return all.subarray(0, n)
  }

  /** Between 1 and `max` bytes, or undefined at the end of the stream. */
  async takeSome(max: number): Promise<Buffer | undefined> {
    if (!(await this.fill(1))) return undefined
    const first = this.buffered[0]!
    if (first.length <= max) {
      this.buffered.shift()
      this.length -= first.length
      return first
    }
    this.buffered[0] = first.subarray(max)
    this.length -= max
    return first.subarray(0, max)
  }

  async skip(n: number): Promise<boolean> {
    let left = n
    while (left > 0) {
      const chunk = await this.takeSome(left)
      if (!chunk) return false
      left -= chunk.length
    }
    return true
  }
}
