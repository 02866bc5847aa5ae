import type { FastifyRequest } from 'fastify'
import { forbidden, unauthorized } from '../../lib/errors.ts'
import { findAccount } from './repository.ts'
import { readAccessToken } from './tokens.ts'

/**
 * The one place permission is checked. Every `/api` route needs a signed-in administrator unless its endpoint
 * says `public: true`.
 */
export async function authHook(request: FastifyRequest) {
  if (request.routeOptions.config.public) return
  if (!request.routeOptions.url) return // no route matched: the not-found handler answers
  const header = request.headers.authorization
  const match = header?.match(/^Bearer\s+(\S+)$/i)
  if (!match) throw unauthorized('signInRequired')
  const services = request.server.services
  const id = await readAccessToken(services, match[1]!)
  if (!id) throw unauthorized('sessionExpired')
  const account = await findAccount(services.db, id)
  if (!account) throw unauthorized('accountGone')
  if (account.role !== 'admin') throw forbidden()
  request.admin = { id: account.id, role: account.role }
}
