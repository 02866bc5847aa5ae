import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ROOT_DIR } from '../paths.ts'
import { appPagePolicy } from './security-headers.ts'

/** Where `vite build` writes the web app, relative to the repository. */
export const WEB_DIST = path.join(ROOT_DIR, 'web/dist')

/**
 * What the build writes wherever `index.html` needs this answer's CSP nonce (`html.cspNonce` in
 * web/vite.config.ts): the meta tag the app reads it from, and the script and style tags.
 */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__'

/** Whether the web app has been built into `dir`. */
export const isWebBuilt = (dir: string) => existsSync(path.join(dir, 'index.html'))

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of a page: the browser runs an inline script only when its
 * text hashes to one of them, so the page's own (index.html sets the colour scheme before the first paint) runs
 * and a script slipped into the page does not. Worked out from the built page itself, so they always match it.
 */
export function inlineScriptHashes(html: string): string[] {
  const inline = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi
  return [...html.matchAll(inline)].map(
    ([, text]) =>
      `'sha256-${createHash('sha256')
        .update(text ?? '', 'utf8')
        .digest('base64')}'`,
  )
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The built `index.html`, cut where each answer puts its nonce. */
    webIndex?: string[]
    /** The hashes of its inline scripts: its policy runs those and no other inline script. */
    webScriptHashes?: string[]
  }
}

/**
 * Serves the built web app beside the API. Hashed files under `/assets/` never change, so they are cached for a
 * year; every other file is revalidated. The build wrote a brotli and a gzip copy beside each text file
 * (`name.js.br`, `name.js.gz`); the one the client accepts is sent as it is, with its Content-Encoding and
 * `Vary: Accept-Encoding`, so nothing is compressed while serving. Every other path that is not `/api/…`
 * answers `index.html` (the history fallback), so a reload on any client route keeps working.
 */
export async function serveWebApp(app: FastifyInstance, dir: string) {
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8')
  const index = html.split(NONCE_PLACEHOLDER)
  // A build made before pages had a nonce: its page runs, but the policy refuses the styles the app injects.
  if (index.length === 1)
    app.log.warn(`${dir}/index.html has no CSP nonce placeholder: rebuild the web app (npm run build)`)
  app.decorate('webIndex', index)
  app.decorate('webScriptHashes', inlineScriptHashes(html))
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    // Registers one route a file found at start: the build does not change while the server runs.
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed copies are only ever sent in place of their file; index.html is sent by `sendIndex`,
    // with its nonce.
    globIgnore: ['**/*.br', '**/*.gz', 'index.html'],
    // @fastify/static 10 hands the Fastify reply here, not Node's response.
    setHeaders: (reply: unknown, filePath: string) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
      ;(reply as FastifyReply).header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      )
    },
  })
}

/** True when a request should get the web app's `index.html` instead of a 404. */
export const wantsWebApp = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !/^\/api(\/|$|\?)/.test(request.url) &&
  // A missing hashed file is a real 404: answering HTML for a script would hide a stale deployment.
  !request.url.startsWith('/assets/')

/**
 * The web app's page with a nonce of its own, and the CSP that lets only style elements bearing that nonce
 * apply, and of inline scripts only the page's own. A fresh nonce each answer means the page cannot be stored
 * and compressed at build like the assets; it is compressed here instead (about 1 KB, well under a millisecond).
 * Never cached: it names the current build's files.
 */
export function sendIndex(reply: FastifyReply) {
  const parts = reply.server.webIndex
  if (!parts) throw new Error('sendIndex needs serveWebApp first')
  const nonce = randomBytes(16).toString('base64')
  const html = Buffer.from(parts.join(nonce))
  const encoding = preferredEncoding(reply.request.headers['accept-encoding'])
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('content-security-policy', appPagePolicy(nonce, reply.server.webScriptHashes))
  if (encoding === 'br') {
    const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    return reply.header('content-encoding', 'br').send(body)
  }
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(html))
  return reply.send(html)
}

/**
 * `br` or `gzip`, whichever the Accept-Encoding header weighs more (brotli on a tie: it is smaller), or nothing.
 * A `q=0` refuses a coding; `*` stands for any coding not named.
 */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const weights = new Map<string, number>()
  for (const item of [header ?? ''].flat().join(',').split(',')) {
    const [name, ...params] = item.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    weights.set(name, Number.isFinite(weight) ? weight : 0)
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0
  const [br, gzip] = [weight('br'), weight('gzip')]
  if (br > 0 && br >= gzip) return 'br'
  return gzip > 0 ? 'gzip' : undefined
}
