import helmet from '@fastify/helmet'
import { endpoints } from '@store/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

type Directives = Record<string, string[]>

/** A policy's directives as the header writes them. */
export function policyText(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}

/**
 * The Content-Security-Policy of every answer. Scripts, styles, fonts and calls come from this origin only,
 * with no inline script at all (the web app's page allows its own one by its hash, `appPagePolicy`); images
 * also as `data:` URLs, which Mantine's date picker draws its arrows with.
 * No page may frame the app (clickjacking), no plugin runs, `<base>` cannot move relative addresses and a
 * form can only post here. `upgrade-insecure-requests` is left out on purpose: a shop reached over plain HTTP
 * on its own network (http://192.168.1.10:3000) would otherwise ask for every script over HTTPS and break.
 */
export const APP_POLICY: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
}

/**
 * The web app's page: Mantine, react-toastify and Mantine's modals write `<style>` elements while the app runs,
 * so its `index.html` carries a nonce made for that one answer, and only style elements bearing it apply.
 * Scripts still come from this origin only, besides the page's own inline scripts named by their hashes
 * (`inlineScriptHashes` in static.ts: the one that sets the colour scheme before the first paint).
 */
export const appPagePolicy = (styleNonce: string, scriptHashes: readonly string[] = []) =>
  policyText({
    ...APP_POLICY,
    'script-src': ["'self'", ...scriptHashes],
    'style-src': ["'self'", `'nonce-${styleNonce}'`],
  })

/**
 * Swagger UI at `/api/docs` (its page, its files and its JSON) injects a `<style>` element of its own, which
 * cannot be given a nonce; it alone may use inline styles. Its scripts are files of its own, so scripts stay
 * as strict as the app's.
 */
export const DOCS_POLICY = policyText({ ...APP_POLICY, 'style-src': ["'self'", "'unsafe-inline'"] })

/**
 * An uploaded image opened on its own: no script, no style, nothing loaded, and `sandbox` makes the document a
 * unique origin, so even a file that slipped past the image checks could never act as this site.
 */
export const IMAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox"

/** No powerful browser feature is used by the back-office, so none may be used by anything it shows. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ')

/** A year, with subdomains: what browsers remember once they have reached the shop over HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains'

const DOCS = /^\/api\/docs(\/|$|\?)/

/**
 * Security headers on every answer: API, web app, static files, documentation and refusals. Helmet sets the
 * common ones (CSP, X-Frame-Options DENY, nosniff, Referrer-Policy no-referrer, the cross-origin policies);
 * this adds Permissions-Policy, HSTS when the request came over HTTPS (directly, or through a proxy that says so
 * in X-Forwarded-Proto when TRUST_PROXY is on), and the policies of the documentation and of uploaded images.
 * Called on the root instance before any route, so every route and the not-found answers get them.
 */
export async function securityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: APP_POLICY },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent by the hook below, only when the request came over HTTPS: over plain HTTP it means nothing, and
    // a shop tried on http://localhost must not teach the browser to refuse plain HTTP there for a year.
    strictTransportSecurity: false,
  })
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY)
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
    if (request.routeOptions.config.endpoint === endpoints.files.get)
      reply.header('content-security-policy', IMAGE_POLICY)
    else if (DOCS.test(request.url)) reply.header('content-security-policy', DOCS_POLICY)
  })
}

/**
 * The headers of an answer made before any hook runs (an address Fastify cannot decode): the fixed ones, so a
 * refusal carries them too.
 */
export function fixedSecurityHeaders(reply: FastifyReply) {
  for (const [name, value] of Object.entries(FIXED_SECURITY_HEADERS)) reply.header(name, value)
}

/** The headers every answer carries whatever its route, as names and values: also for answers written raw. */
export const FIXED_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': policyText(APP_POLICY),
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'permissions-policy': PERMISSIONS_POLICY,
}
