import type { endpoints } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import type { Handlers } from '../../lib/endpoints.ts'
import { notFound } from '../../lib/errors.ts'
import { toSessionId } from '../../lib/ids.ts'
import { endOwnSession, openSessions, otherOpenSessions } from './repository.ts'
import { revokeAll } from './tokens.ts'

type SessionCalls = Pick<typeof endpoints.auth, 'sessions' | 'endSession' | 'endOtherSessions'>

/** One's own sessions: the list of signed-in devices, and ending one or all the others (CONTRACT 4.3). */
export function sessionHandlers(app: FastifyInstance): Handlers<SessionCalls> {
  const services = app.services
  return {
    sessions: async (request, _reply, { db }) => {
      const rows = await openSessions(db, request.admin.id)
      return {
        status: true,
        data: rows.map((s) => ({
          id: s.id,
          createdAt: s.createdAt.toISOString(),
          lastUsedAt: s.lastUsedAt.toISOString(),
          ip: s.ip,
          userAgent: s.userAgent,
          current: s.id === request.admin.sessionId,
        })),
        message: 'OK',
      }
    },

    endSession: async (request, _reply, { db, audit }) => {
      const id = toSessionId(request.params.id)
      const ended = id === null ? undefined : await endOwnSession(db, request.admin.id, id, services.now())
      // Another account's session is as unknown as one that never was.
      if (!ended) throw notFound('sessionNotFound')
      audit.entityId = String(request.admin.id)
      audit.set('session', { ip: ended.ip, userAgent: ended.userAgent }, null)
      return { status: true, data: null, message: 'Session ended' }
    },

    endOtherSessions: async (request, _reply, { db, audit }) => {
      const others = await otherOpenSessions(db, request.admin.id, request.admin.sessionId)
      await revokeAll(db, services, request.admin.id, request.admin.sessionId)
      audit.entityId = String(request.admin.id)
      audit.set('sessions', others.length, 0)
      return { status: true, data: { ended: others.length }, message: 'Other sessions ended' }
    },
  }
}
