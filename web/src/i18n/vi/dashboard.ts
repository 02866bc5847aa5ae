import type { dashboard as en } from '../en/dashboard.ts'
import type { Messages } from '../types.ts'

export const dashboard: Messages<typeof en> = {
  title: 'dashboard',
}
