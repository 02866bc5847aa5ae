/**
 * Vietnamese alphabetical order: a, ă, â, b, …, d, đ, e, ê, … with the tones after the letters, as a shop's
 * staff look a name up in a list ('Áo khoác' before 'Ăn vặt' before 'Bàn', 'Dép' before 'Đồ chơi'). Used
 * for the names the browser sorts itself (the category and brand pickers); the server's lists sort by the
 * unaccented name, then the name (docs/glossary.md).
 */
const vietnamese = new Intl.Collator('vi')

/**
 * A copy of the list in Vietnamese alphabetical order of its names.
 *
 * @example sortByName([{ name: 'Đồ chơi' }, { name: 'Dép' }]) // [{ name: 'Dép' }, { name: 'Đồ chơi' }]
 */
export const sortByName = <T extends { name: string }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => vietnamese.compare(a.name, b.name))

/** An answer's rows in that order: a `select` of TanStack Query, kept at module level so its result is kept. */
export const rowsByName = <T extends { name: string }>(answer: { data: T[] }): T[] => sortByName(answer.data)
