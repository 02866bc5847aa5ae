const vnd = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** Money as the spec shows it: thousands separators, then ' VND' (1250000 → '1,250,000 VND'). */
export const formatVnd = (amount: number): string => `${vnd.format(amount)} VND`

/**
 * The slug of a name: lower case, Vietnamese diacritics dropped ('Đồng hồ' → 'dong-ho'), words joined by '-'.
 */
export const slugify = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
