import type { reviews as en } from '../en/reviews.ts'
import type { Messages } from '../types.ts'

export const reviews: Messages<typeof en> = {
  title: 'reviews',
}
