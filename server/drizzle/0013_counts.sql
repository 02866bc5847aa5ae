-- List totals, one mechanism (docs/counts.md). A population is the rows of a table that a list shows (`counted`:
-- its table and the condition that picks them). Its total is kept in `counts`, and so is the count of each of its
-- searchable names when it is counted by name. One statement trigger a table and event (`count_rows`) adds the
-- signed rows of what each statement inserted, deleted or moved; a reader sums a few rows. Every other total (a
-- filter, a search with a filter, a search of a population not counted by name) is counted by PostgreSQL when a
-- list asks for it and remembered in `search_counts` against the change versions of the tables it reads.
--
-- This replaces row_counts with its second, search-only change version, name_counts, the stock-out population,
-- and the hourly sales rollup order_stats, whose only reader (sales per day) now sums the day rollup of
-- migration 0011. Remembered counts stay, keyed anew.

-- Nothing may write a counted table while the counters are moved across: writers wait for this migration.
LOCK TABLE users, categories, brands, products, reviews, orders, order_lines IN SHARE MODE;
--> statement-breakpoint

-- The populations, each over one table: `condition` is SQL over a row of it (bare column names) that says
-- whether the row is counted; `names` says what name its rows are counted by: none, the row's own
-- `name_search`, or the `name_search` of the customer its `user_id` names (orders). lib/counts.ts holds the
-- same table for the lists that read it, and a test compares the two.
CREATE TABLE counted (
  population text PRIMARY KEY,
  table_name text NOT NULL,
  condition text NOT NULL,
  names text NOT NULL CHECK (names IN ('', 'name_search', 'customer'))
);
--> statement-breakpoint
INSERT INTO counted (population, table_name, condition, names) VALUES
  ('users', 'users', 'true', 'name_search'),
  ('customers', 'users', 'role = ''user''', 'name_search'),
  ('admins', 'users', 'role = ''admin''', 'name_search'),
  ('categories', 'categories', 'true', ''),
  ('brands', 'brands', 'true', ''),
  ('products', 'products', 'deleted_at IS NULL', 'name_search'),
  ('reviews', 'reviews', 'true', ''),
  ('orders', 'orders', 'true', 'customer'),
  ('order_lines', 'order_lines', 'true', '');
--> statement-breakpoint

