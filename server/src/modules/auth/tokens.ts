import { createHash, randomBytes } from 'node:crypto'
import type { TokenPair } from '@store/contract'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { jwtVerify, SignJWT } from 'jose'
import type { Db } from '../../db/client.ts'
import { refreshTokens } from '../../db/schema.ts'
import type { Services } from '../../types.ts'

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

export async function signAccessToken(services: Services, userId: number, role: string) {
  const issuedAt = services.now()
  const expires = new Date(issuedAt.getTime() + services.config.ACCESS_TOKEN_MINUTES * 60_000)
  const token = await new SignJWT({ role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(expires.getTime() / 1000))
    .sign(services.jwtSecret)
  return { token, expires: expires.toISOString() }
}

/**
 * The account id in a valid, unexpired access token; null for anything else. Beyond the signature, a token must
 * say who it is for (`sub`), when it was issued (`iat`, not in the future) and when it ends (`exp`), and be no
 * older than an access token lives: a token made with the real key but without `exp`, or with an `exp` years
 * away, is refused all the same. Only HS256 is accepted, whatever the token's header asks for. No clock
 * tolerance: `iat` is whole seconds rounded down, which already absorbs the sub-second drift between the
 * servers of a scale-out.
 */
export async function readAccessToken(services: Services, token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, services.jwtSecret, {
      algorithms: ['HS256'],
      currentDate: services.now(),
      requiredClaims: ['sub', 'iat', 'exp'],
      maxTokenAge: services.config.ACCESS_TOKEN_MINUTES * 60,
    })
    if (typeof payload.sub !== 'string' || !/^[1-9]\d{0,15}$/.test(payload.sub)) return null
    const id = Number(payload.sub)
    return Number.isSafeInteger(id) && id > 0 ? id : null
  } catch {
    return null
  }
}

/** A new refresh token: 256 random bits handed out once, kept only as a hash. */
async function createRefreshToken(db: Db, services: Services, userId: number) {
  const token = randomBytes(32).toString('base64url')
  const expires = new Date(services.now().getTime() + services.config.REFRESH_TOKEN_DAYS * 86_400_000)
  await db.insert(refreshTokens).values({ userId, tokenHash: sha256(token), expiresAt: expires })
  return { token, expires: expires.toISOString() }
}

export async function issueTokens(
  db: Db,
  services: Services,
  userId: number,
  role: string,
): Promise<TokenPair> {
  const [access, refresh] = await Promise.all([
    signAccessToken(services, userId, role),
    createRefreshToken(db, services, userId),
  ])
  return { access, refresh }
}

/**
 * Spends a refresh token: revokes it and returns its owner, or null when it is unknown, expired or spent.
 * A spent token shown again means it was copied: every session of its owner is revoked.
 */
export async function spendRefreshToken(db: Db, services: Services, token: string): Promise<number | null> {
  const now = services.now()
  const hash = sha256(token)
  const [spent] = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.revokedAt)))
    .returning({ userId: refreshTokens.userId, expiresAt: refreshTokens.expiresAt })
  if (spent) return spent.expiresAt > now ? spent.userId : null
  const [reused] = await db
    .select({ userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hash))
  if (reused) await revokeAll(db, services, reused.userId)
  return null
}

/** Revokes one refresh token of `userId`; true when it was live. */
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

export async function revokeAll(db: Db, services: Services, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: services.now() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
  // Keep the table small: spent tokens older than their lifetime serve no reuse check any more.
  await db.execute(
    sql`delete from refresh_tokens where user_id = ${userId} and expires_at < ${services.now()}::timestamptz - interval '1 day'`,
  )
}
