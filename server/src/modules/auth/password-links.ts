import { createHash, randomBytes } from 'node:crypto'
import { STAFF_ROLES } from '@store/contract'
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import { type Db, rows } from '../../db/client.ts'
import { passwordTokens, users } from '../../db/schema.ts'
import type { PasswordLinkKind } from '../../mail/messages.ts'

/** How long each kind of link works (CONTRACT 4.2, 4.3). */
export const LINK_MINUTES: Record<PasswordLinkKind, number> = {
  setup: 72 * 60,
  adminReset: 24 * 60,
  forgot: 30,
}

const PURPOSE: Record<PasswordLinkKind, 'setup' | 'reset'> = {
  setup: 'setup',
  adminReset: 'reset',
  forgot: 'reset',
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** A link's token: 256 random bits, base64url, handed out once. Only its hash is ever stored. */
export function newLinkToken() {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: sha256(token) }
}

/** Tokens are base64url of 32 bytes; anything else cannot be one and is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** Stores a new link of `kind` for the account, in the caller's transaction; only the caller gets the token. */
export async function makePasswordLink(db: Db, userId: number, kind: PasswordLinkKind, now: Date) {
  const { token, hash } = newLinkToken()
  const expiresAt = new Date(now.getTime() + LINK_MINUTES[kind] * 60_000)
  await db
    .insert(passwordTokens)
    .values({ userId, tokenHash: hash, purpose: PURPOSE[kind], expiresAt, createdAt: now })
  return { token, expiresAt }
}

/**
 * The forgot-password link, made in one statement whatever the email: the account is looked up and the token
 * stored only when it is an active member of staff (and `store` says a mail can carry it). Every request does
 * the same work, so how long it takes does not tell whether the account exists. Answers the account the link
 * was made for, if any.
 */
export async function makeForgotLink(db: Db, email: string, hash: string, now: Date, store: boolean) {
  const expiresAt = new Date(now.getTime() + LINK_MINUTES.forgot * 60_000)
  const [made] = await rows<{ user_id: string | number }>(
    db,
    sql`
    insert into ${passwordTokens} (user_id, token_hash, purpose, expires_at, created_at)
    select ${users.id}, ${hash}, 'reset', ${expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from ${users}
    where lower(${users.email}) = ${email.toLowerCase()} and ${users.role} in ('admin', 'staff') and ${users.active} and ${store}::boolean
    returning user_id`,
  )
  return made ? { userId: Number(made.user_id), expiresAt } : null
}

/**
 * Spends a link's token: the account it was made for, when the token is known, unused and unexpired; null for
 * anything else. The token is marked used in the same statement that checks it, so two requests with one link
 * cannot both pass. In the caller's transaction: a refusal further on gives the token back.
 */
export async function spendPasswordToken(db: Db, token: string, now: Date): Promise<number | null> {
  if (!TOKEN.test(token)) return null
  const [spent] = await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordTokens.tokenHash, sha256(token)),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordTokens.userId })
  return spent?.userId ?? null
}

/**
 * What a link's token is for and until when, when it would set a password now: known, unused, unexpired, and
 * made for an active member of staff (the reset refuses anything else). Null for anything else. Reads only:
 * the link stays as it was, to be spent by the reset.
 */
export async function passwordLinkState(db: Db, token: string, now: Date) {
  if (!TOKEN.test(token)) return null
  const [link] = await db
    .select({ purpose: passwordTokens.purpose, expiresAt: passwordTokens.expiresAt })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(
      and(
        eq(passwordTokens.tokenHash, sha256(token)),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now),
        inArray(users.role, [...STAFF_ROLES]),
        eq(users.active, true),
      ),
    )
  return link ?? null
}

/** Marks every unused link of the accounts used: a password chosen or an account disabled ends them all. */
export async function endPasswordLinks(db: Db, userIds: number[], now: Date) {
  if (userIds.length === 0) return
  await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(inArray(passwordTokens.userId, userIds), isNull(passwordTokens.usedAt)))
}
