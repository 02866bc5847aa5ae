import {
  type EndpointAnswer,
  type EndpointInput,
  type ErrorAnswer,
  type Message,
  type MessageCode,
  type MessageParams,
  pathOf,
  type Route,
  type TokenPair,
} from '@store/contract'
import { endpoints } from '@store/contract/client'
import i18next from 'i18next'
import { dropEarlyAnswers, takeEarlyAnswer } from './early-session.ts'
import { STORAGE_KEYS } from './storage-keys.ts'

/**
 * A refused or failed call: the HTTP status, the server's message by code with its English text, and for a
 * refusal about fields each field's message by code. Status 0 is a server that could not be reached.
 */
export class ApiError extends Error {
  readonly code: MessageCode | undefined
  readonly params: MessageParams | undefined
  /** One message a field at fault, by code: what a form shows next to each field. */
  readonly fields: Record<string, Message>
  /** The refusal's `data`, when it carries one (an import's report of the rows at fault). */
  readonly data: unknown

  constructor(
    readonly status: number,
    answer: Partial<Pick<ErrorAnswer, 'message' | 'code' | 'params' | 'codes'>> & { data?: unknown } = {},
  ) {
    super(answer.message || (status === 0 ? 'The server cannot be reached' : `HTTP ${status}`))
    this.name = 'ApiError'
    this.code = answer.code as MessageCode | undefined
    this.params = answer.params
    this.fields = (answer.codes ?? {}) as Record<string, Message>
    this.data = answer.data ?? null
  }

  /** The answer's own message, when the server gave a code. */
  get refusal(): Message | undefined {
    return this.code ? { code: this.code, ...(this.params && { params: this.params }) } : undefined
  }
}

const ACCESS_KEY = STORAGE_KEYS.access
const REFRESH_KEY = STORAGE_KEYS.refresh

/** The session's tokens, kept in browser storage under the spec's keys. */
export const tokens = {
  get access() {
    return localStorage.getItem(ACCESS_KEY)
  },
  get refresh() {
    return localStorage.getItem(REFRESH_KEY)
  },
  save(pair: TokenPair) {
    localStorage.setItem(ACCESS_KEY, pair.access.token)
    localStorage.setItem(REFRESH_KEY, pair.refresh.token)
  },
  clear() {
    localStorage.removeItem(ACCESS_KEY)
    localStorage.removeItem(REFRESH_KEY)
    dropEarlyAnswers()
  },
}

type SessionEndListener = () => void
const sessionEndListeners = new Set<SessionEndListener>()
/** Called when the session cannot go on (a 401 that one refresh did not cure). Returns the unsubscribe. */
export const onSessionEnd = (listener: SessionEndListener) => {
  sessionEndListeners.add(listener)
  return () => void sessionEndListeners.delete(listener)
}

const withQuery = (path: string, query: unknown) => {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const text = params.toString()
  return `${path}${text ? `?${text}` : ''}`
}

/** How far an upload has gone: the bytes sent so far of the body's total. */
export type UploadProgress = (sent: number, total: number) => void

interface Sent {
  method: string
  url: string
  body?: unknown
  signal?: AbortSignal
  onUploadProgress?: UploadProgress
}

/**
 * `fetch` cannot tell how much of a body has gone out, so a call that shows its upload's progress goes through
 * XMLHttpRequest, its answer handed back as a `Response` so that everything after it is the same.
 */
function sendWithProgress(
  { method, url, signal }: Sent,
  headers: Record<string, string>,
  payload: BodyInit | undefined,
  onProgress: UploadProgress,
) {
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, url)
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total)
    }
    xhr.onload = () => {
      const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304
      resolve(
        new Response(empty ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText }),
      )
    }
    xhr.onerror = () => reject(new TypeError('Network request failed'))
    xhr.onabort = () => reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send((payload ?? null) as XMLHttpRequestBodyInit | null)
  })
}

