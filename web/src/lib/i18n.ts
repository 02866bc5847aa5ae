import i18next, { type BackendModule } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { LANGUAGES, type Language, loadMessages, type MessageSet } from '../i18n/index.ts'
import { ApiError } from './http.ts'
import { STORAGE_KEYS } from './storage-keys.ts'
import { notify } from './toast.ts'

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: MessageSet }
  }
}

const STORAGE_KEY = STORAGE_KEYS.language

const isLanguage = (code: string): code is Language => LANGUAGES.some((l) => l.code === code)

/** The language chosen in this browser, if any. */
const chosen = (): Language | null => {
  const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY)
  return value !== null && isLanguage(value) ? value : null
}

/**
 * The language a page starts in: the one chosen in this browser; else the address's `?lang=` when it names one (a
 * set-up or reset link carries the language of the mail it came in, so a new member's first page speaks it),
 * which the browser then keeps for the pages after; else English. A choice made in the browser wins over a
 * link: it is that person's own, and the link's language is only the shop's guess.
 *
 * @example startLanguage('?token=…&lang=vi') // 'vi' in a browser that chose no language
 */
export function startLanguage(search = typeof location === 'undefined' ? '' : location.search): Language {
  const own = chosen()
  if (own !== null) return own
  const asked = new URLSearchParams(search).get('lang')
  if (asked === null || !isLanguage(asked)) return 'en'
  localStorage.setItem(STORAGE_KEY, asked)
  return asked
}

/**
 * Where i18next takes a language's messages from: its own chunk (i18n/index.ts), fetched the first time the
 * language is asked for. i18next switches only once they are in, so a switch never shows a key untranslated.
 */
const messageChunks = {
  type: 'backend',
  // `read` answers with a promise (i18next's types describe only the callback form).
  callbackApi: false,
  init: () => undefined,
  read: (language: string) =>
    isLanguage(language)
      ? loadMessages[language]()
      : Promise.reject(new Error(`no messages for ${language}`)),
} as unknown as BackendModule

/**
 * English by default (the spec's locale); the choice is remembered in this browser, and a link's `?lang=` starts
 * its page in the link's language (`startLanguage`). Only that language's messages are fetched; the promise
 * settles once they are in, and the app renders then (main.tsx), so nothing shows in another language first.
 */
export function setupI18n(language: Language = startLanguage()): Promise<void> {
  if (i18next.isInitialized) return Promise.resolve()
  document.documentElement.lang = language
  const ready = i18next
    .use(messageChunks)
    .use(initReactI18next)
    .init({
      lng: language,
      // Each language has every key (i18n/types.ts, i18n/messages.test.ts): no other language is fetched to
      // fall back on.
      fallbackLng: false,
      interpolation: { escapeValue: false },
      initAsync: false,
    })
  // A switch is remembered; the start in the stored language is not written back.
  return ready.then(() => {
    i18next.on('languageChanged', (lng) => {
      localStorage.setItem(STORAGE_KEY, lng)
      document.documentElement.lang = lng
    })
  })
}

/**
 * What the language switches call: fetches the language's messages if this page has not yet, then switches.
 * Should they not come (the server cannot be reached), the page stays in its language and says why.
 */
export async function switchLanguage(language: Language): Promise<void> {
  if (!i18next.hasResourceBundle(language, 'translation')) await i18next.reloadResources(language)
  if (!i18next.hasResourceBundle(language, 'translation')) {
    notify.error(new ApiError(0))
    return
  }
  await i18next.changeLanguage(language)
}
