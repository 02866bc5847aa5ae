import { randomBytes, randomInt } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.ts'
import type { Db } from './db/client.ts'
import { users } from './db/schema.ts'
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

/** On a store with no administrator, creates one from `ADMIN_EMAIL` and `ADMIN_PASSWORD` (or a random one, logged once). */
export async function ensureAdmin(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
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
  else log.warn(`Administrator account created: ${config.ADMIN_EMAIL} / ${password} (shown only this once)`)
}
