import type { ChangePasswordBody, TokenPair } from '@store/contract'
import { useMutation } from '@tanstack/react-query'
import { type Answer, http, tokens } from '../../../lib/http.ts'

/**
 * PUT /admin/auth/change-password. The server revokes every refresh token of the account and answers a new
 * pair for this browser. A wrong current password is a 400 with `errors.currentPassword`.
 */
export const changePassword = (body: ChangePasswordBody) =>
  http.put<Answer<{ tokens: TokenPair }>>('/admin/auth/change-password', body)

/**
 * Changes the signed-in admin's password and keeps this browser signed in. Silent: the form shows a wrong
 * current password next to its field, and toasts only what it cannot place.
 *
 * @example useChangePassword({ onSuccess: () => notify.success(t('account.passwordChanged')) })
 */
export const useChangePassword = (options: { onSuccess: () => Promise<void> | void }) =>
  useMutation({
    mutationFn: changePassword,
    meta: { silent: true },
    onSuccess: async (answer) => {
      // First of all: the old refresh token is revoked now, so the new pair is the only way to stay signed in.
      tokens.save(answer.data.tokens)
      await options.onSuccess()
    },
  })
