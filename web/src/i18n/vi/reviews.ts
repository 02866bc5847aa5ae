import type { reviews as en } from '../en/reviews.ts'
import type { Messages } from '../types.ts'

export const reviews: Messages<typeof en> = {
  title: 'Đánh giá',
  crumb: 'Đánh giá',
  searchPlaceholder: 'Tìm theo nội dung bình luận',
  columns: {
    product: 'Sản phẩm',
    customer: 'Tên khách hàng',
    comment: 'Bình luận',
    rating: 'Xếp hạng',
  },
  rowLabel: 'đánh giá của {{name}}',
}
