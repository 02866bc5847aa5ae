import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { requireAccess } from '../modules/auth/hook.ts'

/**
 * The API's documentation: Swagger UI at `/api/docs` and the OpenAPI document at `/api/openapi.json`.
 * `API_DOCS=private` puts both behind the same check as the API: a signed-in member of staff's
 * `Authorization: Bearer` token, else 401 in the envelope. A browser opening `/api/docs` sends no token, so a
 * private documentation is read by API clients (`curl -H 'authorization: Bearer …' …/api/openapi.json`), not
 * in the browser: the page and every file under it answer 401 like any other call, rather than a sign-in
 * screen of their own that would be a second way in to keep safe.
 */
export async function serveApiDocs(app: FastifyInstance) {
  await app.register(async (docs) => {
    // Any member of staff may read how the API is called; what each call allows is checked by the call.
    if (app.services.config.API_DOCS === 'private')
      docs.addHook('onRequest', (request) => requireAccess(request, 'signedIn'))
    await docs.register(swaggerUi, { routePrefix: '/api/docs' })
    docs.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  })
}
