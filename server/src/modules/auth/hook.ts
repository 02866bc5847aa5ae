import { isStaffRole, type Permission, permissionsOf } from '@store/contract'
import type { FastifyRequest } from 'fastify'
import { forbidden, unauthorized } from '../../lib/errors.ts'
import { findSignedIn } from './repository.ts'
import { readAccessToken } from './tokens.ts'

/**
 * The one place permission is checked. Every `/api` route needs a signed-in member of staff whose role has the
 * endpoint's `permission` (contract/src/permissions.ts), unless the endpoint says `public: true`. A handler never
 * checks it again.
 */
export async function authHook(request: FastifyRequest) {
  if (request.routeOptions.config.public) return
  if (!request.routeOptions.url) return // no route matched: the not-found handler answers
  const endpoint = request.routeOptions.config.endpoint
  await requireAccess(request, endpoint?.permission, endpoint?.tokenInQuery)
}

/**
 * Lets the request through only with the access token of a live session of an active member of staff whose role
 * has `permission` (`signedIn`: any of them), and notes who it is in `request.admin`; otherwise a 401 or a 403.
 * Without a permission named, nobody is let through. The token comes in the Authorization header, or for an
 * endpoint that says `tokenInQuery` (the live updates, which `EventSource` opens without headers) as
 * `?access_token=`.
 */
export async function requireAccess(
  request: FastifyRequest,
  permission: Permission | 'signedIn' | undefined,
  tokenInQuery = false,
) {
  const header = request.headers.authorization
  const fromQuery = tokenInQuery
    ? (request.query as { access_token?: unknown } | undefined)?.access_token
    : undefined
  const token =
    header?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? (typeof fromQuery === 'string' ? fromQuery : undefined)
  if (!token) throw unauthorized('signInRequired')
  const services = request.server.services
  const claims = await readAccessToken(services, token)
  if (!claims) throw unauthorized('sessionExpired')
  const account = await findSignedIn(services.db, services, claims.userId, claims.sessionId)
  if (!account) throw unauthorized('accountGone')
  if (account === 'ended') throw unauthorized('sessionEnded')
  // A customer's token (there is no way to get one, but a key may leak) opens nothing.
  if (!isStaffRole(account.role)) throw forbidden()
  if (!account.active) throw forbidden('accountDisabled')
  // The role is read from the account on every call, not from the token: a change applies at once.
  if (permission !== 'signedIn' && !(permission && permissionsOf(account.role).includes(permission)))
    throw forbidden('notAllowed')
  request.admin = {
    id: account.id,
    role: account.role,
    name: account.name,
    email: account.email,
    sessionId: claims.sessionId,
  }
}
