import type { Category, CategoryBody } from '@store/contract'
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'
import { CATEGORIES } from './get-categories.ts'

export interface UpdateCategoryInput {
  id: string
  body: CategoryBody
}

export const updateCategory = ({ id, body }: UpdateCategoryInput) =>
  http.put<Answer<Category>>(`/admin/categories/${encodeURIComponent(id)}`, body)

/** @example const update = useUpdateCategory({ onSuccess: () => navigate(paths.categories) }) */
export function useUpdateCategory(
  options: Omit<UseMutationOptions<Answer<Category>, Error, UpdateCategoryInput>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: updateCategory,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: [CATEGORIES] })
      return options.onSuccess?.(...args)
    },
  })
}
