-- Rollups by the store's calendar day for the report over any period (CONTRACT 4.8): sales, per product, per
-- category and per payment method, kept by the same transactions that write orders, lines and customers, like
-- the counters and the hourly rollup of migration 0002 (docs/performance.md). A report of three years reads
-- about a thousand rows of `sales_days`, not a million orders.
--
-- The day is the store's (STORE_TZ), which `stats_zone` holds: the server writes its STORE_TZ there when it
-- starts and, when the zone changed, rebuilds these rollups (rebuild_day_stats). A day keyed by the store's own
-- calendar needs no partial hours at its ends, whatever the zone's offset (+05:30 included).
--
-- As in 0002, writers only INSERT rows (a statement adds "day D: +3 orders"); compact_stats folds them. Every
-- trigger is statement-level with transition tables.

CREATE TABLE stats_zone (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  zone text NOT NULL
);
--> statement-breakpoint
INSERT INTO stats_zone (zone) VALUES ('Asia/Ho_Chi_Minh');
--> statement-breakpoint

-- Sales by store day: orders, revenue (sum of total_price), units (their lines), shipping, each of the orders
-- whose status is not 0; `cancelled` counts the orders of status 0; `customers` the accounts of role 'user'
-- created that day.
CREATE TABLE sales_days (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  day date NOT NULL,
  orders bigint NOT NULL DEFAULT 0,
  revenue bigint NOT NULL DEFAULT 0,
  units bigint NOT NULL DEFAULT 0,
  shipping bigint NOT NULL DEFAULT 0,
  cancelled bigint NOT NULL DEFAULT 0,
  customers bigint NOT NULL DEFAULT 0,
  compacted boolean NOT NULL DEFAULT false
);
--> statement-breakpoint
CREATE INDEX sales_days_day_idx ON sales_days (day) INCLUDE (orders, revenue, units, shipping, cancelled, customers);
--> statement-breakpoint
CREATE INDEX sales_days_pending_idx ON sales_days (day) WHERE NOT compacted;
--> statement-breakpoint

-- Units and revenue (price × quantity of each line) by store day and product, orders of status 0 left out.
CREATE TABLE product_days (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  day date NOT NULL,
  product_id bigint NOT NULL,
  units bigint NOT NULL,
  revenue bigint NOT NULL,
  compacted boolean NOT NULL DEFAULT false
);
--> statement-breakpoint
CREATE INDEX product_days_day_idx ON product_days (day, product_id) INCLUDE (units, revenue);
--> statement-breakpoint
-- A product's whole history, moved to its new category when its category changes.
CREATE INDEX product_days_product_idx ON product_days (product_id) INCLUDE (day, units, revenue);
--> statement-breakpoint
CREATE INDEX product_days_pending_idx ON product_days (day, product_id) WHERE NOT compacted;
--> statement-breakpoint

-- The same by the product's current category.
CREATE TABLE category_days (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  day date NOT NULL,
  category_id bigint NOT NULL,
  units bigint NOT NULL,
  revenue bigint NOT NULL,
  compacted boolean NOT NULL DEFAULT false
);
--> statement-breakpoint
CREATE INDEX category_days_day_idx ON category_days (day, category_id) INCLUDE (units, revenue);
--> statement-breakpoint
CREATE INDEX category_days_pending_idx ON category_days (day, category_id) WHERE NOT compacted;
--> statement-breakpoint

-- Orders and revenue by store day and method_payment, orders of status 0 left out.
CREATE TABLE payment_days (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  day date NOT NULL,
  method_payment text NOT NULL,
  orders bigint NOT NULL,
  revenue bigint NOT NULL,
  compacted boolean NOT NULL DEFAULT false
);
--> statement-breakpoint
CREATE INDEX payment_days_day_idx ON payment_days (day, method_payment) INCLUDE (orders, revenue);
--> statement-breakpoint
CREATE INDEX payment_days_pending_idx ON payment_days (day, method_payment) WHERE NOT compacted;
--> statement-breakpoint

