import { z } from 'zod'
import { email, entityIds, envelope, password } from './common.ts'
import { defineEndpoints } from './endpoint.ts'
import { ROLES } from './enums.ts'
import { messages } from './messages.ts'
import { PERMISSIONS } from './permissions.ts'

export const loginBody = z.object({
  email,
  password: z.string({ error: messages.required }).min(1, messages.required).max(200, messages.tooLong(200)),
})
export type LoginBody = z.infer<typeof loginBody>

export const authUser = z.object({
  ...entityIds,
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(ROLES),
  /** What this account may do (permissions.ts): the web app hides the rest. */
  permissions: z.array(z.enum(PERMISSIONS)),
})
export type AuthUser = z.infer<typeof authUser>

const token = z.object({ token: z.string(), expires: z.string() })
export const tokenPair = z.object({ access: token, refresh: token })
export type TokenPair = z.infer<typeof tokenPair>

export const loginAnswer = envelope(z.object({ tokens: tokenPair, user: authUser }))
export const refreshBody = z.object({
  refreshToken: z.string({ error: messages.required }).min(1, messages.required).max(200),
})
export const refreshAnswer = envelope(z.object({ tokens: tokenPair }))
export const logoutBody = refreshBody
export const meAnswer = envelope(authUser)

export const changePasswordBody = z.object({
  currentPassword: z.string({ error: messages.required }).min(1, messages.required).max(200),
  password,
})
export type ChangePasswordBody = z.infer<typeof changePasswordBody>

/** The Setting dialog's form: the server's body plus a confirmation checked in the browser. */
export const changePasswordForm = changePasswordBody
  .extend({ confirmPassword: z.string().min(1, messages.confirmRequired) })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.confirmMatch,
  })

export const changePasswordAnswer = envelope(z.object({ tokens: tokenPair }))

export const authEndpoints = defineEndpoints('auth', {
  login: {
    method: 'POST',
    path: '/admin/auth/login',
    summary: 'Sign in as a member of staff (an administrator or staff)',
    public: true,
    body: loginBody,
    answer: loginAnswer,
  },
  refresh: {
    method: 'POST',
    path: '/admin/auth/refresh-tokens',
    summary: 'Trade a refresh token for a new pair; the old one stops working',
    public: true,
    body: refreshBody,
    answer: refreshAnswer,
  },
  logout: {
    method: 'POST',
    path: '/admin/auth/logout',
    permission: 'signedIn',
    summary: 'Sign out: the refresh token stops working',
    body: logoutBody,
    status: 204,
    answer: z.null().describe('Signed out'),
  },
  me: {
    method: 'GET',
    path: '/admin/auth/me',
    permission: 'signedIn',
    summary: 'The signed-in account, with what it may do',
    answer: meAnswer,
  },
  changePassword: {
    method: 'PUT',
    path: '/admin/auth/change-password',
    permission: 'signedIn',
    summary: 'Change one’s own password; every other session is signed out',
    description:
      'Checks the current password, applies the password rules, revokes every refresh token of the account and answers a new token pair for the session that asked.',
    body: changePasswordBody,
    answer: changePasswordAnswer,
  },
})
