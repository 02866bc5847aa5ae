import type { layout as en } from '../en/layout.ts'
import type { Messages } from '../types.ts'

export const layout: Messages<typeof en> = {
  nav: {
    label: 'Chính',
    dashboard: 'Bảng điều khiển',
    users: 'Danh sách người dùng',
    userNew: 'Thêm người dùng',
    reviews: 'Đánh giá',
    products: 'Danh sách sản phẩm',
    productNew: 'Thêm sản phẩm',
    categories: 'Danh mục',
    brands: 'Thương hiệu',
    orders: 'Danh sách đơn hàng',
  },
  toggleMenu: 'Bật/tắt menu',
  closeMenu: 'Đóng menu',
  language: 'Ngôn ngữ',
  account: 'Menu tài khoản',
  setting: 'Cài đặt',
  logout: 'Đăng xuất',
  loggedOut: 'Bạn đã đăng xuất',
  sessionEnded: 'Phiên làm việc đã hết. Vui lòng đăng nhập lại.',
}
