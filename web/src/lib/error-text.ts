import { isMessageCode } from '@store/contract'
import i18next from 'i18next'
import { ApiError } from './http.ts'
import { translate } from './validation.ts'

/**
 * The text of a failure as the user should read it, in the chosen language: the server's message by its code
 * (a refusal about a field names the field first, as the server does, unless `withField` is false), the
 * server's English when the code is unknown to this app, or the network failure.
 */
export function errorText(error: unknown, { withField = true } = {}): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return i18next.t('common.networkError')
    const refusal = error.refusal
    // A code this app does not know (a newer server) keeps the server's English.
    if (!refusal || !isMessageCode(refusal.code)) return error.message
    const [field] = Object.keys(error.fields)
    const text = translate(i18next.t, refusal)
    return withField && field !== undefined && error.status !== 409 ? `${field}: ${text}` : text
  }
  if (error instanceof Error) return error.message
  return String(error)
}
