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
--> statement-breakpoint
-- The report's orders and revenue by source (CONTRACT 5.1, `bySource`) come from the same rollup as by payment
-- method: payment_days is now by day, method and source. Every order before sources were kept is 'web', and so
-- is every row of the rollup already written.
ALTER TABLE payment_days ADD COLUMN source text NOT NULL DEFAULT 'web';
--> statement-breakpoint
DROP INDEX payment_days_day_idx;
--> statement-breakpoint
DROP INDEX payment_days_pending_idx;
--> statement-breakpoint
CREATE INDEX payment_days_day_idx ON payment_days (day, method_payment, source) INCLUDE (orders, revenue);
--> statement-breakpoint
CREATE INDEX payment_days_pending_idx ON payment_days (day, method_payment, source) WHERE NOT compacted;
--> statement-breakpoint

-- stats_days_orders of migration 0011, with the order's source beside its payment method.
CREATE OR REPLACE FUNCTION stats_days_orders() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    -- The store's zone: each day below is the store's calendar day of an instant.
    z text := (SELECT zone FROM stats_zone WHERE id = 1);
  BEGIN
    IF TG_OP = 'INSERT' THEN
      -- A new order has no lines yet (they reference it): its units arrive with them.
      INSERT INTO sales_days (day, orders, revenue, shipping, cancelled)
      SELECT (created_at AT TIME ZONE z)::date, count(*) FILTER (WHERE status <> 0),
             coalesce(sum(total_price) FILTER (WHERE status <> 0), 0),
             coalesce(sum(shiping_fee) FILTER (WHERE status <> 0), 0),
             count(*) FILTER (WHERE status = 0)
        FROM new_rows
       GROUP BY 1;
      INSERT INTO payment_days (day, method_payment, source, orders, revenue)
      SELECT (created_at AT TIME ZONE z)::date, method_payment, source, count(*), sum(total_price)
        FROM new_rows
       WHERE status <> 0
       GROUP BY 1, 2, 3;
    ELSIF TG_OP = 'DELETE' THEN
      -- The lines' units, products and categories left before the cascade (stats_days_order_deleting).
      INSERT INTO sales_days (day, orders, revenue, shipping, cancelled)
      SELECT (created_at AT TIME ZONE z)::date, -count(*) FILTER (WHERE status <> 0),
             -coalesce(sum(total_price) FILTER (WHERE status <> 0), 0),
             -coalesce(sum(shiping_fee) FILTER (WHERE status <> 0), 0),
             -count(*) FILTER (WHERE status = 0)
        FROM old_rows
       GROUP BY 1;
      INSERT INTO payment_days (day, method_payment, source, orders, revenue)
      SELECT (created_at AT TIME ZONE z)::date, method_payment, source, -count(*), -sum(total_price)
        FROM old_rows
       WHERE status <> 0
       GROUP BY 1, 2, 3;
    ELSE
      INSERT INTO sales_days (day, orders, revenue, shipping, cancelled)
      SELECT day, sum(orders), sum(revenue), sum(shipping), sum(cancelled)
        FROM (
          SELECT (created_at AT TIME ZONE z)::date AS day, (status <> 0)::int AS orders,
                 CASE WHEN status <> 0 THEN total_price ELSE 0 END AS revenue,
                 CASE WHEN status <> 0 THEN shiping_fee ELSE 0 END AS shipping,
                 (status = 0)::int AS cancelled
            FROM new_rows
          UNION ALL
          SELECT (created_at AT TIME ZONE z)::date, -(status <> 0)::int,
                 -CASE WHEN status <> 0 THEN total_price ELSE 0 END,
                 -CASE WHEN status <> 0 THEN shiping_fee ELSE 0 END,
                 -(status = 0)::int
            FROM old_rows
        ) d
       GROUP BY day
      HAVING sum(orders) <> 0 OR sum(revenue) <> 0 OR sum(shipping) <> 0 OR sum(cancelled) <> 0;

      INSERT INTO payment_days (day, method_payment, source, orders, revenue)
      SELECT day, method_payment, source, sum(orders), sum(revenue)
        FROM (
          SELECT (created_at AT TIME ZONE z)::date AS day, method_payment, source, 1 AS orders, total_price AS revenue
            FROM new_rows WHERE status <> 0
          UNION ALL
          SELECT (created_at AT TIME ZONE z)::date, method_payment, source, -1, -total_price
            FROM old_rows WHERE status <> 0
        ) d
       GROUP BY day, method_payment, source
      HAVING sum(orders) <> 0 OR sum(revenue) <> 0;

      -- The lines of the orders that entered or left the count, or moved to another day. Their lines cannot
      -- change meanwhile: line writers lock the order FOR SHARE, which conflicts with this update.
      PERFORM stats_days_add_lines(array_agg(m.day), array_agg(l.product_id), array_agg(p.category_id),
                                   array_agg(m.sign * l.quantity::bigint), array_agg(m.sign * l.price * l.quantity))
        FROM (
          SELECT n.id, (n.created_at AT TIME ZONE z)::date AS day, 1 AS sign
            FROM new_rows n JOIN old_rows o ON o.id = n.id
           WHERE n.status <> 0
             AND (o.status = 0 OR (o.created_at AT TIME ZONE z)::date <> (n.created_at AT TIME ZONE z)::date)
          UNION ALL
          SELECT o.id, (o.created_at AT TIME ZONE z)::date, -1
            FROM new_rows n JOIN old_rows o ON o.id = n.id
           WHERE o.status <> 0
             AND (n.status = 0 OR (o.created_at AT TIME ZONE z)::date <> (n.created_at AT TIME ZONE z)::date)
        ) m
        JOIN order_lines l ON l.order_id = m.id
        JOIN products p ON p.id = l.product_id;
    END IF;
    PERFORM stats_maybe_compact();
    RETURN NULL;
  END $$;
