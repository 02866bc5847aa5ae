/**
 * What the web app keeps in the browser's localStorage, by key: the session's tokens, the interface language
 * and the colour scheme. In a module of their own, importing nothing, so the session's first calls (early-session.ts) can
 * read them before the rest of the app's code has run.
 */
export const STORAGE_KEYS = {
  access: 'token',
  refresh: 'refreshToken',
  language: 'language',
  /**
   * 'light', 'dark' or 'auto' (follow the system), chosen in the account menu. index.html reads it too, before
   * the first paint (its inline script names the key; storage-keys.test.ts keeps the two alike).
   */
  colorScheme: 'color-scheme',
} as const
