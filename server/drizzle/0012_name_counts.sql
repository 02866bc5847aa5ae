-- Live products, users by role, and orders by their customer's name, counted by that searchable name
-- (`name_search`): the exact total of a name search is the sum of the counts of the names that contain the term
-- (lib/row-counts.ts). A shop's products
-- share far fewer names than they are (2,744 names for the million products of the bench store), so that sum
-- reads a few thousand short rows where counting the products read a hundred thousand, and no write retires it:
-- each write adds its own rows here in its own transaction, so every snapshot sees counts that match its rows.
-- Remembered search counts (search_counts) stay for the searches this cannot answer (a name with a filter).
--
-- Like row_counts, writers only ever insert (a name's count is the sum of its rows), so two writers never wait
-- on each other here; a row is `compacted` once it holds the sum of all its name's rows, and the occasional
-- compaction folds the names that have others.
CREATE TABLE name_counts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  population text NOT NULL,
  name_search text NOT NULL,
  n bigint NOT NULL,
  compacted boolean NOT NULL DEFAULT false
);
--> statement-breakpoint
CREATE INDEX name_counts_name_idx ON name_counts (population, name_search);
--> statement-breakpoint
-- A store whose products all have names of their own keeps a row a product: the trigram index then finds the
-- names that contain a term, as products_name_search_idx does for the products.
CREATE INDEX name_counts_search_idx ON name_counts USING gin (name_search gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX name_counts_pending_idx ON name_counts (population, name_search) WHERE NOT compacted;
--> statement-breakpoint

-- A search whose term a few thousand products' names contain is listed by those names (products/repository.ts):
-- equality on the name, which PostgreSQL's statistics estimate well, read newest first from here without
-- touching the table. Its trigram condition alone is estimated at a hundred rows whatever it matches, and
-- PostgreSQL then fetched every match from the table at random to sort them (up to 300 ms).
CREATE INDEX products_live_name_created_idx ON products (name_search, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;
--> statement-breakpoint

-- Orders searched by a customer name that a few thousand orders have are listed by the ids of the customers of
-- the names the term matches: those are found by equality here, then their orders newest first from
-- orders_user_idx, where walking every order newest first and looking up its customer took 17 ms.
CREATE INDEX users_name_idx ON users (name_search);
--> statement-breakpoint

-- Adds the signed rows of a statement, already summed by population and name; rows that cancel out add nothing.
CREATE FUNCTION name_counts_add(populations text[], names text[], deltas bigint[]) RETURNS void
  LANGUAGE sql
  AS $$
    INSERT INTO name_counts (population, name_search, n)
    SELECT p, s, sum(d) FROM unnest(populations, names, deltas) AS m (p, s, d)
     GROUP BY p, s HAVING sum(d) <> 0
  $$;
--> statement-breakpoint

-- Live products by name: an insert, a delete, a soft delete or undelete, and a rename move the counts; a write
-- that changes neither the name nor deleted_at (a stock update) adds nothing.
CREATE FUNCTION name_counts_products() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM name_counts_add(array_agg('products'::text), array_agg(name_search), array_agg(1::bigint))
         FROM new_rows WHERE deleted_at IS NULL;
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM name_counts_add(array_agg('products'::text), array_agg(name_search), array_agg(-1::bigint))
         FROM old_rows WHERE deleted_at IS NULL;
    ELSE
      PERFORM name_counts_add(array_agg('products'::text), array_agg(s), array_agg(d))
         FROM (SELECT n.name_search AS s, 1::bigint AS d FROM new_rows n JOIN old_rows o ON o.id = n.id
                WHERE n.deleted_at IS NULL
                  AND (o.deleted_at IS NOT NULL OR o.name_search IS DISTINCT FROM n.name_search)
               UNION ALL
               SELECT o.name_search, -1 FROM new_rows n JOIN old_rows o ON o.id = n.id
                WHERE o.deleted_at IS NULL
                  AND (n.deleted_at IS NOT NULL OR o.name_search IS DISTINCT FROM n.name_search)) m;
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint

-- Users by name in each population the user list counts (row_counts): all of them, customers and admins by role.
CREATE FUNCTION name_counts_users() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM name_counts_add(array_agg(p), array_agg(name_search), array_agg(1::bigint))
         FROM new_rows, LATERAL (VALUES ('users'), (CASE role WHEN 'user' THEN 'customers' WHEN 'admin' THEN 'admins' END)) r (p)
        WHERE p IS NOT NULL;
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM name_counts_add(array_agg(p), array_agg(name_search), array_agg(-1::bigint))
         FROM old_rows, LATERAL (VALUES ('users'), (CASE role WHEN 'user' THEN 'customers' WHEN 'admin' THEN 'admins' END)) r (p)
        WHERE p IS NOT NULL;
    ELSE
      PERFORM name_counts_add(array_agg(p), array_agg(s), array_agg(d))
         FROM (SELECT n.name_search AS s, 1::bigint AS d, n.role FROM new_rows n JOIN old_rows o ON o.id = n.id
                WHERE o.name_search IS DISTINCT FROM n.name_search OR o.role IS DISTINCT FROM n.role
               UNION ALL
               SELECT o.name_search, -1, o.role FROM new_rows n JOIN old_rows o ON o.id = n.id
                WHERE o.name_search IS DISTINCT FROM n.name_search OR o.role IS DISTINCT FROM n.role) m,
              LATERAL (VALUES ('users'), (CASE m.role WHEN 'user' THEN 'customers' WHEN 'admin' THEN 'admins' END)) r (p)
        WHERE p IS NOT NULL;
      -- A renamed customer takes their orders to the new name. The orders are read in a snapshot of this
      -- statement, after every order insert that locked the user (name_counts_orders) has committed.
      PERFORM name_counts_add(array_agg('orders'::text), array_agg(s), array_agg(d))
         FROM (SELECT n.name_search AS s, count(*) AS d
                 FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN orders r ON r.user_id = n.id
                WHERE o.name_search IS DISTINCT FROM n.name_search GROUP BY n.name_search
               UNION ALL
               SELECT o.name_search, -count(*)
                 FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN orders r ON r.user_id = n.id
                WHERE o.name_search IS DISTINCT FROM n.name_search GROUP BY o.name_search) m;
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint

-- Orders by their customer's name. A customer cannot be deleted while they have orders (the foreign key
-- restricts it). The customers are locked FOR SHARE first, so a rename in flight is waited for and its new
-- name read; a rename that comes after waits for this transaction and then moves its orders too.
CREATE FUNCTION name_counts_orders() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      PERFORM 1 FROM users WHERE id IN (SELECT user_id FROM new_rows) ORDER BY id FOR SHARE;
      PERFORM name_counts_add(array_agg('orders'::text), array_agg(u.name_search), array_agg(1::bigint))
         FROM new_rows o JOIN users u ON u.id = o.user_id;
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM name_counts_add(array_agg('orders'::text), array_agg(u.name_search), array_agg(-1::bigint))
         FROM old_rows o JOIN users u ON u.id = o.user_id;
    ELSE
      PERFORM 1 FROM users WHERE id IN (SELECT n.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
                                         WHERE n.user_id IS DISTINCT FROM o.user_id)
        ORDER BY id FOR SHARE;
      PERFORM name_counts_add(array_agg('orders'::text), array_agg(s), array_agg(d))
         FROM (SELECT u.name_search AS s, 1::bigint AS d
                 FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN users u ON u.id = n.user_id
                WHERE n.user_id IS DISTINCT FROM o.user_id
               UNION ALL
               SELECT u.name_search, -1
                 FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN users u ON u.id = o.user_id
                WHERE n.user_id IS DISTINCT FROM o.user_id) m;
    END IF;
    RETURN NULL;
  END $$;
--> statement-breakpoint

CREATE TRIGGER orders_names_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION name_counts_orders();
--> statement-breakpoint
CREATE TRIGGER orders_names_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION name_counts_orders();
--> statement-breakpoint
CREATE TRIGGER orders_names_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION name_counts_orders();
--> statement-breakpoint

CREATE TRIGGER products_names_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION name_counts_products();
--> statement-breakpoint
CREATE TRIGGER products_names_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION name_counts_products();
--> statement-breakpoint
CREATE TRIGGER products_names_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION name_counts_products();
--> statement-breakpoint
CREATE TRIGGER users_names_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION name_counts_users();
--> statement-breakpoint
CREATE TRIGGER users_names_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION name_counts_users();
--> statement-breakpoint
CREATE TRIGGER users_names_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION name_counts_users();
--> statement-breakpoint

-- Folds the rows of each name that has rows not yet folded into one, dropping names counted down to 0. Rows
-- a transaction in flight holds (one compacting too) are skipped, never waited for; every snapshot sees the
-- same sums before and after.
CREATE FUNCTION compact_name_counts() RETURNS void
  LANGUAGE sql
  AS $$
    WITH gone AS (
      DELETE FROM name_counts
       WHERE id IN (
         SELECT c.id FROM name_counts c
          WHERE (c.population, c.name_search) IN (SELECT population, name_search FROM name_counts WHERE NOT compacted)
            FOR UPDATE SKIP LOCKED)
      RETURNING population, name_search, n
    )
    INSERT INTO name_counts (population, name_search, n, compacted)
    SELECT population, name_search, sum(n), true FROM gone GROUP BY population, name_search HAVING sum(n) <> 0;
  $$;
--> statement-breakpoint

-- compact_stats() of 0011, which stats_maybe_compact runs after about one write statement in 32, folds the name
-- counts too.
CREATE OR REPLACE FUNCTION compact_stats() RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM compact_counts_and_hours();
    PERFORM compact_day_stats();
    PERFORM compact_name_counts();
  END $$;
--> statement-breakpoint

-- Recounts the names from the tables: after a bulk load with triggers off (through rebuild_stats), after a
-- TRUNCATE.
CREATE FUNCTION rebuild_name_counts() RETURNS void
  LANGUAGE plpgsql
  AS $$
  BEGIN
    LOCK TABLE users, products, orders IN SHARE MODE;
    LOCK TABLE name_counts IN EXCLUSIVE MODE;
    DELETE FROM name_counts;
    INSERT INTO name_counts (population, name_search, n, compacted)
    SELECT 'products', name_search, count(*), true FROM products WHERE deleted_at IS NULL GROUP BY name_search;
    INSERT INTO name_counts (population, name_search, n, compacted)
    SELECT p, name_search, count(*), true
      FROM users, LATERAL (VALUES ('users'), (CASE role WHEN 'user' THEN 'customers' WHEN 'admin' THEN 'admins' END)) r (p)
     WHERE p IS NOT NULL
     GROUP BY p, name_search;
    INSERT INTO name_counts (population, name_search, n, compacted)
    SELECT 'orders', u.name_search, count(*), true FROM orders o JOIN users u ON u.id = o.user_id GROUP BY u.name_search;
  END $$;
--> statement-breakpoint

-- rebuild_stats() of 0011 rebuilds the name counts too, its own locks first, in their order, then these.
CREATE OR REPLACE FUNCTION rebuild_stats() RETURNS void
  LANGUAGE plpgsql
  AS $$
  DECLARE
    folds bigint;
  BEGIN
    LOCK TABLE users, categories, brands, products, reviews, orders, order_lines IN SHARE MODE;
    LOCK TABLE row_counts, order_stats, search_counts IN EXCLUSIVE MODE;
    folds := (SELECT coalesce(sum(changes), 0) FROM row_counts WHERE population = 'day_folds');
    PERFORM rebuild_counts_and_hours();
    PERFORM stats_add_count('day_folds', 0, folds, 0);
    PERFORM rebuild_day_stats();
    PERFORM rebuild_name_counts();
  END $$;
--> statement-breakpoint

-- The names of the products and users there are already. Writers wait until the migration commits.
SELECT rebuild_name_counts();
