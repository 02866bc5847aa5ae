-- Search: a case- and accent-insensitive substring match ('ao' finds 'Áo', 'dong ho' finds 'Đồng hồ'),
-- served by GIN trigram indexes over the same expression the queries use.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so an index cannot use it directly. Naming the
-- dictionary makes the result depend on the argument alone, which is what IMMUTABLE promises.
CREATE OR REPLACE FUNCTION search_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, lower(value)) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_name_search_idx ON users USING gin (search_text(name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS categories_name_search_idx ON categories USING gin (search_text(name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS brands_name_search_idx ON brands USING gin (search_text(name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_name_search_idx ON products USING gin (search_text(name) gin_trgm_ops)
  WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS reviews_content_search_idx ON reviews USING gin (search_text(content) gin_trgm_ops);
