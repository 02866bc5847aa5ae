import type { dashboard as en } from '../en/dashboard.ts'
import type { Messages } from '../types.ts'

export const dashboard: Messages<typeof en> = {
  title: 'Tổng quan',
  thisMonth: 'Tháng này',
  allTime: 'Tổng cộng:',
  shareOfAllTime: 'so với tổng cộng',
  notAvailable: 'Chưa có số liệu',
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
    heading: 'Doanh thu theo ngày',
    period: '{{days}} ngày qua',
    title: 'Doanh thu theo ngày trong {{days}} ngày qua, đơn vị đồng',
    description:
      'Từ {{from}} đến {{to}}: {{amount}} từ {{orders}} đơn hàng. Ngày cao nhất: {{best}}, đạt {{bestAmount}}.',
    day_one: '{{date}}: {{amount}}, {{orders}} đơn hàng',
    day_other: '{{date}}: {{amount}}, {{orders}} đơn hàng',
    date: 'Ngày',
    amount: 'Doanh thu',
    orders: 'Số đơn',
    empty: 'Chưa có số liệu bán hàng.',
  },
  recent: {
    heading: 'Đơn hàng gần đây',
    customer: 'Khách hàng',
    amount: 'Số tiền',
    status: 'Trạng thái',
    viewAll: 'Xem tất cả',
    viewAllLabel: 'Xem tất cả đơn hàng',
    detail: 'Xem đơn hàng của {{name}}, {{date}}',
  },
  stockOut: {
    heading: 'Sản phẩm hết hàng',
    product: 'Sản phẩm',
    count_one: '{{count}} sản phẩm',
    count_other: '{{count}} sản phẩm',
    viewAll: 'Xem tất cả',
    viewAllLabel: 'Xem tất cả sản phẩm',
    edit: 'Sửa sản phẩm {{name}}',
    thumbAlt: 'Ảnh {{name}}',
    empty: 'Chưa có sản phẩm nào hết hàng.',
  },
}
