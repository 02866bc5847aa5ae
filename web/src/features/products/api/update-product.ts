import type { Product, ProductBody } from '@store/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'

/** `PUT /admin/products/{id}`. Without `sold` and `rating` the server keeps their stored values. */
export const updateProduct = ({ id, body }: { id: string; body: ProductBody }) =>
  http.put<Answer<Product>>(`/admin/products/${encodeURIComponent(id)}`, body)

/** @example const update = useUpdateProduct(); update.mutate({ id, body }, { onSuccess: … }) */
export function useUpdateProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProduct,
    // Marked stale only: the screen leaves for the list, which then loads afresh; refetching the record
    // being left would be a wasted call.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'], refetchType: 'none' }),
  })
}
