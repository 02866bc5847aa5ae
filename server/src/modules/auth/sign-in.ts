import { type AuthUser, type endpoints, isStaffRole, type TokenPair } from '@store/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import type { Call, Handlers } from '../../lib/endpoints.ts'
import { badRequest, forbidden, HttpError, unauthorized } from '../../lib/errors.ts'
import { attemptStore } from './attempt-store.ts'
import { issueMfaToken } from './mfa-token.ts'
import { checkPassword, hashPassword } from './passwords.ts'
import {
  type Account,
  deviceOf,
  endSession,
  findAccount,
  findAccountByEmail,
  openSession,
  renameAccount,
  renewSession,
  replacePassword,
  toAuthUser,
} from './repository.ts'
import { SignInLimits, signInRules } from './sign-in-limits.ts'
import { revokeRefreshToken } from './tokens.ts'

type SignInCalls = Pick<
  typeof endpoints.auth,
  'login' | 'refresh' | 'logout' | 'me' | 'updateProfile' | 'changePassword'
>

/** Sign-in attempt counters, shared through Redis when `REDIS_URL` is set. */
function signInLimits(app: FastifyInstance): SignInLimits {
  const store = attemptStore(app, 'store:signin:', 'fallback')
  return new SignInLimits(store, signInRules(app.services.config), () => app.services.now().getTime())
}

/** The language a request asks for, as the emails speak it: `vi` or `en`. */
export const languageOf = (request: FastifyRequest): 'vi' | 'en' =>
  /^\s*vi\b/i.test(String(request.headers['accept-language'] ?? '')) ? 'vi' : 'en'

/** The account as the audit log names who acted. */
export const actorOf = (account: Pick<Account, 'id' | 'name' | 'email'>) => ({
  id: account.id,
  name: account.name,
  email: account.email,
})

/** Ends a sign-in that passed every check: opens the session and answers what login answers. */
export type FinishSignIn = (
  request: FastifyRequest,
  call: Call,
  account: Account,
) => Promise<{ status: true; data: { tokens: TokenPair; user: AuthUser }; message: string }>

export function signInHandlers(app: FastifyInstance) {
  const limits = signInLimits(app)
  const services = app.services

  const finish: FinishSignIn = async (request, { db, audit }, account) => {
    const tokens = await openSession(db, services, account, deviceOf(request), languageOf(request))
    audit.actor = actorOf(account)
    audit.entityId = String(account.id)
    return { status: true, data: { tokens, user: toAuthUser(account) }, message: 'Signed in' }
  }

  /** The signed-in account, which may have been deleted since its token was made. */
  const signedIn = async (db: Db, id: number) => {
    const account = await findAccount(db, id)
    if (!account) throw unauthorized('accountGone')
    return account
  }

  const handlers: Handlers<SignInCalls> = {
    login: async (request, reply, call) => {
      const { db, audit } = call
      const email = request.body.email.toLowerCase()
      const attempt = await limits.admit(email, request.ip)
      if (!attempt.ok) {
        // Answered at once, not held open until the wait is over: a held connection would let an attacker
        // tie up the server's sockets with requests that cost nothing to send. Not recorded: the limits bound
        // how many failures reach the log, and a flood must not bury it.
        audit.skip = true
        reply.header('retry-after', String(attempt.retryAfterSeconds))
        throw new HttpError(429, attempt.message)
      }
      const account = await findAccountByEmail(db, email)
      const passwordOk = await checkPassword(account?.passwordHash, request.body.password)
      const staff = account && isStaffRole(account.role) ? account : undefined
      audit.recordFailure = true
      audit.action = 'signInFailed'
      audit.actor = null
      audit.entityId = staff ? String(staff.id) : null
      audit.name = staff?.name ?? null
      audit.set('email', null, email)
      // A customer account gets exactly the answer a wrong password gets.
      if (!staff || !passwordOk) throw unauthorized('wrongCredentials')
      if (!staff.active) throw forbidden('accountDisabled')
      await attempt.succeeded()
      audit.action = undefined
      audit.changes = {}
      if (staff.totpSecret) {
        // The sign-in is recorded when the code is given (login/2fa).
        audit.skip = true
        return { status: true, data: await issueMfaToken(services, staff.id), message: 'Enter the code' }
      }
      return finish(request, call, staff)
    },

    refresh: async (request) => {
      const tokens = await renewSession(services.db, services, request.body.refreshToken)
      if (!tokens) throw unauthorized('refreshInvalid')
      return { status: true, data: { tokens }, message: 'Tokens refreshed' }
    },

    logout: async (request, _reply, { db, audit }) => {
      // Logging out twice, or with a token already spent, still ends in the state the client wants.
      await revokeRefreshToken(db, services, request.admin.id, request.body.refreshToken)
      await endSession(db, request.admin.sessionId, services.now())
      audit.entityId = String(request.admin.id)
      return null
    },

    me: async (request, _reply, { db }) => ({
      status: true,
      data: toAuthUser(await signedIn(db, request.admin.id)),
      message: 'OK',
    }),

    updateProfile: async (request, _reply, { db, audit }) => {
      const before = await signedIn(db, request.admin.id)
      const after = await renameAccount(db, before.id, request.body.name, services.now())
      audit.entityId = String(before.id)
      audit.diff({ name: before.name }, { name: after!.name })
      return { status: true, data: toAuthUser({ ...before, name: after!.name }), message: 'Account updated' }
    },

    changePassword: async (request, _reply, { db, audit }) => {
      const account = await signedIn(db, request.admin.id)
      if (!(await checkPassword(account.passwordHash, request.body.currentPassword))) {
        throw badRequest('currentPassword', 'currentPasswordWrong')
      }
      const hash = await hashPassword(request.body.password)
      const tokens = await replacePassword(db, services, account, hash, request.admin.sessionId)
      audit.entityId = String(account.id)
      audit.set('password', null, 'changed')
      return { status: true, data: { tokens }, message: 'Change password successfully' }
    },
  }
  return { handlers, finish, limits }
}
