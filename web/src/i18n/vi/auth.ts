import type { auth as en } from '../en/auth.ts'
import type { Messages } from '../types.ts'

export const auth: Messages<typeof en> = {
  title: 'Đăng nhập',
  subtitle: 'Dùng tài khoản nhân viên để quản lý cửa hàng.',
  language: 'Ngôn ngữ',
  fields: {
    email: 'Email',
    password: 'Mật khẩu',
  },
  showPassword: 'Hiện mật khẩu',
  login: 'Đăng nhập',
  failed: 'Đăng nhập không thành công',
  wrongCredentials: 'Email hoặc mật khẩu không đúng',
  forgot: {
    link: 'Quên mật khẩu?',
    text: 'Mật khẩu do quản trị viên đặt lại. Hãy nhờ quản trị viên của cửa hàng đặt mật khẩu mới cho bạn, sau khi đăng nhập bạn có thể đổi nó trong phần Cài đặt.',
    close: 'Đã hiểu',
  },
  noAccount: 'Chưa có tài khoản?',
  toRegister: 'Tạo tài khoản',
  register: {
    title: 'Tạo tài khoản',
    subtitle: 'Tài khoản của trang quản trị là tài khoản nhân viên.',
    notice: 'Tài khoản do quản trị viên tạo',
    noticeText:
      'Trang này không tạo được tài khoản. Hãy nhờ quản trị viên của cửa hàng tạo tài khoản cho bạn; sau đó bạn đăng nhập bằng email và mật khẩu họ cung cấp.',
    submit: 'Tạo tài khoản',
    haveAccount: 'Đã có tài khoản?',
    toLogin: 'Quay lại đăng nhập',
  },
}