--> statement-breakpoint

-- compact_day_stats of migration 0013, folding payment_days by day, method and source.
CREATE OR REPLACE FUNCTION compact_day_stats() RETURNS void
  LANGUAGE sql
  AS $$
    WITH gone AS (
      DELETE FROM sales_days
       WHERE id IN (
         SELECT id FROM sales_days
          WHERE day IN (SELECT day FROM sales_days WHERE NOT compacted)
            FOR UPDATE SKIP LOCKED)
      RETURNING day, orders, revenue, units, shipping, cancelled, customers
    )
    INSERT INTO sales_days (day, orders, revenue, units, shipping, cancelled, customers, compacted)
    SELECT day, sum(orders), sum(revenue), sum(units), sum(shipping), sum(cancelled), sum(customers), true
      FROM gone
     GROUP BY day
    HAVING sum(orders) <> 0 OR sum(revenue) <> 0 OR sum(units) <> 0 OR sum(shipping) <> 0
        OR sum(cancelled) <> 0 OR sum(customers) <> 0;

    WITH gone AS (
      DELETE FROM product_days
       WHERE id IN (
         SELECT p.id FROM product_days p
          WHERE (p.day, p.product_id) IN (SELECT day, product_id FROM product_days WHERE NOT compacted)
            FOR UPDATE SKIP LOCKED)
      RETURNING day, product_id, units, revenue
    ),
    folded AS (
      INSERT INTO product_days (day, product_id, units, revenue, compacted)
      SELECT day, product_id, sum(units), sum(revenue), true
        FROM gone
       GROUP BY day, product_id
      HAVING sum(units) <> 0 OR sum(revenue) <> 0
    )
    -- A fold of product_days moves the version 'day_folds' on: report.ts reads by it whether pending rows it saw
    -- may have been folded since (its top products are then summed anew).
    INSERT INTO counts (population, n, changes)
    SELECT 'day_folds', 0, 1 WHERE EXISTS (SELECT FROM gone);

    WITH gone AS (
      DELETE FROM category_days
       WHERE id IN (
         SELECT c.id FROM category_days c
          WHERE (c.day, c.category_id) IN (SELECT day, category_id FROM category_days WHERE NOT compacted)
            FOR UPDATE SKIP LOCKED)
      RETURNING day, category_id, units, revenue
    )
    INSERT INTO category_days (day, category_id, units, revenue, compacted)
    SELECT day, category_id, sum(units), sum(revenue), true
      FROM gone
     GROUP BY day, category_id
    HAVING sum(units) <> 0 OR sum(revenue) <> 0;

    WITH gone AS (
      DELETE FROM payment_days
       WHERE id IN (
         SELECT p.id FROM payment_days p
          WHERE (p.day, p.method_payment, p.source) IN (SELECT day, method_payment, source FROM payment_days WHERE NOT compacted)
            FOR UPDATE SKIP LOCKED)
      RETURNING day, method_payment, source, orders, revenue
    )
    INSERT INTO payment_days (day, method_payment, source, orders, revenue, compacted)
    SELECT day, method_payment, source, sum(orders), sum(revenue), true
      FROM gone
     GROUP BY day, method_payment, source
    HAVING sum(orders) <> 0 OR sum(revenue) <> 0;
  $$;
