import type { Category } from '@store/contract'

/**
 * `DELETE /admin/categories/{id}`, as the list controller runs it. The server refuses (409) a category that
 * products use, and its message says how many.
 */
export const deleteCategoryCall = (category: Pick<Category, 'id'>) => ({
  path: `/admin/categories/${encodeURIComponent(category.id)}`,
})
