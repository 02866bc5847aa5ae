import path from 'node:path'
import swagger from '@fastify/swagger'
import { type Message, readMessage } from '@store/contract'
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify'
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { requireTableEntry } from './lib/endpoints.ts'
import { badRequest, HttpError, refusal } from './lib/errors.ts'
import { openEventBus } from './lib/event-bus.ts'
import { isDatabaseOutage, OUTAGE_RETRY_AFTER_SECONDS } from './lib/outages.ts'
import { LIMIT_STORE_REST_MS, LimitStoreDown } from './lib/rate-limit.ts'
import { serveMetrics } from './metrics.ts'
import { syncStatsZone } from './modules/analytics/report.ts'
import { authHook } from './modules/auth/hook.ts'
import { openFileStore } from './modules/files/stores.ts'
import { modules } from './modules/index.ts'
import type { AppDeps } from './types.ts'
import { answerSerializer } from './web/answers.ts'
import { serveApiDocs } from './web/api-docs.ts'
import { compressAnswers } from './web/compression.ts'
import { clientErrorHandler, connectionOptions, limitConnections } from './web/connections.ts'
import { fixedSecurityHeaders, securityHeaders } from './web/security-headers.ts'
import { sendIndex, serveWebApp, wantsWebApp } from './web/static.ts'

/** Builds the whole app without listening, so tests drive it through `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    genReqId: (req) => {
      const given = req.headers['x-request-id']
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : crypto.randomUUID()
    },
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    ...connectionOptions(deps.config),
    // What Node's parser refuses (headers over 16 KB, a request that is not HTTP, one too slow to arrive) is
    // answered in the envelope too.
    clientErrorHandler,
    // An address Fastify cannot decode (`/api/admin/users/%zz`) or with a path segment over 100 characters is
    // refused before any route or hook runs; without this it would answer outside the envelope.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode ?? 400
      const problem: Message = { code: status === 414 ? 'urlTooLong' : 'urlNotEncoded' }
      const answer = reply as FastifyReply
      // No hook runs before this answer, so the security headers are put on here.
      fixedSecurityHeaders(answer)
      answer
        .code(status)
        .header('x-request-id', request.id)
        .send(refusal(status, problem, status === 400 ? { url: problem } : undefined))
    },
  }).withTypeProvider<ZodTypeProvider>()

  limitConnections(app.server, deps.config)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(answerSerializer(deps.checkAnswers ?? false))
  const uploadDir = path.resolve(deps.config.DATA_DIR, 'uploads')
  app.decorate('services', {
    config: deps.config,
    db: deps.database.db,
    database: deps.database,
    jwtSecret: deps.jwtSecret,
    now: deps.now ?? (() => new Date()),
    uploadDir,
    files: await openFileStore(deps.config.STORAGE_URL, uploadDir),
    events: await openEventBus(deps.database, {
      warn: (message) => app.log.warn(message),
      info: (message) => app.log.info(message),
    }),
    ...(deps.imageFetchTimeoutMs !== undefined && { imageFetchTimeoutMs: deps.imageFetchTimeoutMs }),
  })
  app.addHook('onClose', () => app.services.events.close())
  app.decorateRequest('admin', undefined as never)
  // Before the routes, so the time of every answer is counted, the web app's files too.
  serveMetrics(app, {
    token: deps.config.METRICS_TOKEN,
    pool: deps.database.pool,
    embeddedMemory: deps.database.memory,
  })
  // Every call is a row of the endpoint table; a route written by hand stops the start.
  app.addHook('onRoute', requireTableEntry)
  // The day rollups of the reports count in the store's zone: a new STORE_TZ rebuilds them once.
  if (await syncStatsZone(deps.database.db, deps.config.STORE_TZ))
    app.log.info(`the report rollups now count days in ${deps.config.STORE_TZ}`)

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id)
    return payload
  })
  app.setErrorHandler(errorHandler)
  app.setNotFoundHandler((request, reply) => {
    if (deps.webDir && wantsWebApp(request)) return sendIndex(reply)
    reply.code(404).send(
      refusal(404, {
        code: 'noRoute',
        params: { method: request.method, path: request.url.split('?')[0]! },
      }),
    )
  })

  await securityHeaders(app)
  await compressAnswers(app)
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Store back-office API',
        version: '1.0.0',
        description: 'Every call of the admin back-office.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  })
  await serveApiDocs(app)

  await app.register(
    async (api) => {
      api.addHook('onRequest', authHook)
      api.addHook('preValidation', refuseNulCharacters)
      for (const module of modules) await api.register(module)
    },
    { prefix: '/api' },
  )

  if (deps.webDir) {
    await serveWebApp(app, deps.webDir)
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply))
  } else {
    // Without a built web app (API tests, or a build that failed) the root says where the API is.
    app.get('/', { schema: { hide: true } }, async (_request, reply) => {
      reply.type('text/html; charset=utf-8')
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Store back-office</title></head>
<body><h1>Store back-office</h1><p>The web app is not built: run <code>npm run build</code>. The API is at
<code>/api</code>; read its documentation at <a href="/api/docs">/api/docs</a>.</p></body></html>`
    })
  }

  return app
}

/**
 * PostgreSQL text cannot hold U+0000, so a path parameter, query or JSON string carrying one would fail in SQL
 * as a 500. It is refused first, naming its field the way validation does (`id`, `name`, `images`). The rest of
 * a stored file's path (`*`) is left to the stored-path rule, which answers anything odd with a 404. The walk is
 * a loop, not recursion, because a 1 MB body can nest arrays ten thousand deep.
 */
