import type { Product } from '@store/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'

/** `GET /admin/products/{id}`: the product with its category and brand as `{id, _id, name}`. */
export const getProduct = (id: string, signal?: AbortSignal) =>
  http.get<Answer<Product>>(`/admin/products/${encodeURIComponent(id)}`, undefined, signal)

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: ({ signal }) => getProduct(id, signal).then((answer) => answer.data),
    // Spec section 4: an edit screen drops the old record and loads it again on every entry, so the form
    // never starts from a copy someone else has changed since.
    staleTime: 0,
    gcTime: 0,
  })

/** @example const { data: product } = useProduct(id) */
export const useProduct = (id: string) => useQuery(productQueryOptions(id))
