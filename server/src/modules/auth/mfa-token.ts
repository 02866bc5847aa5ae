import { randomBytes } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import type { Services } from '../../types.ts'

/** How long the second step of a sign-in may wait for its code. */
export const MFA_TOKEN_MINUTES = 5
const AUDIENCE = 'store:mfa'

/**
 * The half-way token of a two-step sign-in: the password was right, a code is still owed. Signed with the
 * access tokens' key but for another audience, so neither passes for the other; it carries a random id (`jti`)
 * by which the code attempts are counted.
 */
export async function issueMfaToken(services: Services, userId: number) {
  const now = Math.floor(services.now().getTime() / 1000)
  const mfaToken = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setAudience(AUDIENCE)
    .setJti(randomBytes(12).toString('base64url'))
    .setIssuedAt(now)
    .setExpirationTime(now + MFA_TOKEN_MINUTES * 60)
    .sign(services.jwtSecret)
  return { mfaRequired: true as const, mfaToken }
}

/** The account and token id of a valid, unexpired half-way token; null for anything else. */
export async function readMfaToken(
  services: Services,
  token: string,
): Promise<{ userId: number; tokenId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, services.jwtSecret, {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      currentDate: services.now(),
      requiredClaims: ['sub', 'iat', 'exp', 'jti'],
      maxTokenAge: MFA_TOKEN_MINUTES * 60,
    })
    if (typeof payload.sub !== 'string' || !/^[1-9]\d{0,15}$/.test(payload.sub)) return null
    const userId = Number(payload.sub)
    if (!Number.isSafeInteger(userId) || typeof payload.jti !== 'string') return null
    return { userId, tokenId: payload.jti }
  } catch {
    return null
  }
}
