import type { reviews as en } from '../en/reviews.ts'
import type { Messages } from '../types.ts'

export const reviews: Messages<typeof en> = {
  title: 'Đánh giá',
  crumb: 'Đánh giá',
  searchPlaceholder: 'Tìm theo nội dung đánh giá',
  columns: {
    product: 'Sản phẩm',
    customer: 'Khách hàng',
    comment: 'Nội dung',
    rating: 'Số sao',
    createdAt: 'Ngày viết',
  },
  filters: {
    rating: 'Số sao',
    stars_one: '{{count}} sao',
    stars_other: '{{count}} sao',
  },
  rowLabel: 'đánh giá của {{name}}',
}
