import i18next from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { refusalBody } from '../test/fake-fetch.ts'
import { errorText } from './error-text.ts'
import { ApiError } from './http.ts'

afterEach(async () => {
  await i18next.changeLanguage('en')
})

describe('errorText', () => {
  it("shows the server's message by its code, in English as the server words it", () => {
    const inUse = new ApiError(409, refusalBody(409, { code: 'categoryInUse', params: { count: 3 } }))
    expect(errorText(inUse)).toBe('This category is used by 3 products; move or delete them first')
  })

  it('shows it in Vietnamese by the same code, plural and parameters included', async () => {
    await i18next.changeLanguage('vi')
    const inUse = new ApiError(409, refusalBody(409, { code: 'categoryInUse', params: { count: 6 } }))
    expect(errorText(inUse)).toBe('Danh mục đang có 6 sản phẩm; hãy chuyển hoặc xóa sản phẩm trước')
    expect(errorText(new ApiError(409, refusalBody(409, 'emailTaken', { email: 'emailTaken' })))).toBe(
      'Email này đã được sử dụng',
    )
  })

  it('names the field of a refusal about one, as the server does, unless told not to', async () => {
    const required = new ApiError(400, refusalBody(400, 'required', { name: 'required' }))
    expect(errorText(required)).toBe('name: This field is required')
    await i18next.changeLanguage('vi')
    expect(errorText(required)).toBe('name: Trường này là bắt buộc')
    expect(errorText(required, { withField: false })).toBe('Trường này là bắt buộc')
  })

  it("keeps the server's English for a code this app does not know", async () => {
    await i18next.changeLanguage('vi')
    const newer = new ApiError(409, { message: 'A brand new refusal', code: 'somethingNew' })
    expect(errorText(newer)).toBe('A brand new refusal')
  })

  it('words a network failure for people, in the chosen language', async () => {
    expect(errorText(new ApiError(0))).toBe(
      'The server cannot be reached. Check the connection and try again.',
    )
    await i18next.changeLanguage('vi')
    expect(errorText(new ApiError(0))).toBe(i18next.t('common.networkError'))
    expect(errorText(new ApiError(0))).not.toBe(
      'The server cannot be reached. Check the connection and try again.',
    )
  })

  it('shows any other failure by its message', () => {
    expect(errorText(new Error('Something broke'))).toBe('Something broke')
    expect(errorText('plain')).toBe('plain')
  })
})
