import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { users } from '../../db/schema.ts'
import { forbidden, unauthorized } from '../../lib/errors.ts'
import { readAccessToken } from './tokens.ts'

/**
 * The one place permission is checked. Every `/api` route needs a signed-in administrator unless it says
 * `config: { public: true }`.
 */
export async function authHook(request: FastifyRequest) {
  if (request.routeOptions.config.public) return
  if (!request.routeOptions.url) return // no route matched: the not-found handler answers
  const header = request.headers.authorization
  const match = header?.match(/^Bearer\s+(\S+)$/i)
  if (!match) throw unauthorized('Please sign in: the Authorization header has no bearer token')
  const services = request.server.services
  const id = await readAccessToken(services, match[1]!)
  if (!id) throw unauthorized('Your session has expired or the token is invalid; please sign in again')
  const [account] = await services.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, id))
  if (!account) throw unauthorized('This account no longer exists')
  if (account.role !== 'admin') throw forbidden()
  request.admin = account
}