-- Folds the rows of each day (and product, category, method) into one, skipping rows a transaction in flight
-- holds, as compact_stats of 0002 does for the hourly rollup.
CREATE FUNCTION compact_day_stats() RETURNS void
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
    -- A fold of product_days moves the population 'day_folds' on: report.ts reads by it whether pending rows it
    -- saw may have been folded since (its top products are then summed anew).
    INSERT INTO row_counts (population, n, changes, search_changes)
    SELECT 'day_folds', 0, 1, 0 WHERE EXISTS (SELECT FROM gone);

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
          WHERE (p.day, p.method_payment) IN (SELECT day, method_payment FROM payment_days WHERE NOT compacted)
            FOR UPDATE SKIP LOCKED)
      RETURNING day, method_payment, orders, revenue
    )
    INSERT INTO payment_days (day, method_payment, orders, revenue, compacted)
    SELECT day, method_payment, sum(orders), sum(revenue), true
      FROM gone
     GROUP BY day, method_payment
    HAVING sum(orders) <> 0 OR sum(revenue) <> 0;
  $$;
--> statement-breakpoint

-- compact_stats() of 0002 keeps its name for its callers (the triggers, stats_maybe_compact) and now folds the
-- day rollups too.
ALTER FUNCTION compact_stats() RENAME TO compact_counts_and_hours;
--> statement-breakpoint
CREATE FUNCTION compact_stats() RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM compact_counts_and_hours();
    PERFORM compact_day_stats();
  END $$;
--> statement-breakpoint

-- Recomputes the day rollups from the tables in the zone of stats_zone: after a bulk load with triggers off
-- (through rebuild_stats), after a TRUNCATE, and when the store's zone changed.
CREATE FUNCTION rebuild_day_stats() RETURNS void
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

    INSERT INTO payment_days (day, method_payment, orders, revenue, compacted)
    SELECT (created_at AT TIME ZONE z)::date, method_payment, count(*), sum(total_price), true
      FROM orders WHERE status <> 0
     GROUP BY 1, 2;

    -- The orders' change version and the folds move on, so no top products remembered from before (report.ts)
    -- are used after.
    PERFORM stats_add_count('orders', 0, 1, 0);
    PERFORM stats_add_count('day_folds', 0, 1, 0);
  END $$;
--> statement-breakpoint

-- rebuild_stats() keeps its name for its callers (bulk loads, TRUNCATE, operators) and now rebuilds the day
-- rollups too.
ALTER FUNCTION rebuild_stats() RENAME TO rebuild_counts_and_hours;
--> statement-breakpoint
CREATE FUNCTION rebuild_stats() RETURNS void
  LANGUAGE plpgsql
  AS $$
  DECLARE
    folds bigint;
  BEGIN
    -- rebuild_counts_and_hours recounts the tables' populations only; the folds of the day rollups only grow, so
    -- they are carried over (rebuild_day_stats then adds one). Its locks, in its order, are taken first, so no
    -- fold commits between the read and the recount.
    LOCK TABLE users, categories, brands, products, reviews, orders, order_lines IN SHARE MODE;
    LOCK TABLE row_counts, order_stats, search_counts IN EXCLUSIVE MODE;
    folds := (SELECT coalesce(sum(changes), 0) FROM row_counts WHERE population = 'day_folds');
    PERFORM rebuild_counts_and_hours();
    PERFORM stats_add_count('day_folds', 0, folds, 0);
    PERFORM rebuild_day_stats();
  END $$;
--> statement-breakpoint

-- Adds signed units and revenue, by day, product and category, to the day rollups: the lines that entered or
-- left the count, as parallel arrays (a trigger collects them with array_agg; none is NULL, which adds nothing).
CREATE FUNCTION stats_days_add_lines(days date[], product_ids bigint[], category_ids bigint[], units bigint[],
                                     revenue bigint[]) RETURNS void
  LANGUAGE sql
  AS $$
    WITH m AS MATERIALIZED (
      SELECT * FROM unnest(days, product_ids, category_ids, units, revenue) AS m (day, product_id, category_id, units, revenue)
    ),
    s AS (
      INSERT INTO sales_days (day, units)
      SELECT day, sum(units) FROM m GROUP BY day HAVING sum(units) <> 0
    ),
    p AS (
      INSERT INTO product_days (day, product_id, units, revenue)
      SELECT day, product_id, sum(units), sum(revenue) FROM m
       GROUP BY day, product_id HAVING sum(units) <> 0 OR sum(revenue) <> 0
    )
    INSERT INTO category_days (day, category_id, units, revenue)
    SELECT day, category_id, sum(units), sum(revenue) FROM m
     GROUP BY day, category_id HAVING sum(units) <> 0 OR sum(revenue) <> 0;
  $$;