-- The counters. A row whose `name_search` is null is part of its population's total, any other row part of that
-- name's count. `changes` (on total rows only) counts the rows each statement wrote to the population's own
-- table: its sum only grows, so the report (analytics/report.ts) uses it as a change version. Writers only ever
-- insert rows, so two writers never wait for each other here; now and then the rows of a key are folded into one
-- (`compacted`).
CREATE TABLE counts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  population text NOT NULL,
  name_search text,
  n bigint NOT NULL,
  changes bigint NOT NULL DEFAULT 0,
  compacted boolean NOT NULL DEFAULT false
);
--> statement-breakpoint
CREATE INDEX counts_total_idx ON counts (population) INCLUDE (n, changes) WHERE name_search IS NULL;
--> statement-breakpoint
-- The names of one population, which a name search reads before it tests each against its term. Made partial
-- (names only), it led the planner to test every name of every population instead: five times slower.
CREATE INDEX counts_name_idx ON counts (population, name_search);
--> statement-breakpoint
-- A name search finds the names that contain its term as the lists find rows: by trigrams.
CREATE INDEX counts_name_search_idx ON counts USING gin (name_search gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX counts_pending_idx ON counts (population, name_search) WHERE NOT compacted;
--> statement-breakpoint

-- The counters as they stand: the old ones are exact, and the tables are locked.
INSERT INTO counts (population, name_search, n, changes, compacted)
SELECT population, NULL, sum(n), sum(changes), true
  FROM row_counts
 WHERE population <> 'stock_out'
 GROUP BY population;
--> statement-breakpoint
INSERT INTO counts (population, name_search, n, compacted)
SELECT population, name_search, sum(n), true
  FROM name_counts
 GROUP BY population, name_search
HAVING sum(n) <> 0;
--> statement-breakpoint

-- What goes. Triggers first (migrations 0002 and 0012), then their functions and tables.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT tgname, tgrelid::regclass AS tab FROM pg_trigger
     WHERE NOT tgisinternal
       AND (tgname LIKE '%\_stats\_%' OR tgname LIKE '%\_sales\_%' OR tgname LIKE '%\_names\_%')
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %s', t.tgname, t.tab);
  END LOOP;
END $$;
--> statement-breakpoint
DROP FUNCTION stats_count_all(), stats_count_users(), stats_count_products(), stats_sales_orders(),
  stats_order_deleting(), stats_sales_lines(), stats_truncated(), name_counts_products(), name_counts_users(),
  name_counts_orders(), name_counts_add(text[], text[], bigint[]), compact_name_counts(), rebuild_name_counts(),
  compact_counts_and_hours(), rebuild_counts_and_hours(), stats_changed_rows_query(text),
  stats_add_count(text, bigint, bigint, bigint);
--> statement-breakpoint
DROP TABLE row_counts, name_counts, order_stats;
--> statement-breakpoint
-- Remembered counts are keyed by their condition's SQL, which this change writes anew: none would be read again.
DELETE FROM search_counts;
--> statement-breakpoint
DROP FUNCTION stats_hour(timestamptz);
--> statement-breakpoint

-- The query of what the rows of `source` add to the counters of `table_name`'s populations. `source` selects
-- rows of that table with a `sign` (+1 a row that is there now, -1 one that was), aliased r. The answer has a
-- row a population and name (null: the total) that moves, with `n`, the signed count, and `written`, the rows of
-- sign `written_sign` on the table's own population.
CREATE FUNCTION counts_delta(table_name text, source text, written_sign int) RETURNS text
  LANGUAGE sql STABLE
  AS $$
    SELECT format($q$
      SELECT c.population, v.name_search,
             coalesce(sum(r.sign) FILTER (WHERE c.counted), 0) AS n,
             count(*) FILTER (WHERE v.total AND c.population = %1$L AND r.sign = %2$s) AS written
        FROM (%3$s) r,
             LATERAL (VALUES %4$s) c (population, counted, name),
             LATERAL (VALUES (true, NULL::text), (false, c.name)) v (total, name_search)
       WHERE v.total OR v.name_search IS NOT NULL
       GROUP BY c.population, v.name_search
      HAVING coalesce(sum(r.sign) FILTER (WHERE c.counted), 0) <> 0
          OR count(*) FILTER (WHERE v.total AND c.population = %1$L AND r.sign = %2$s) <> 0$q$,
      counts_delta.table_name, written_sign, source,
      string_agg(format('(%L, (%s), %s)', population, condition,
                        CASE names
                          WHEN 'name_search' THEN 'r.name_search'
                          WHEN 'customer' THEN '(SELECT u.name_search FROM users u WHERE u.id = r.user_id)'
                          ELSE 'NULL::text'
                        END),
                 ', ' ORDER BY population))
      FROM counted
     WHERE counted.table_name = counts_delta.table_name
  $$;
--> statement-breakpoint

-- Adds a change version's step: `k` rows written to `population`'s table, or a fold of a rollup (`day_folds`).
CREATE FUNCTION count_changes(population text, k bigint) RETURNS void
  LANGUAGE sql
  AS $$ INSERT INTO counts (population, n, changes) SELECT population, 0, k WHERE k <> 0 $$;
--> statement-breakpoint

-- The statement trigger of every counted table. Rows counted by their customer's name lock that customer FOR
-- SHARE first (in id order), so a rename in flight is waited for and its new name read, and a rename that comes
-- after waits for this transaction and then moves these rows too (count_renamed_customers). An update that
-- leaves an order's customer as it was moves no name: its old and new rows cancel out.
CREATE FUNCTION count_rows() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF EXISTS (SELECT FROM counted WHERE table_name = TG_TABLE_NAME AND names = 'customer') THEN
      EXECUTE 'SELECT count(*) FROM (SELECT 1 FROM users WHERE id IN ('
        || CASE TG_OP
             WHEN 'INSERT' THEN 'SELECT user_id FROM new_rows'
             WHEN 'DELETE' THEN 'SELECT user_id FROM old_rows'
             ELSE 'SELECT n.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
                    WHERE n.user_id IS DISTINCT FROM o.user_id
                   UNION SELECT o.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
                    WHERE n.user_id IS DISTINCT FROM o.user_id'
           END
        || ') ORDER BY id FOR SHARE) locked';
    END IF;
    EXECUTE 'INSERT INTO counts (population, name_search, n, changes) SELECT population, name_search, n, written FROM ('
      || counts_delta(
           TG_TABLE_NAME,
           CASE TG_OP
             WHEN 'INSERT' THEN 'SELECT r.*, 1 AS sign FROM new_rows r'
             WHEN 'DELETE' THEN 'SELECT r.*, -1 AS sign FROM old_rows r'
             ELSE 'SELECT r.*, 1 AS sign FROM new_rows r UNION ALL SELECT r.*, -1 AS sign FROM old_rows r'
           END,
           CASE TG_OP WHEN 'DELETE' THEN -1 ELSE 1 END)
      || ') d';
    PERFORM stats_maybe_compact();
    RETURN NULL;
  END $$;
--> statement-breakpoint

-- A renamed customer takes the rows counted by their name (their orders) to the new name. Those rows are read in
-- this statement's snapshot, after every writer of them that locked the customer (count_rows) has committed.
CREATE FUNCTION count_renamed_customers() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    p record;
  BEGIN
    FOR p IN SELECT population, table_name, condition FROM counted WHERE names = 'customer' LOOP
      EXECUTE format($q$
        INSERT INTO counts (population, name_search, n)
        SELECT %1$L, name_search, sum(d)
          FROM (SELECT n.name_search, count(*) AS d
                  FROM new_rows n JOIN old_rows o ON o.id = n.id
                  JOIN (SELECT user_id FROM %2$I WHERE %3$s) r ON r.user_id = n.id
                 WHERE o.name_search IS DISTINCT FROM n.name_search
                 GROUP BY n.name_search
                UNION ALL
                SELECT o.name_search, -count(*)
                  FROM new_rows n JOIN old_rows o ON o.id = n.id
                  JOIN (SELECT user_id FROM %2$I WHERE %3$s) r ON r.user_id = n.id
                 WHERE o.name_search IS DISTINCT FROM n.name_search
                 GROUP BY o.name_search) m
         GROUP BY name_search
        HAVING sum(d) <> 0$q$, p.population, p.table_name, p.condition);
    END LOOP;
    RETURN NULL;
  END $$;
--> statement-breakpoint

-- A TRUNCATE removes rows without the row events above: everything derived is counted again (rebuild_stats).
CREATE FUNCTION count_truncated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM rebuild_stats();
    RETURN NULL;
  END $$;
--> statement-breakpoint
-- PostgreSQL allows transition tables on a trigger of one event only, hence a trigger an event and table.
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN SELECT DISTINCT table_name FROM counted LOOP
    EXECUTE format('CREATE TRIGGER %1$I AFTER INSERT ON %2$I REFERENCING NEW TABLE AS new_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION count_rows()', t || '_count_insert', t);
    EXECUTE format('CREATE TRIGGER %1$I AFTER UPDATE ON %2$I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION count_rows()', t || '_count_update', t);
    EXECUTE format('CREATE TRIGGER %1$I AFTER DELETE ON %2$I REFERENCING OLD TABLE AS old_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION count_rows()', t || '_count_delete', t);
    EXECUTE format('CREATE TRIGGER %1$I AFTER TRUNCATE ON %2$I FOR EACH STATEMENT EXECUTE FUNCTION count_truncated()',
                   t || '_count_truncate', t);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_count_rename AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_renamed_customers();
--> statement-breakpoint

-- Folds the rows of every key (a population's total, or one of its names) that has rows not yet folded. Rows a
-- transaction in flight holds (one compacting too) are skipped, never waited for; every snapshot sees the same
-- sums before and after.
CREATE FUNCTION compact_counts() RETURNS void
  LANGUAGE sql
  AS $$
    WITH gone AS (
      DELETE FROM counts
       WHERE id IN (
         SELECT id FROM counts
          WHERE name_search IS NULL
            AND population IN (SELECT population FROM counts WHERE NOT compacted AND name_search IS NULL)
            FOR UPDATE SKIP LOCKED)
      RETURNING population, n, changes
    )
    INSERT INTO counts (population, n, changes, compacted)
    SELECT population, sum(n), sum(changes), true FROM gone GROUP BY population;

    WITH gone AS (
      DELETE FROM counts
       WHERE id IN (
         SELECT id FROM counts
          WHERE (population, name_search) IN (
                  SELECT population, name_search FROM counts WHERE NOT compacted AND name_search IS NOT NULL)
            FOR UPDATE SKIP LOCKED)
      RETURNING population, name_search, n
    )
    INSERT INTO counts (population, name_search, n, compacted)
    SELECT population, name_search, sum(n), true FROM gone GROUP BY population, name_search HAVING sum(n) <> 0;
  $$;
--> statement-breakpoint

-- Counts every population again from its table: after a load with triggers off (session_replication_role =
-- replica) or a TRUNCATE. Every change version moves on by one and the remembered counts go, since rows may have
-- changed without moving a version; writers of the counted tables wait until the caller's transaction ends,
-- readers do not.
CREATE FUNCTION rebuild_counts() RETURNS void
  LANGUAGE plpgsql
  AS $$
  DECLARE
    t text;
  BEGIN
    LOCK TABLE users, categories, brands, products, reviews, orders, order_lines IN SHARE MODE;
    LOCK TABLE counts, search_counts IN EXCLUSIVE MODE;
    DELETE FROM search_counts;
    WITH gone AS (DELETE FROM counts RETURNING population, name_search, changes),
    versioned AS (SELECT population FROM counted UNION SELECT population FROM gone WHERE name_search IS NULL)
    INSERT INTO counts (population, n, changes, compacted)
    SELECT v.population, 0, coalesce(sum(g.changes), 0) + 1, true
      FROM versioned v LEFT JOIN gone g ON g.population = v.population AND g.name_search IS NULL
     GROUP BY v.population;
    FOR t IN SELECT DISTINCT table_name FROM counted LOOP
      EXECUTE 'INSERT INTO counts (population, name_search, n, compacted) SELECT population, name_search, n, true FROM ('
        || counts_delta(t, format('SELECT r.*, 1 AS sign FROM %I r', t), 1) || ') d';
    END LOOP;
  END $$;
--> statement-breakpoint

-- compact_day_stats of migration 0011, with its folds of product_days now counted in `counts`.
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

-- rebuild_day_stats of migration 0011, its last step now on `counts`.
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

    INSERT INTO payment_days (day, method_payment, orders, revenue, compacted)
    SELECT (created_at AT TIME ZONE z)::date, method_payment, count(*), sum(total_price), true
      FROM orders WHERE status <> 0
     GROUP BY 1, 2;

    -- The orders' change version and the folds move on, so no top products remembered from before (report.ts)
    -- are used after.
    PERFORM count_changes('orders', 1);
    PERFORM count_changes('day_folds', 1);
  END $$;
--> statement-breakpoint

-- What every trigger calls now and then (stats_maybe_compact, migration 0002), and tests and operators by hand.
CREATE OR REPLACE FUNCTION compact_stats() RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM compact_counts();
    PERFORM compact_day_stats();
  END $$;
--> statement-breakpoint

-- Everything derived, from the tables again: the counters, then the day rollups.
CREATE OR REPLACE FUNCTION rebuild_stats() RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM rebuild_counts();
    PERFORM rebuild_day_stats();
  END $$;
--> statement-breakpoint

-- The planner's statistics of the new table, for the name searches that read it from the first request on: a
-- server may run without autovacuum, which would otherwise gather them.
ANALYZE counts;
