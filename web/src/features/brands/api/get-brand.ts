import type { Brand } from '@store/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'

/** `GET /admin/brands/{id}`. */
export const getBrand = (id: string, signal?: AbortSignal) =>
  http.get<Answer<Brand>>(`/admin/brands/${encodeURIComponent(id)}`, undefined, signal)

export const brandQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['brands', 'detail', id],
    queryFn: ({ signal }) => getBrand(id, signal).then((answer) => answer.data),
    // Spec section 4: an edit screen drops the old record and loads it again on every entry.
    staleTime: 0,
    gcTime: 0,
  })

/** @example const { data: brand } = useBrand(id) */
export const useBrand = (id: string) => useQuery(brandQueryOptions(id))
