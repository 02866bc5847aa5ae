import type { layout as en } from '../en/layout.ts'
import type { Messages } from '../types.ts'

export const layout: Messages<typeof en> = {
  nav: {
    label: 'Menu chính',
    dashboard: 'Tổng quan',
    users: 'Khách hàng',
    userNew: 'Thêm khách hàng',
    reviews: 'Đánh giá',
    products: 'Sản phẩm',
    productNew: 'Thêm sản phẩm',
    categories: 'Danh mục',
    brands: 'Thương hiệu',
    orders: 'Đơn hàng',
    cod: 'Đối soát COD',
    staff: 'Nhân viên',
    audit: 'Nhật ký hoạt động',
    settings: 'Cài đặt cửa hàng',
  },
  toggleMenu: 'Ẩn/hiện menu',
  closeMenu: 'Đóng menu',
  language: 'Ngôn ngữ',
  account: 'Tài khoản',
  setting: 'Cài đặt tài khoản',
  logout: 'Đăng xuất',
  loggedOut: 'Bạn đã đăng xuất',
  sessionEnded: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
  live: {
    newOrder: 'Đơn hàng mới #{{id}}',
    newOrders_one: '{{count}} đơn hàng mới',
    newOrders_other: '{{count}} đơn hàng mới',
    newOrdersAfterCount_one: 'đơn hàng mới',
    newOrdersAfterCount_other: 'đơn hàng mới',
  },
}
