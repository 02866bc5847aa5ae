import { messages } from '@store/contract'
import type { TFunction } from 'i18next'

type Fixed = {
  [K in keyof typeof messages]: (typeof messages)[K] extends string ? K : never
}[keyof typeof messages]
const byText = new Map<string, Fixed>()
for (const [key, text] of Object.entries(messages)) {
  if (typeof text === 'string') byText.set(text, key as Fixed)
}

/**
 * The contract's schemas speak English (the server answers with the same words); this shows a message in the
 * chosen language when it is one of the contract's, and as the server wrote it otherwise.
 *
 * @example translateMessage(t, 'This field is required') // 'Trường này là bắt buộc' in Vietnamese
 */
export function translateMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return message
  const key = byText.get(message)
  if (key) return t(`validation.${key}`)
  const tooLong = /^At most (\d+) characters$/.exec(message)
  if (tooLong) return t('validation.tooLong', { max: tooLong[1] })
  const range = /^Must be between (\d+) and (\d+)$/.exec(message)
  if (range) return t('validation.range', { min: range[1], max: range[2] })
  const oneOf = /^Must be one of (.+)$/.exec(message)
  if (oneOf) return t('validation.oneOf', { values: oneOf[1] })
  return message
}
