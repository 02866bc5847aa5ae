import type { brands as en } from '../en/brands.ts'
import type { Messages } from '../types.ts'

export const brands: Messages<typeof en> = {
  title: 'brands',
}
