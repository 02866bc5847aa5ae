import type { account as en } from '../en/account.ts'
import type { Messages } from '../types.ts'

export const account: Messages<typeof en> = {
  title: 'Cài đặt',
  close: 'Đóng',
  tabs: {
    information: 'Thông tin',
    password: 'Đổi mật khẩu',
  },
  fields: {
    name: 'Họ tên',
    email: 'Email',
    currentPassword: 'Mật khẩu hiện tại',
    password: 'Mật khẩu mới',
    confirmPassword: 'Xác nhận mật khẩu',
  },
  emailReadOnly: 'Không thể đổi email của tài khoản tại đây.',
  passwordHint: 'Từ 8 đến 16 ký tự, có ít nhất một chữ số.',
  otherSessions: 'Các thiết bị khác đang đăng nhập tài khoản này sẽ bị đăng xuất.',
  showPassword: 'Hiện mật khẩu',
  save: 'Lưu',
  changePassword: 'Đổi mật khẩu',
  updated: 'Cập nhật tài khoản thành công',
  passwordChanged: 'Đổi mật khẩu thành công',
}
