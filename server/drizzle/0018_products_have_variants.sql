ALTER TABLE "products" ADD COLUMN "has_variants" boolean DEFAULT false NOT NULL;
