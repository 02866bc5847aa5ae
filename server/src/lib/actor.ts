import type { FastifyRequest } from 'fastify'

/**
 * Who acts, as a timeline entry or a stock movement records it: the signed-in account, its name and email copied
 * so the entry reads the same after a rename.
 */
export interface Actor {
  id: number
  name: string
  email: string
}

/** The signed-in account of a request, as an actor; null for a request nobody signed in to. */
export function actorOf(request: FastifyRequest): Actor | null {
  const admin = request.admin as FastifyRequest['admin'] | undefined
  return admin ? { id: admin.id, name: admin.name, email: admin.email } : null
}

/** Who makes a change, and when: what every change that keeps a history is told. */
export interface ChangeBy {
  now: Date
  actor: Actor | null
}
