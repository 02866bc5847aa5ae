import type { reviews as en } from '../en/reviews.ts'
import type { Messages } from '../types.ts'

export const reviews: Messages<typeof en> = {
  title: 'Đánh giá',
  crumb: 'Đánh giá',
  searchPlaceholder: 'Tìm theo nội dung đánh giá',
  empty: 'Chưa có đánh giá nào.',
  noMatch: 'Không có đánh giá nào khớp với từ khóa hoặc bộ lọc.',
  columns: {
    product: 'Sản phẩm',
    customer: 'Khách hàng',
    comment: 'Nội dung',
    rating: 'Số sao',
    status: 'Trạng thái',
    createdAt: 'Ngày viết',
  },
  status: {
    pending: 'Chờ duyệt',
    approved: 'Đã duyệt',
    rejected: 'Đã từ chối',
  },
  filters: {
    rating: 'Số sao',
    stars_one: '{{count}} sao',
    stars_other: '{{count}} sao',
    status: 'Trạng thái',
  },
  moderation: {
    approve: 'Duyệt',
    reject: 'Từ chối',
    approved: 'Đã duyệt đánh giá',
    rejected: 'Đã từ chối đánh giá',
    approveQuestion_one: 'Duyệt {{count}} đánh giá? Đánh giá được duyệt sẽ tính vào số sao của sản phẩm.',
    approveQuestion_other: 'Duyệt {{count}} đánh giá? Đánh giá được duyệt sẽ tính vào số sao của sản phẩm.',
    rejectQuestion_one:
      'Từ chối {{count}} đánh giá? Đánh giá bị từ chối không còn tính vào số sao của sản phẩm.',
    rejectQuestion_other:
      'Từ chối {{count}} đánh giá? Đánh giá bị từ chối không còn tính vào số sao của sản phẩm.',
  },
  rowLabel: 'đánh giá của {{name}}',
}
