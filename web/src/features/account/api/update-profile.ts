import type { User } from '@store/contract'
import { useMutation } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'

export interface ProfileBody {
  name: string
}

/** PUT /admin/users/{id} on one's own account: how the Setting dialog saves the name (CONTRACT section 2). */
export const updateProfile = ({ id, ...body }: ProfileBody & { id: string }) =>
  http.put<Answer<User>>(`/admin/users/${encodeURIComponent(id)}`, body)

/**
 * Saves the signed-in admin's name. Silent: the form puts a refusal next to its field, and toasts only what
 * it cannot place (spec section 8's error toast).
 *
 * @example useUpdateProfile({ onSuccess: () => notify.success(t('account.updated')) })
 */
export const useUpdateProfile = (options: { onSuccess: () => Promise<void> | void }) =>
  useMutation({ mutationFn: updateProfile, onSuccess: options.onSuccess, meta: { silent: true } })