--> statement-breakpoint

-- Orders: each order counts on its store day while its status is not 0 (orders, revenue, shipping, payment
-- method; its lines' units, products and categories), and in `cancelled` while it is 0. An update moves what
-- changed: a status to or from 0, a new total, a new method, a new created_at.
CREATE FUNCTION stats_days_orders() RETURNS trigger
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
      INSERT INTO payment_days (day, method_payment, orders, revenue)
      SELECT (created_at AT TIME ZONE z)::date, method_payment, count(*), sum(total_price)
        FROM new_rows
       WHERE status <> 0
       GROUP BY 1, 2;
    ELSIF TG_OP = 'DELETE' THEN
      -- The lines' units, products and categories left before the cascade (stats_days_order_deleting).
      INSERT INTO sales_days (day, orders, revenue, shipping, cancelled)
      SELECT (created_at AT TIME ZONE z)::date, -count(*) FILTER (WHERE status <> 0),
             -coalesce(sum(total_price) FILTER (WHERE status <> 0), 0),
             -coalesce(sum(shiping_fee) FILTER (WHERE status <> 0), 0),
             -count(*) FILTER (WHERE status = 0)
        FROM old_rows
       GROUP BY 1;
      INSERT INTO payment_days (day, method_payment, orders, revenue)
      SELECT (created_at AT TIME ZONE z)::date, method_payment, -count(*), -sum(total_price)
        FROM old_rows
       WHERE status <> 0
       GROUP BY 1, 2;
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

      INSERT INTO payment_days (day, method_payment, orders, revenue)
      SELECT day, method_payment, sum(orders), sum(revenue)
        FROM (
          SELECT (created_at AT TIME ZONE z)::date AS day, method_payment, 1 AS orders, total_price AS revenue
            FROM new_rows WHERE status <> 0
          UNION ALL
          SELECT (created_at AT TIME ZONE z)::date, method_payment, -1, -total_price
            FROM old_rows WHERE status <> 0
        ) d
       GROUP BY day, method_payment
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


-- An order's lines go by the foreign key's cascade, whose statement triggers fire after the orders' own, when
-- the order is no longer there to say its day. So its lines leave the day rollups here, row by row.
CREATE FUNCTION stats_days_order_deleting() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    -- The store's zone: each day below is the store's calendar day of an instant.
    z text := (SELECT zone FROM stats_zone WHERE id = 1);
  BEGIN
    IF OLD.status <> 0 THEN
      PERFORM stats_days_add_lines(array_agg((OLD.created_at AT TIME ZONE z)::date), array_agg(l.product_id),
                                   array_agg(p.category_id), array_agg(-l.quantity::bigint),
                                   array_agg(-l.price * l.quantity))
        FROM order_lines l JOIN products p ON p.id = l.product_id
       WHERE l.order_id = OLD.id;
    END IF;
    RETURN OLD;
  END $$;
--> statement-breakpoint

-- A line counts on its order's store day while the order's status is not 0, for its product and the product's
-- category. The orders are locked FOR SHARE, as in stats_sales_lines of 0002, so an order cancelled or moved
-- concurrently is read as it is once that change commits.
CREATE FUNCTION stats_days_lines() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    -- The store's zone: each day below is the store's calendar day of an instant.
    z text := (SELECT zone FROM stats_zone WHERE id = 1);
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM stats_days_add_lines(array_agg((o.created_at AT TIME ZONE z)::date), array_agg(l.product_id),
                                   array_agg(p.category_id), array_agg(l.quantity::bigint),
                                   array_agg(l.price * l.quantity))
        FROM new_rows l
        JOIN (SELECT id, status, created_at FROM orders WHERE id IN (SELECT order_id FROM new_rows) FOR SHARE) o
          ON o.id = l.order_id
        JOIN products p ON p.id = l.product_id
       WHERE o.status <> 0;
    ELSIF TG_OP = 'DELETE' THEN
      -- Lines whose order is gone went with it; stats_days_order_deleting has taken them out already.
      PERFORM stats_days_add_lines(array_agg((o.created_at AT TIME ZONE z)::date), array_agg(l.product_id),
                                   array_agg(p.category_id), array_agg(-l.quantity::bigint),
                                   array_agg(-l.price * l.quantity))
        FROM old_rows l
        JOIN (SELECT id, status, created_at FROM orders WHERE id IN (SELECT order_id FROM old_rows) FOR SHARE) o
          ON o.id = l.order_id
        JOIN products p ON p.id = l.product_id
       WHERE o.status <> 0;
    ELSE
      PERFORM stats_days_add_lines(array_agg((o.created_at AT TIME ZONE z)::date), array_agg(d.product_id),
                                   array_agg(p.category_id), array_agg(d.q), array_agg(d.r))
        FROM (
          SELECT order_id, product_id, quantity::bigint AS q, price * quantity AS r FROM new_rows
          UNION ALL
          SELECT order_id, product_id, -quantity::bigint, -price * quantity FROM old_rows
        ) d
        JOIN (SELECT id, status, created_at FROM orders
               WHERE id IN (SELECT order_id FROM new_rows UNION SELECT order_id FROM old_rows) FOR SHARE) o
          ON o.id = d.order_id
        JOIN products p ON p.id = d.product_id
       WHERE o.status <> 0;
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint

-- A product that changes category takes its whole history with it. Lines written meanwhile would count in the
-- old category, so line writers are held (SHARE on order_lines waits for those in flight and holds new ones
-- until this commits; they then read the new category). A category change is an administrator's edit: rare.
CREATE FUNCTION stats_days_product_category() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.category_id <> o.category_id) THEN
      LOCK TABLE order_lines IN SHARE MODE;
      INSERT INTO category_days (day, category_id, units, revenue)
      SELECT d.day, m.category_id, m.sign * sum(d.units), m.sign * sum(d.revenue)
        FROM (
          SELECT n.id, n.category_id, 1 AS sign
            FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.category_id <> o.category_id
          UNION ALL
          SELECT o.id, o.category_id, -1
            FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.category_id <> o.category_id
        ) m
        JOIN product_days d ON d.product_id = m.id
       GROUP BY d.day, m.category_id, m.sign
      HAVING sum(d.units) <> 0 OR sum(d.revenue) <> 0;
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint

