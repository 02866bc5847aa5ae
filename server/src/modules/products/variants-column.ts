import type { ProductVariant } from '@store/contract'
import { type SQL, sql } from 'drizzle-orm'
import { products } from '../../db/schema.ts'

/**
 * A product's live variants as the API answers them (CONTRACT 5.4), in its form's order, built from their rows; null
 * when it has none. It is what `products.variants` holds: every statement that changes a variant's row sets the
 * column to it in the same transaction (the form's save, a stock move, the stock sheet's prices, a delete), so the
 * lists read a page and its variants from the products' rows alone. Building it per read cost the list's page 1 a
 * fifth of its throughput.
 */
export const variantsOfRow: SQL<ProductVariant[] | null> = sql`(
  select json_agg(json_build_object('id', v.id::text, '_id', v.id::text, 'sku', v.sku, 'size', v.size,
                                    'color', v.color, 'price', v.price, 'quantity', v.quantity,
                                    'barcode', v.barcode) order by v.position, v.id)
    from product_variants v where v.product_id = ${products.id} and not v.retired)`
