import type { ReactNode } from 'react'

/**
 * react-toastify, a chunk of its own that comes with the first toast or the container (`app/providers.tsx`),
 * whichever asks first; a toast made before the container is there waits for it.
 */
const toasts = () => import('react-toastify').then((m) => m.toast)

/**
 * Toasts with the spec's behaviour; the container in `app/providers.tsx` holds the timing and placement. An `id`
 * keeps one toast where several parts of the app report the same event at once.
 */
export const notify = {
  success: (message: string, id?: string) => {
    void toasts().then((toast) => toast.success(message, { toastId: id }))
  },
  /**
   * Something done only in part, with what was not done and why (a bulk call's refused rows): it stays until
   * closed, as a list of reasons takes longer to read than a toast lasts.
   */
  warning: (content: ReactNode) => {
    void toasts().then((toast) => toast.warning(content, { autoClose: false, closeOnClick: false }))
  },
  info: (message: string, id?: string) => {
    void toasts().then((toast) => toast.info(message, { toastId: id }))
  },
  // The same failure reported twice at once (two calls of one screen refused alike) shows one toast.
  error: (error: unknown, options?: { withField?: boolean }) => {
    // The wording by code comes with the toasts: the first page's code need not hold every message.
    void Promise.all([toasts(), import('./error-text.ts')]).then(([toast, { errorText }]) => {
      const text = errorText(error, options)
      toast.error(text, { toastId: `error:${text}` })
    })
  },
}
