import type { Brand, BrandUpdateBody } from '@store/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'

/** `PUT /admin/brands/{id} {name?, logo?}`; `logo: null` removes the logo. */
export const updateBrand = ({ id, body }: { id: string; body: BrandUpdateBody }) =>
  http.put<Answer<Brand>>(`/admin/brands/${encodeURIComponent(id)}`, body)

/** @example const update = useUpdateBrand(); await update.mutateAsync({ id, body: { logo: null } }) */
export function useUpdateBrand() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateBrand,
    // A renamed brand shows in product rows too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['brands'], refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: ['products'], refetchType: 'none' }),
      ]),
  })
}