--> statement-breakpoint

-- rebuild_day_stats of migration 0013, with the source in payment_days.
CREATE OR REPLACE FUNCTION rebuild_day_stats() RETURNS void
  LANGUAGE plpgsql
  AS $$
  DECLARE
    -- The store's zone: each day below is the store's calendar day of an instant.
    z text := (SELECT zone FROM stats_zone WHERE id = 1);
  BEGIN
    LOCK TABLE users, products, orders, order_lines IN SHARE MODE;
    LOCK TABLE sales_days, product_days, category_days, payment_days IN EXCLUSIVE MODE;
    DELETE FROM sales_days;
    DELETE FROM product_days;
    DELETE FROM category_days;
    DELETE FROM payment_days;

    INSERT INTO sales_days (day, orders, revenue, units, shipping, cancelled, customers, compacted)
    SELECT day, sum(orders), sum(revenue), sum(units), sum(shipping), sum(cancelled), sum(customers), true
      FROM (
        SELECT (created_at AT TIME ZONE z)::date AS day,
               count(*) FILTER (WHERE status <> 0) AS orders,
               coalesce(sum(total_price) FILTER (WHERE status <> 0), 0) AS revenue,
               0 AS units,
               coalesce(sum(shiping_fee) FILTER (WHERE status <> 0), 0) AS shipping,
               count(*) FILTER (WHERE status = 0) AS cancelled,
               0 AS customers
          FROM orders GROUP BY 1
        UNION ALL
        SELECT (o.created_at AT TIME ZONE z)::date, 0, 0, sum(l.quantity), 0, 0, 0
          FROM order_lines l JOIN orders o ON o.id = l.order_id
         WHERE o.status <> 0
         GROUP BY 1
        UNION ALL
        SELECT (created_at AT TIME ZONE z)::date, 0, 0, 0, 0, 0, count(*)
          FROM users WHERE role = 'user'
         GROUP BY 1
      ) s
     GROUP BY day;

    INSERT INTO product_days (day, product_id, units, revenue, compacted)
    SELECT (o.created_at AT TIME ZONE z)::date, l.product_id, sum(l.quantity), sum(l.price * l.quantity), true
      FROM order_lines l JOIN orders o ON o.id = l.order_id
     WHERE o.status <> 0
     GROUP BY 1, 2;

    INSERT INTO category_days (day, category_id, units, revenue, compacted)
    SELECT d.day, p.category_id, sum(d.units), sum(d.revenue), true
      FROM product_days d JOIN products p ON p.id = d.product_id
     GROUP BY 1, 2;

    INSERT INTO payment_days (day, method_payment, source, orders, revenue, compacted)
    SELECT (created_at AT TIME ZONE z)::date, method_payment, source, count(*), sum(total_price), true
      FROM orders WHERE status <> 0
     GROUP BY 1, 2, 3;

    -- The orders' change version and the folds move on, so no top products remembered from before (report.ts)
    -- are used after.
    PERFORM count_changes('orders', 1);
    PERFORM count_changes('day_folds', 1);
  END $$;
