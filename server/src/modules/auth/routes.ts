import { endpoints } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import { implement } from '../../lib/endpoints.ts'
import { badRequest, HttpError, unauthorized } from '../../lib/errors.ts'
import { type AttemptLimiter, connectRedis, MemoryLimiter, RedisLimiter } from '../../lib/rate-limit.ts'
import { checkPassword, hashPassword } from './passwords.ts'
import {
  findAccount,
  findAccountByEmail,
  openSession,
  renewSession,
  replacePassword,
  toAuthUser,
} from './repository.ts'
import { revokeRefreshToken } from './tokens.ts'

/** Sign-in attempt counters: in Redis when `REDIS_URL` is set (shared by every process), else in this process. */
function loginLimiters(app: FastifyInstance): { perEmail: AttemptLimiter; perAddress: AttemptLimiter } {
  const { config } = app.services
  const windowMs = config.LOGIN_LIMIT_WINDOW_MINUTES * 60_000
  if (config.REDIS_URL) {
    const redis = connectRedis(config.REDIS_URL)
    const onError = (err: unknown) =>
      app.log.error({ err }, 'sign-in limits: Redis unreachable, attempt let through')
    // ioredis reports connection trouble as events; without a listener Node would treat them as fatal.
    redis.on('error', () => {})
    app.addHook('onClose', async () => {
      redis.disconnect()
    })
    return {
      perEmail: new RedisLimiter(
        redis,
        'store:login:email:',
        config.LOGIN_LIMIT_PER_EMAIL,
        windowMs,
        onError,
      ),
      perAddress: new RedisLimiter(
        redis,
        'store:login:address:',
        config.LOGIN_LIMIT_PER_IP,
        windowMs,
        onError,
      ),
    }
  }
  const now = () => app.services.now().getTime()
  return {
    perEmail: new MemoryLimiter(config.LOGIN_LIMIT_PER_EMAIL, windowMs, now),
    perAddress: new MemoryLimiter(config.LOGIN_LIMIT_PER_IP, windowMs, now),
  }
}

export const authRoutes = implement(endpoints.auth, (app) => {
  const { config, db } = app.services
  const { perEmail, perAddress } = loginLimiters(app)

  /** The signed-in account, which may have been deleted since its token was made. */
  const signedIn = async (id: number) => {
    const account = await findAccount(db, id)
    if (!account) throw unauthorized('accountGone')
    return account
  }

  return {
    login: async (request) => {
      const email = request.body.email.toLowerCase()
      // Both counters move on every attempt, so neither one address nor one account can be hammered.
      const [addressOk, emailOk] = await Promise.all([perAddress.take(request.ip), perEmail.take(email)])
      if (!addressOk || !emailOk) {
        throw new HttpError(429, {
          code: 'tooManySignIns',
          params: { minutes: config.LOGIN_LIMIT_WINDOW_MINUTES },
        })
      }
      const account = await findAccountByEmail(db, email)
      const passwordOk = await checkPassword(account?.passwordHash, request.body.password)
      // A customer account gets exactly the answer a wrong password gets.
      if (!account || !passwordOk || account.role !== 'admin') throw unauthorized('wrongCredentials')
      await perEmail.reset(email)
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
