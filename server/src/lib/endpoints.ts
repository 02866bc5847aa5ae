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

/** The request a handler reads: its params, query and body as the endpoint's schemas have parsed them. */
export type EndpointRequest<E> = FastifyRequest<{
  Params: EndpointParams<E>
  Querystring: EndpointQuery<E>
  Body: EndpointBody<E>
}>

/**
 * What a handler does for its endpoint: answer the envelope (sent with the endpoint's status and checked by its
 * schema), or send something else itself and return the reply (a file, another status).
 */
export type Handler<E> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
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
      ) => Promise<unknown>
      const status = endpoint.status ?? 200
      const run: RouteHandlerMethod = async (request, reply) => {
        const answer = await handler(request, reply)
        if (answer === reply) return reply
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
