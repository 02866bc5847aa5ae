import { createHash, randomBytes } from 'node:crypto'
import { type endpoints, isStaffRole } from '@store/contract'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { Secret, TOTP } from 'otpauth'
import type { Db } from '../../db/client.ts'
import type { Handlers } from '../../lib/endpoints.ts'
import { badRequest, conflict, forbidden, HttpError, unauthorized } from '../../lib/errors.ts'
import { LimitStoreDown } from '../../lib/rate-limit.ts'
import type { Services } from '../../types.ts'
import { attemptStore } from './attempt-store.ts'
import { MFA_TOKEN_MINUTES, readMfaToken } from './mfa-token.ts'
import { checkPassword } from './passwords.ts'
import { findAccount } from './repository.ts'
import type { FinishSignIn } from './sign-in.ts'
import {
  lockTwoFactorState,
  recoveryCodesLeft,
  savePendingSecret,
  spendRecoveryCode,
  takeAppCodeStep,
  turnTwoFactorOff,
  turnTwoFactorOn,
} from './two-factor-repository.ts'

type TwoFactorCalls = Pick<
  typeof endpoints.auth,
  'login2fa' | 'twoFactorSetup' | 'twoFactorEnable' | 'twoFactorDisable'
>

/** The name authenticator apps show beside the account's email. */
const ISSUER = 'Store back-office'
/** RFC 6238 as every authenticator app reads an otpauth:// address without options: SHA1, 6 digits, 30 s. */
const TOTP_OPTIONS = { algorithm: 'SHA1', digits: 6, period: 30 } as const
/** Steps of clock drift accepted on either side of the server's own. */
const DRIFT_STEPS = 1

const RECOVERY_CODE_COUNT = 10
/**
 * Crockford's base32, lower case: no i, l, o or u, so a code copied from paper cannot be misread. Ten of its
 * characters make 50 random bits, and 32 divides 256, so every character is equally likely.
 */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'
const RECOVERY_CODE = /^[0-9a-hjkmnp-tv-z]{10}$/

/** At most this many wrong codes per half-way token, and per account in a window, before a 429. */
const CODE_LIMITS = { perToken: 5, perAccount: 10, windowMs: 15 * 60_000 }

const totpOf = (secret: string, label = 'account') =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), ...TOTP_OPTIONS })

/** The step (`timestamp / 30 s`) whose code `code` is, within the drift allowed around `at`; null if none. */
export function stepOfCode(secret: string, code: string, at: Date): number | null {
  const totp = totpOf(secret)
  const timestamp = at.getTime()
  const delta = totp.validate({ token: code, timestamp, window: DRIFT_STEPS })
  return delta === null ? null : totp.counter({ timestamp }) + delta
}

/** A new recovery code, `xxxxx-xxxxx`. */
export function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte & 31]).join('')
  return `${chars.slice(0, 5)}-${chars.slice(5)}`
}

/**
 * A recovery code as it is stored, however it was typed: any case, with or without the dash or spaces, and
 * with the letters Crockford's alphabet reads as digits (o for 0, i and l for 1). Null when it cannot be one.
 */
export function recoveryCodeOf(typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1')
  return RECOVERY_CODE.test(code) ? code : null
}

/**
 * Only the hash of a recovery code is kept. The account's id goes into it, so one table of hashes computed
 * ahead serves for one account only.
 */
export const hashRecoveryCode = (userId: number, code: string) =>
  createHash('sha256').update(`${userId}:${code}`).digest('hex')

/**
 * Spends a code of `account`'s two-step sign-in: a current code of the authenticator app, or an unused
 * recovery code. Each works once: an app code only if its step comes after the last one accepted, a recovery
 * code only while unused, and each check is one conditional write, so two requests racing with the same code
 * cannot both pass. Throws a 400 on `code` otherwise; answers which kind of code it was.
 */
