import { z } from 'zod'
import { email, emptyEnvelope, entityIds, envelope, isoDate, requiredText, staffPassword } from './common.ts'
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
  /** Whether two-step sign-in is on for this account. */
  twoFactor: z.boolean(),
})
export type AuthUser = z.infer<typeof authUser>

const token = z.object({ token: z.string(), expires: z.string() })
export const tokenPair = z.object({ access: token, refresh: token })
export type TokenPair = z.infer<typeof tokenPair>

export const signedInData = z.object({ tokens: tokenPair, user: authUser })
/** With two-step sign-in on, the password alone answers this: send a code with the token to `login/2fa`. */
export const mfaChallenge = z.object({ mfaRequired: z.literal(true), mfaToken: z.string() })
export const loginAnswer = envelope(z.union([signedInData, mfaChallenge]))
export type LoginAnswer = z.infer<typeof loginAnswer>

/** A code of the authenticator app (6 digits) or a recovery code (`xxxxx-xxxxx`). */
const code = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(32, messages.tooLong(32))
export const login2faBody = z.object({
  mfaToken: z.string({ error: messages.required }).min(1, messages.required).max(2000),
  code,
})
export const login2faAnswer = envelope(signedInData)

export const forgotPasswordBody = z.object({ email })
export const resetPasswordBody = z.object({
  token: z.string({ error: messages.required }).min(1, messages.required).max(200),
  password: staffPassword,
})
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>
/** A link's token, to ask whether the link still works before anything is typed. */
export const passwordLinkQuery = z.object({
  token: z.string({ error: messages.required }).min(1, messages.required).max(200),
})
/** A link that still works: what it is for (a new member's set-up, or a reset) and until when. */
export const passwordLinkAnswer = envelope(
  z.object({ purpose: z.enum(['setup', 'reset']), expiresAt: isoDate }),
)
/** The reset form: the new password twice, checked in the browser. */
export const resetPasswordForm = z
  .object({ password: staffPassword, confirmPassword: z.string().min(1, messages.confirmRequired) })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.confirmMatch,
  })

export const twoFactorSetupAnswer = envelope(z.object({ secret: z.string(), otpauthUrl: z.string() }))
export const twoFactorEnableBody = z.object({ code })
export const twoFactorEnableAnswer = envelope(z.object({ recoveryCodes: z.array(z.string()) }))
export const twoFactorDisableBody = z.object({
  password: z.string({ error: messages.required }).min(1, messages.required).max(200),
  code,
})

export const session = z.object({
  id: z.string(),
  createdAt: isoDate,
  lastUsedAt: isoDate,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session the request came from. */
  current: z.boolean(),
})
export type Session = z.infer<typeof session>
export const sessionsAnswer = envelope(z.array(session))
export const sessionParams = z.object({ id: z.string().max(64) })
export const endSessionsAnswer = envelope(z.object({ ended: z.number().int() }))
export const refreshBody = z.object({
  refreshToken: z.string({ error: messages.required }).min(1, messages.required).max(200),
})
export const refreshAnswer = envelope(z.object({ tokens: tokenPair }))
export const logoutBody = refreshBody
export const meAnswer = envelope(authUser)

/** What an account changes of its own profile: the Setting dialog's Information tab. */
export const profileBody = z.object({ name: requiredText(120) })
export type ProfileBody = z.infer<typeof profileBody>

