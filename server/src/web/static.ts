import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** Where `vite build` writes the web app, relative to the repository. */
export const WEB_DIST = path.resolve(import.meta.dirname, '../../../web/dist')

/** Whether the web app has been built into `dir`. */
export const isWebBuilt = (dir: string) => existsSync(path.join(dir, 'index.html'))

/**
 * Serves the built web app beside the API. Hashed files under `/assets/` never change, so they are cached for a
 * year; `index.html` names the current ones, so it is never cached. Every other path that is not `/api/…`
 * answers `index.html` (the history fallback), so a reload on any client route keeps working.
 */
export async function serveWebApp(app: FastifyInstance, dir: string) {
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    // Registers one route a file found at start: the build does not change while the server runs.
    wildcard: false,
    index: false,
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

export const sendIndex = (reply: FastifyReply) =>
  reply.type('text/html; charset=utf-8').sendFile('index.html')
