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
  signInAgain: 'Vui lòng đăng nhập lại',
  forgot: {
    link: 'Quên mật khẩu?',
    title: 'Quên mật khẩu?',
    subtitle: 'Nhập email tài khoản nhân viên của bạn. Chúng tôi sẽ gửi liên kết để đặt mật khẩu mới.',
    submit: 'Gửi liên kết đặt lại',
    sentTitle: 'Vui lòng kiểm tra email',
    validFor: 'Liên kết chỉ dùng được một lần, trong 30 phút.',
    noMail: 'Không nhận được email? Hãy xem thư mục thư rác, hoặc nhờ quản trị viên cửa hàng gửi liên kết.',
    failed: 'Không gửi được liên kết',
    toLogin: 'Quay lại đăng nhập',
  },
  reset: {
    title: 'Đặt mật khẩu mới',
    subtitle: 'Nhập mật khẩu mới hai lần.',
    fields: {
      password: 'Mật khẩu mới',
      confirmPassword: 'Nhập lại mật khẩu mới',
    },
    hint: 'Từ 8 đến 128 ký tự, gồm ít nhất một chữ số.',
    submit: 'Đặt mật khẩu',
    failed: 'Không lưu được mật khẩu',
    doneTitle: 'Đã lưu mật khẩu',
    done: 'Mật khẩu mới đã được đặt; mọi thiết bị đang đăng nhập tài khoản này đã bị đăng xuất.',
    toLogin: 'Đăng nhập',
    toHome: 'Quay lại trang quản trị',
    invalidTitle: 'Liên kết không còn hiệu lực',
    askAgain: 'Yêu cầu liên kết mới',
    signedInTitle: 'Bạn đang đăng nhập với tên {{name}}',
    signedIn:
      'Liên kết này đặt mật khẩu cho tài khoản mà nó được tạo ra, có thể không phải tài khoản của bạn. Phiên đăng nhập của bạn vẫn giữ nguyên, trừ khi liên kết dành cho chính tài khoản của bạn.',
  },
  twoStep: {
    title: 'Xác minh hai bước',
    subtitle: 'Nhập mã 6 chữ số mà ứng dụng xác thực đang hiển thị cho tài khoản này.',
    recoverySubtitle:
      'Nhập một trong các mã khôi phục bạn đã lưu khi bật xác minh hai bước. Mỗi mã chỉ dùng được một lần.',
    code: 'Mã xác thực',
    recoveryCode: 'Mã khôi phục',
    sixDigits: 'Nhập đủ 6 chữ số mà ứng dụng hiển thị',
    verify: 'Xác minh',
    useRecovery: 'Dùng mã khôi phục',
    useApp: 'Dùng ứng dụng xác thực',
    back: 'Quay lại nhập email và mật khẩu',
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
