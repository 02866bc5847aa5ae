/** What a screen names a variant by: its SKU, size and colour (CONTRACT 5.4), as a line, product or event has them. */
export interface VariantName {
  sku: string
  size: string | null
  color: string | null
}

/** Size and colour as staff say them, 'M / Đen'; either alone when the other is not set, '' when neither is. */
export const variantKind = ({ size, color }: Pick<VariantName, 'size' | 'color'>) =>
  [size, color].filter((part) => part !== null && part.trim() !== '').join(' / ')

/**
 * A variant under its product's name, on a line of an order, a dialog or the timeline: 'AT-DEN-M · M / Đen'
 * (the SKU alone when it has neither size nor colour). The SKU comes first because it is what the shelf label
 * and the packing slip print, so staff match them by eye.
 */
export const variantLine = (variant: VariantName) => {
  const kind = variantKind(variant)
  return kind === '' ? variant.sku : `${variant.sku} · ${kind}`
}

/** A variant as a select lists it: 'AT-DEN-M — M / Đen'. */
export const variantChoiceName = (variant: VariantName) => {
  const kind = variantKind(variant)
  return kind === '' ? variant.sku : `${variant.sku} — ${kind}`
}

/** What a line of a variant costs unless staff say otherwise: its own price, or its product's when it has none. */
export const variantPrice = (variant: { price: number | null }, productPrice: number) =>
  variant.price ?? productPrice
