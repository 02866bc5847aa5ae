DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_brand_idx";--> statement-breakpoint
DROP INDEX "reviews_product_idx";--> statement-breakpoint
CREATE INDEX "orders_updated_idx" ON "orders" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_price","id");--> statement-breakpoint
CREATE INDEX "orders_quantity_idx" ON "orders" USING btree ("quantity","id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"deleted_at");--> statement-breakpoint
CREATE INDEX "products_brand_created_idx" ON "products" USING btree ("brand_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"deleted_at");--> statement-breakpoint
CREATE INDEX "products_live_name_idx" ON "products" USING btree ("name_search" collate "C","name" collate "C","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_live_price_idx" ON "products" USING btree ("price","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_live_quantity_idx" ON "products" USING btree ("quantity","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_live_sold_idx" ON "products" USING btree ("sold","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_live_rating_idx" ON "products" USING btree ("rating","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_live_updated_idx" ON "products" USING btree ("updated_at","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_product_created_idx" ON "reviews" USING btree ("product_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_rating_idx" ON "reviews" USING btree ("rating","id");--> statement-breakpoint
CREATE INDEX "reviews_rating_created_idx" ON "reviews" USING btree ("rating","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_role_name_idx" ON "users" USING btree ("role","name_search" collate "C","name" collate "C","id");--> statement-breakpoint
CREATE INDEX "users_role_email_idx" ON "users" USING btree ("role",lower("email") collate "C","id","email");