ALTER TABLE "order_events" DROP CONSTRAINT "order_events_type_check";--> statement-breakpoint
DROP INDEX "users_email_lower_key";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "stock_taken" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address_parts" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address_parts" jsonb;--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email")) WHERE "users"."email" <> '';--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_type_check" CHECK ("order_events"."type" in ('created', 'status', 'payment', 'edited', 'line-added', 'line-changed', 'line-deleted', 'note'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_check" CHECK ("orders"."source" in ('phone', 'zalo', 'facebook', 'shop', 'web', 'marketplace', 'other'));--> statement-breakpoint
-- Phone numbers in their one kept form (CONTRACT 5.2, `normalPhone` in contract/src/common.ts), so that the order
-- search finds a customer by an equal match whatever way the number was written before.
UPDATE "users" SET "phone_number" = CASE
    WHEN p.compact LIKE '+84%' THEN '0' || substr(p.compact, 4)
    WHEN p.compact ~ '^84[0-9]{9,10}$' THEN '0' || substr(p.compact, 3)
    ELSE p.compact
  END
  FROM (SELECT "id", regexp_replace("phone_number", '[[:space:].()-]', '', 'g') AS compact
          FROM "users" WHERE "phone_number" ~ '[[:space:].()-]|^\+?84') p
 WHERE "users"."id" = p."id";
