import type { orders as en } from '../en/orders.ts'
import type { Messages } from '../types.ts'

export const orders: Messages<typeof en> = {
  title: 'orders',
}
