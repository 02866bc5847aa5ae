import type {
  Endpoint,
  EndpointAnswer,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointSpec,
} from '@store/contract'
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { Db } from '../db/client.ts'
import type { BusMessage } from '../types.ts'
import { AuditNote, entryOf, worthAnEntry, writeAuditEntry } from './audit.ts'
import { liveEvents } from './live-events.ts'
import { whoEditedMeanwhile } from './versions.ts'

/** The request a handler reads: its params, query and body as the endpoint's schemas have parsed them. */
export type EndpointRequest<E> = FastifyRequest<{
  Params: EndpointParams<E>
  Querystring: EndpointQuery<E>
  Body: EndpointBody<E>
}>

/**
 * What a handler works with besides the request: the database to use, which for a write call is the call's own
 * transaction (its audit entry is written in it too), and the note it fills in for the audit log.
 */
export interface Call {
  db: Db
  audit: AuditNote
}

/**
 * What a handler does for its endpoint: answer the envelope (sent with the endpoint's status and checked by its
 * schema), or send something else itself and return the reply (a file, another status). It reads and writes
 * through `call.db` only: during a write call that is the transaction, and the embedded database would wait for
 * ever on a query sent around it.
 */
export type Handler<E> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
  call: Call,
) => Promise<z.input<Extract<E, { answer: z.ZodType }>['answer']> | EndpointAnswer<E> | FastifyReply>

/** One handler for every endpoint of a group: a group with a call left unhandled does not compile. */
export type Handlers<G> = { [K in keyof G]: Handler<G[K]> }

/**
 * The plugin that registers every endpoint of a group of the table (`endpoints.products`) with its handler: the
 * method, path, schemas, summary and status come from the table, so a route file holds handlers only.
 *
 * @example export const brandRoutes = implement(endpoints.brands, (app) => ({ list: async (request) => … }))
 */
export function implement<G extends Record<string, Endpoint>>(
  group: G,
  build: (app: FastifyInstance) => Handlers<G> | Promise<Handlers<G>>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const handlers = await build(app)
    for (const [operation, endpoint] of Object.entries(group)) {
      const handler = handlers[operation] as unknown as (
        request: FastifyRequest,
        reply: FastifyReply,
        call: Call,
      ) => Promise<unknown>
      const status = endpoint.status ?? 200
      const run: RouteHandlerMethod = async (request, reply) => {
        const answer = await audited(endpoint, request, (call) => handler(request, reply, call))
        // A handler that sent its own answer (a file, a stream) returns the reply. A reply is a thenable that
        // settles when the answer is out, so awaiting it yields nothing: whether it was sent is asked of it.
        if (answer === reply || reply.sent) return reply
        return reply.code(status).send(answer)
      }
      app.route({
        method: endpoint.method,
        url: endpoint.path,
        config: { public: endpoint.public ?? false, endpoint },
        schema: routeSchema(endpoint),
        handler: run,
      })
    }
  }
}

/**
 * Runs a call so that a write cannot go unrecorded (CONTRACT 4.4). A read runs as it is. A write runs in one
 * transaction with its audit entry, so the entry exists exactly when the write does. A write the endpoint marks
 * `outside` (a file on disk, a sign-in) runs first and has its entry written after, and also on failure when
 * the handler asks (a wrong password). An edit that changed nothing writes no entry (`worthAnEntry`), and an edit
 * refused as made from an older version says who saved the record meanwhile. The live updates the call noted
 * (`lib/live-events.ts`) go to the event bus last in the transaction, so they are sent when it commits and never
 * when it rolls back.
 */
async function audited(
  endpoint: Endpoint,
  request: FastifyRequest,
  work: (call: Call) => Promise<unknown>,
): Promise<unknown> {
  const { db, events, config } = request.server.services
  const spec = endpoint.audit
  const note = new AuditNote()
  const noting = <T>(run: () => Promise<T>) => liveEvents.collect(config.LOW_STOCK_THRESHOLD, run)
  if (!spec || 'skip' in spec) {
    const [answer, messages] = await noting(() => work({ db, audit: note }))
    if (messages.length > 0) (await events.publish(db, messages))()
    return answer
  }
  if (!spec.outside) {
    let committed = () => {}
    const answer = await db
      .transaction(async (tx) => {
        const [answer, messages] = await noting(() => work({ db: tx, audit: note }))
        for (const { subject, note: record } of note.records)
          if (worthAnEntry(subject.action, record))
            await writeAuditEntry(tx, entryOf(request, subject, record, undefined))
        if (!note.skip && worthAnEntry(note.action ?? spec.action, note))
          await writeAuditEntry(tx, entryOf(request, spec, note, answer))
        committed = await events.publish(tx, messages)
        return answer
      })
      .catch(async (error: unknown) => {
        // Read once the transaction is over: the refusal says who saved the record first, and when.
        const params = request.params as { id?: unknown } | undefined
        const id = note.entityId ?? (typeof params?.id === 'string' ? params.id : null)
        throw await whoEditedMeanwhile(db, error, spec.entity, id)
      })
    committed()
    return answer
  }
  let answer: unknown
  let messages: BusMessage[]
  try {
    ;[answer, messages] = await noting(() => work({ db, audit: note }))
  } catch (error) {
    if (note.recordFailure && !note.skip) await writeAuditEntry(db, entryOf(request, spec, note, undefined))
    throw error
  }
  if (!note.skip) await writeAuditEntry(db, entryOf(request, spec, note, answer))
  if (messages.length > 0) (await events.publish(db, messages))()
  return answer
}

/** The Fastify schema of an endpoint: validation and serialization, and the OpenAPI document's operation. */
function routeSchema(endpoint: Endpoint): FastifySchema {
  return {
    summary: endpoint.summary,
    ...(endpoint.description && { description: endpoint.description }),
    tags: [endpoint.resource],
    operationId: `${endpoint.resource}.${endpoint.operation}`,
    ...(endpoint.public && { security: [] }),
    ...(endpoint.consumes && { consumes: endpoint.consumes }),
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    response: endpoint.responses ?? { [endpoint.status ?? 200]: endpoint.answer },
  } as FastifySchema
}

/** Routes of the API that are the documentation of the table, not calls of it. */
const DOCUMENTATION = /^\/api\/(docs(\/.*)?|openapi\.json)$/

/**
 * An `onRoute` hook that refuses, at start-up, any `/api` route not registered from the endpoint table: a route
 * written by hand would be missing from the web app's client and from the table's checks.
 */
export function requireTableEntry(route: RouteOptions) {
  if (!route.url.startsWith('/api/') || DOCUMENTATION.test(route.url)) return
  const endpoint = (route.config as { endpoint?: EndpointSpec } | undefined)?.endpoint
  const methods = Array.isArray(route.method) ? route.method : [route.method]
  // Fastify adds a HEAD route beside each GET, with the GET's options.
  if (endpoint && methods.every((m) => m === endpoint.method || (m === 'HEAD' && endpoint.method === 'GET')))
    return
  throw new Error(
    `${methods.join(',')} ${route.url} is not in the endpoint table (contract/src/endpoints.ts)`,
  )
}
