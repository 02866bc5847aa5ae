import type { User } from '@store/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'
import { USERS } from './get-users.ts'

export const getUser = (id: string, signal?: AbortSignal) =>
  http.get<Answer<User>>(`/admin/users/${encodeURIComponent(id)}`, undefined, signal)

/**
 * One user, for the edit screen. The spec's edit screens reset the old record and load it again on entry, so
 * nothing is kept once the screen closes (gcTime 0) and every entry asks the server (refetchOnMount 'always').
 */
export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [USERS, 'detail', id],
    queryFn: ({ signal }) => getUser(id, signal),
    gcTime: 0,
    refetchOnMount: 'always',
  })

/** @example const { data, isError } = useUser(id) */
export const useUser = (id: string) => useQuery(userQueryOptions(id))
