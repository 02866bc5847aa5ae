import { endpoints } from '@store/contract'
import { implement } from '../../lib/endpoints.ts'
import { passwordResetHandlers } from './password-reset.ts'
import { sessionHandlers } from './session-routes.ts'
import { signInHandlers } from './sign-in.ts'
import { twoFactorHandlers } from './two-factor.ts'

/** The calls of one's own account: signing in and out, the password, two-step sign-in and sessions. */
export const authRoutes = implement(endpoints.auth, async (app) => {
  const signIn = signInHandlers(app)
  return {
    ...signIn.handlers,
    ...sessionHandlers(app),
    ...passwordResetHandlers(app),
    ...twoFactorHandlers(app, signIn.finish),
  }
})
