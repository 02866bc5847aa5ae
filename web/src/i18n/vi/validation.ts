import type { validation as en } from '../en/validation.ts'
import type { Messages } from '../types.ts'

export const validation: Messages<typeof en> = {
  required: 'Trường này là bắt buộc',
  phoneLength: 'Độ dài từ 9 - 15 ký tự',
  number: 'Trường này phải là số',
  email: 'Vui lòng nhập đúng định dạng email',
  passwordRequired: 'Mật khẩu là bắt buộc',
  passwordMin: 'Mật khẩu phải có ít nhất 8 ký tự',
  passwordMax: 'Vui lòng nhập tối đa 16 ký tự',
  passwordDigit: 'Mật khẩu phải chứa ít nhất một chữ số',
  confirmRequired: 'Xác nhận mật khẩu là bắt buộc',
  confirmMatch: 'Xác nhận mật khẩu phải khớp với mật khẩu',
  wholeNumber: 'Phải là số nguyên từ 0 trở lên',
  tooLong: 'Tối đa {{max}} ký tự',
  range: 'Phải nằm trong khoảng {{min}} đến {{max}}',
  oneOf: 'Phải là một trong các giá trị {{values}}',
}
