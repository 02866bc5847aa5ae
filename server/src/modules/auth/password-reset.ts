import { type endpoints, isStaffRole, messageText } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import type { Handlers } from '../../lib/endpoints.ts'
import { badRequest, HttpError } from '../../lib/errors.ts'
import type { Gate } from '../../lib/rate-limit.ts'
import { mailerOf } from '../../mail/mailer.ts'
import { passwordMail } from '../../mail/messages.ts'
import { mailLanguageOf, passwordLinkOf } from '../../mail/settings.ts'
import { attemptStore } from './attempt-store.ts'
import {
  endPasswordLinks,
  LINK_MINUTES,
  makeForgotLink,
  newLinkToken,
  passwordLinkState,
  spendPasswordToken,
} from './password-links.ts'
import { hashPassword } from './passwords.ts'
import { findAccount, findAccountByEmail, setPasswordHash } from './repository.ts'
import { actorOf } from './sign-in.ts'
import { clientOf } from './sign-in-limits.ts'
import { revokeAll } from './tokens.ts'

type ResetCalls = Pick<typeof endpoints.auth, 'forgotPassword' | 'checkResetLink' | 'resetPassword'>

/**
 * How often a reset may be asked for (docs/security.md, "Password reset and set-up links"): per email, so
 * nobody can bury a member's mailbox in links, and per client address, so one client cannot walk through many
 * emails. A person who lost a mail asks again a few times at most.
 */
export const RESET_LIMITS = {
  perEmail: { max: 5, windowMs: 60 * 60_000 } satisfies Gate,
  perAddress: { max: 20, windowMs: 60 * 60_000 } satisfies Gate,
  /**
   * Links that do not work, asked about from one client address: a person opens a few old ones, a client trying
   * tokens many. A link that works is not counted (the person opening it again and again is no guesser).
   */
  failedChecks: { max: 20, windowMs: 60 * 60_000 } satisfies Gate,
}

/**
 * How long every accepted reset request takes to answer, at least. The work takes a few milliseconds and a little
 * longer for a real account; waiting to a fixed time makes every answer take the same.
 */
export const RESET_ANSWER_MS = 120

/** Waits until `RESET_ANSWER_MS` have passed since `started` (a `performance.now()`). */
const settle = (started: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, started + RESET_ANSWER_MS - performance.now())))

/** The answer to every accepted request, whatever the email: it tells nobody whether an account exists. */
const SENT = { status: true as const, data: null, message: messageText({ code: 'resetLinkSent' }) }

/** Forgot-password by email and reset-password with a link's token (CONTRACT 4.3). */
export function passwordResetHandlers(app: FastifyInstance): Handlers<ResetCalls> {
  const services = app.services
  const limiter = attemptStore(app, 'store:reset:', 'refuse')
  const mailer = mailerOf(app)

  /** Counts one request for `email` from `ip`, or answers how long to wait; a refused one counts nowhere. */
  const admit = async (email: string, ip: string) => {
    const now = services.now().getTime()
    const address = `address:${clientOf(ip)}`
    const byAddress = await limiter.take(address, RESET_LIMITS.perAddress, now)
    if (!byAddress.ok) return byAddress.retryMs
    const byEmail = await limiter.take(`email:${email}`, RESET_LIMITS.perEmail, now)
    if (byEmail.ok) return 0
    await limiter.giveBack(address, now)
    return byEmail.retryMs
  }

  return {
    forgotPassword: async (request, reply, { db, audit }) => {
      const started = performance.now()
      const email = request.body.email.toLowerCase()
      const waitMs = await admit(email, request.ip)
      if (waitMs > 0) {
        // Not recorded: a flood would bury the log, and the limit already bounds what reaches it.
        audit.skip = true
        reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1_000))))
        throw new HttpError(429, {
          code: 'tooManyResetRequests',
          params: { minutes: Math.max(1, Math.ceil(waitMs / 60_000)) },
        })
      }
      // Every request does the same work whatever the email (a token made and hashed, the account looked up,
      // one statement that stores the token only for an active member of staff) and answers before any mail is
      // sent, so neither the answer nor its time tells whether the account exists.
      const now = services.now()
      const { token, hash } = newLinkToken()
      const account = await findAccountByEmail(db, email)
      const made = await makeForgotLink(db, email, hash, now, mailer !== null)
      if (made && mailer && account) {
        const language = mailLanguageOf(services.config, account.language)
        const content = passwordMail({
          kind: 'forgot',
          language,
          name: account.name,
          link: passwordLinkOf(services.config, token, language),
          validMinutes: LINK_MINUTES.forgot,
        })
        mailer.sendLater({ name: account.name, address: account.email }, content, 'password reset')
      }
      // Every accepted request is recorded, whatever the email, like a failed sign-in: the administrators see
      // who is being asked for, and recording only the real accounts would make those answers slower.
      const staff = account && isStaffRole(account.role) ? account : undefined
      audit.actor = null
      audit.entityId = staff ? String(staff.id) : null
      audit.name = staff?.name ?? null
      audit.set('email', null, email)
      audit.set('linkSent', null, made !== null)
      // What is left to differ (building a mail, a row returned) is hidden under a fixed time to answer.
      await settle(started)
      return SENT
    },

    // What the page a link opens asks first: a spent link is refused before anything is typed (CONTRACT 4.3).
    checkResetLink: async (request, reply, { db }) => {
      const now = services.now()
      const key = `check:${clientOf(request.ip)}`
      const counted = await limiter.take(key, RESET_LIMITS.failedChecks, now.getTime())
      if (!counted.ok) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(counted.retryMs / 1_000))))
        throw new HttpError(429, {
          code: 'tooManyLinkChecks',
          params: { minutes: Math.max(1, Math.ceil(counted.retryMs / 60_000)) },
        })
      }
      const link = await passwordLinkState(db, request.query.token, now)
      if (!link) throw badRequest('token', 'resetLinkInvalid')
      await limiter.giveBack(key, now.getTime())
      return {
        status: true,
        data: { purpose: link.purpose, expiresAt: link.expiresAt.toISOString() },
        message: 'The link works',
      }
    },

    resetPassword: async (request, _reply, { db, audit }) => {
      const now = services.now()
      // Spent first, in this transaction: a second request with the same link waits for this one and then
      // finds the token used. Any refusal below rolls the spending back.
      const userId = await spendPasswordToken(db, request.body.token, now)
      const account = userId === null ? undefined : await findAccount(db, userId)
      if (!account || !isStaffRole(account.role) || !account.active) {
        throw badRequest('token', 'resetLinkInvalid')
      }
      const passwordHash = await hashPassword(request.body.password)
      await setPasswordHash(db, account.id, passwordHash, now)
      // The password is chosen: the account's other links are spent, and every session ends, a thief's too.
      await endPasswordLinks(db, [account.id], now)
      await revokeAll(db, services, account.id)
      audit.actor = actorOf(account)
      audit.entityId = String(account.id)
      audit.set('password', null, 'changed')
      return { status: true, data: null, message: 'Your password is set; sign in with it' }
    },
  }
}