export async function spendCode(
  db: Db,
  services: Services,
  account: { id: number; totpSecret: string },
  typed: string,
): Promise<'app' | 'recovery'> {
  const digits = typed.replace(/\s/g, '')
  if (/^\d{6}$/.test(digits)) {
    const step = stepOfCode(account.totpSecret, digits, services.now())
    if (step === null) throw badRequest('code', 'codeWrong')
    if (!(await takeAppCodeStep(db, account, step))) throw badRequest('code', 'codeUsed')
    return 'app'
  }
  const code = recoveryCodeOf(typed)
  if (!code) throw badRequest('code', 'codeWrong')
  const spent = await spendRecoveryCode(db, account.id, hashRecoveryCode(account.id, code), services.now())
  // A spent recovery code is as wrong as one never made: telling them apart would help nobody but a guesser.
  if (!spent) throw badRequest('code', 'codeWrong')
  return 'recovery'
}

/** The account's two-step state, locked for the rest of the call's transaction; a 401 when it is gone. */
async function twoFactorState(db: Db, userId: number) {
  const row = await lockTwoFactorState(db, userId)
  if (!row) throw unauthorized('accountGone')
  return row
}

/**
 * Code attempt counters, kept like the sign-in ones: in Redis when `REDIS_URL` is set (shared by every
 * process), else in this process. An attempt is counted before its code is checked, so a burst of parallel
 * guesses cannot all pass a limit none of them has reached yet, and given back when the code was right. While
 * Redis cannot be reached no code is checked: the calls throw `LimitStoreDown`, answered 503 (a code has a
 * million values; guessing them unlimited, even for a few minutes, is not a risk worth a sign-in).
 */
function codeLimits(app: FastifyInstance) {
  const now = () => app.services.now().getTime()
  const store = attemptStore(app, 'store:mfa:', 'refuse')
  const window = { windowMs: CODE_LIMITS.windowMs }

  return {
    /**
     * Counts one code attempt for the account, and for the half-way token when there is one; or says how long
     * to wait when either has had its share of wrong codes.
     */
    async admit(userId: number, tokenId?: string) {
      const at = now()
      const gates: [string, number][] = [
        [`account:${userId}`, CODE_LIMITS.perAccount],
        ...(tokenId ? [[`token:${tokenId}`, CODE_LIMITS.perToken] as [string, number]] : []),
      ]
      const taken: string[] = []
      for (const [key, max] of gates) {
        const verdict = await store.take(key, { ...window, max }, at)
        if (!verdict.ok) {
          // A refused attempt checks no code, so it is no wrong code: the counts it passed get it back.
          await Promise.all(taken.map((k) => store.giveBack(k, at)))
          return { ok: false as const, retryMs: verdict.retryMs }
        }
        taken.push(key)
      }
      return {
        ok: true as const,
        /** Says the code was right: a right code is no failure. */
        passed: async () => {
          await Promise.all(taken.map((k) => store.giveBack(k, at)))
        },
      }
    },
    /** Whether a half-way token has already finished a sign-in. */
    spent: (tokenId: string) => store.remembers(`spent:${tokenId}`, now()),
    /** A half-way token finishes one sign-in: used again, even with a new code, it is refused. */
    spend: (tokenId: string) =>
      store.remember(`spent:${tokenId}`, now() + MFA_TOKEN_MINUTES * 60_000 + 60_000, now()),
  }
}

/** The 429 of too many wrong codes, answered at once with how long to wait. */
function tooManyCodes(reply: FastifyReply, retryMs: number) {
  reply.header('retry-after', String(Math.max(1, Math.ceil(retryMs / 1_000))))
  return new HttpError(429, {
    code: 'tooManyCodes',
    params: { minutes: Math.max(1, Math.ceil(retryMs / 60_000)) },
  })
}

