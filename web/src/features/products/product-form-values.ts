import type { Size } from '@store/contract'
import type { VariantRow } from './variant-rows.ts'

/** What the form holds while it is being filled: number inputs hold '' until something is typed. */
export interface ProductFormValues {
  name: string
  price: number | string
  description: string
  quantity: number | string
  category: string
  brand: string
  images: string[]
  size: Size[]
  /** The variants, in the table's order; none for a product sold as one item. */
  variants: VariantRow[]
}
