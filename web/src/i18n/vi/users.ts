import type { users as en } from '../en/users.ts'
import type { Messages } from '../types.ts'

export const users: Messages<typeof en> = {
  title: 'Khách hàng',
  listCrumb: 'Danh sách khách hàng',
  addTitle: 'Thêm khách hàng',
  editTitle: 'Sửa khách hàng',
  searchPlaceholder: 'Tìm khách hàng theo tên',
  empty: 'Chưa có khách hàng nào.',
  noMatch: 'Không có khách hàng nào khớp với từ khóa hoặc bộ lọc.',
  fields: {
    name: 'Họ và tên',
    email: 'Email',
    password: 'Mật khẩu',
    phoneNumber: 'Số điện thoại',
    gender: 'Giới tính',
    dob: 'Ngày sinh',
    location: 'Địa chỉ',
    createdAt: 'Ngày tham gia',
  },
  filters: {
    joined: 'Ngày tham gia',
  },
  created: 'Thêm khách hàng thành công',
  updated: 'Cập nhật khách hàng thành công',
  orders: {
    title: 'Đơn hàng',
    caption: 'Đơn hàng của {{name}}',
    number: 'Đơn hàng',
    placedOn: 'Ngày đặt',
    total: 'Tổng cộng',
    status: 'Trạng thái',
    open: 'Mở đơn hàng #{{id}}',
    none: 'Khách hàng này chưa có đơn hàng nào.',
  },
}
