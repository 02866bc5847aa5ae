import type { endpoints } from '@store/contract'
import { and, desc, eq, isNull, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { refreshTokens, sessions } from '../../db/schema.ts'
import type { Handlers } from '../../lib/endpoints.ts'
import { notFound } from '../../lib/errors.ts'
import { revokeAll } from './tokens.ts'

type SessionCalls = Pick<typeof endpoints.auth, 'sessions' | 'endSession' | 'endOtherSessions'>

/** One's own sessions: the list of signed-in devices, and ending one or all the others (CONTRACT 4.3). */
export function sessionHandlers(app: FastifyInstance): Handlers<SessionCalls> {
  const services = app.services
  return {
    sessions: async (request, _reply, { db }) => {
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, request.admin.id), isNull(sessions.endedAt)))
        .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt))
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
      const now = services.now()
      const [ended] = await db
        .update(sessions)
        .set({ endedAt: now })
        .where(
          and(
            eq(sessions.id, request.params.id),
            eq(sessions.userId, request.admin.id),
            isNull(sessions.endedAt),
          ),
        )
        .returning({ id: sessions.id, ip: sessions.ip, userAgent: sessions.userAgent })
      // Another account's session is as unknown as one that never was.
      if (!ended) throw notFound('sessionNotFound')
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.sessionId, ended.id), isNull(refreshTokens.revokedAt)))
      audit.entityId = String(request.admin.id)
      audit.set('session', { ip: ended.ip, userAgent: ended.userAgent }, null)
      return { status: true, data: null, message: 'Session ended' }
    },

    endOtherSessions: async (request, _reply, { db, audit }) => {
      const others = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, request.admin.id),
            isNull(sessions.endedAt),
            ne(sessions.id, request.admin.sessionId),
          ),
        )
      await revokeAll(db, services, request.admin.id, request.admin.sessionId)
      audit.entityId = String(request.admin.id)
      audit.set('sessions', others.length, 0)
      return { status: true, data: { ended: others.length }, message: 'Other sessions ended' }
    },
  }
}
