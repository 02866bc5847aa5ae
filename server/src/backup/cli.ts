import path from 'node:path'
import { ConfigError, loadConfig } from '../config.ts'
import { DataDirInUseError } from '../db/lock.ts'
import { createBackup } from './backup.ts'
import { BackupError } from './postgres.ts'
import { restoreBackup } from './restore.ts'

// `npm run backup -- <file>` and `npm run restore -- <file>`, with the server's settings (DATA_DIR,
// DATABASE_URL). See docs/operations.md, "Backups".

const HELP = `npm run backup -- <file>    write a backup of the store (database, uploaded images, token secret)
npm run restore -- <file>   restore one into an empty DATA_DIR (and, with DATABASE_URL, an empty database)

The settings are the server's: DATA_DIR (default ./data) and DATABASE_URL. A backup can be taken while the
server runs. The file is a gzip-compressed tar; a backup never overwrites an existing file.
`

const n = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })
const megabytes = (bytes: number) => `${n.format(bytes / 1024 / 1024)} MB`

async function main() {
  const [command, file, ...rest] = process.argv.slice(2)
  if (command === '--help' || file === '--help' || file === '-h') {
    process.stdout.write(HELP)
    return
  }
  if ((command !== 'backup' && command !== 'restore') || !file || rest.length > 0) {
    process.stderr.write(`Name one file.\n\n${HELP}`)
    process.exit(2)
  }
  const config = loadConfig()
  // npm runs a script from the project's folder; a relative file name means the folder it was typed in.
  const where = path.resolve(process.env.INIT_CWD ?? process.cwd(), file)
  // Ctrl-C: leave through process.exit, so the data folder's lock and half-written files are cleaned up.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130))

  if (command === 'backup') {
    const result = await createBackup(config, where)
    const source =
      result.kind === 'postgresql'
        ? 'PostgreSQL database (pg_dump)'
        : result.fromRunningServer
          ? `embedded database, copied by the running server (its queries waited ${result.pauseMs} ms)`
          : 'embedded database'
    console.log(
      `Backup written to ${result.file}: ${megabytes(result.bytes)}, ${source}, ${result.uploads} uploaded ` +
        `files, in ${n.format(result.seconds)} s`,
    )
  } else {
    const result = await restoreBackup(config, where)
    const m = result.manifest
    console.log(
      `Restored the backup of ${m.createdAt} (${m.database.kind === 'pglite' ? 'embedded database' : 'PostgreSQL database'}, ` +
        `${result.uploads} uploaded files) into ${result.dataDir} in ${n.format(result.seconds)} s. Start the server with npm start.`,
    )
  }
}

main().catch((error) => {
  const what = process.argv[2] === 'restore' ? 'Restore' : 'Backup'
  if (error instanceof ConfigError) console.error(error.message)
  // Refusals and the system's own errors (a full disk, a folder not writable) speak for themselves; anything
  // else is a fault of this program, shown with where it happened.
  else if (
    error instanceof BackupError ||
    error instanceof DataDirInUseError ||
    (error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string')
  )
    console.error(`${what} failed: ${error.message}`)
  else console.error(`${what} failed:`, error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
