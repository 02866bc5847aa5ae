import type { products as en } from '../en/products.ts'
import type { Messages } from '../types.ts'

export const products: Messages<typeof en> = {
  title: 'products',
}
