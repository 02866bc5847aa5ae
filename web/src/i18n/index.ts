import type { en } from './en/index.ts'
import type { Messages } from './types.ts'

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'vi', label: 'Tiếng Việt' },
] as const
export type Language = (typeof LANGUAGES)[number]['code']

/** The English set's shape: every language has each of its keys (`Messages`). */
export type MessageSet = typeof en

/**
 * Each language's messages, a chunk of their own: a page loads only the language it shows, and another one
 * when the user switches to it (lib/i18n.ts).
 */
export const loadMessages: Record<Language, () => Promise<Messages<MessageSet>>> = {
  en: () => import('./en/index.ts').then((m) => m.en),
  vi: () => import('./vi/index.ts').then((m) => m.vi),
}
