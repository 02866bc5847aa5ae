import type { ErrorAnswer, ListMeta, TokenPair } from '@store/contract'

/** A refused or failed call: the HTTP status, the server's message and, for a 400, one message a field. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export interface Answer<T> {
  status: boolean
  data: T
  message: string
}
export interface ListAnswer<T> extends Answer<T[]> {
  meta: ListMeta
}

const ACCESS_KEY = 'token'
const REFRESH_KEY = 'refreshToken'

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
  },
}

type SessionEndListener = () => void
const sessionEndListeners = new Set<SessionEndListener>()
/** Called when the session cannot go on (a 401 that one refresh did not cure). Returns the unsubscribe. */
export const onSessionEnd = (listener: SessionEndListener) => {
  sessionEndListeners.add(listener)
  return () => void sessionEndListeners.delete(listener)
}

/** The message shown when the server cannot be reached; the UI translates it by this key. */
export const NETWORK_ERROR = 'common.networkError'

type Query = Record<string, string | number | boolean | undefined | null>
interface RequestOptions {
  query?: Query
  body?: unknown
  signal?: AbortSignal
}

const withQuery = (path: string, query?: Query) => {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const text = params.toString()
  return `/api${path}${text ? `?${text}` : ''}`
}

async function send(method: string, path: string, options: RequestOptions, bearer: string | null) {
  const headers: Record<string, string> = { accept: 'application/json' }
  let body: BodyInit | undefined
  if (options.body instanceof FormData) body = options.body
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  if (bearer) headers.authorization = `Bearer ${bearer}`
  try {
    return await fetch(withQuery(path, options.query), { method, headers, body, signal: options.signal })
  } catch (error) {
    if (options.signal?.aborted) throw error
    throw new ApiError(0, NETWORK_ERROR)
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
      const response = await send('POST', '/admin/auth/refresh-tokens', { body: { refreshToken } }, null)
      if (!response.ok) return false
      const answer = (await response.json()) as Answer<{ tokens: TokenPair }>
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

const NO_REFRESH = new Set(['/admin/auth/login', '/admin/auth/refresh-tokens', '/admin/auth/logout'])

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const sentWith = tokens.access
  let response = await send(method, path, options, sentWith)
  if (response.status === 401 && !NO_REFRESH.has(path)) {
    // One silent refresh, then the call once more; a second 401 ends the session. A slow call refused after
    // another call's refresh has already replaced its token just goes again with the new one: refreshing twice
    // would rotate the pair for nothing.
    const renewed = tokens.access !== null && tokens.access !== sentWith
    if (renewed || (await refreshSession())) response = await send(method, path, options, tokens.access)
    if (response.status === 401) {
      tokens.clear()
      for (const listener of sessionEndListeners) listener()
    }
  }
  if (response.status === 204) return undefined as T
  const answer = (await response.json().catch(() => null)) as (Answer<unknown> & Partial<ErrorAnswer>) | null
  if (!response.ok || !answer || answer.status === false) {
    throw new ApiError(
      response.status,
      answer?.message || response.statusText || NETWORK_ERROR,
      answer?.errors,
    )
  }
  return answer as T
}

/**
 * The typed client of `/api`. Each call answers the whole envelope; a refusal throws `ApiError`.
 *
 * @example const { data } = await http.get<Answer<User>>(`/admin/users/${id}`)
 */
export const http = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  delete: <T>(path: string, query?: Query) => request<T>('DELETE', path, { query }),
}
