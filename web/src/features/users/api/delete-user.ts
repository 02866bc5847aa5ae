import type { User } from '@store/contract'

/**
 * `DELETE /admin/users/{id}`, as the list controller runs it (it owns the confirm dialog, the reload and the
 * toasts). The server refuses (409) a customer with orders, so order history stays whole.
 */
export const deleteUserCall = (user: Pick<User, 'id'>) => ({
  path: `/admin/users/${encodeURIComponent(user.id)}`,
})
