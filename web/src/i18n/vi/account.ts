import type { account as en } from '../en/account.ts'
import type { Messages } from '../types.ts'

export const account: Messages<typeof en> = {
  title: 'Cài đặt',
  close: 'Đóng',
  tabs: {
    information: 'Thông tin tài khoản',
    password: 'Đổi mật khẩu',
  },
  fields: {
    name: 'Họ và tên',
    email: 'Email',
    currentPassword: 'Mật khẩu hiện tại',
    password: 'Mật khẩu mới',
    confirmPassword: 'Nhập lại mật khẩu mới',
  },
  emailReadOnly: 'Không thể đổi email đăng nhập tại đây.',
  passwordHint: 'Từ 8 đến 16 ký tự, gồm ít nhất một chữ số.',
  otherSessions: 'Tài khoản sẽ bị đăng xuất trên các thiết bị khác.',
  showPassword: 'Hiện mật khẩu',
  save: 'Lưu',
  changePassword: 'Đổi mật khẩu',
  updated: 'Cập nhật tài khoản thành công',
  passwordChanged: 'Đổi mật khẩu thành công',
}
