import type { users as en } from '../en/users.ts'
import type { Messages } from '../types.ts'

export const users: Messages<typeof en> = {
  title: 'users',
}
