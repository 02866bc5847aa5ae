import { spawn } from 'node:child_process'
import pg from 'pg'

// A server database is backed up and restored by PostgreSQL's own programs: pg_dump takes its snapshot in one
// repeatable-read transaction, so the dump holds exactly the transactions committed before it began, while the
// store keeps running; pg_restore loads it in one transaction.

export class BackupError extends Error {}

/**
 * The libpq connection string without its password, which goes into PGPASSWORD instead: a command line can be
 * read by every user of the machine (`ps`), the environment of a process only by its owner.
 */
export function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} }
}

/** Runs one of PostgreSQL's client programs; fails with its own words on stderr. */
export async function runClientProgram(
  program: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const child = spawn(program, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < 20_000) stderr += chunk
  })
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT')
        reject(
          new BackupError(
            `${program} was not found on the PATH. Install PostgreSQL's client programs in a version no older ` +
              `than the server's (Debian and Ubuntu: apt install postgresql-client).`,
          ),
        )
      else reject(error)
    })
    child.once('close', resolve)
  })
  if (code !== 0) throw new BackupError(`${program} failed (exit code ${code}): ${stderr.trim()}`)
}

/** Tables, views or sequences outside PostgreSQL's own schemas: a database holding any is not empty. */
export async function userRelations(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const result = await client.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
          and n.nspname not in ('pg_catalog', 'information_schema')
          and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
        order by 1 limit 5`,
    )
    return result.rows.map((row) => row.name)
  } finally {
    await client.end()
  }
}