async function refuseNulCharacters(request: FastifyRequest) {
  const { '*': _rest, ...params } = (request.params ?? {}) as Record<string, unknown>
  const pending: [value: unknown, field: string][] = [
    [params, ''],
    [request.query, ''],
    [request.body, ''],
  ]
  while (pending.length > 0) {
    const [value, field] = pending.pop()!
    if (typeof value === 'string') {
      if (value.includes('\u0000')) throw badRequest(field || 'body', 'nulCharacter')
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) pending.push([inner, field ? `${field}.${key}` : key])
    }
  }
}

/**
 * The field a validation issue is about, as a form names it: a list of values is one field (`size`, not `size.0`),
 * a list of records has a field per record (`lines.2.quantity`, where an order's third line says how many).
 */
function fieldOf(instancePath: string): string {
  const segments = instancePath.split('/').filter(Boolean)
  const names: string[] = []
  for (const [i, segment] of segments.entries()) {
    if (/^\d+$/.test(segment) && i === segments.length - 1) break
    names.push(segment)
  }
  return names.join('.')
}

function errorHandler(
  this: FastifyInstance,
  error: FastifyError,
  request: Parameters<Parameters<FastifyInstance['setErrorHandler']>[0]>[1],
  reply: Parameters<Parameters<FastifyInstance['setErrorHandler']>[0]>[2],
) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, Message> = {}
    // A rule of zod's own, not the contract's, keeps zod's English as its text under the code `invalid`.
    const text: Record<string, string> = {}
    for (const issue of error.validation) {
      const field = fieldOf(issue.instancePath) || error.validationContext || 'body'
      if (fields[field]) continue
      const message = readMessage(issue.message)
      fields[field] = message ?? { code: 'invalid' }
      if (!message && issue.message) text[field] = issue.message
    }
    if (Object.keys(fields).length === 0) fields.body = { code: 'invalid' }
    return reply.code(400).send(refusal(400, Object.values(fields)[0]!, fields, text))
  }
  if (error instanceof HttpError) {
    // A refusal of ours for something away (the file storage): what the outside said goes to the log.
    if (error.statusCode >= 500) request.log.warn({ err: error.cause ?? error }, error.refusal.code)
    const answer = refusal(error.statusCode, error.refusal, error.fields)
    return reply
      .code(error.statusCode)
      .send(error.data === undefined ? answer : { ...answer, data: error.data })
  }
  const status = error.statusCode ?? 500
  if (status === 400) {
    // Fastify's own 400s (unparsable or empty JSON) come before any schema: the body as a whole is at fault,
    // and it is named like any other field so a client reads every 400 the same way.
    const empty = error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    const problem: Message = { code: empty ? 'required' : 'unreadableBody' }
    return reply
      .code(400)
      .send(refusal(400, problem, { body: problem }, empty ? undefined : { body: error.message }))
  }
  if (status > 400 && status < 500) {
    // Fastify's own refusals: wrong content type, body too large.
    const code =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'bodyTooLarge'
        : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'unsupportedContentType'
          : 'refused'
    const answer = refusal(status, { code })
    return reply.code(status).send(code === 'refused' ? { ...answer, message: error.message } : answer)
  }
  if (error instanceof LimitStoreDown) {
    // The limits of two-step codes and reset requests cannot be counted: refused rather than let through
    // unlimited (docs/security.md, "When Redis is away"). Logged by LimitStoreHealth, once a minute.
    return reply
      .code(503)
      .header('retry-after', String(LIMIT_STORE_REST_MS / 1_000))
      .send(refusal(503, { code: 'serviceUnavailable' }))
  }
  if (isDatabaseOutage(error)) {
    // Nothing is wrong with the request or the code: the database is away (restarting, failing over, out of
    // connections). The client may ask again shortly, and the pool reconnects by itself once it is back.
    request.log.warn({ err: error }, 'database unavailable')
    return reply
      .code(503)
      .header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS))
      .send(refusal(503, { code: 'databaseUnavailable' }))
  }
  request.log.error({ err: error }, 'request failed')
  return reply.code(500).send(refusal(500, { code: 'serverError' }))
}
