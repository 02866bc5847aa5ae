-- A product's live variants as the API answers them, kept on its row (null when it has none), so a list reads
-- a page and its variants without building them per read: the list's page 1 had lost a fifth of its throughput
-- to that. `has_variants` said only whether to build them.
ALTER TABLE "products" ADD COLUMN "variants" json;--> statement-breakpoint
UPDATE "products" p SET "variants" = (
  SELECT json_agg(json_build_object('id', v.id::text, '_id', v.id::text, 'sku', v.sku, 'size', v.size,
                                    'color', v.color, 'price', v.price, 'quantity', v.quantity,
                                    'barcode', v.barcode) ORDER BY v.position, v.id)
    FROM "product_variants" v WHERE v.product_id = p.id AND NOT v.retired)
 WHERE p."has_variants";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "has_variants";
