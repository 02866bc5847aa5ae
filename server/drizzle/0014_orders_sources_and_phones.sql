ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone_number");--> statement-breakpoint
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
