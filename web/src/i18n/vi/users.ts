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
  },
  created: 'Thêm người dùng thành công',
  updated: 'Cập nhật người dùng thành công',
}
