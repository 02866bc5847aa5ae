import type { User, UserUpdateBody } from '@store/contract'
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'
import { USERS } from './get-users.ts'

export interface UpdateUserInput {
  id: string
  body: UserUpdateBody
}

export const updateUser = ({ id, body }: UpdateUserInput) =>
  http.put<Answer<User>>(`/admin/users/${encodeURIComponent(id)}`, body)

/** @example const update = useUpdateUser({ onSuccess: () => navigate(paths.users) }) */
export function useUpdateUser(
  options: Omit<UseMutationOptions<Answer<User>, Error, UpdateUserInput>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: updateUser,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: [USERS] })
      return options.onSuccess?.(...args)
    },
  })
}
