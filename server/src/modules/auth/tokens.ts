import { createHash, randomBytes, webcrypto } from 'node:crypto'
import type { TokenPair } from '@store/contract'
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import { jwtVerify, SignJWT } from 'jose'
import type { Db } from '../../db/client.ts'
import { refreshTokens, sessions } from '../../db/schema.ts'
import { liveEvents } from '../../lib/live-events.ts'
import type { Services } from '../../types.ts'

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

const verifyKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>()

/**
 * The HMAC key access tokens are checked with, imported once per secret: given the raw secret, jose imports it
 * again on every call, which made up more than half of a token check (about 290 µs against 120 µs here).
 */
function verifyKeyOf(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = verifyKeys.get(secret)
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])
    verifyKeys.set(secret, key)
  }
  return key
}

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
  const now = services.now()
  const maxAge = services.config.ACCESS_TOKEN_MINUTES * 60
  const checked = checkedTokens(services.jwtSecret)
  const known = checked.get(token)
  if (known) return inTime(known, now, maxAge) ? known.claims : null
  try {
    const { payload } = await jwtVerify(token, await verifyKeyOf(services.jwtSecret), {
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['sub', 'iat', 'exp', 'sid'],
      maxTokenAge: maxAge,
    })
    if (typeof payload.sub !== 'string' || !/^[1-9]\d{0,15}$/.test(payload.sub)) return null
    if (typeof payload.sid !== 'string' || !SESSION_ID.test(payload.sid)) return null
    const id = Number(payload.sub)
    if (!Number.isSafeInteger(id) || id <= 0) return null
    const claims = { userId: id, sessionId: payload.sid }
    checked.set(token, { claims, iat: payload.iat!, exp: payload.exp!, nbf: payload.nbf })
    if (checked.size > CHECKED_TOKENS) checked.delete(checked.keys().next().value!)
    return claims
  } catch {
    return null
  }
}

/** A token whose signature and claims were checked once, with the times that are checked again on each use. */
interface CheckedToken {
  claims: AccessClaims
  iat: number
  exp: number
  nbf: number | undefined
}

/** How many checked tokens a process keeps per key: a few per member of staff signed in, the oldest going first. */
const CHECKED_TOKENS = 10_000
const checkedByKey = new WeakMap<Uint8Array, Map<string, CheckedToken>>()

/**
 * The tokens already checked with a key. A token is immutable, so its signature stays good: a token seen again
 * (every call of a signed-in screen carries the same one until it is refreshed) skips the HMAC, and only its
 * times are checked again, against the clock of this call. Whether its session still lives is asked of the
 * database on every call all the same (findSignedIn).
 */
function checkedTokens(secret: Uint8Array): Map<string, CheckedToken> {
  let checked = checkedByKey.get(secret)
  if (!checked) {
    checked = new Map()
    checkedByKey.set(secret, checked)
  }
  return checked
}

/** jose's time rules without clock tolerance: not expired, issued in the past and at most `maxAge` ago, not before `nbf`. */
function inTime(token: CheckedToken, now: Date, maxAge: number): boolean {
  const seconds = Math.floor(now.getTime() / 1000)
  const age = seconds - token.iat
  return token.exp > seconds && age >= 0 && age <= maxAge && (token.nbf === undefined || token.nbf <= seconds)
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

/** Revokes one refresh token of `userId`; true when it was live. (Signing out ends its session: `endSession` in repository.ts.) */
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
 * stop working, their access tokens are refused from the next request on, and their live streams close.
 */
export async function revokeAll(db: Db, services: Services, userId: number, keep?: string) {
  const now = services.now()
  liveEvents.emit({ type: 'session.ended', data: { userId: String(userId) } })
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
