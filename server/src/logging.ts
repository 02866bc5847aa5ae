import { createRequire } from 'node:module'
import type { Config } from './config.ts'

/** `pretty` for a person at a terminal, `json` (one object a line) for anything that reads the log. */
export type LogFormat = 'pretty' | 'json'

export const logFormat = (config: Config, stdoutIsTerminal = process.stdout.isTTY === true): LogFormat =>
  config.LOG_FORMAT ?? (stdoutIsTerminal ? 'pretty' : 'json')

/**
 * The server's pino options. JSON lines as they always were; on a terminal pino-pretty, each request as one
 * short line (`GET /api/admin/products 200 12 ms`) and its `incoming request` line moved to debug, so that the
 * few lines a person starts the server to see (the administrator password, `ready at`) are not buried.
 */
export function loggerOptions(config: Config, format: LogFormat): Record<string, unknown> {
  if (format === 'json') return { level: config.LOG_LEVEL, serializers: { req: requestOf } }
  return {
    level: config.LOG_LEVEL,
    serializers: { req: requestOf },
    transport: {
      // Resolved from here: pino would otherwise look for it from Fastify's own folder.
      target: createRequire(import.meta.url).resolve('pino-pretty'),
      options: {
        // The transport runs in a worker thread, which cannot tell that stdout is a terminal.
        colorize: !process.env.NO_COLOR,
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname,reqId',
      },
    },
    hooks: { logMethod: compactRequestLines },
  }
}

const INFO = 30

interface Logged {
  debug: (...args: unknown[]) => void
}

/** What Fastify logs with `request completed`: the reply, and the time it took in milliseconds. */
interface Completed {
  res?: { statusCode?: number; request?: { method?: string; url?: string } }
  responseTime?: number
}

/** A pino `logMethod` hook: rewrites Fastify's two info lines a request; every other line passes unchanged. */
function compactRequestLines(
  this: Logged,
  args: unknown[],
  method: (...args: unknown[]) => void,
  level: number,
): void {
  const { res, responseTime } = (args[0] ?? {}) as Completed
  if (level === INFO && args[1] === 'incoming request') this.debug(...args)
  else if (level === INFO && args[1] === 'request completed' && res?.request) {
    const took = responseTime === undefined ? '' : ` ${Math.round(responseTime)} ms`
    method.call(this, `${res.request.method} ${hideToken(res.request.url)} ${res.statusCode}${took}`)
  } else method.apply(this, args)
}

/**
 * An address as the log keeps it: the live updates stream takes the access token as `?access_token=` (EventSource
 * sends no headers), a set-up or reset link's page and its check take the link's as `?token=`, and a log is no
 * place for a token.
 */
export const hideToken = (url: string | undefined) =>
  url?.replace(/([?&](?:access_)?token=)[^&#]*/gi, '$1[hidden]')

interface LoggedRequest {
  method?: string
  url?: string
  host?: string
  ip?: string
  socket?: { remotePort?: number }
}

/** Fastify's own `req` of a log line, with the token hidden from its address. */
function requestOf(request: LoggedRequest) {
  return {
    method: request.method,
    url: hideToken(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}
