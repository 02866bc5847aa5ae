import type { endpoints } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import type { Handlers } from '../../lib/endpoints.ts'

type ResetCalls = Pick<typeof endpoints.auth, 'forgotPassword' | 'resetPassword'>

// Being written: forgot-password by e-mail and reset-password (CONTRACT 4.3).
export function passwordResetHandlers(_app: FastifyInstance): Handlers<ResetCalls> {
  const pending = async (): Promise<never> => {
    throw new Error('not built yet')
  }
  return { forgotPassword: pending, resetPassword: pending }
}
