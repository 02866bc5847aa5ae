import { randomBytes, randomInt } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.ts'
import type { Db } from './db/client.ts'
import { users } from './db/schema.ts'
import type { LogFormat } from './logging.ts'
import { hashPassword } from './modules/auth/passwords.ts'

/** `JWT_SECRET`, or a secret made once and kept in `DATA_DIR` so tokens survive a restart. */
export function resolveJwtSecret(config: Config): Uint8Array {
  if (config.JWT_SECRET) return new TextEncoder().encode(config.JWT_SECRET)
  const file = path.resolve(config.DATA_DIR, 'jwt-secret')
  if (!existsSync(file)) {
    mkdirSync(config.DATA_DIR, { recursive: true })
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 })
    chmodSync(file, 0o600)
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim())
}

/** A password that passes the rules it will meet: 12 letters and digits, at least one digit. */
export function randomPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const chars = Array.from({ length: 11 }, () => alphabet[randomInt(alphabet.length)])
  chars.splice(randomInt(12), 0, String(randomInt(2, 10)))
  return chars.join('')
}

/**
 * On a store with no administrator, creates one from `ADMIN_EMAIL` and `ADMIN_PASSWORD` (or a random one, logged
 * once). `format` is the log's: on a terminal the generated password gets a box of its own, so it is not lost
 * among the lines around it; a JSON log keeps it on one line that tools can match.
 */
export async function ensureAdmin(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  format: LogFormat = 'json',
): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1)
  if (existing) return
  const [sameEmail] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${config.ADMIN_EMAIL.toLowerCase()}`)
  if (sameEmail) {
    log.error(
      `No administrator exists and ${config.ADMIN_EMAIL} belongs to a customer; set ADMIN_EMAIL to another address`,
    )
    return
  }
  const password = config.ADMIN_PASSWORD ?? randomPassword()
  await db.insert(users).values({
    name: 'Administrator',
    email: config.ADMIN_EMAIL,
    passwordHash: await hashPassword(password),
    role: 'admin',
    isEmailVerified: true,
  })
  if (config.ADMIN_PASSWORD)
    log.info(`Administrator account created: ${config.ADMIN_EMAIL} with ADMIN_PASSWORD`)
  else if (format === 'pretty')
    log.warn(
      `Administrator account created (shown only this once):\n${boxed([
        `email     ${config.ADMIN_EMAIL}`,
        `password   ${password}`,
      ])}`,
    )
  else log.warn(`Administrator account created: ${config.ADMIN_EMAIL} / ${password} (shown only this once)`)
}

/** `lines` framed, with a blank line either side: what a person must not miss in a scrolling log. */
function boxed(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length))
  const rule = '─'.repeat(width + 4)
  return ['', `  ┌${rule}┐`, ...lines.map((line) => `  │  ${line.padEnd(width)}  │`), `  └${rule}┘`, ''].join(
    '\n',
  )
}
