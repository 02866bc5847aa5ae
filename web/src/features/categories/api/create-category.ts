import type { Category, CategoryBody } from '@store/contract'
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'
import { CATEGORIES } from './get-categories.ts'

export const createCategory = (body: CategoryBody) => http.post<Answer<Category>>('/admin/categories', body)

/** @example const create = useCreateCategory({ onSuccess: () => navigate(paths.categories) }) */
export function useCreateCategory(
  options: Omit<UseMutationOptions<Answer<Category>, Error, CategoryBody>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: createCategory,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: [CATEGORIES] })
      return options.onSuccess?.(...args)
    },
  })
}
