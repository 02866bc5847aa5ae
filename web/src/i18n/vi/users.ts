import type { users as en } from '../en/users.ts'
import type { Messages } from '../types.ts'

export const users: Messages<typeof en> = {
  title: 'Người dùng',
  listCrumb: 'Danh sách người dùng',
  addTitle: 'Thêm người dùng',
  editTitle: 'Sửa người dùng',
  searchPlaceholder: 'Tìm theo tên',
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
  created: 'Thêm người dùng thành công',
  updated: 'Cập nhật người dùng thành công',
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
