ALTER TABLE "order_events" DROP CONSTRAINT "order_events_type_check";--> statement-breakpoint
DROP INDEX "users_email_lower_key";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "stock_taken" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address_parts" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email")) WHERE "users"."email" <> '';--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_type_check" CHECK ("order_events"."type" in ('created', 'status', 'payment', 'edited', 'line-added', 'line-changed', 'line-deleted', 'note'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_check" CHECK ("orders"."source" in ('phone', 'zalo', 'facebook', 'shop', 'web', 'marketplace', 'other'));