import { type Message, type MessageCode, messageText } from '@store/contract'
import { onTestFinished, vi } from 'vitest'

/** One call the app made, as the fake saw it. */
export interface FetchCall {
  method: string
  /** The path without the query: `/api/admin/users`. */
  path: string
  query: URLSearchParams
  headers: Record<string, string>
  /** The parsed JSON body, the FormData, or undefined. */
  body: unknown
}

type Reply = (call: FetchCall) => Response | Promise<Response>
/** A function answers every call of its route; a list answers one call each, in order, then no more. */
export type Routes = Record<string, Reply | Reply[]>

/** A JSON answer with the API's envelope already filled in by the caller. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** `{ status: true, data, message }` with 200, plus `meta` for a list. */
export const ok = (data: unknown, extra: Record<string, unknown> = {}) =>
  json(200, { status: true, data, message: 'OK', ...extra })

const asMessage = (message: Message | MessageCode): Message =>
  typeof message === 'string' ? { code: message } : message

/**
 * A refusal as the server words it: `{ status: false, data: null, message, code, params?, errors?, codes? }`,
 * the English made from the code as the server makes it, a field's name before it except in a 409.
 *
 * @example refusal(409, 'emailTaken', { email: 'emailTaken' })
 */
export const refusal = (
  status: number,
  message: Message | MessageCode,
  fields?: Record<string, Message | MessageCode>,
) => json(status, refusalBody(status, message, fields))

/** The body of `refusal`, for a test that builds an `ApiError` itself. */
export function refusalBody(
  status: number,
  message: Message | MessageCode,
  fields?: Record<string, Message | MessageCode>,
) {
  const own = asMessage(message)
  const codes = fields && Object.fromEntries(Object.entries(fields).map(([f, m]) => [f, asMessage(m)]))
  const [first] = Object.keys(codes ?? {})
  const text = messageText(own)
  return {
    status: false as const,
    data: null,
    message: first !== undefined && status !== 409 ? `${first}: ${text}` : text,
    code: own.code,
    ...(own.params && { params: own.params }),
    ...(codes && {
      errors: Object.fromEntries(Object.entries(codes).map(([f, m]) => [f, messageText(m)])),
      codes,
    }),
  }
}

/**
 * Replaces `fetch` with a fake that answers only the routes given (`'GET /api/admin/users'`, matched on method
 * and path; the query is the test's to check) and fails the test on any other call. The app's http client
 * turns a throwing fetch into a network error, which a screen may swallow, so the fake does not rely on its
 * throw alone: the test fails when it finishes, naming every call nobody expected.
 *
 * @example
 * const fake = fakeFetch({ 'GET /api/admin/users': () => ok([], { meta }) })
 * … ; expect(fake.calls[0]!.query.get('page')).toBe('2')
 */
export function fakeFetch(routes: Routes) {
  const calls: FetchCall[] = []
  const unexpected: string[] = []
  const queues = new Map(
    Object.entries(routes).map(([key, reply]) => [key, Array.isArray(reply) ? [...reply] : reply]),
  )

  const fake = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
    const method = (init.method ?? 'GET').toUpperCase()
    const headers = Object.fromEntries(new Headers(init.headers).entries())
    const body =
      typeof init.body === 'string'
        ? JSON.parse(init.body)
        : init.body instanceof FormData
          ? init.body
          : undefined
    const call: FetchCall = { method, path: url.pathname, query: url.searchParams, headers, body }
    const key = `${method} ${url.pathname}`
    const route = queues.get(key)
    const reply = Array.isArray(route) ? route.shift() : route
    if (!reply) {
      unexpected.push(`${key}${url.search}`)
      throw new Error(`fakeFetch: nobody expected ${key}${url.search}`)
    }
    calls.push(call)
    return reply(call)
  })

  vi.stubGlobal('fetch', fake)
  onTestFinished(() => {
    vi.unstubAllGlobals()
    if (unexpected.length > 0) throw new Error(`fakeFetch: unexpected calls: ${unexpected.join(', ')}`)
  })
  return {
    calls,
    /** The calls of one route: `fake.callsTo('GET /api/admin/users')`. */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  }
}
