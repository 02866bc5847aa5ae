import { createHash, randomBytes } from 'node:crypto'
import type { TokenPair } from '@store/contract'
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import { jwtVerify, SignJWT } from 'jose'
import type { Db } from '../../db/client.ts'
import { refreshTokens, sessions } from '../../db/schema.ts'
import type { Services } from '../../types.ts'

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** A signed access token for `userId` in session `sessionId` (the `sid` claim the auth hook checks). */
export async function signAccessToken(services: Services, userId: number, role: string, sessionId: string) {
  const issuedAt = services.now()
  const expires = new Date(issuedAt.getTime() + services.config.ACCESS_TOKEN_MINUTES * 60_000)
  const token = await new SignJWT({ role, sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(expires.getTime() / 1000))
    .sign(services.jwtSecret)
  return { token, expires: expires.toISOString() }
}

/** Who an access token speaks for: the account and the session it was issued to. */
export interface AccessClaims {
  userId: number
  sessionId: string
}

/**
 * The account and session of a valid, unexpired access token; null for anything else. Beyond the signature, a
 * token must say who it is for (`sub`), in which session (`sid`), when it was issued (`iat`, not in the future)
 * and when it ends (`exp`), and be no older than an access token lives: a token made with the real key but
 * without `exp`, or with an `exp` years away, is refused all the same. Only HS256 is accepted, whatever the
 * token's header asks for. No clock tolerance: `iat` is whole seconds rounded down, which already absorbs the
 * sub-second drift between the servers of a scale-out.
 */
export async function readAccessToken(services: Services, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, services.jwtSecret, {
      algorithms: ['HS256'],
      currentDate: services.now(),
      requiredClaims: ['sub', 'iat', 'exp', 'sid'],
      maxTokenAge: services.config.ACCESS_TOKEN_MINUTES * 60,
    })
    if (typeof payload.sub !== 'string' || !/^[1-9]\d{0,15}$/.test(payload.sub)) return null
    if (typeof payload.sid !== 'string' || !SESSION_ID.test(payload.sid)) return null
    const id = Number(payload.sub)
    return Number.isSafeInteger(id) && id > 0 ? { userId: id, sessionId: payload.sid } : null
  } catch {
    return null
  }
}

/** 128 random bits, base64url. */
export const SESSION_ID = /^[A-Za-z0-9_-]{22}$/
export const newSessionId = () => randomBytes(16).toString('base64url')

/** A new refresh token: 256 random bits handed out once, kept only as a hash. */
async function createRefreshToken(db: Db, services: Services, userId: number, sessionId: string) {
  const token = randomBytes(32).toString('base64url')
  const expires = new Date(services.now().getTime() + services.config.REFRESH_TOKEN_DAYS * 86_400_000)
  await db.insert(refreshTokens).values({ userId, sessionId, tokenHash: sha256(token), expiresAt: expires })
  return { token, expires: expires.toISOString() }
}

/** A new token pair for a session. */
export async function issueTokens(
  db: Db,
  services: Services,
  userId: number,
  role: string,
  sessionId: string,
): Promise<TokenPair> {
  const [access, refresh] = await Promise.all([
    signAccessToken(services, userId, role, sessionId),
    createRefreshToken(db, services, userId, sessionId),
  ])
  return { access, refresh }
}

/**
 * Spends a refresh token: revokes it and returns its owner, or null when it is unknown, expired or spent.
 * A spent token of a live session shown again means it was copied: every session of its owner is revoked. A
 * token whose session has ended (signed out, ended from another device, a password change) is only refused:
 * the device that held it has not heard yet, and taking that for theft would end the very session that ended it.
 */
export async function spendRefreshToken(
  db: Db,
  services: Services,
  token: string,
): Promise<{ userId: number; sessionId: string } | null> {
  const now = services.now()
  const hash = sha256(token)
  const [spent] = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.revokedAt)))
    .returning({
      userId: refreshTokens.userId,
      sessionId: refreshTokens.sessionId,
      expiresAt: refreshTokens.expiresAt,
    })
  if (spent) return spent.expiresAt > now ? { userId: spent.userId, sessionId: spent.sessionId } : null
  const [reused] = await db
    .select({ userId: refreshTokens.userId })
    .from(refreshTokens)
    .innerJoin(sessions, and(eq(sessions.id, refreshTokens.sessionId), isNull(sessions.endedAt)))
    .where(eq(refreshTokens.tokenHash, hash))
  if (reused) await revokeAll(db, services, reused.userId)
  return null
}

/** Revokes one refresh token of `userId`; true when it was live. (Signing out ends its session: sessions.ts.) */
export async function revokeRefreshToken(db: Db, services: Services, userId: number, token: string) {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: services.now() })
    .where(
      and(
        eq(refreshTokens.tokenHash, sha256(token)),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ id: refreshTokens.id })
  return revoked.length > 0
}

/**
 * Ends every session of `userId` but `keep` (the caller's own, when it stays signed in): their refresh tokens
 * stop working and their access tokens are refused from the next request on.
 */
export async function revokeAll(db: Db, services: Services, userId: number, keep?: string) {
  const now = services.now()
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.endedAt), keep ? ne(sessions.id, keep) : undefined),
    )
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keep ? ne(refreshTokens.sessionId, keep) : undefined,
      ),
    )
  // Keep the table small: spent tokens older than their lifetime serve no reuse check any more.
  await db.execute(
    sql`delete from refresh_tokens where user_id = ${userId} and expires_at < ${services.now()}::timestamptz - interval '1 day'`,
  )
}
