import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { en, LANGUAGES, type Language, vi } from '../i18n/index.ts'
import { STORAGE_KEYS } from './storage-keys.ts'

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en }
  }
}

const STORAGE_KEY = STORAGE_KEYS.language

const stored = (): Language => {
  const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY)
  return LANGUAGES.some((l) => l.code === value) ? (value as Language) : 'en'
}

/** English by default (the spec's locale); the choice is remembered in this browser. */
export function setupI18n(language: Language = stored()) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: { en: { translation: en }, vi: { translation: vi } },
      lng: language,
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      initAsync: false,
    })
    i18next.on('languageChanged', (lng) => {
      localStorage.setItem(STORAGE_KEY, lng)
      document.documentElement.lang = lng
    })
    document.documentElement.lang = language
  }
  return i18next
}
