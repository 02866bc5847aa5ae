import { describe, expect, it } from 'vitest'
import { startLanguage } from './i18n.ts'

// The language a page starts in, before anything renders: a set-up or reset link carries its mail's.
describe('startLanguage', () => {
  it('takes the address’s language in a browser that has none, and remembers it for the pages after', () => {
    expect(startLanguage('?token=abc&lang=vi')).toBe('vi')
    expect(localStorage.getItem('language')).toBe('vi')
    expect(startLanguage('')).toBe('vi')
  })

  it('starts the link’s page in its language, and leaves a language chosen in this browser for later pages', () => {
    localStorage.setItem('language', 'en')
    expect(startLanguage('?token=abc&lang=vi')).toBe('vi')
    expect(localStorage.getItem('language')).toBe('en')
    expect(startLanguage('?token=abc')).toBe('en')
  })

  it('ignores a language it does not have, and starts in English with nothing chosen', () => {
    expect(startLanguage('?lang=fr')).toBe('en')
    expect(startLanguage('?lang=')).toBe('en')
    expect(localStorage.getItem('language')).toBeNull()
    localStorage.setItem('language', 'vi')
    expect(startLanguage('?lang=xx')).toBe('vi')
  })
})
