import { MAX_SKU_LENGTH, type ProductVariant, slugify } from '@store/contract'

/**
 * A variant as its row of the product form holds it: text inputs hold '' for nothing, number inputs '' until
 * something is typed (an empty price is the product's). `id` is the stored variant's, absent on a new row.
 */
export interface VariantRow {
  id?: string
  sku: string
  size: string
  color: string
  price: number | string
  quantity: number | string
  barcode: string
}

/** The row 'Add variant' makes: nothing typed yet, no stock. */
export const emptyVariantRow = (): VariantRow => ({
  sku: '',
  size: '',
  color: '',
  price: '',
  quantity: 0,
  barcode: '',
})

/** A stored variant as its row: the row keeps its id, so a save says which variant it is. */
export const variantToRow = (variant: ProductVariant): VariantRow => ({
  id: variant.id,
  sku: variant.sku,
  size: variant.size ?? '',
  color: variant.color ?? '',
  price: variant.price ?? '',
  quantity: variant.quantity,
  barcode: variant.barcode ?? '',
})

/**
 * The variants' rows as the contract's `productVariantInput` reads them: an empty price is null (the product's
 * price), and a new row has no id at all. Everything else is the schema's to check.
 */
export const rowsToInput = (rows: VariantRow[]) =>
  rows.map(({ id, price, ...row }) => ({ ...(id ? { id } : {}), ...row, price: price === '' ? null : price }))

/** The stock the rows add up to; a cell that is not a whole number yet counts as nothing. */
export const stockOfRows = (rows: readonly VariantRow[] | undefined) =>
  (rows ?? []).reduce((sum, row) => {
    const n = Number(row.quantity)
    return row.quantity !== '' && Number.isInteger(n) && n > 0 ? sum + n : sum
  }, 0)

/** How two sizes or colours are compared: 'đen ' and 'Đen' are the same colour, 'Den' is another word. */
const key = (text: string) => text.normalize('NFC').trim().toLowerCase()

/**
 * The sizes or colours typed in one field: separated by commas (or semicolons), each trimmed and named once.
 *
 * @example splitList('S, M ,, m; L') // ['S', 'M', 'L']
 */
export function splitList(text: string): string[] {
  const seen = new Set<string>()
  const items: string[] = []
  for (const raw of text.split(/[,;]/)) {
    const item = raw.trim()
    if (item === '' || seen.has(key(item))) continue
    seen.add(key(item))
    items.push(item)
  }
  return items
}

/** Text as a part of a SKU: Latin letters and digits in capitals, words joined by '-'. */
const skuPart = (text: string) => slugify(text).toUpperCase()

/** The SKU base a product's name gives: 'Áo thun' → 'AO-THUN'. */
export const skuBaseOf = (name: string) => skuPart(name)

/**
 * A variant's SKU: the base, then its colour and its size, each as capitals without marks, the base shortened
 * so that the whole fits the 64 characters a SKU may have.
 *
 * @example skuOf('Áo thun', 'M', 'Đen') // 'AO-THUN-DEN-M'
 */
export function skuOf(base: string, size: string, color: string): string {
  const tail = [skuPart(color), skuPart(size)].filter(Boolean).join('-')
  const room = MAX_SKU_LENGTH - (tail ? tail.length + 1 : 0)
  const head = skuPart(base).slice(0, Math.max(room, 0)).replace(/-+$/, '')
  return [head, tail].filter(Boolean).join('-').slice(0, MAX_SKU_LENGTH)
}

/**
 * The rows the generator adds: one for each colour × size the list does not have yet (compared without case),
 * colour by colour, each with a SKU from `base` (made unique in the list with '-2', '-3'… when it is taken) and
 * no stock. Sizes alone or colours alone make one row each.
 *
 * @example newRows([], ['S', 'M'], ['Đen'], 'Áo thun') // rows AO-THUN-DEN-S and AO-THUN-DEN-M
 */
export function newRows(existing: readonly VariantRow[], sizes: string[], colors: string[], base: string) {
  if (sizes.length === 0 && colors.length === 0) return []
  const had = new Set(existing.map((row) => `${key(row.color)}|${key(row.size)}`))
  const skus = new Set(existing.map((row) => key(row.sku)))
  const rows: VariantRow[] = []
  for (const color of colors.length > 0 ? colors : ['']) {
    for (const size of sizes.length > 0 ? sizes : ['']) {
      const combination = `${key(color)}|${key(size)}`
      if (had.has(combination)) continue
      had.add(combination)
      const plain = skuOf(base, size, color)
      let sku = plain
      for (let n = 2; sku === '' || skus.has(key(sku)); n++) {
        const suffix = `-${n}`
        sku = `${plain.slice(0, MAX_SKU_LENGTH - suffix.length)}${suffix}`.replace(/^-/, '')
      }
      skus.add(key(sku))
      rows.push({ ...emptyVariantRow(), sku, size, color })
    }
  }
  return rows
}
