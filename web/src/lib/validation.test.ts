import { messages } from '@store/contract'
import i18next from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { en } from '../i18n/index.ts'
import { translateMessage } from './validation.ts'

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
    expect(translateMessage(t, messages.phoneLength)).toBe('Length from 9 - 15 characters')
    expect(translateMessage(t, messages.email)).toBe('Please enter correct email format')
    expect(translateMessage(t, messages.passwordDigit)).toBe('Password must contain at least one number')
    expect(translateMessage(t, messages.tooLong(120))).toBe('At most 120 characters')
    expect(translateMessage(t, messages.range(1, 5))).toBe('Must be between 1 and 5')
    expect(translateMessage(t, messages.oneOf(['S', 'M', 'L', 'XL']))).toBe('Must be one of S, M, L, XL')
  })

  it('has an English text equal to the contract for every fixed message, so none is lost or reworded', () => {
    for (const [key, text] of Object.entries(messages)) {
      if (typeof text !== 'string') continue
      expect(en.validation[key as keyof typeof en.validation], key).toBe(text)
      expect(translateMessage(t, text)).toBe(text)
    }
  })

  it('shows the contract messages in Vietnamese, with their numbers', async () => {
    await i18next.changeLanguage('vi')
    expect(translateMessage(t, messages.required)).toBe('Trường này là bắt buộc')
    expect(translateMessage(t, messages.confirmMatch)).toBe('Xác nhận mật khẩu phải khớp với mật khẩu')
    expect(translateMessage(t, messages.tooLong(200))).toBe('Tối đa 200 ký tự')
    expect(translateMessage(t, messages.range(0, 3))).toBe('Phải nằm trong khoảng 0 đến 3')
    expect(translateMessage(t, messages.oneOf([1, 2]))).toBe('Phải là một trong các giá trị 1, 2')
  })

  it('translates every fixed contract message into Vietnamese, none left in English', async () => {
    await i18next.changeLanguage('vi')
    for (const text of Object.values(messages)) {
      if (typeof text !== 'string') continue
      const shown = translateMessage(t, text)
      expect(shown, text).toBeTruthy()
      expect(shown, text).not.toBe(text)
    }
  })

  it('shows a message of the server that is not a contract message as it came, in either language', async () => {
    const server = 'The category is used by 3 products'
    expect(translateMessage(t, server)).toBe(server)
    await i18next.changeLanguage('vi')
    expect(translateMessage(t, server)).toBe(server)
  })
})
