import { randomBytes } from 'node:crypto'
import { createWriteStream, existsSync } from 'node:fs'
import { lstat, mkdtemp, open, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import type { Config } from '../config.ts'
import { openDatabase } from '../db/client.ts'
import { DataDirInUseError, type DataDirLock, lockDataDir } from '../db/lock.ts'
import { NoControlSocketError, requestSnapshot, SNAPSHOT_PREFIX } from './control.ts'
import {
  appIdentity,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  knownMigrations,
  MANIFEST_NAME,
  type Manifest,
} from './manifest.ts'
import { BackupError, libpqTarget, runClientProgram } from './postgres.ts'
import { directoryEntry, END_OF_ARCHIVE, fileEntry } from './tar.ts'

// `npm run backup -- <file>`: one gzip-compressed tar holding, in this order,
//   manifest.json               what the backup holds and what made it
//   database/pglite/…           the embedded database's files, or
//   database/postgresql.dump    pg_dump's custom format of the server database
//   jwt-secret                  the generated token secret, when DATA_DIR holds one
//   uploads/…                   the uploaded images
// The database is copied first and the uploads second: an image is written (under a new random name, never
// changed or deleted afterwards) before the row that names it is committed, so every image the database copy
// names is already on disk when the uploads are read.

export interface BackupResult {
  file: string
  bytes: number
  kind: Manifest['database']['kind']
  uploads: number
  /** Whether a running server copied its embedded database for it, and how long its queries waited. */
  fromRunningServer: boolean
  pauseMs?: number
  seconds: number
}

export async function createBackup(config: Config, file: string): Promise<BackupResult> {
  const started = performance.now()
  const target = path.resolve(file)
  if (existsSync(target)) throw new BackupError(`${target} exists already; name a new file`)
  const dataDir = path.resolve(config.DATA_DIR)
  const kind = config.DATABASE_URL ? 'postgresql' : 'pglite'
  const partial = `${target}.partial`
  const cleanups: (() => Promise<void> | void)[] = []
  let lock: DataDirLock | undefined
  let fromRunningServer = false
  let pauseMs: number | undefined
  try {
    // 1. The database, as of now.
    let database: AsyncGenerator<Buffer>
    if (config.DATABASE_URL) {
      const work = await mkdtemp(path.join(path.dirname(target), '.store-backup-'))
      cleanups.push(() => rm(work, { recursive: true, force: true }))
      const dump = path.join(work, 'postgresql.dump')
      const { dbname, env } = libpqTarget(config.DATABASE_URL)
      // Uncompressed: the whole backup is compressed once, on its way to the file.
      await runClientProgram('pg_dump', ['--format=custom', '--compress=0', `--file=${dump}`, dbname], env)
      database = fileOf(dump, 'database/postgresql.dump')
    } else {
      const dbDir = path.join(dataDir, 'db')
      if (!existsSync(path.join(dbDir, 'PG_VERSION')))
        throw new BackupError(`${dbDir} holds no database: nothing to back up (is DATA_DIR right?)`)
      let copy: { path: string; pauseMs?: number }
      try {
        // No server runs on this folder: hold its lock until the backup is written, so none starts meanwhile
        // (a starting server clears copies like ours away), and make the copy the server would have made.
        lock = lockDataDir(dataDir)
      } catch (error) {
        if (!(error instanceof DataDirInUseError)) throw error
        const { holder } = error
        copy = await requestSnapshot(dataDir).catch((cause: unknown) => {
          if (cause instanceof NoControlSocketError)
            throw new BackupError(
              `The data folder ${dataDir} is in use by process ${holder.pid} (${holder.command}), which does ` +
                'not take backups: it may still be starting, or be a seed or a restore. Try again when the ' +
                'server is ready, or once that process has ended.',
            )
          throw cause
        })
        fromRunningServer = true
        pauseMs = copy.pauseMs
      }
      if (lock) {
        copy = { path: path.join(dataDir, `${SNAPSHOT_PREFIX}${randomBytes(8).toString('hex')}`) }
        // Opening it also recovers a database whose last process was killed.
        const opened = await openDatabase({ dataDir: dbDir })
        try {
          await opened.snapshot!(copy.path)
        } finally {
          await opened.close()
        }
      }
      const source = copy!.path
      cleanups.push(() => rm(source, { recursive: true, force: true }))
      database = treeOf(source, 'database/pglite')
    }

    // 2. What else the data folder holds.
    const uploadDir = path.join(dataDir, 'uploads')
    const uploads = existsSync(uploadDir) ? await listTree(uploadDir) : []
    const secretFile = path.join(dataDir, 'jwt-secret')
    const jwtSecret = existsSync(secretFile)

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      app: appIdentity(),
      database: { kind, lastMigration: knownMigrations().at(-1) ?? '' },
      uploads: uploads.filter((entry) => entry.type === 'file').length,
      jwtSecret,
    }

    async function* archive(): AsyncGenerator<Buffer> {
      const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)
      yield* fileEntry(MANIFEST_NAME, { data: text }, { size: text.length, mode: 0o644, mtime: new Date() })
      yield* database
      if (jwtSecret) yield* fileOf(secretFile, 'jwt-secret')
      for (const entry of uploads) yield* entryBytes(uploadDir, entry, 'uploads')
      yield END_OF_ARCHIVE
    }

    // 3. Written under another name and renamed once complete and on disk: a file with the backup's name is
    // always a whole backup.
    cleanups.push(() => rm(partial, { force: true }))
    await pipeline(
      Readable.from(archive()),
      createGzip({ level: 6 }),
      createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
    )
    const handle = await open(partial, 'r+')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(partial, target)
    const { size } = await stat(target)
    return {
      file: target,
      bytes: size,
      kind,
      uploads: manifest.uploads,
      fromRunningServer,
      ...(pauseMs === undefined ? {} : { pauseMs }),
      seconds: (performance.now() - started) / 1000,
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup()
    lock?.release()
  }
}

