import type { Category } from '@store/contract'
import type { ListControllerOptions } from '../../../lib/use-list-controller.ts'

/** The cache key's root of everything about categories; a save or delete invalidates it. */
export const CATEGORIES = 'categories'

/** The category list call: `GET /admin/categories?name=&page=`; the list controller adds page and name. */
export const categoryListCall = {
  resource: CATEGORIES,
  path: '/admin/categories',
} as const satisfies ListControllerOptions<Category>
