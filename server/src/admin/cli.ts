import path from 'node:path'
import { parseArgs } from 'node:util'
import { resolveJwtSecret } from '../bootstrap.ts'
import { ConfigError, loadConfig } from '../config.ts'
import { migrate, openDatabase } from '../db/client.ts'
import { DataDirInUseError, lockDataDir } from '../db/lock.ts'
import { inProcessBus } from '../lib/event-bus.ts'
import { openFileStore } from '../modules/files/stores.ts'
import type { Services } from '../types.ts'
import { AdminCommandError, createStaffAccount, resetTwoFactor } from './commands.ts'

// `npm run admin -- reset-2fa <email>` and `npm run admin -- create <email> --role admin`: recovery when nobody
// can sign in to do it through the back-office (docs/operations.md, "Lost two-step access"). The settings are
// the server's (DATABASE_URL, DATA_DIR, PUBLIC_URL); with the embedded database, stop the server first: the data
// folder's lock refuses a second process.

const HELP = `Recovery commands for the store's staff accounts.

  npm run admin -- reset-2fa <email>
      Turn two-step sign-in off for a member who lost their authenticator app and recovery codes: their
      recovery codes are deleted and every session of theirs ends. They sign in with their password alone.

  npm run admin -- create <email> --role admin|staff [--name "Full name"]
      Add a member of staff without a password and print a one-time link (valid 72 hours) with which they
      choose one. The email must not belong to any account yet.

  --help   this text

The settings are the server's: DATABASE_URL, else the embedded database in DATA_DIR (default ./data; stop the
server first), and PUBLIC_URL for the link. Each command is recorded in the audit log.
`

class UsageError extends Error {}

/** The store's services for a command: the server's database and settings, the real clock. */
async function openStore<T>(work: (services: Services) => Promise<T>): Promise<T> {
  const config = loadConfig()
  // The embedded database is one process's at a time; a running server is named (DataDirInUseError).
  const lock = config.DATABASE_URL ? undefined : lockDataDir(config.DATA_DIR)
  try {
    const database = await openDatabase({
      url: config.DATABASE_URL,
      dataDir: path.resolve(config.DATA_DIR, 'db'),
      poolSize: 2,
    })
    try {
      await migrate(database)
      return await work({
        config,
        db: database.db,
        database,
        jwtSecret: resolveJwtSecret(config),
        now: () => new Date(),
        uploadDir: path.resolve(config.DATA_DIR, 'uploads'),
        files: await openFileStore(config.STORAGE_URL, path.resolve(config.DATA_DIR, 'uploads')),
        // A command serves no stream. The sessions it ends close their servers' streams at the next heartbeat.
        events: inProcessBus((error) => console.error(error.message)),
      })
    } finally {
      await database.close()
    }
  } finally {
    lock?.release()
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    options: {
      role: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  })
  if (values.help) {
    process.stdout.write(HELP)
    return
  }
  const [command, email, ...rest] = positionals
  if (rest.length > 0) throw new UsageError(`Unexpected: ${rest.join(' ')}`)
  if (command === 'reset-2fa') {
    if (!email) throw new UsageError('Name the email of the account: npm run admin -- reset-2fa <email>')
    if (values.role !== undefined || values.name !== undefined)
      throw new UsageError('reset-2fa takes no --role or --name')
    const done = await openStore((services) => resetTwoFactor(services, email))
    console.log(
      `${done.wasOn ? 'Two-step sign-in is now off' : 'Two-step sign-in was already off'} for ${done.name} ` +
        `<${done.email}>; their recovery codes are deleted and every session of theirs has ended. They sign in ` +
        'with their password alone and can turn two-step sign-in on again in the Setting dialog.',
    )
    return
  }
  if (command === 'create') {
    if (!email)
      throw new UsageError('Name the email of the new account: npm run admin -- create <email> --role admin')
    if (values.role === undefined) throw new UsageError('Give the role: --role admin or --role staff')
    const created = await openStore((services) =>
      createStaffAccount(services, { email, role: values.role!, name: values.name }),
    )
    console.log(
      `Created the ${created.member.role} account of ${created.member.name} <${created.member.email}>. Give them ` +
        `this link to choose a password; it works once, until ${created.expiresAt.toISOString()} (72 hours):\n` +
        `${created.link}`,
    )
    return
  }
  throw new UsageError(command ? `Unknown command: ${command}` : 'Name a command.')
}

main().catch((error) => {
  if (error instanceof UsageError || (error instanceof TypeError && 'code' in error)) {
    console.error(`${error.message}\n\n${HELP}`)
  } else if (error instanceof ConfigError) {
    console.error(error.message)
  } else if (error instanceof AdminCommandError || error instanceof DataDirInUseError) {
    console.error(`Failed: ${error.message}`)
  } else {
    console.error('Failed:', error instanceof Error ? (error.stack ?? error.message) : error)
  }
  process.exit(1)
})
