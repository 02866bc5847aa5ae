import type { dashboard as en } from '../en/dashboard.ts'
import type { Messages } from '../types.ts'

export const dashboard: Messages<typeof en> = {
  title: 'Bảng điều khiển',
  thisMonth: 'Tháng này',
  allTime: 'Từ trước đến nay:',
  shareOfAllTime: 'của tổng từ trước đến nay',
  notAvailable: 'Không có dữ liệu',
  cards: {
    orders: 'Đơn hàng',
    sold: 'Sản phẩm đã bán',
    revenue: 'Doanh thu',
    shipping: 'Phí vận chuyển',
  },
  today: {
    label: 'Doanh thu hôm nay',
  },
  chart: {
    heading: 'Doanh số theo ngày',
    period: '{{days}} ngày qua',
    title: 'Doanh số theo ngày trong {{days}} ngày qua, tính bằng VND',
    description:
      'Từ {{from}} đến {{to}}: {{amount}} với {{orders}} đơn hàng. Ngày cao nhất: {{best}} với {{bestAmount}}.',
    day_one: '{{date}}: {{amount}}, {{orders}} đơn hàng',
    day_other: '{{date}}: {{amount}}, {{orders}} đơn hàng',
    date: 'Ngày',
    amount: 'Doanh thu',
    orders: 'Đơn hàng',
    empty: 'Chưa có số liệu bán hàng.',
  },
  recent: {
    heading: 'Đơn mua gần đây',
    customer: 'Khách hàng',
    amount: 'Số tiền',
    status: 'Trạng thái',
    viewAll: 'Xem tất cả',
    viewAllLabel: 'Xem tất cả đơn hàng',
    detail: 'Chi tiết đơn hàng của {{name}}, {{date}}',
  },
  stockOut: {
    heading: 'Sản phẩm hết hàng',
    product: 'Sản phẩm',
    count_one: '{{count}} sản phẩm',
    count_other: '{{count}} sản phẩm',
    viewAll: 'Xem tất cả',
    viewAllLabel: 'Xem tất cả sản phẩm',
    edit: 'Sửa {{name}}',
    thumbAlt: 'Ảnh của {{name}}',
    empty: 'Không có sản phẩm nào hết hàng.',
  },
}
