-- Statistics kept exact by triggers, so that no request counts or sums millions of rows (docs/performance.md).
--
-- Writers only ever INSERT rows into these tables: a statement on users adds "users −3" rather than updating a
-- shared counter row. Concurrent writers therefore never wait for each other, and cannot deadlock, over a
-- statistic; a reader sums the handful of rows of what it asks for. From time to time a trigger folds the rows
-- into one (compact_stats), skipping rows another transaction holds. Every trigger is statement-level with
-- transition tables, so a bulk insert of a million rows adds one row, not a million.

-- Row counts by population (the `Counted` names of server/src/lib/totals.ts, plus 'order_lines').
-- On a table's own population ('users' for users, …) `changes` counts the rows each statement wrote, and
-- `search_changes` those of them it inserted, deleted or changed in a column searches and populations read
-- (the trigger's argument: users' name and role, products' name and deleted_at, …). Both sums only grow with
-- each commit that wrote such rows: they are the table's change versions, which the search count cache
-- compares to know whether a remembered count is still exact. A stock or price update leaves `search_changes`
-- alone, so it does not throw away every remembered product search.
CREATE TABLE row_counts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  population text NOT NULL,
  n bigint NOT NULL,
  changes bigint NOT NULL,
  search_changes bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX row_counts_population_idx ON row_counts (population) INCLUDE (n, changes, search_changes);
--> statement-breakpoint

-- Sales by UTC hour, cancelled orders (status 0) left out: orders, sum of total_price, units in their lines,
-- sum of shiping_fee. An hour is the finest grain every time zone's midnight needs except those with odd
-- offsets (+05:30, +05:45); the analytics query reads the part of a range that is not whole hours from the
-- orders themselves. Several rows may share an hour until compaction folds them (`compacted` marks folded rows).
CREATE TABLE order_stats (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bucket timestamptz NOT NULL,
  orders bigint NOT NULL,
  amount bigint NOT NULL,
  sold bigint NOT NULL,
  shipping bigint NOT NULL,
  compacted boolean NOT NULL DEFAULT false
);
--> statement-breakpoint
CREATE INDEX order_stats_bucket_idx ON order_stats (bucket) INCLUDE (orders, amount, sold, shipping);
--> statement-breakpoint
CREATE INDEX order_stats_pending_idx ON order_stats (bucket) WHERE NOT compacted;
--> statement-breakpoint

-- Exact search totals, remembered: a cached count is used only while the change versions of the tables its
-- condition reads (`deps`) still add up to `version`.
CREATE TABLE search_counts (
  population text NOT NULL,
  key text NOT NULL,
  deps text NOT NULL,
  version bigint NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (population, key)
);
--> statement-breakpoint

-- The UTC hour an instant falls in. date_bin counts from a fixed instant, so unlike date_trunc it does not
-- depend on the session's TimeZone, and being immutable it is inlined into the queries that call it.
CREATE FUNCTION stats_hour(at timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT date_bin('1 hour', at, timestamptz '2000-01-01 00:00:00+00') $$;
--> statement-breakpoint

CREATE FUNCTION stats_add_count(p text, delta bigint, written bigint, searched bigint) RETURNS void
  LANGUAGE sql
  AS $$
    INSERT INTO row_counts (population, n, changes, search_changes)
    SELECT p, delta, written, searched WHERE delta <> 0 OR written <> 0
  $$;
--> statement-breakpoint

-- The rows of an UPDATE that changed one of `columns` (a comma-separated list) or their id: a query over the
-- trigger's transition tables, which only the trigger function itself can run.
CREATE FUNCTION stats_changed_rows_query(columns text) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $$
    SELECT 'SELECT count(*) FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id WHERE o.id IS NULL'
        || coalesce((SELECT string_agg(format(' OR n.%1$I IS DISTINCT FROM o.%1$I', c), '')
                       FROM unnest(string_to_array(columns, ',')) c), '')
  $$;
--> statement-breakpoint

-- Folds every row a population or an hour has into one. Rows locked by a transaction in flight (one that is
-- compacting too) are skipped, never waited for; the sums are the same before and after, in every snapshot.
CREATE FUNCTION compact_stats() RETURNS void
  LANGUAGE sql
  AS $$
    WITH gone AS (
      DELETE FROM row_counts
       WHERE id IN (SELECT id FROM row_counts FOR UPDATE SKIP LOCKED)
      RETURNING population, n, changes, search_changes
    )
    INSERT INTO row_counts (population, n, changes, search_changes)
    SELECT population, sum(n), sum(changes), sum(search_changes) FROM gone GROUP BY population;

    WITH gone AS (
      DELETE FROM order_stats
       WHERE id IN (
         SELECT id FROM order_stats
          WHERE bucket IN (SELECT bucket FROM order_stats WHERE NOT compacted)
            FOR UPDATE SKIP LOCKED)
      RETURNING bucket, orders, amount, sold, shipping
    )
    INSERT INTO order_stats (bucket, orders, amount, sold, shipping, compacted)
    SELECT bucket, sum(orders), sum(amount), sum(sold), sum(shipping), true
      FROM gone
     GROUP BY bucket
    HAVING sum(orders) <> 0 OR sum(amount) <> 0 OR sum(sold) <> 0 OR sum(shipping) <> 0;
  $$;
--> statement-breakpoint

-- About one write statement in 32 compacts, so the rows a reader sums stay few without a background job.
-- Only under READ COMMITTED: in a REPEATABLE READ transaction, locking a row another compaction has since
-- deleted is a serialization failure, which a write must never get from bookkeeping.
CREATE FUNCTION stats_maybe_compact() RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF random() < 1.0 / 32 AND current_setting('transaction_isolation') = 'read committed' THEN
      PERFORM compact_stats();
    END IF;
  END $$;
--> statement-breakpoint

-- Counts every row of the table: categories, brands, reviews, orders, order_lines. TG_ARGV[0] names the
-- columns searches read (none for order_lines: then every updated row counts as a search change).
CREATE FUNCTION stats_count_all() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    k bigint;
    searched bigint;
  BEGIN
    IF TG_OP = 'INSERT' THEN
      SELECT count(*) INTO k FROM new_rows;
      PERFORM stats_add_count(TG_TABLE_NAME::text, k, k, k);
    ELSIF TG_OP = 'DELETE' THEN
      SELECT count(*) INTO k FROM old_rows;
      PERFORM stats_add_count(TG_TABLE_NAME::text, -k, k, k);
    ELSE
      SELECT count(*) INTO k FROM new_rows;
      searched := k;
      IF k > 0 AND TG_ARGV[0] <> '' THEN
        EXECUTE stats_changed_rows_query(TG_ARGV[0]) INTO searched;
      END IF;
      PERFORM stats_add_count(TG_TABLE_NAME::text, 0, k, searched);
    END IF;
    PERFORM stats_maybe_compact();
    RETURN NULL;
  END $$;
--> statement-breakpoint

-- Users, and customers and admins by role: a role change moves one from the other. TG_ARGV[0]: as above.
CREATE FUNCTION stats_count_users() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    all_n bigint := 0;
    customers_n bigint := 0;
    admins_n bigint := 0;
    written bigint := 0;
    searched bigint := 0;
    c bigint;
    u bigint;
    a bigint;
  BEGIN
    IF TG_OP <> 'DELETE' THEN
      SELECT count(*), count(*) FILTER (WHERE role = 'user'), count(*) FILTER (WHERE role = 'admin')
        INTO c, u, a FROM new_rows;
      all_n := c; customers_n := u; admins_n := a; written := c; searched := c;
    END IF;
    IF TG_OP <> 'INSERT' THEN
      SELECT count(*), count(*) FILTER (WHERE role = 'user'), count(*) FILTER (WHERE role = 'admin')
        INTO c, u, a FROM old_rows;
      all_n := all_n - c; customers_n := customers_n - u; admins_n := admins_n - a;
      IF TG_OP = 'DELETE' THEN written := c; searched := c; END IF;
    END IF;
    IF TG_OP = 'UPDATE' AND written > 0 THEN
      EXECUTE stats_changed_rows_query(TG_ARGV[0]) INTO searched;
    END IF;
    PERFORM stats_add_count('users', all_n, written, searched);
    PERFORM stats_add_count('customers', customers_n, 0, 0);
    PERFORM stats_add_count('admins', admins_n, 0, 0);
    PERFORM stats_maybe_compact();
    RETURN NULL;
  END $$;
--> statement-breakpoint

-- Live products (deleted_at is null): a soft delete or an undelete moves the count. TG_ARGV[0]: as above.
CREATE FUNCTION stats_count_products() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    live bigint := 0;
    written bigint := 0;
    searched bigint := 0;
    c bigint;
    l bigint;
  BEGIN
    IF TG_OP <> 'DELETE' THEN
      SELECT count(*), count(*) FILTER (WHERE deleted_at IS NULL) INTO c, l FROM new_rows;
      live := l; written := c; searched := c;
    END IF;
    IF TG_OP <> 'INSERT' THEN
      SELECT count(*), count(*) FILTER (WHERE deleted_at IS NULL) INTO c, l FROM old_rows;
      live := live - l;
      IF TG_OP = 'DELETE' THEN written := c; searched := c; END IF;
    END IF;
    IF TG_OP = 'UPDATE' AND written > 0 THEN
      EXECUTE stats_changed_rows_query(TG_ARGV[0]) INTO searched;
    END IF;
    PERFORM stats_add_count('products', live, written, searched);
    PERFORM stats_maybe_compact();
    RETURN NULL;
  END $$;
--> statement-breakpoint

-- An order's hour gets +1 order, its total_price, its shiping_fee and its lines' units while its status is not 0.
CREATE FUNCTION stats_sales_orders() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      -- A new order has no lines yet (they reference it), so its units arrive with them.
      INSERT INTO order_stats (bucket, orders, amount, sold, shipping)
      SELECT stats_hour(created_at), count(*), sum(total_price), 0, sum(shiping_fee)
        FROM new_rows
       WHERE status <> 0
       GROUP BY 1;
    ELSIF TG_OP = 'DELETE' THEN
      -- The units left with the lines, before the cascade (stats_order_deleting).
      INSERT INTO order_stats (bucket, orders, amount, sold, shipping)
      SELECT stats_hour(created_at), -count(*), -sum(total_price), 0, -sum(shiping_fee)
        FROM old_rows
       WHERE status <> 0
       GROUP BY 1;
      -- A bulk delete leaves a row an order behind: fold them now rather than make readers sum them.
      IF (SELECT count(*) FROM old_rows) > 1000 AND current_setting('transaction_isolation') = 'read committed' THEN
        PERFORM compact_stats();
      END IF;
    ELSE
      -- Old rows out, new rows in. Units move only with an order whose hour or cancelled-ness changed, and
      -- come from its lines, which cannot change meanwhile: their writers hold a share lock on the order.
      INSERT INTO order_stats (bucket, orders, amount, sold, shipping)
      SELECT bucket, sum(orders), sum(amount), sum(sold), sum(shipping)
        FROM (
          SELECT stats_hour(created_at) AS bucket, 1 AS orders, total_price AS amount, 0 AS sold,
                 shiping_fee AS shipping
            FROM new_rows WHERE status <> 0
          UNION ALL
          SELECT stats_hour(created_at), -1, -total_price, 0, -shiping_fee
            FROM old_rows WHERE status <> 0
          UNION ALL
          SELECT m.bucket, 0, 0, m.sign * l.quantity, 0
            FROM (
              SELECT n.id, stats_hour(n.created_at) AS bucket, 1 AS sign
                FROM new_rows n JOIN old_rows o ON o.id = n.id
               WHERE n.status <> 0
                 AND (o.status = 0 OR stats_hour(o.created_at) <> stats_hour(n.created_at))
              UNION ALL
              SELECT o.id, stats_hour(o.created_at), -1
                FROM new_rows n JOIN old_rows o ON o.id = n.id
               WHERE o.status <> 0
                 AND (n.status = 0 OR stats_hour(o.created_at) <> stats_hour(n.created_at))
            ) m
            JOIN order_lines l ON l.order_id = m.id
        ) d
       GROUP BY bucket
      HAVING sum(orders) <> 0 OR sum(amount) <> 0 OR sum(sold) <> 0 OR sum(shipping) <> 0;
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint

-- An order's lines are deleted by the foreign key's cascade, and PostgreSQL fires the lines' statement
-- triggers for it only after the orders' own, when neither can see the order's hour and status beside the
-- lines any more. So the units of an order leave here, row by row, while both are still there. Deleting orders
-- is rare (an administrator's click); bulk maintenance runs with triggers off and ends with rebuild_stats().
CREATE FUNCTION stats_order_deleting() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF OLD.status <> 0 THEN
      INSERT INTO order_stats (bucket, orders, amount, sold, shipping)
      SELECT stats_hour(OLD.created_at), 0, 0, -sum(quantity), 0
        FROM order_lines
       WHERE order_id = OLD.id
      HAVING sum(quantity) <> 0;
    END IF;
    RETURN OLD;
  END $$;
--> statement-breakpoint

-- A line's units count in its order's hour while the order's status is not 0. The orders are locked FOR SHARE
-- (it conflicts with any update of them) so that an order cancelled or moved concurrently is read as it is
-- once that change commits; the orders trigger then counts this statement's lines, or this trigger sees the
-- new status, never neither nor both.
CREATE FUNCTION stats_sales_lines() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      WITH o AS MATERIALIZED (
        SELECT id, status, created_at FROM orders WHERE id IN (SELECT order_id FROM new_rows) FOR SHARE
      )
      INSERT INTO order_stats (bucket, orders, amount, sold, shipping)
      SELECT stats_hour(o.created_at), 0, 0, sum(l.quantity), 0
        FROM new_rows l JOIN o ON o.id = l.order_id
       WHERE o.status <> 0
       GROUP BY 1;
    ELSIF TG_OP = 'DELETE' THEN
      WITH o AS MATERIALIZED (
        SELECT id, status, created_at FROM orders WHERE id IN (SELECT order_id FROM old_rows) FOR SHARE
      )
      INSERT INTO order_stats (bucket, orders, amount, sold, shipping)
      SELECT stats_hour(o.created_at), 0, 0, -sum(l.quantity), 0
        FROM old_rows l JOIN o ON o.id = l.order_id
       WHERE o.status <> 0
       GROUP BY 1;
      -- Lines whose order is gone went with it; stats_order_deleting has taken their units out already.
    ELSE
      WITH d AS (
        SELECT order_id, quantity AS q FROM new_rows
        UNION ALL
        SELECT order_id, -quantity FROM old_rows
      ),
      o AS MATERIALIZED (
        SELECT id, status, created_at FROM orders WHERE id IN (SELECT order_id FROM d) FOR SHARE
      )
      INSERT INTO order_stats (bucket, orders, amount, sold, shipping)
      SELECT stats_hour(o.created_at), 0, 0, sum(d.q), 0
        FROM d JOIN o ON o.id = d.order_id
       WHERE o.status <> 0
       GROUP BY 1
      HAVING sum(d.q) <> 0;
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint

-- Recomputes every counter and the sales rollup from the tables, in a few set-based statements. For writes
-- made with triggers off (a bulk load under session_replication_role = replica), and after a TRUNCATE.
-- Writers to the counted tables wait until the caller's transaction ends; readers do not.
CREATE FUNCTION rebuild_stats() RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    LOCK TABLE users, categories, brands, products, reviews, orders, order_lines IN SHARE MODE;
    LOCK TABLE row_counts, order_stats, search_counts IN EXCLUSIVE MODE;

    -- Every version moves on (+1), so no cached search count taken before the rebuild is used after it.
    WITH before AS (
      SELECT population, sum(changes) AS changes, sum(search_changes) AS search_changes
        FROM row_counts GROUP BY population
    ),
    fresh AS (
      SELECT p.population, p.n
        FROM (SELECT count(*) AS a,
                     count(*) FILTER (WHERE role = 'user') AS u,
                     count(*) FILTER (WHERE role = 'admin') AS ad
                FROM users) x,
             LATERAL (VALUES ('users', x.a), ('customers', x.u), ('admins', x.ad)) p (population, n)
      UNION ALL SELECT 'categories', count(*) FROM categories
      UNION ALL SELECT 'brands', count(*) FROM brands
      UNION ALL SELECT 'products', count(*) FROM products WHERE deleted_at IS NULL
      UNION ALL SELECT 'reviews', count(*) FROM reviews
      UNION ALL SELECT 'orders', count(*) FROM orders
      UNION ALL SELECT 'order_lines', count(*) FROM order_lines
    ),
    gone AS (DELETE FROM row_counts)
    INSERT INTO row_counts (population, n, changes, search_changes)
    SELECT f.population, f.n, coalesce(b.changes, 0) + 1, coalesce(b.search_changes, 0) + 1
      FROM fresh f LEFT JOIN before b USING (population);

    DELETE FROM search_counts;
    DELETE FROM order_stats;
    INSERT INTO order_stats (bucket, orders, amount, sold, shipping, compacted)
    SELECT bucket, sum(orders), sum(amount), sum(sold), sum(shipping), true
      FROM (
        SELECT stats_hour(created_at) AS bucket, count(*) AS orders, sum(total_price) AS amount, 0 AS sold,
               sum(shiping_fee) AS shipping
          FROM orders WHERE status <> 0 GROUP BY 1
        UNION ALL
        SELECT stats_hour(o.created_at), 0, 0, sum(l.quantity), 0
          FROM order_lines l JOIN orders o ON o.id = l.order_id
         WHERE o.status <> 0
         GROUP BY 1
      ) s
     GROUP BY bucket;
  END $$;
--> statement-breakpoint

CREATE FUNCTION stats_truncated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM rebuild_stats();
    RETURN NULL;
  END $$;
--> statement-breakpoint

-- PostgreSQL allows transition tables on a trigger of one event only, hence three triggers a table.
CREATE TRIGGER users_stats_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_users('name,role');
--> statement-breakpoint
CREATE TRIGGER users_stats_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_users('name,role');
--> statement-breakpoint
CREATE TRIGGER users_stats_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_users('name,role');
--> statement-breakpoint
CREATE TRIGGER products_stats_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_products('name,deleted_at');
--> statement-breakpoint
CREATE TRIGGER products_stats_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_products('name,deleted_at');
--> statement-breakpoint
CREATE TRIGGER products_stats_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_products('name,deleted_at');
--> statement-breakpoint
CREATE TRIGGER categories_stats_insert AFTER INSERT ON categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_all('name');
--> statement-breakpoint
CREATE TRIGGER categories_stats_update AFTER UPDATE ON categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_all('name');
--> statement-breakpoint
CREATE TRIGGER categories_stats_delete AFTER DELETE ON categories
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_all('name');
--> statement-breakpoint
CREATE TRIGGER brands_stats_insert AFTER INSERT ON brands
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_all('name');
--> statement-breakpoint
CREATE TRIGGER brands_stats_update AFTER UPDATE ON brands
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_all('name');
--> statement-breakpoint
CREATE TRIGGER brands_stats_delete AFTER DELETE ON brands
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_all('name');
--> statement-breakpoint
CREATE TRIGGER reviews_stats_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_all('content');
--> statement-breakpoint
CREATE TRIGGER reviews_stats_update AFTER UPDATE ON reviews
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_all('content');
--> statement-breakpoint
CREATE TRIGGER reviews_stats_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_all('content');
--> statement-breakpoint
CREATE TRIGGER orders_stats_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_all('user_id');
--> statement-breakpoint
CREATE TRIGGER orders_stats_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_all('user_id');
--> statement-breakpoint
CREATE TRIGGER orders_stats_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_all('user_id');
--> statement-breakpoint
CREATE TRIGGER orders_sales_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_sales_orders();
--> statement-breakpoint
CREATE TRIGGER orders_sales_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_sales_orders();
--> statement-breakpoint
CREATE TRIGGER orders_sales_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_sales_orders();
--> statement-breakpoint
CREATE TRIGGER orders_sales_deleting BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION stats_order_deleting();
--> statement-breakpoint
CREATE TRIGGER order_lines_stats_insert AFTER INSERT ON order_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_all('');
--> statement-breakpoint
CREATE TRIGGER order_lines_stats_update AFTER UPDATE ON order_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_all('');
--> statement-breakpoint
CREATE TRIGGER order_lines_stats_delete AFTER DELETE ON order_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_count_all('');
--> statement-breakpoint
CREATE TRIGGER order_lines_sales_insert AFTER INSERT ON order_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_sales_lines();
--> statement-breakpoint
CREATE TRIGGER order_lines_sales_update AFTER UPDATE ON order_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_sales_lines();
--> statement-breakpoint
CREATE TRIGGER order_lines_sales_delete AFTER DELETE ON order_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_sales_lines();
--> statement-breakpoint
CREATE TRIGGER users_stats_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION stats_truncated();
--> statement-breakpoint
CREATE TRIGGER categories_stats_truncate AFTER TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION stats_truncated();
--> statement-breakpoint
CREATE TRIGGER brands_stats_truncate AFTER TRUNCATE ON brands FOR EACH STATEMENT EXECUTE FUNCTION stats_truncated();
--> statement-breakpoint
CREATE TRIGGER products_stats_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION stats_truncated();
--> statement-breakpoint
CREATE TRIGGER reviews_stats_truncate AFTER TRUNCATE ON reviews FOR EACH STATEMENT EXECUTE FUNCTION stats_truncated();
--> statement-breakpoint
CREATE TRIGGER orders_stats_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION stats_truncated();
--> statement-breakpoint
CREATE TRIGGER order_lines_stats_truncate AFTER TRUNCATE ON order_lines
  FOR EACH STATEMENT EXECUTE FUNCTION stats_truncated();
--> statement-breakpoint

-- Statistics for the rows that exist already.
SELECT rebuild_stats();
