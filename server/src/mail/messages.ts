import type { MailLanguage } from './settings.ts'

/**
 * Why a member gets a link to choose a password: `setup` for a new account, `forgot` when they asked for it on
 * the sign-in page, `adminReset` when an administrator made it for them.
 */
export type PasswordLinkKind = 'setup' | 'forgot' | 'adminReset'

export interface PasswordMailInput {
  kind: PasswordLinkKind
  language: MailLanguage
  /** The member's name as the account holds it: text a person typed, never trusted as markup or as a header. */
  name: string
  link: string
  /** How long the link works, in minutes. */
  validMinutes: number
}

/** A message ready to send: the subject is fixed text, so no input of anyone's reaches a header through it. */
export interface MailContent {
  subject: string
  text: string
  html: string
}

interface Wording {
  subject: string
  greeting: (name: string) => string
  intro: string
  action: string
  validity: (duration: string) => string
  ignore: string
}

const duration = (language: MailLanguage, minutes: number) => {
  const hours = minutes / 60
  if (language === 'vi') return Number.isInteger(hours) ? `${hours} giờ` : `${minutes} phút`
  if (Number.isInteger(hours)) return hours === 1 ? '1 hour' : `${hours} hours`
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}

const WORDING: Record<MailLanguage, Record<PasswordLinkKind, Wording>> = {
  en: {
    setup: {
      subject: 'Choose your password for the store back-office',
      greeting: (name) => `Hello ${name},`,
      intro: 'An administrator has added you to the store back-office. Choose your password with this link:',
      action: 'Choose my password',
      validity: (d) => `The link works for ${d} and only once.`,
      ignore: 'If you did not expect this email, you can ignore it.',
    },
    forgot: {
      subject: 'Reset your password for the store back-office',
      greeting: (name) => `Hello ${name},`,
      intro: 'Someone asked for a new password for your store back-office account. Choose it with this link:',
      action: 'Choose a new password',
      validity: (d) => `The link works for ${d} and only once.`,
      ignore: 'If you did not ask for it, ignore this email: your password stays as it is.',
    },
    adminReset: {
      subject: 'Reset your password for the store back-office',
      greeting: (name) => `Hello ${name},`,
      intro:
        'An administrator has created a link for you to choose a new password for the store back-office. Choose it with this link:',
      action: 'Choose a new password',
      validity: (d) => `The link works for ${d} and only once.`,
      ignore: 'Until you use it, your password stays as it is.',
    },
  },
  vi: {
    setup: {
      subject: 'Đặt mật khẩu cho trang quản trị cửa hàng',
      greeting: (name) => `Xin chào ${name},`,
      intro:
        'Quản trị viên đã thêm bạn vào trang quản trị cửa hàng. Hãy đặt mật khẩu của bạn qua liên kết sau:',
      action: 'Đặt mật khẩu',
      validity: (d) => `Liên kết có hiệu lực trong ${d} và chỉ dùng được một lần.`,
      ignore: 'Nếu bạn không chờ email này, hãy bỏ qua nó.',
    },
    forgot: {
      subject: 'Đặt lại mật khẩu trang quản trị cửa hàng',
      greeting: (name) => `Xin chào ${name},`,
      intro:
        'Có yêu cầu đặt lại mật khẩu cho tài khoản quản trị cửa hàng của bạn. Hãy chọn mật khẩu mới qua liên kết sau:',
      action: 'Chọn mật khẩu mới',
      validity: (d) => `Liên kết có hiệu lực trong ${d} và chỉ dùng được một lần.`,
      ignore: 'Nếu bạn không yêu cầu, hãy bỏ qua email này: mật khẩu của bạn vẫn giữ nguyên.',
    },
    adminReset: {
      subject: 'Đặt lại mật khẩu trang quản trị cửa hàng',
      greeting: (name) => `Xin chào ${name},`,
      intro:
        'Quản trị viên đã tạo cho bạn một liên kết để chọn mật khẩu mới cho trang quản trị cửa hàng. Hãy chọn mật khẩu qua liên kết sau:',
      action: 'Chọn mật khẩu mới',
      validity: (d) => `Liên kết có hiệu lực trong ${d} và chỉ dùng được một lần.`,
      ignore: 'Cho đến khi bạn dùng liên kết, mật khẩu của bạn vẫn giữ nguyên.',
    },
  },
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text as HTML shows it, never as markup: a name like `<img onerror=…>` reads as those characters. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)

/**
 * A name on one line: line breaks and other control characters become spaces. A name is one line of text;
 * written as it was typed, a line break would split the greeting, and in a header it could start a new one.
 */
export const oneLine = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed
  text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim()

/** The email that carries a link to choose a password, in plain text and HTML, in the member's language. */
export function passwordMail(input: PasswordMailInput): MailContent {
  const w = WORDING[input.language][input.kind]
  const name = oneLine(input.name)
  const validity = w.validity(duration(input.language, input.validMinutes))
  const text = [w.greeting(name), '', w.intro, '', input.link, '', validity, w.ignore, ''].join('\n')
  const link = escapeHtml(input.link)
  const html = `<!doctype html>
<html lang="${input.language}">
<head><meta charset="utf-8"><title>${escapeHtml(w.subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1f2937;">
<p>${escapeHtml(w.greeting(name))}</p>
<p>${escapeHtml(w.intro)}</p>
<p><a href="${link}" style="display: inline-block; padding: 10px 18px; background: #1c7ed6; color: #ffffff; text-decoration: none; border-radius: 4px;">${escapeHtml(w.action)}</a></p>
<p style="word-break: break-all; font-size: 13px; color: #4b5563;">${link}</p>
<p>${escapeHtml(validity)} ${escapeHtml(w.ignore)}</p>
</body>
</html>
`
  return { subject: w.subject, text, html }
}