export const changePasswordBody = z.object({
  currentPassword: z.string({ error: messages.required }).min(1, messages.required).max(200),
  password: staffPassword,
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
    description:
      'With two-step sign-in on, answers `{ mfaRequired: true, mfaToken }` and no tokens: send the token and a ' +
      'code to login/2fa within 5 minutes. A disabled account is a 403 even with the right password.',
    body: loginBody,
    answer: loginAnswer,
    audit: { entity: 'account', action: 'signIn', outside: true },
  },
  login2fa: {
    method: 'POST',
    path: '/admin/auth/login/2fa',
    summary: 'Finish a two-step sign-in with a code of the authenticator app or a recovery code',
    public: true,
    body: login2faBody,
    answer: login2faAnswer,
    audit: { entity: 'account', action: 'signIn', outside: true },
  },
  refresh: {
    method: 'POST',
    path: '/admin/auth/refresh-tokens',
    summary: 'Trade a refresh token for a new pair; the old one stops working',
    public: true,
    body: refreshBody,
    answer: refreshAnswer,
    audit: {
      skip: 'renews a session the sign-in already recorded; recording each renewal would bury the log',
    },
  },
  logout: {
    method: 'POST',
    path: '/admin/auth/logout',
    permission: 'signedIn',
    summary: 'Sign out: the refresh token stops working',
    body: logoutBody,
    status: 204,
    answer: z.null().describe('Signed out'),
    audit: { entity: 'account', action: 'signOut' },
  },
  me: {
    method: 'GET',
    path: '/admin/auth/me',
    permission: 'signedIn',
    summary: 'The signed-in account, with what it may do',
    answer: meAnswer,
  },
  updateProfile: {
    method: 'PUT',
    path: '/admin/auth/me',
    permission: 'signedIn',
    summary: 'Change one’s own name (the Setting dialog); any member of staff may',
    description:
      'An administrator may also use PUT /admin/users/{own id}, as the spec’s client does; that call needs ' +
      'customers:write, which staff do not have.',
    body: profileBody,
    answer: meAnswer,
    audit: { entity: 'account', action: 'update' },
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
    audit: { entity: 'account', action: 'passwordChange' },
  },
  forgotPassword: {
    method: 'POST',
    path: '/admin/auth/forgot-password',
    summary: 'Ask for a password reset link by email; the same answer whether the account exists or not',
    description:
      'For an active member of staff, and when SMTP_URL is set, emails a link to /reset-password valid 30 ' +
      'minutes and usable once. Rate limited per address and per email (429).',
    public: true,
    body: forgotPasswordBody,
    answer: emptyEnvelope,
    audit: { entity: 'account', action: 'passwordResetRequest', outside: true },
  },
  checkResetLink: {
    method: 'GET',
    path: '/admin/auth/reset-password',
    summary: 'Whether a set-up or reset link still works, without spending it',
    description:
      'What the page a link opens asks first, so a used, expired or unknown link is refused before anything is ' +
      'typed: 400 `resetLinkInvalid` on `token`, as the reset itself answers. Links that do not work are counted ' +
      'per client address, 20 an hour, then 429 with Retry-After; one that works is not counted.',
    public: true,
    query: passwordLinkQuery,
    answer: passwordLinkAnswer,
  },
  resetPassword: {
    method: 'POST',
    path: '/admin/auth/reset-password',
    summary: 'Choose a new password with a link’s token; every session of the account ends',
    public: true,
    body: resetPasswordBody,
    answer: emptyEnvelope,
    audit: { entity: 'account', action: 'passwordReset' },
  },
  twoFactorSetup: {
    method: 'POST',
    path: '/admin/auth/2fa/setup',
    permission: 'signedIn',
    summary: 'Start turning two-step sign-in on: a new secret, shown as a QR code, not active until enabled',
    answer: twoFactorSetupAnswer,
    audit: { entity: 'account', action: 'twoFactorSetup' },
  },
  twoFactorEnable: {
    method: 'POST',
    path: '/admin/auth/2fa/enable',
    permission: 'signedIn',
    summary: 'Turn two-step sign-in on with a current code; answers 10 recovery codes, each usable once',
    body: twoFactorEnableBody,
    answer: twoFactorEnableAnswer,
    audit: { entity: 'account', action: 'twoFactorEnable' },
  },
  twoFactorDisable: {
    method: 'POST',
    path: '/admin/auth/2fa/disable',
    permission: 'signedIn',
    summary: 'Turn two-step sign-in off with the password and a current code (or a recovery code)',
    body: twoFactorDisableBody,
    answer: emptyEnvelope,
    audit: { entity: 'account', action: 'twoFactorDisable' },
  },
  sessions: {
    method: 'GET',
    path: '/admin/auth/sessions',
    permission: 'signedIn',
    summary: 'The account’s live sessions, the current one marked',
    answer: sessionsAnswer,
  },
  endSession: {
    method: 'DELETE',
    path: '/admin/auth/sessions/:id',
    permission: 'signedIn',
    summary: 'End one of the account’s sessions: its tokens stop working at once',
    params: sessionParams,
    answer: emptyEnvelope,
    audit: { entity: 'account', action: 'sessionEnd' },
  },
  endOtherSessions: {
    method: 'DELETE',
    path: '/admin/auth/sessions',
    permission: 'signedIn',
    summary: 'End every session of the account but the current one',
    answer: endSessionsAnswer,
    audit: { entity: 'account', action: 'sessionEnd' },
  },
})
