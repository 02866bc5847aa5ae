import type { Product, ProductBody } from '@store/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'

/** `POST /admin/products`. `sold` and `rating` are left to the server, which starts both at 0. */
export const createProduct = (body: ProductBody) => http.post<Answer<Product>>('/admin/products', body)

/** @example const create = useCreateProduct(); create.mutate(body, { onSuccess: … }) */
export function useCreateProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createProduct,
    // Marked stale only: the screen leaves for the list, which then loads afresh; refetching the record
    // being left would be a wasted call.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'], refetchType: 'none' }),
  })
}
