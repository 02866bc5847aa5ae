import type { endpoints } from '@store/contract'
import type { FastifyInstance } from 'fastify'
import type { Handlers } from '../../lib/endpoints.ts'
import type { FinishSignIn } from './sign-in.ts'

type TwoFactorCalls = Pick<
  typeof endpoints.auth,
  'login2fa' | 'twoFactorSetup' | 'twoFactorEnable' | 'twoFactorDisable'
>

// Being written: two-step sign-in (CONTRACT 4.3).
export function twoFactorHandlers(_app: FastifyInstance, _finish: FinishSignIn): Handlers<TwoFactorCalls> {
  const pending = async (): Promise<never> => {
    throw new Error('not built yet')
  }
  return { login2fa: pending, twoFactorSetup: pending, twoFactorEnable: pending, twoFactorDisable: pending }
}
