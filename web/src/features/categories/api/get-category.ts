import type { Category } from '@store/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'
import { CATEGORIES } from './get-categories.ts'

export const getCategory = (id: string, signal?: AbortSignal) =>
  http.get<Answer<Category>>(`/admin/categories/${encodeURIComponent(id)}`, undefined, signal)

/**
 * One category, for the edit screen: loaded again on every entry and forgotten when the screen closes (the
 * spec's edit screens reset the old record and reload it).
 */
export const categoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [CATEGORIES, 'detail', id],
    queryFn: ({ signal }) => getCategory(id, signal),
    gcTime: 0,
    refetchOnMount: 'always',
  })

/** @example const { data, isError } = useCategory(id) */
export const useCategory = (id: string) => useQuery(categoryQueryOptions(id))
