/**
 * What the web app keeps in the browser's localStorage, by key: the session's tokens and the interface
 * language. In a module of their own, importing nothing, so the session's first calls (early-session.ts) can
 * read them before the rest of the app's code has run.
 */
export const STORAGE_KEYS = {
  access: 'token',
  refresh: 'refreshToken',
  language: 'language',
} as const
