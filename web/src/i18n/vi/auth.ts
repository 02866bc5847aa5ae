import type { auth as en } from '../en/auth.ts'
import type { Messages } from '../types.ts'

export const auth: Messages<typeof en> = {
  title: 'Đăng nhập',
  subtitle: 'Đăng nhập bằng tài khoản nhân viên để quản lý cửa hàng.',
  language: 'Ngôn ngữ',
  fields: {
    email: 'Email',
    password: 'Mật khẩu',
  },
  showPassword: 'Hiện mật khẩu',
  login: 'Đăng nhập',
  failed: 'Đăng nhập thất bại',
  wrongCredentials: 'Email hoặc mật khẩu không đúng',
  forgot: {
    link: 'Quên mật khẩu?',
    text: 'Mật khẩu chỉ do quản trị viên đặt lại. Vui lòng liên hệ quản trị viên cửa hàng để được cấp mật khẩu mới, sau khi đăng nhập bạn có thể đổi mật khẩu trong mục Cài đặt.',
    close: 'Đã hiểu',
  },
  noAccount: 'Chưa có tài khoản?',
  toRegister: 'Tạo tài khoản',
  register: {
    title: 'Tạo tài khoản',
    subtitle: 'Tài khoản trang quản trị là tài khoản nhân viên.',
    notice: 'Tài khoản do quản trị viên cấp',
    noticeText:
      'Không thể tự tạo tài khoản tại đây. Vui lòng liên hệ quản trị viên cửa hàng để được cấp tài khoản, sau đó đăng nhập bằng email và mật khẩu được cung cấp.',
    submit: 'Tạo tài khoản',
    haveAccount: 'Đã có tài khoản?',
    toLogin: 'Quay lại đăng nhập',
  },
}
