import { STORAGE_KEYS } from './storage-keys.ts'

/**
 * The session's first two calls, started as the page's code begins to run instead of once the app has drawn its
 * first screen: `/me` (is the stored token still good, and what may this account do) and `/config` (the
 * store's zone and settings). Every screen of a session waits for both, and the dashboard's loader waits for
 * them before its own calls; on a first visit the rest of the app's code takes about as long to run as they take
 * to answer, so they are answered by the time it asks.
 *
 * The answers are handed once, each to the first call of the same address with the same token
 * (`takeEarlyAnswer`, from http.ts), which reads it as it would its own: a 401 refreshes the session as usual.
 * Any other call goes to the network. This module imports nothing heavy, so `start-early-session.ts`, the
 * first import of main.tsx, runs it before the rest of the bundle is evaluated.
 */

/** The addresses asked for early (what `pathOf` makes of `endpoints.auth.me` and `endpoints.operations.config`). */
export const EARLY_ADDRESSES = ['/api/admin/auth/me', '/api/admin/config'] as const

interface EarlyCall {
  bearer: string
  answer: Promise<Response>
}

const started = new Map<string, EarlyCall>()

/** Starts the early calls when a session is stored; with none (the sign-in page), nothing is asked. */
export function startEarlySession(): void {
  let bearer: string | null
  let language: string | null
  try {
    bearer = localStorage.getItem(STORAGE_KEYS.access)
    language = localStorage.getItem(STORAGE_KEYS.language)
  } catch {
    // Storage refused (a locked-down browser): the app asks for itself, as it always could.
    return
  }
  if (!bearer) return
  for (const url of EARLY_ADDRESSES) {
    const answer = fetch(url, {
      headers: {
        accept: 'application/json',
        'accept-language': language === 'vi' ? 'vi' : 'en',
        authorization: `Bearer ${bearer}`,
      },
    })
    // Read or not, a failure must not surface as an unhandled rejection; the call that takes it sees it.
    answer.catch(() => {})
    started.set(url, { bearer, answer })
  }
}

/**
 * The early answer of a GET of `url` sent with `bearer`, once; undefined for any other call, a second one, or
 * after the token changed (a sign-in, a refresh), whose answer would speak of another session.
 */
export function takeEarlyAnswer(
  method: string,
  url: string,
  bearer: string | null,
): Promise<Response> | undefined {
  const early = started.get(url)
  if (!early || method !== 'GET' || early.bearer !== bearer) return undefined
  started.delete(url)
  return early.answer
}

/** Forgets the calls not taken yet: on sign-out, so no answer of the ended session is ever used. */
export function dropEarlyAnswers(): void {
  started.clear()
}
