import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync, readdirSync } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { sql } from 'drizzle-orm'
import type { Config } from '../config.ts'
import { openDatabase, rows } from '../db/client.ts'
import { type DataDirLock, lockDataDir } from '../db/lock.ts'
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  knownMigrations,
  MANIFEST_NAME,
  type Manifest,
  manifestSchema,
} from './manifest.ts'
import { BackupError, libpqTarget, runClientProgram, userRelations } from './postgres.ts'
import { readTar, TarFormatError } from './tar.ts'

// `npm run restore -- <file>`: a backup of `npm run backup` into an empty DATA_DIR (and, for a backup of a
// server database, into the empty database DATABASE_URL names). Nothing that exists is ever overwritten, so a
// mistaken restore cannot destroy a store; a restore that fails removes what it wrote.

export interface RestoreResult {
  dataDir: string
  manifest: Manifest
  uploads: number
  seconds: number
}

export async function restoreBackup(config: Config, file: string): Promise<RestoreResult> {
  const started = performance.now()
  const source = path.resolve(file)
  if (!existsSync(source)) throw new BackupError(`${source} does not exist`)
  const dataDir = path.resolve(config.DATA_DIR)

  const input = createReadStream(source)
  const gunzip = createGunzip()
  const flowing = pipeline(input, gunzip).catch(() => {
    // Surfaces through the iteration below, which reads from `gunzip`.
  })
  const entries = readTar(gunzip)
  let lock: DataDirLock | undefined
  let createdDataDir = false
  try {
    const manifest = await readManifest(entries, source)
    if (manifest.database.kind === 'pglite' && config.DATABASE_URL)
      throw new BackupError(
        'This backup holds an embedded database; unset DATABASE_URL to restore it into DATA_DIR/db.',
      )
    if (manifest.database.kind === 'postgresql' && !config.DATABASE_URL)
      throw new BackupError(
        'This backup holds a PostgreSQL server database; set DATABASE_URL to a new, empty database to restore it into.',
      )
    const present = existsSync(dataDir) ? readdirSync(dataDir) : []
    if (present.length > 0)
      throw new BackupError(
        `DATA_DIR ${dataDir} is not empty (it holds ${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}). ` +
          'A backup is restored only into an empty folder, so nothing in it is overwritten: set DATA_DIR to a ' +
          'new folder, or move this one away.',
      )
    if (config.DATABASE_URL) {
      const found = await userRelations(config.DATABASE_URL)
      if (found.length > 0)
        throw new BackupError(
          `The database of DATABASE_URL is not empty (it holds ${found.join(', ')}…). Restore into a new, ` +
            'empty database (createdb), so nothing in it is overwritten.',
        )
    }

    createdDataDir = !existsSync(dataDir)
    lock = lockDataDir(dataDir)
    const work = path.join(dataDir, `.restore-${randomBytes(6).toString('hex')}`)
    let dump: string | undefined
    let uploads = 0
    for await (const entry of entries) {
      const name = safeName(entry.name)
      let destination: string | undefined
      let mode = entry.type === 'directory' ? 0o755 : 0o644
      if (manifest.database.kind === 'pglite' && name.startsWith('database/pglite/')) {
        destination = path.join(dataDir, 'db', name.slice('database/pglite/'.length))
        mode = entry.type === 'directory' ? 0o700 : 0o600
      } else if (manifest.database.kind === 'postgresql' && name === 'database/postgresql.dump') {
        await mkdir(work, { mode: 0o700 })
        destination = dump = path.join(work, 'postgresql.dump')
        mode = 0o600
      } else if (name === 'jwt-secret') {
        destination = path.join(dataDir, 'jwt-secret')
        mode = 0o600
      } else if (name.startsWith('uploads/')) {
        destination = path.join(dataDir, name)
        if (entry.type === 'file') uploads++
      }
      // Anything else is not part of this format version: left out.
      if (!destination) continue
      if (entry.type === 'directory') await mkdir(destination, { recursive: true, mode })
      else {
        await mkdir(path.dirname(destination), { recursive: true })
        await pipeline(Readable.from(entry.content), createWriteStream(destination, { flags: 'wx', mode }))
      }
    }
    await flowing

    if (uploads !== manifest.uploads)
      throw new BackupError(
        `the backup is incomplete: ${uploads} of its ${manifest.uploads} uploaded files are in it`,
      )
    if (manifest.database.kind === 'postgresql') {
      if (!dump) throw new BackupError('the backup is incomplete: it holds no database dump')
      const { dbname, env } = libpqTarget(config.DATABASE_URL!)
      // One transaction: a restore that fails leaves the database as empty as it found it.
      await runClientProgram(
        'pg_restore',
        [
          '--exit-on-error',
          '--single-transaction',
          '--no-owner',
          '--no-privileges',
          `--dbname=${dbname}`,
          dump,
        ],
        env,
      )
      await rm(work, { recursive: true, force: true })
    } else {
      if (!existsSync(path.join(dataDir, 'db', 'PG_VERSION')))
        throw new BackupError('the backup is incomplete: it holds no database files')
      // Opening the database replays its write-ahead log, as after a crash, and proves it usable.
      const database = await openDatabase({ dataDir: path.join(dataDir, 'db') })
      try {
        await rows(database.db, sql`select count(*)::int as n from users`)
      } finally {
        await database.close()
      }
    }
    lock.release()
    lock = undefined
    return { dataDir, manifest, uploads, seconds: (performance.now() - started) / 1000 }
  } catch (error) {
    input.destroy()
    gunzip.destroy()
    // The folder was empty (or missing) when the restore began: nothing in it now is anybody else's.
    if (lock) {
      lock.release()
      if (createdDataDir) await rm(dataDir, { recursive: true, force: true })
      else
        for (const entry of readdirSync(dataDir))
          await rm(path.join(dataDir, entry), { recursive: true, force: true })
    }
    if (error instanceof TarFormatError || isZlibError(error))
      throw new BackupError(
        `${source} is not a backup made by npm run backup, or is damaged: ${(error as Error).message}`,
      )
    throw error
  }
}

