import i18next from 'i18next'
import { toast } from 'react-toastify'
import { ApiError, NETWORK_ERROR } from './http.ts'
import { translateMessage } from './validation.ts'

/** The text of a failure as the user should read it: the server's message, translated when it is ours. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.message === NETWORK_ERROR) return i18next.t('common.networkError')
    return translateMessage(i18next.t, error.message) ?? error.message
  }
  if (error instanceof Error) return error.message
  return String(error)
}

/**
 * Toasts with the spec's behaviour; the container in `app/providers.tsx` holds the timing and placement. An `id`
 * keeps one toast where several parts of the app report the same event at once.
 */
export const notify = {
  success: (message: string, id?: string) => toast.success(message, { toastId: id }),
  info: (message: string, id?: string) => toast.info(message, { toastId: id }),
  // The same failure reported twice at once (two calls of one screen refused alike) shows one toast.
  error: (error: unknown) => {
    const text = errorText(error)
    return toast.error(text, { toastId: `error:${text}` })
  },
}
