import { messages } from '@store/contract'
import i18next from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError, NETWORK_ERROR } from './http.ts'
import { errorText } from './toast.ts'

afterEach(async () => {
  await i18next.changeLanguage('en')
})

describe('errorText', () => {
  it("shows the server's message as it came", () => {
    expect(errorText(new ApiError(409, 'The category is used by 3 products'))).toBe(
      'The category is used by 3 products',
    )
  })

  it('words a network failure for people, in the chosen language', async () => {
    expect(errorText(new ApiError(0, NETWORK_ERROR))).toBe(
      'The server cannot be reached. Check the connection and try again.',
    )
    await i18next.changeLanguage('vi')
    expect(errorText(new ApiError(0, NETWORK_ERROR))).toBe(
      'Không kết nối được máy chủ. Hãy kiểm tra kết nối và thử lại.',
    )
  })

  it('translates a contract message', async () => {
    await i18next.changeLanguage('vi')
    expect(errorText(new ApiError(400, messages.required))).toBe('Trường này là bắt buộc')
  })

  it('shows any other failure by its message', () => {
    expect(errorText(new Error('Something broke'))).toBe('Something broke')
    expect(errorText('plain')).toBe('plain')
  })
})
