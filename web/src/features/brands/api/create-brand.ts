import type { Brand, BrandCreateBody } from '@store/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'

/** `POST /admin/brands {name, logo}`. */
export const createBrand = (body: BrandCreateBody) => http.post<Answer<Brand>>('/admin/brands', body)

/** @example const create = useCreateBrand(); await create.mutateAsync({ name, logo }) */
export function useCreateBrand() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createBrand,
    // Marked stale only (the list and the product form's select load afresh when shown).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['brands'], refetchType: 'none' }),
  })
}
