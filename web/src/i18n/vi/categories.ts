import type { categories as en } from '../en/categories.ts'
import type { Messages } from '../types.ts'

export const categories: Messages<typeof en> = {
  title: 'categories',
}
