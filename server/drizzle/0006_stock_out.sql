-- A counter of the products out of stock (live, quantity 0), population 'stock_out' of row_counts, for the
-- total of `GET /api/admin/products?stock=out`. Their page is read through products_stock_out_idx (schema.ts,
-- migrations 0000 and 0003); the total is kept by the products trigger like every other list total, rather
-- than counted over that index on each request: out-of-stock products can be tens of thousands at a million
-- products, and the counter reads a handful of rows whatever their number (docs/performance.md).
--
-- The population carries no change versions of its own (changes 0, like 'customers' and 'admins'): a search
-- within it is remembered against the products table's `changes`, which every stock update moves on
-- (lib/totals.ts), since `quantity` is not one of the columns `search_changes` follows.

-- The products trigger of migration 0002, now also moving 'stock_out': a product enters it when it is live
-- with quantity 0 (inserted so, sold out, or undeleted while at 0) and leaves when restocked or deleted.
CREATE OR REPLACE FUNCTION stats_count_products() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    live bigint := 0;
    out_of_stock bigint := 0;
    written bigint := 0;
    searched bigint := 0;
    c bigint;
    l bigint;
    o bigint;
  BEGIN
    IF TG_OP <> 'DELETE' THEN
      SELECT count(*), count(*) FILTER (WHERE deleted_at IS NULL),
             count(*) FILTER (WHERE deleted_at IS NULL AND quantity = 0)
        INTO c, l, o FROM new_rows;
      live := l; out_of_stock := o; written := c; searched := c;
    END IF;
    IF TG_OP <> 'INSERT' THEN
      SELECT count(*), count(*) FILTER (WHERE deleted_at IS NULL),
             count(*) FILTER (WHERE deleted_at IS NULL AND quantity = 0)
        INTO c, l, o FROM old_rows;
      live := live - l; out_of_stock := out_of_stock - o;
      IF TG_OP = 'DELETE' THEN written := c; searched := c; END IF;
    END IF;
    IF TG_OP = 'UPDATE' AND written > 0 THEN
      EXECUTE stats_changed_rows_query(TG_ARGV[0]) INTO searched;
    END IF;
    PERFORM stats_add_count('products', live, written, searched);
    PERFORM stats_add_count('stock_out', out_of_stock, 0, 0);
    PERFORM stats_maybe_compact();
    RETURN NULL;
  END $$;
--> statement-breakpoint

-- rebuild_stats() of migration 0002 with one more population, 'stock_out'; the rest is unchanged.
CREATE OR REPLACE FUNCTION rebuild_stats() RETURNS void
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
      UNION ALL SELECT 'stock_out', count(*) FROM products WHERE deleted_at IS NULL AND quantity = 0
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

-- The products that are out of stock already. Writers of products wait until the migration commits (SHARE
-- mode), so none commits a change the old trigger left uncounted between this count and the new trigger.
-- A count over the partial index, not a whole rebuild_stats(): the rest of the statistics are exact already.
LOCK TABLE products IN SHARE MODE;
--> statement-breakpoint
INSERT INTO row_counts (population, n, changes, search_changes)
SELECT 'stock_out', count(*), 0, 0 FROM products WHERE deleted_at IS NULL AND quantity = 0;
