import { describe, expect, it } from 'vitest'
import { startLanguage } from './i18n.ts'

// The language a page starts in, before anything renders: a set-up or reset link carries its mail's.
describe('startLanguage', () => {
  it('takes the address’s language in a browser that has none, and keeps it for the pages after', () => {
    expect(startLanguage('?token=abc&lang=vi')).toBe('vi')
    expect(localStorage.getItem('language')).toBe('vi')
    expect(startLanguage('')).toBe('vi')
  })

  it('keeps a language chosen in this browser, whatever a link says', () => {
    localStorage.setItem('language', 'en')
    expect(startLanguage('?token=abc&lang=vi')).toBe('en')
    expect(localStorage.getItem('language')).toBe('en')
  })

  it('ignores a language it does not have, and starts in English with nothing chosen', () => {
    expect(startLanguage('?lang=fr')).toBe('en')
    expect(startLanguage('?lang=')).toBe('en')
    expect(startLanguage('')).toBe('en')
    expect(localStorage.getItem('language')).toBeNull()
  })
})
