import type { auth as en } from '../en/auth.ts'
import type { Messages } from '../types.ts'

export const auth: Messages<typeof en> = {
  title: 'auth',
}
