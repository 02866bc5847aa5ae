import {
  MESSAGE_CODES,
  type Message,
  type MessageParams,
  messageRef,
  messages,
  messageText,
} from '@store/contract'
import i18next from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { translate, translateMessage } from './validation.ts'

const t = i18next.t

afterEach(async () => {
  await i18next.changeLanguage('en')
})

describe('translateMessage', () => {
  it('passes nothing through as nothing', () => {
    expect(translateMessage(t, undefined)).toBeUndefined()
    expect(translateMessage(t, '')).toBe('')
  })

  it('shows the contract messages word for word in English (the spec texts)', () => {
    expect(translateMessage(t, messages.required)).toBe('This field is required')
    expect(translateMessage(t, messages.phoneLength)).toBe('Must be 9 to 15 characters long')
    expect(translateMessage(t, messages.email)).toBe('Enter a valid email address')
    expect(translateMessage(t, messages.passwordDigit)).toBe('Password must contain at least one number')
    expect(translateMessage(t, messages.tooLong(120))).toBe('At most 120 characters')
    expect(translateMessage(t, messages.range(1, 5))).toBe('Must be between 1 and 5')
    expect(translateMessage(t, messages.oneOf(['S', 'M', 'L', 'XL']))).toBe('Must be one of S, M, L, XL')
  })

  it('shows the contract messages in Vietnamese, with their numbers', async () => {
    await i18next.changeLanguage('vi')
    expect(translateMessage(t, messages.required)).toBe('Trường này là bắt buộc')
    expect(translateMessage(t, messages.confirmMatch)).toBe('Hai mật khẩu không khớp nhau')
    expect(translateMessage(t, messages.tooLong(200))).toBe('Tối đa 200 ký tự')
    expect(translateMessage(t, messages.range(0, 3))).toBe('Giá trị phải từ 0 đến 3')
    expect(translateMessage(t, messages.oneOf([1, 2]))).toBe('Chỉ chấp nhận một trong các giá trị: 1, 2')
    expect(translateMessage(t, messageRef('userHasOrders', { count: 2 }))).toBe(
      'Khách hàng này có 2 đơn hàng; khách hàng đã có đơn được giữ lại để lịch sử đơn hàng đầy đủ',
    )
  })

  it('says every code in English exactly as the server does', () => {
    for (const code of MESSAGE_CODES) {
      const cases: MessageParams[] = [
        { count: 1, max: 5, min: 1, values: 'a, b' },
        { count: 7, max: 5, min: 1 },
      ]
      for (const params of cases) {
        expect(translate(t, { code, params }), code).toBe(messageText({ code, params }))
      }
    }
  })

  it('names the codes a message carries in place of names, as the server does in English', () => {
    const named: Message[] = [
      { code: 'statusMove', params: { from: 3, to: 1 } },
      { code: 'statusSame', params: { status: 0 } },
      { code: 'orderLocked', params: { field: 'amount', status: 3 } },
      { code: 'linesLocked', params: { status: 0 } },
      { code: 'csvUnknownName', params: { what: 'brand', name: 'Zara' } },
    ]
    for (const message of named) expect(translate(t, message)).toBe(messageText(message))
    expect(translate(t, named[0]!)).toBe('An order cannot go from Delivered to Pending')
  })

  it('names those codes in Vietnamese, with no English word', async () => {
    await i18next.changeLanguage('vi')
    expect(translate(t, { code: 'statusMove', params: { from: 3, to: 1 } })).toBe(
      'Không thể chuyển đơn hàng từ Đã giao sang Chờ xác nhận',
    )
    expect(translate(t, { code: 'orderLocked', params: { field: 'amount', status: 0 } })).toBe(
      'Không thể thay đổi số tiền của đơn hàng ở trạng thái Đã hủy',
    )
    expect(translate(t, { code: 'csvUnknownName', params: { what: 'category', name: 'Áo' } })).toBe(
      'Không có danh mục nào tên Áo',
    )
  })

  it('says every code in Vietnamese, none left in English', async () => {
    await i18next.changeLanguage('vi')
    for (const code of MESSAGE_CODES) {
      const shown = translate(t, { code, params: { count: 2 } })
      expect(shown, code).toBeTruthy()
      expect(shown, code).not.toBe(messageText({ code, params: { count: 2 } }))
      expect(shown, code).not.toContain('messages.')
    }
  })

  it('shows a text that is not a message by code as it came, in either language', async () => {
    const other = 'Invalid input: expected string'
    expect(translateMessage(t, other)).toBe(other)
    await i18next.changeLanguage('vi')
    expect(translateMessage(t, other)).toBe(other)
  })
})
