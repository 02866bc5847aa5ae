import {
  type authUser,
  changePasswordBody,
  envelope,
  loginAnswer,
  loginBody,
  logoutBody,
  meAnswer,
  refreshAnswer,
  refreshBody,
  tokenPair,
} from '@store/contract'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { users } from '../../db/schema.ts'
import { badRequest, HttpError, unauthorized } from '../../lib/errors.ts'
import { ids } from '../../lib/ids.ts'
import { type AttemptLimiter, connectRedis, MemoryLimiter, RedisLimiter } from '../../lib/rate-limit.ts'
import { checkPassword, hashPassword } from './passwords.ts'
import { issueTokens, revokeAll, revokeRefreshToken, spendRefreshToken } from './tokens.ts'

const WRONG_CREDENTIALS = 'Incorrect email or password'

type UserRow = typeof users.$inferSelect
const toAuthUser = (
  u: Pick<UserRow, 'id' | 'name' | 'email' | 'avatar' | 'role'>,
): z.infer<typeof authUser> => ({
  ...ids(u.id),
  name: u.name,
  email: u.email,
  avatar: u.avatar,
  role: u.role,
})

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

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app.services
  const { perEmail, perAddress } = loginLimiters(app)

  app.post(
    '/admin/auth/login',
    {
      config: { public: true },
      schema: {
        summary: 'Sign in as an administrator',
        tags: ['auth'],
        body: loginBody,
        response: { 200: loginAnswer },
      },
    },
    async (request) => {
      const email = request.body.email.toLowerCase()
      // Both counters move on every attempt, so neither one address nor one account can be hammered.
      const [addressOk, emailOk] = await Promise.all([perAddress.take(request.ip), perEmail.take(email)])
      if (!addressOk || !emailOk) {
        throw new HttpError(
          429,
          `Too many sign-in attempts; try again in ${config.LOGIN_LIMIT_WINDOW_MINUTES} minutes`,
        )
      }
      const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`)
      const passwordOk = await checkPassword(user?.passwordHash, request.body.password)
      // A customer account gets exactly the answer a wrong password gets.
      if (!user || !passwordOk || user.role !== 'admin') throw unauthorized(WRONG_CREDENTIALS)
      await perEmail.reset(email)
      const tokens = await db.transaction(async (tx) => {
        await tx.update(users).set({ lastLoginAt: app.services.now() }).where(eq(users.id, user.id))
        return issueTokens(tx, app.services, user.id, user.role)
      })
      return { status: true, data: { tokens, user: toAuthUser(user) }, message: 'Signed in' }
    },
  )

  app.post(
    '/admin/auth/refresh-tokens',
    {
      config: { public: true },
      schema: {
        summary: 'Trade a refresh token for a new pair; the old one stops working',
        tags: ['auth'],
        body: refreshBody,
        response: { 200: refreshAnswer },
      },
    },
    async (request) => {
      const tokens = await db.transaction(async (tx) => {
        const userId = await spendRefreshToken(tx, app.services, request.body.refreshToken)
        if (!userId) return null
        const [user] = await tx
          .select({ id: users.id, role: users.role })
          .from(users)
          .where(eq(users.id, userId))
        if (user?.role !== 'admin') return null
        return issueTokens(tx, app.services, user.id, user.role)
      })
      if (!tokens)
        throw unauthorized('The refresh token is invalid, expired or already used; please sign in again')
      return { status: true, data: { tokens }, message: 'Tokens refreshed' }
    },
  )

  app.post(
    '/admin/auth/logout',
    {
      schema: {
        summary: 'Sign out: the refresh token stops working',
        tags: ['auth'],
        body: logoutBody,
        response: { 204: z.null().describe('Signed out') },
      },
    },
    async (request, reply) => {
      // Logging out twice, or with a token already spent, still ends in the state the client wants.
      await revokeRefreshToken(db, app.services, request.admin.id, request.body.refreshToken)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/admin/auth/me',
    { schema: { summary: 'The signed-in administrator', tags: ['auth'], response: { 200: meAnswer } } },
    async (request) => {
      const [user] = await db.select().from(users).where(eq(users.id, request.admin.id))
      if (!user) throw unauthorized('This account no longer exists')
      return { status: true, data: toAuthUser(user), message: 'OK' }
    },
  )

  app.put(
    '/admin/auth/change-password',
    {
      schema: {
        summary: 'Change one’s own password; every other session is signed out',
        description:
          'Checks the current password, applies the password rules, revokes every refresh token of the account and answers a new token pair for the session that asked.',
        tags: ['auth'],
        body: changePasswordBody,
        response: { 200: envelope(z.object({ tokens: tokenPair })) },
      },
    },
    async (request) => {
      const [user] = await db.select().from(users).where(eq(users.id, request.admin.id))
      if (!user) throw unauthorized('This account no longer exists')
      if (!(await checkPassword(user.passwordHash, request.body.currentPassword))) {
        throw badRequest('currentPassword', 'The current password is not correct')
      }
      const passwordHash = await hashPassword(request.body.password)
      const tokens = await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: app.services.now() })
          .where(eq(users.id, user.id))
        await revokeAll(tx, app.services, user.id)
        return issueTokens(tx, app.services, user.id, user.role)
      })
      return { status: true, data: { tokens }, message: 'Change password successfully' }
    },
  )
}
