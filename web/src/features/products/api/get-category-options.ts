import type { Category } from '@store/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'

/** `GET /admin/categories/all`: every category, for the product form's select. */
export const getCategoryOptions = (signal?: AbortSignal) =>
  http.get<Answer<Category[]>>('/admin/categories/all', undefined, signal)

export const categoryOptionsQueryOptions = () =>
  queryOptions({
    // Under the `categories` root, so a category saved or deleted elsewhere refreshes the select.
    queryKey: ['categories', 'all'],
    queryFn: ({ signal }) => getCategoryOptions(signal).then((answer) => answer.data),
  })

/** @example const { data: categories = [] } = useCategoryOptions() */
export const useCategoryOptions = () => useQuery(categoryOptionsQueryOptions())