async function send(sent: Sent, bearer: string | null) {
  const { method, url, body, signal, onUploadProgress } = sent
  const headers: Record<string, string> = { accept: 'application/json' }
  // The interface language: the server writes an account's emails (a reset link) in the language it last used.
  const language = i18next.resolvedLanguage ?? i18next.language
  if (language) headers['accept-language'] = language
  let payload: BodyInit | undefined
  if (body instanceof FormData) payload = body
  else if (body !== undefined) {
    headers['content-type'] = 'application/json'
    payload = JSON.stringify(body)
  }
  if (bearer) headers.authorization = `Bearer ${bearer}`
  try {
    if (onUploadProgress) return await sendWithProgress(sent, headers, payload, onUploadProgress)
    return await (takeEarlyAnswer(method, url, bearer) ??
      fetch(url, { method, headers, body: payload, signal }))
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError(0)
  }
}

let refreshing: Promise<boolean> | null = null

/**
 * Trades the refresh token for a new pair. Concurrent 401s share one attempt: the server rotates refresh
 * tokens, so a second attempt with the same token would look like theft and end every session.
 */
function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = tokens.refresh
    if (!refreshToken) return false
    try {
      const { method, path } = endpoints.auth.refresh
      const response = await send({ method, url: pathOf({ path }), body: { refreshToken } }, null)
      if (!response.ok) return false
      const answer = (await response.json()) as EndpointAnswer<typeof endpoints.auth.refresh>
      tokens.save(answer.data.tokens)
      return true
    } catch {
      // Unreachable server or an unreadable answer: the session cannot be renewed, which ends it below.
      return false
    }
  })().finally(() => {
    refreshing = null
  })
  return refreshing
}

/**
 * Calls whose 401 means wrong credentials, a wrong code or a spent token, not an expired session: no refresh for
 * them. The calls made before signing in belong here too: with no session, a 401 has none to end.
 */
const NO_REFRESH = new Set<Route>([
  endpoints.auth.login,
  endpoints.auth.login2fa,
  endpoints.auth.refresh,
  endpoints.auth.logout,
  endpoints.auth.forgotPassword,
  endpoints.auth.resetPassword,
])

export type CallInput<E> = EndpointInput<E> & {
  signal?: AbortSignal
  /** Reports the body's upload as it goes (a large file); the call then goes out through XMLHttpRequest. */
  onUploadProgress?: UploadProgress
}
/** The input argument: required when the endpoint has params or a body, optional otherwise. */
type InputArgument<E> =
  EndpointInput<E> extends { params: unknown } | { body: unknown }
    ? [input: CallInput<E>]
    : [input?: CallInput<E>]

/**
 * Calls an endpoint of the table: the method and address come from it, the input and the answer are typed by
 * its schemas. Answers the whole envelope (or undefined for a 204); a refusal throws `ApiError`. One 401 is
 * cured by one silent refresh of the session; a second ends it.
 *
 * @example const { data, meta } = await api(endpoints.products.list, { query: { page: 2, name: 'áo' } })
 */
export async function api<E extends Route>(
  endpoint: E,
  ...[input]: InputArgument<E>
): Promise<EndpointAnswer<E>> {
  const { params, query, body, signal, onUploadProgress } = (input ?? {}) as CallInput<Route> & {
    params?: Record<string, unknown>
    query?: unknown
    body?: unknown
  }
  const sent: Sent = {
    method: endpoint.method,
    url: withQuery(pathOf(endpoint, params), query),
    body,
    signal,
    onUploadProgress,
  }
  const sentWith = tokens.access
  let response = await send(sent, sentWith)
  if (response.status === 401 && !NO_REFRESH.has(endpoint)) {
    // One silent refresh, then the call once more; a second 401 ends the session. A slow call refused after
    // another call's refresh has already replaced its token just goes again with the new one: refreshing twice
    // would rotate the pair for nothing.
    const renewed = tokens.access !== null && tokens.access !== sentWith
    if (renewed || (await refreshSession())) response = await send(sent, tokens.access)
    if (response.status === 401) {
      tokens.clear()
      for (const listener of sessionEndListeners) listener()
    }
  }
  if (response.status === 204) return undefined as EndpointAnswer<E>
  const answer = (await response.json().catch(() => null)) as
    | ({ status?: boolean } & Partial<ErrorAnswer>)
    | null
  if (!response.ok || !answer || answer.status === false) {
    throw new ApiError(response.status, answer ?? { message: response.statusText })
  }
  return answer as EndpointAnswer<E>
}