async function readManifest(
  entries: AsyncGenerator<{ name: string; size: number; content: AsyncGenerator<Buffer> }>,
  source: string,
): Promise<Manifest> {
  const first = await entries.next()
  if (first.done || first.value.name !== MANIFEST_NAME || first.value.size > 64 * 1024)
    throw new BackupError(
      `${source} is not a backup made by npm run backup: it does not begin with ${MANIFEST_NAME}`,
    )
  const chunks: Buffer[] = []
  for await (const chunk of first.value.content) chunks.push(chunk)
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new BackupError(`${source} has a damaged ${MANIFEST_NAME}`)
  }
  const head = parsed as { format?: unknown; version?: unknown }
  if (head?.format !== BACKUP_FORMAT)
    throw new BackupError(`${source} is not a backup made by npm run backup`)
  if (typeof head.version === 'number' && head.version > BACKUP_FORMAT_VERSION)
    throw new BackupError(
      `${source} was made by a newer version of the store (backup format ${head.version}; this one reads ` +
        `${BACKUP_FORMAT_VERSION}). Restore it with that version.`,
    )
  const manifest = manifestSchema.safeParse(parsed)
  if (!manifest.success) throw new BackupError(`${source} has a damaged ${MANIFEST_NAME}`)
  if (!knownMigrations().includes(manifest.data.database.lastMigration))
    throw new BackupError(
      `${source} was made by a newer version of the store (${manifest.data.app.version}, whose database has ` +
        `migration ${manifest.data.database.lastMigration} that this code does not know). Restore it with that version.`,
    )
  return manifest.data
}

/** An entry's name as a relative path that stays inside the folder it is restored into. */
function safeName(name: string): string {
  const parts = name.split('/')
  if (
    name.startsWith('/') ||
    parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\'))
  )
    throw new BackupError(`the backup holds a file named ${JSON.stringify(name)}, which is not allowed`)
  return name
}

function isZlibError(error: unknown): boolean {
  return (
    error instanceof Error &&
    typeof (error as NodeJS.ErrnoException).code === 'string' &&
    (error as NodeJS.ErrnoException).code!.startsWith('Z_')
  )
}
