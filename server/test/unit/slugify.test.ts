import { slugify } from '@store/contract'
import { describe, expect, it } from 'vitest'

describe('slugify', () => {
  it('spells Vietnamese, Cyrillic and Greek names in Latin letters', () => {
    expect(slugify('Đồng hồ Hà Nội')).toBe('dong-ho-ha-noi')
    expect(slugify('  Áo thun, nam!  ')).toBe('ao-thun-nam')
    expect(slugify('Привет')).toBe('privet')
    expect(slugify('Ёжик и Щука')).toBe('yozhik-i-shchuka')
    expect(slugify('Київ')).toBe('kiyiv')
    expect(slugify('Ελλάδα')).toBe('ellada')
    expect(slugify('Straße Łódź')).toBe('strasse-lodz')
  })

  it('gives names in other scripts a fingerprint of their letters: stable, and apart from each other', () => {
    const chinese = slugify('中文')
    expect(chinese).toMatch(/^[a-z0-9]{8}$/)
    expect(slugify(' 中文! ')).toBe(chinese)
    expect(slugify('مرحبا')).toMatch(/^[a-z0-9]{8}$/)
    expect(new Set([chinese, slugify('日本'), slugify('مرحبا'), slugify('สวัสดี')]).size).toBe(4)
    expect(slugify('Áo 中文')).toMatch(/^ao-[a-z0-9]{8}$/)
    expect(slugify('Áo 中文')).not.toBe(slugify('Áo 日本'))
    expect(slugify(`${'a'.repeat(300)} 中`)).toHaveLength(200)
  })

  it('has no slug for a name without a letter or digit in any script', () => {
    for (const name of ['', '   ', '!!!', '—', '😀👍']) expect(slugify(name)).toBe('')
  })
})
