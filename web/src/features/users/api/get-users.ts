import type { User } from '@store/contract'
import type { ListControllerOptions } from '../../../lib/use-list-controller.ts'

/** The cache key's root of everything about users; a save or delete invalidates it. */
export const USERS = 'users'

/**
 * The user list call: `GET /admin/users?role=user&name=&page=`. The role is fixed to customers (spec section 6),
 * and the list controller adds the page and the searched name.
 */
export const userListCall = {
  resource: USERS,
  path: '/admin/users',
  fixedQuery: { role: 'user' },
} as const satisfies ListControllerOptions<User>
