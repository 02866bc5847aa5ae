import { type AuthUser, isStaffRole, permissionsOf, type TokenPair } from '@store/contract'
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm'
import { type Db, preparedPerDb } from '../../db/client.ts'
import { refreshTokens, sessions, users } from '../../db/schema.ts'
import { ids } from '../../lib/ids.ts'
import { liveEvents } from '../../lib/live-events.ts'
import { nextVersion } from '../../lib/versions.ts'
import type { Services } from '../../types.ts'
import { issueTokens, newSessionId, revokeAll, spendRefreshToken } from './tokens.ts'

type UserRow = typeof users.$inferSelect
export type Account = Pick<
  UserRow,
  'id' | 'name' | 'email' | 'avatar' | 'role' | 'passwordHash' | 'active' | 'language' | 'totpSecret'
>

const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  avatar: users.avatar,
  role: users.role,
  passwordHash: users.passwordHash,
  active: users.active,
  language: users.language,
  totpSecret: users.totpSecret,
}

export const toAuthUser = (u: Account): AuthUser => ({
  name: u.name,
  email: u.email,
  avatar: u.avatar,
  role: u.role,
  permissions: [...permissionsOf(u.role)],
  twoFactor: u.totpSecret !== null,
  ...ids(u.id),
})

/** The account signing in with `email`, whatever its case. */
export async function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  const [account] = await db
    .select(accountColumns)
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  return account
}

export async function findAccount(db: Db, id: number): Promise<Account | undefined> {
  const [account] = await db.select(accountColumns).from(users).where(eq(users.id, id))
  return account
}

/** Where a session was opened from, as the sessions list shows it. */
export interface Device {
  ip: string | null
  userAgent: string | null
}

export const deviceOf = (request: { ip?: string; headers: Record<string, unknown> }): Device => {
  const agent = request.headers['user-agent']
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent.slice(0, 500) : null }
}

/**
 * Records the sign-in and opens a session with its first token pair, in one transaction of its own: a sign-in
 * call runs outside one, since its audit entry is written after it, also when it fails. The language the
 * sign-in asked for (`en` or `vi`) is kept for the emails the account gets.
 */
export const openSession = (
  db: Db,
  services: Services,
  account: Pick<Account, 'id' | 'role'>,
  device: Device,
  language?: string,
): Promise<TokenPair> =>
  db.transaction(async (tx) => {
    const now = services.now()
    const sessionId = newSessionId()
    await tx
      .update(users)
      .set({ lastLoginAt: now, ...(language && { language }) })
      .where(eq(users.id, account.id))
    await tx
      .insert(sessions)
      .values({ id: sessionId, userId: account.id, ...device, createdAt: now, lastUsedAt: now })
    return issueTokens(tx, services, account.id, account.role, sessionId)
  })

/** Ends the session a sign-out comes from; its refresh token is revoked by the caller. Its live stream closes. */
export async function endSession(db: Db, sessionId: string, now: Date) {
  const [ended] = await db
    .update(sessions)
    .set({ endedAt: now })
    .where(eq(sessions.id, sessionId))
    .returning({ userId: sessions.userId })
  if (ended) liveEvents.emit({ type: 'session.ended', data: { userId: String(ended.userId) } })
}

/** The account's sessions still open, the most recently used first: the signed-in devices list. */
export async function openSessions(db: Db, userId: number) {
  return await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt))
}

/**
 * Ends one open session of `userId` and revokes its refresh tokens (its live stream closes); answers the device it was, or undefined
 * when `userId` has no such open session (another account's included).
 */
export async function endOwnSession(
  db: Db,
  userId: number,
  sessionId: string,
  now: Date,
): Promise<Device | undefined> {
  const [ended] = await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id, ip: sessions.ip, userAgent: sessions.userAgent })
  if (!ended) return undefined
  liveEvents.emit({ type: 'session.ended', data: { userId: String(userId) } })
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.sessionId, ended.id), isNull(refreshTokens.revokedAt)))
  return { ip: ended.ip, userAgent: ended.userAgent }
}

/** The ids of the account's open sessions other than `keep`: what ending the other sessions will end. */
export async function otherOpenSessions(db: Db, userId: number, keep: string) {
  return await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), ne(sessions.id, keep)))
}

/**
 * Gives the account a new name, as its edit screen would: the version moves (CONTRACT 4.6). Answers the name
 * stored, or undefined when the account is gone.
 */
export async function renameAccount(db: Db, userId: number, name: string, now: Date) {
  const [after] = await db
    .update(users)
    .set({ name, version: nextVersion(users.version), updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ name: users.name })
  // The staff list shows the name: an account is a member of staff.
  if (after) liveEvents.emit({ type: 'staff.updated', data: { id: String(userId) } })
  return after
}

/** Stores a new password hash; which sessions and links it ends is the caller's to say. */
export async function setPasswordHash(db: Db, userId: number, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId))
}

/**
 * Spends a refresh token for a new pair in the same session; null when the token is unknown, expired or spent,
 * its session has ended, or its account is no longer an active member of staff.
 */
export const renewSession = (db: Db, services: Services, refreshToken: string): Promise<TokenPair | null> =>
  db.transaction(async (tx) => {
    const spent = await spendRefreshToken(tx, services, refreshToken)
    if (!spent) return null
    const [user] = await tx
      .select({ id: users.id, role: users.role, active: users.active })
      .from(users)
      .innerJoin(
        sessions,
        and(eq(sessions.userId, users.id), eq(sessions.id, spent.sessionId), isNull(sessions.endedAt)),
      )
      .where(eq(users.id, spent.userId))
    if (!user?.active || !isStaffRole(user.role)) return null
    await tx.update(sessions).set({ lastUsedAt: services.now() }).where(eq(sessions.id, spent.sessionId))
    return issueTokens(tx, services, user.id, user.role, spent.sessionId)
  })

/**
 * Sets a new password and ends every other session of the account; the caller's own session (`keep`) stays and
 * gets a new pair, and the refresh tokens it held before stop working: a password is changed when one may have
 * leaked, and a copy of the old refresh token must not outlive it. Runs in the caller's transaction.
 */
export async function replacePassword(
  db: Db,
  services: Services,
  account: Pick<Account, 'id' | 'role'>,
  passwordHash: string,
  keep: string,
) {
  await setPasswordHash(db, account.id, passwordHash, services.now())
  await revokeAll(db, services, account.id, keep)
  await db
    .update(refreshTokens)
    .set({ revokedAt: services.now() })
    .where(and(eq(refreshTokens.sessionId, keep), isNull(refreshTokens.revokedAt)))
  return issueTokens(db, services, account.id, account.role, keep)
}

/** How often a session's `last_used_at` is written: often enough for the sessions list, rarely enough to cost nothing. */
const TOUCH_EVERY_MS = 60_000

const signedInQuery = preparedPerDb((db) =>
  db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      active: users.active,
      endedAt: sessions.endedAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(users)
    .leftJoin(sessions, and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, users.id)))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('find_signed_in'),
)

/**
 * The account behind an access token, read together with its session in one query: undefined when the account
 * is gone, `ended` when the session was ended (signed out, ended from another device, a password change, the
 * account disabled). This is the revocation check of every request; it rides on the account lookup the request
 * needed anyway, so every process sees an ended session at once through the database, and no cache can be stale.
 */
export async function findSignedIn(db: Db, services: Services, userId: number, sessionId: string) {
  const [row] = await signedInQuery(db).execute({ userId, sessionId })
  if (!row) return undefined
  if (!row.lastUsedAt || row.endedAt) return 'ended' as const
  const now = services.now()
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId))
  }
  return row
}
