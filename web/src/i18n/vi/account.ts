import type { account as en } from '../en/account.ts'
import type { Messages } from '../types.ts'

export const account: Messages<typeof en> = {
  title: 'account',
}
