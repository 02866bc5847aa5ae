import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { ROOT_DIR } from '../paths.ts'

// The first entry of every backup: what it holds and what made it, read before anything is restored.

export const MANIFEST_NAME = 'manifest.json'
export const BACKUP_FORMAT = 'store-backup'
/** Raised when a backup's layout changes in a way older code cannot restore. */
export const BACKUP_FORMAT_VERSION = 1

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().min(1),
  createdAt: z.string(),
  app: z.object({ name: z.string(), version: z.string() }),
  database: z.object({
    /** `pglite`: the embedded database's files under `database/pglite/`; `postgresql`: `database/postgresql.dump`. */
    kind: z.enum(['pglite', 'postgresql']),
    /** The last migration the code that made the backup knows; restoring needs code that knows it too. */
    lastMigration: z.string(),
  }),
  uploads: z.number().int().min(0),
  jwtSecret: z.boolean(),
})
export type Manifest = z.infer<typeof manifestSchema>

const root = (file: string) => path.join(ROOT_DIR, file)

export function appIdentity(): Manifest['app'] {
  const pkg = JSON.parse(readFileSync(root('package.json'), 'utf8')) as { name: string; version: string }
  return { name: pkg.name, version: pkg.version }
}

/** The migrations this code knows, oldest first. */
export function knownMigrations(): string[] {
  const journal = JSON.parse(readFileSync(root('server/drizzle/meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[]
  }
  return journal.entries.map((entry) => entry.tag)
}