-- Customers (role 'user') by the store day their account was created; a role change moves one in or out.
CREATE FUNCTION stats_days_customers() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    -- The store's zone: each day below is the store's calendar day of an instant.
    z text := (SELECT zone FROM stats_zone WHERE id = 1);
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO sales_days (day, customers)
      SELECT (created_at AT TIME ZONE z)::date, count(*) FROM new_rows WHERE role = 'user' GROUP BY 1;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO sales_days (day, customers)
      SELECT (created_at AT TIME ZONE z)::date, -count(*) FROM old_rows WHERE role = 'user' GROUP BY 1;
    ELSE
      INSERT INTO sales_days (day, customers)
      SELECT day, sum(n)
        FROM (
          SELECT (created_at AT TIME ZONE z)::date AS day, 1 AS n FROM new_rows WHERE role = 'user'
          UNION ALL
          SELECT (created_at AT TIME ZONE z)::date, -1 FROM old_rows WHERE role = 'user'
        ) d
       GROUP BY day
      HAVING sum(n) <> 0;
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint

CREATE TRIGGER orders_days_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_orders();
--> statement-breakpoint
CREATE TRIGGER orders_days_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_orders();
--> statement-breakpoint
CREATE TRIGGER orders_days_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_orders();
--> statement-breakpoint
CREATE TRIGGER orders_days_deleting BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION stats_days_order_deleting();
--> statement-breakpoint
CREATE TRIGGER order_lines_days_insert AFTER INSERT ON order_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_lines();
--> statement-breakpoint
CREATE TRIGGER order_lines_days_update AFTER UPDATE ON order_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_lines();
--> statement-breakpoint
CREATE TRIGGER order_lines_days_delete AFTER DELETE ON order_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_lines();
--> statement-breakpoint
CREATE TRIGGER products_days_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_product_category();
--> statement-breakpoint
CREATE TRIGGER users_days_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_customers();
--> statement-breakpoint
CREATE TRIGGER users_days_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_customers();
--> statement-breakpoint
CREATE TRIGGER users_days_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_days_customers();
--> statement-breakpoint

-- The rollups of the orders, lines and customers there already.
SELECT rebuild_day_stats();
