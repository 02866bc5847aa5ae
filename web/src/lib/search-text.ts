/**
 * Text as a search compares it: Vietnamese diacritics, đ and case folded away and spaces collapsed, so 'cau giay'
 * finds 'Cầu Giấy' and 'ha noi' finds 'Hà Nội'.
 *
 * @example foldText('  Phường Cầu  Giấy ') // 'phuong cau giay'
 */
export const foldText = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/gi, 'd').toLowerCase().replace(/\s+/g, ' ').trim()
