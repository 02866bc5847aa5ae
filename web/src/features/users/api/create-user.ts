import type { User, UserCreateBody } from '@store/contract'
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'
import { USERS } from './get-users.ts'

/** The admin form creates customers only (spec section 6): the role is always 'user'. */
export const createUser = (body: UserCreateBody) =>
  http.post<Answer<User>>('/admin/users', { ...body, role: 'user' })

/** @example const create = useCreateUser({ onSuccess: () => navigate(paths.users) }) */
export function useCreateUser(
  options: Omit<UseMutationOptions<Answer<User>, Error, UserCreateBody>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: createUser,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: [USERS] })
      return options.onSuccess?.(...args)
    },
  })
}
