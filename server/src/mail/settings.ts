import type { Config } from '../config.ts'

export type MailLanguage = 'vi' | 'en'

/** The sender when `MAIL_FROM` is unset. */
export const DEFAULT_MAIL_FROM = 'Store back-office <no-reply@localhost>'

/** The address staff reach the back-office at, without a trailing slash: `PUBLIC_URL`, else this server's port. */
export const publicUrlOf = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string =>
  config.PUBLIC_URL ?? `http://localhost:${config.PORT}`

/**
 * The page of the web app where a password is chosen with a one-time link's token, in `language`: the language of
 * the mail that carries it (`mailLanguageOf`), so the page opens in the language the mail was written in, in a
 * browser that has no language of its own yet.
 */
export const passwordLinkOf = (
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>,
  token: string,
  language: MailLanguage,
): string => `${publicUrlOf(config)}/reset-password?token=${encodeURIComponent(token)}&lang=${language}`

/** The language of an email to an account: the one it last signed in with, else the shop's (`MAIL_LANGUAGE`). */
export const mailLanguageOf = (
  config: Pick<Config, 'MAIL_LANGUAGE'>,
  accountLanguage: string | null | undefined,
): MailLanguage =>
  accountLanguage === 'en' || accountLanguage === 'vi' ? accountLanguage : (config.MAIL_LANGUAGE ?? 'vi')
