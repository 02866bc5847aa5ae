import type { AuthUser, LoginBody, TokenPair } from '@store/contract'
import { useMutation } from '@tanstack/react-query'
import { type Answer, http } from '../../../lib/http.ts'

export type LoginAnswer = Answer<{ tokens: TokenPair; user: AuthUser }>

/** POST /admin/auth/login: the token pair and the admin's profile. A wrong e-mail or password is a 401. */
export const login = (body: LoginBody) => http.post<LoginAnswer>('/admin/auth/login', body)

/**
 * Signs in. Silent: the sign-in form shows the refusal on itself, so it is not toasted as well.
 *
 * @example const mutation = useLogin(); mutation.mutate({ email, password }, { onSuccess: … })
 */
export const useLogin = () => useMutation({ mutationFn: login, meta: { silent: true } })
