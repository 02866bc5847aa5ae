CREATE INDEX "product_variants_barcode_idx" ON "product_variants" USING btree ("barcode") WHERE "product_variants"."barcode" is not null;--> statement-breakpoint
-- Variants are a counted population (docs/counts.md): their writes move a change version, so a filter that reads
-- them (low stock counts a size running low) is remembered and retired like any other.
INSERT INTO counted (population, table_name, condition, names) VALUES
  ('product_variants', 'product_variants', 'NOT retired', '');
--> statement-breakpoint
CREATE TRIGGER product_variants_count_insert AFTER INSERT ON product_variants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
CREATE TRIGGER product_variants_count_update AFTER UPDATE ON product_variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
CREATE TRIGGER product_variants_count_delete AFTER DELETE ON product_variants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_rows();
--> statement-breakpoint
CREATE TRIGGER product_variants_count_truncate AFTER TRUNCATE ON product_variants
  FOR EACH STATEMENT EXECUTE FUNCTION count_truncated();
