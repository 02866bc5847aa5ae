const vnd = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** Money as the spec shows it: thousands separators, then ' VND' (1250000 → '1,250,000 VND'). */
export const formatVnd = (amount: number): string => `${vnd.format(amount)} VND`

/** `letters` spelled one by one as the words of `latin` say; `_` spells a letter as nothing. */
const spelling = (letters: string, latin: string): [string, string][] => {
  const words = latin.split(' ')
  return [...letters].map((letter, i) => [letter, words[i] === '_' ? '' : words[i]!])
}

/** Cyrillic and Greek letters, and the Latin ones that are not a letter with a mark, in Latin letters. */
const SPELLED: Record<string, string> = Object.fromEntries([
  ...spelling('đßæøœłþðı', 'd ss ae o oe l th d i'),
  // Cyrillic (Russian, Ukrainian, Belarusian), as their passports spell it.
  ...spelling(
    'абвгґдеёєжзиіїйклмнопрстуўфхцчшщъыьэюя',
    'a b v g g d e yo ye zh z i i yi y k l m n o p r s t u u f kh ts ch sh shch _ y _ e yu ya',
  ),
  // Greek.
  ...spelling('αβγδεζηθικλμνξοπρσςτυφχψω', 'a v g d e z i th i k l m n x o p r s s t y f ch ps o'),
])

/** The letters a mark would take away from the spelling above: decomposed, й would become и. */
const WHOLE = /[ёйїў]/g
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u
const MAX_SLUG = 200

/**
 * A short, stable fingerprint of a text (cyrb53, a 53-bit hash), in base 36: the same name always gives the
 * same slug, on the server and in the browser alike.
 */
function fingerprint(text: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 2654435761)
    h2 = Math.imul(h2 ^ c, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36).padStart(8, '0').slice(-8)
}

/**
 * The slug of a name: lower case, words joined by '-', each letter spelled in Latin: Vietnamese and other
 * marks dropped ('Đồng hồ' → 'dong-ho'), Cyrillic and Greek by a table ('Привет' → 'privet'). Letters and
 * digits no table spells (Chinese, Arabic, Thai…) give a fingerprint of the name instead, after whatever was
 * spelled ('中文' → 8 letters and digits, 'Áo 中文' → 'ao-' and those 8), so two such names never share a slug
 * by losing their letters. A name with no letter or digit in any script has no slug: ''.
 */
export const slugify = (name: string): string => {
  const text = name.normalize('NFC').toLowerCase()
  let spelled = ''
  let unspelled = false
  for (const c of text.replace(WHOLE, (w) => SPELLED[w]!).normalize('NFD')) {
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) spelled += c
    else if (c in SPELLED) spelled += SPELLED[c]
    else if (/\p{M}/u.test(c)) continue
    else {
      if (LETTER_OR_DIGIT.test(c)) unspelled = true
      spelled += '-'
    }
  }
  const base = spelled.replace(/-+/g, '-').replace(/^-+|-+$/g, '')
  if (!unspelled) return base.slice(0, MAX_SLUG)
  // Of the letters and digits only, as the spelled part is: 'Áo 中文!' and 'áo 中文' are the same slug.
  const mark = fingerprint(text.replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ').trim())
  return base ? `${base.slice(0, MAX_SLUG - mark.length - 1).replace(/-+$/, '')}-${mark}` : mark
}