/** Two-step sign-in (CONTRACT 4.3): setting it up, turning it on and off, and the second step of a sign-in. */
export function twoFactorHandlers(app: FastifyInstance, finish: FinishSignIn): Handlers<TwoFactorCalls> {
  const services = app.services
  const limits = codeLimits(app)

  return {
    twoFactorSetup: async (request, _reply, { db, audit }) => {
      const account = await twoFactorState(db, request.admin.id)
      if (account.totpSecret) throw conflict('twoFactorOn')
      // A set-up started again replaces the secret waiting for its code: only the last QR code shown works.
      const secret = new Secret({ size: 20 }).base32
      await savePendingSecret(db, account.id, secret)
      audit.entityId = String(account.id)
      return {
        status: true,
        data: { secret, otpauthUrl: totpOf(secret, account.email).toString() },
        message: 'Scan the code with an authenticator app, then enter the code it shows',
      }
    },

    twoFactorEnable: async (request, _reply, { db, audit }) => {
      const account = await twoFactorState(db, request.admin.id)
      if (account.totpSecret) throw conflict('twoFactorOn')
      if (!account.totpPendingSecret) throw conflict('twoFactorNotStarted')
      const digits = request.body.code.replace(/\s/g, '')
      const step = /^\d{6}$/.test(digits)
        ? stepOfCode(account.totpPendingSecret, digits, services.now())
        : null
      if (step === null) throw badRequest('code', 'codeWrong')
      const codes = new Set<string>()
      while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode())
      await turnTwoFactorOn(db, account.id, {
        secret: account.totpPendingSecret,
        // The code that turned it on is spent: it cannot also finish a sign-in.
        step,
        codeHashes: [...codes].map((code) => hashRecoveryCode(account.id, recoveryCodeOf(code)!)),
        now: services.now(),
      })
      audit.entityId = String(account.id)
      audit.set('twoFactor', false, true)
      return {
        status: true,
        data: { recoveryCodes: [...codes] },
        message: 'Two-step sign-in is on; keep the recovery codes somewhere safe',
      }
    },

    twoFactorDisable: async (request, reply, { db, audit }) => {
      const account = await twoFactorState(db, request.admin.id)
      if (!account.totpSecret) throw conflict('twoFactorOff')
      // The password and the code are both secrets a stolen session could guess at here: wrong ones draw on
      // the account's budget of wrong codes, the one the sign-in's second step draws on.
      const attempt = await limits.admit(account.id)
      if (!attempt.ok) throw tooManyCodes(reply, attempt.retryMs)
      if (!(await checkPassword(account.passwordHash, request.body.password))) {
        throw badRequest('password', 'passwordWrong')
      }
      await spendCode(db, services, { id: account.id, totpSecret: account.totpSecret }, request.body.code)
      await attempt.passed()
      await turnTwoFactorOff(db, account.id, services.now())
      audit.entityId = String(account.id)
      audit.set('twoFactor', true, false)
      return { status: true, data: null, message: 'Two-step sign-in is off' }
    },

    login2fa: async (request, reply, call) => {
      const { db, audit } = call
      const half = await readMfaToken(services, request.body.mfaToken)
      if (!half || (await limits.spent(half.tokenId))) throw unauthorized('mfaTokenInvalid')
      const account = await findAccount(db, half.userId)
      // The password was right for an account that may have changed since: gone, no longer staff, or with
      // two-step sign-in turned off (its token would then be a way round nothing). Each starts over.
      if (!account || !isStaffRole(account.role) || !account.totpSecret) throw unauthorized('mfaTokenInvalid')
      // Until the code passes, the entry this call leaves is a failed sign-in, as a wrong password's is.
      audit.recordFailure = true
      audit.action = 'signInFailed'
      audit.actor = null
      audit.entityId = String(account.id)
      audit.name = account.name
      audit.set('email', null, account.email)
      if (!account.active) throw forbidden('accountDisabled')
      const attempt = await limits.admit(account.id, half.tokenId).catch((error: unknown) => {
        // Not recorded either: no code was checked, and the 503 says to ask again shortly.
        if (error instanceof LimitStoreDown) audit.skip = true
        throw error
      })
      if (!attempt.ok) {
        // Not recorded: the limits bound how many failures reach the log, and a flood must not bury it.
        audit.skip = true
        throw tooManyCodes(reply, attempt.retryMs)
      }
      const kind = await spendCode(
        db,
        services,
        { id: account.id, totpSecret: account.totpSecret },
        request.body.code,
      )
      await attempt.passed()
      await limits.spend(half.tokenId)
      audit.action = undefined
      audit.changes = {}
      if (kind === 'recovery') {
        // Spending a recovery code is worth seeing in the log: it may mean the phone is lost, or someone else
        // has the codes.
        const left = await recoveryCodesLeft(db, account.id)
        audit.set('recoveryCodesLeft', left + 1, left)
      }
      return finish(request, call, account)
    },
  }
}
