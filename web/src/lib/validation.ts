import { type Message, readMessage } from '@store/contract'
import type { TFunction } from 'i18next'

/**
 * A message by code in the chosen language: `messages.<code>` of the message sets, its parameters filled in
 * (and its plural form chosen by `count`).
 *
 * @example translate(t, { code: 'tooLong', params: { max: 120 } }) // 'Tối đa 120 ký tự' in Vietnamese
 */
export const translate = (t: TFunction, message: Message): string =>
  t(`messages.${message.code}` as 'messages.required', message.params ?? {})

/**
 * A form field's message as the user should read it. The field holds a message by code, whether the
 * contract's schema found it in the browser or the server sent it (`applyServerErrors`); any other text is
 * shown as it is.
 *
 * @example translateMessage(t, errors.name?.message) // 'Trường này là bắt buộc' in Vietnamese
 */
export function translateMessage(t: TFunction, text: string | undefined): string | undefined {
  if (!text) return text
  const message = readMessage(text)
  return message ? translate(t, message) : text
}