interface TreeEntry {
  /** Relative to the tree's root, slash-separated. */
  name: string
  type: 'file' | 'directory'
}

/** Every file and folder under `root`, parents before children; dot names (half-written uploads) left out. */
async function listTree(root: string, skipDotNames = true): Promise<TreeEntry[]> {
  const out: TreeEntry[] = []
  const walk = async (relative: string) => {
    const entries = await readdir(path.join(root, relative), { withFileTypes: true })
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const entry of entries) {
      if (skipDotNames && entry.name.startsWith('.')) continue
      const name = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.isDirectory()) {
        out.push({ name, type: 'directory' })
        await walk(name)
      } else if (entry.isFile()) out.push({ name, type: 'file' })
    }
  }
  await walk('')
  return out
}

async function* entryBytes(root: string, entry: TreeEntry, prefix: string): AsyncGenerator<Buffer> {
  const full = path.join(root, entry.name)
  const info = await lstat(full)
  if (entry.type === 'directory') yield* directoryEntry(`${prefix}/${entry.name}`, info.mode, info.mtime)
  else
    yield* fileEntry(
      `${prefix}/${entry.name}`,
      { path: full },
      { size: info.size, mode: info.mode, mtime: info.mtime },
    )
}

async function* treeOf(root: string, prefix: string): AsyncGenerator<Buffer> {
  // PostgreSQL's folder keeps every name: an empty pg_tblspc or pg_twophase must exist for it to start.
  for (const entry of await listTree(root, false)) yield* entryBytes(root, entry, prefix)
}

async function* fileOf(file: string, name: string): AsyncGenerator<Buffer> {
  const info = await stat(file)
  yield* fileEntry(name, { path: file }, { size: info.size, mode: info.mode, mtime: info.mtime })
}
