import { endpoints, isStaffRole } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { implement } from '../../lib/endpoints.ts'
import { badRequest, HttpError, unauthorized } from '../../lib/errors.ts'
import { connectRedis, MemoryLimiter, RedisLimiter } from '../../lib/rate-limit.ts'
import { checkPassword, hashPassword } from './passwords.ts'
import {
  findAccount,
  findAccountByEmail,
  openSession,
  renewSession,
  replacePassword,
  toAuthUser,
} from './repository.ts'
import { SignInLimits, signInRules } from './sign-in-limits.ts'
import { revokeRefreshToken } from './tokens.ts'

/** Sign-in attempt counters: in Redis when `REDIS_URL` is set (shared by every process), else in this process. */
function signInLimits(app: FastifyInstance): SignInLimits {
  const { config } = app.services
  const now = () => app.services.now().getTime()
  if (!config.REDIS_URL) return new SignInLimits(new MemoryLimiter(), signInRules(config), now)
  const redis = connectRedis(config.REDIS_URL)
  // ioredis reports connection trouble as events; without a listener Node would treat them as fatal.
  redis.on('error', () => {})
  app.addHook('onClose', async () => {
    redis.disconnect()
  })
  const store = new RedisLimiter(redis, 'store:signin:', (err) =>
    app.log.error({ err }, 'sign-in limits: Redis unreachable, attempt let through'),
  )
  return new SignInLimits(store, signInRules(config), now)
}

export const authRoutes = implement(endpoints.auth, (app) => {
  const { db } = app.services
  const limits = signInLimits(app)

  /** The signed-in account, which may have been deleted since its token was made. */
  const signedIn = async (id: number) => {
    const account = await findAccount(db, id)
    if (!account) throw unauthorized('accountGone')
    return account
  }

  return {
    login: async (request, reply) => {
      const email = request.body.email.toLowerCase()
      const attempt = await limits.admit(email, request.ip)
      if (!attempt.ok) {
        // Answered at once, not held open until the wait is over: a held connection would let an attacker
        // tie up the server's sockets with requests that cost nothing to send.
        reply.header('retry-after', String(attempt.retryAfterSeconds))
        throw new HttpError(429, attempt.message)
      }
      const account = await findAccountByEmail(db, email)
      const passwordOk = await checkPassword(account?.passwordHash, request.body.password)
      // A customer account gets exactly the answer a wrong password gets.
      if (!account || !passwordOk || !isStaffRole(account.role)) throw unauthorized('wrongCredentials')
      await attempt.succeeded()
      const tokens = await openSession(db, app.services, account)
      return { status: true, data: { tokens, user: toAuthUser(account) }, message: 'Signed in' }
    },

    refresh: async (request) => {
      const tokens = await renewSession(db, app.services, request.body.refreshToken)
      if (!tokens) throw unauthorized('refreshInvalid')
      return { status: true, data: { tokens }, message: 'Tokens refreshed' }
    },

    logout: async (request) => {
      // Logging out twice, or with a token already spent, still ends in the state the client wants.
      await revokeRefreshToken(db, app.services, request.admin.id, request.body.refreshToken)
      return null
    },

    me: async (request) => ({
      status: true,
      data: toAuthUser(await signedIn(request.admin.id)),
      message: 'OK',
    }),

    changePassword: async (request) => {
      const account = await signedIn(request.admin.id)
      if (!(await checkPassword(account.passwordHash, request.body.currentPassword))) {
        throw badRequest('currentPassword', 'currentPasswordWrong')
      }
      const tokens = await replacePassword(
        db,
        app.services,
        account,
        await hashPassword(request.body.password),
      )
      return { status: true, data: { tokens }, message: 'Change password successfully' }
    },
  }
})
