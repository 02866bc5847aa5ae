ALTER TABLE "brands" ADD COLUMN "name_search" text GENERATED ALWAYS AS (search_text(name)) STORED;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "name_search" text GENERATED ALWAYS AS (search_text(name)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_search" text GENERATED ALWAYS AS (search_text(name)) STORED;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "content_search" text GENERATED ALWAYS AS (search_text(content)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_search" text GENERATED ALWAYS AS (search_text(name)) STORED;--> statement-breakpoint
-- The trigram indexes move from the search_text(...) expressions (migration 0001) to the stored columns.
DROP INDEX IF EXISTS users_name_search_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS categories_name_search_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS brands_name_search_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS products_name_search_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS reviews_content_search_idx;
--> statement-breakpoint
CREATE INDEX users_name_search_idx ON users USING gin (name_search gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX categories_name_search_idx ON categories USING gin (name_search gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX brands_name_search_idx ON brands USING gin (name_search gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX products_name_search_idx ON products USING gin (name_search gin_trgm_ops) WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX reviews_content_search_idx ON reviews USING gin (content_search gin_trgm_ops);
