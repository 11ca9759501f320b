-- The admin order list's totals by place and status (issue 8): a list filtered by city, zone or
-- status counted its orders in an index, up to 10,000 entries a page at 200,000 orders. The
-- rollup triggers (0004) now also carry each order's city, zone and status in their deltas,
-- and the fold keeps order_counts beside the dashboards' rollups: one row per zone and status,
-- however many orders.

-- Deltas written under the old triggers have no place: fold them first, with writers held off.
LOCK TABLE "order_rollup_deltas" IN ACCESS EXCLUSIVE MODE;
--> statement-breakpoint
SELECT etal_fold_rollups();
--> statement-breakpoint
CREATE TABLE "order_counts" (
	"city_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"status" "order_status" NOT NULL,
	"country_id" integer NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_counts_city_id_zone_id_status_country_id_pk" PRIMARY KEY("city_id","zone_id","status","country_id")
);
--> statement-breakpoint
ALTER TABLE "order_rollup_deltas" ADD COLUMN "city_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "order_rollup_deltas" ADD COLUMN "zone_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "order_rollup_deltas" ADD COLUMN "status" "order_status" NOT NULL;
--> statement-breakpoint

-- One difference per order (n: +1 or -1; revenue signed), with its place and status.
CREATE OR REPLACE FUNCTION etal_add_order_rollups(deltas jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO order_rollup_deltas (created_at, country_id, city_id, zone_id, status, orders, revenue)
  SELECT d.created_at, d.country_id, d.city_id, d.zone_id, d.status, d.n, d.revenue
  FROM jsonb_to_recordset(deltas) AS d(created_at timestamptz, country_id int, city_id int, zone_id int, status order_status, n int, revenue bigint)
  WHERE d.n <> 0 OR d.revenue <> 0
$$;
--> statement-breakpoint

-- As in 0004, and the order counts: rows of both are locked in key order, so folds never deadlock.
CREATE OR REPLACE FUNCTION etal_fold_rollups() RETURNS void
LANGUAGE sql AS $$
  WITH moved AS (DELETE FROM order_rollup_deltas RETURNING created_at, country_id, city_id, zone_id, status, orders, revenue),
  counted AS (
    INSERT INTO order_counts AS c (city_id, zone_id, status, country_id, orders)
    SELECT m.city_id, m.zone_id, m.status, m.country_id, sum(m.orders)
    FROM moved m GROUP BY 1, 2, 3, 4 HAVING sum(m.orders) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (city_id, zone_id, status, country_id) DO UPDATE SET orders = c.orders + excluded.orders
  )
  INSERT INTO order_rollups AS r (grain, period, country_id, orders, revenue)
  SELECT p.grain, p.period, m.country_id, sum(m.orders), sum(m.revenue)
  FROM moved m CROSS JOIN LATERAL etal_periods(m.created_at) p
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (grain, period, country_id)
  DO UPDATE SET orders = r.orders + excluded.orders, revenue = r.revenue + excluded.revenue;
  WITH moved AS (DELETE FROM product_rollup_deltas RETURNING created_at, country_id, product_id, quantity, revenue)
  INSERT INTO product_rollups AS r (grain, period, country_id, product_id, quantity, revenue)
  SELECT p.grain, p.period, m.country_id, m.product_id, sum(m.quantity), sum(m.revenue)
  FROM moved m CROSS JOIN LATERAL etal_periods(m.created_at) p
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (grain, period, country_id, product_id)
  DO UPDATE SET quantity = r.quantity + excluded.quantity, revenue = r.revenue + excluded.revenue;
$$;
--> statement-breakpoint

-- One order's difference, out of the rollups and counts (sign -1) or into them (+1): the one
-- shape every order trigger below writes.
CREATE FUNCTION etal_order_delta(o orders, sign int) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('created_at', o.created_at, 'country_id', o.country_id, 'city_id', o.city_id,
    'zone_id', o.zone_id, 'status', o.status, 'n', sign,
    'revenue', CASE WHEN o.status <> 'cancelled' THEN sign * o.total_amount ELSE 0 END)
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION etal_orders_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE d jsonb;
BEGIN
  SELECT jsonb_agg(etal_order_delta(n, 1)) INTO d FROM new_orders n;
  IF d IS NOT NULL THEN PERFORM etal_add_order_rollups(d); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- An update moves what changed: the order itself when its status, amount, day or place changes
-- (out of its old row, into its new one), and its lines when it becomes cancelled or not, or
-- changes day or country.
CREATE OR REPLACE FUNCTION etal_orders_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE d jsonb;
BEGIN
  SELECT jsonb_agg(x) INTO d FROM (
    SELECT unnest(array[etal_order_delta(o, -1), etal_order_delta(n, 1)]) AS x
    FROM old_orders o JOIN new_orders n ON n.id = o.id
    WHERE o.status <> n.status OR o.total_amount <> n.total_amount OR o.created_at <> n.created_at
      OR o.country_id <> n.country_id OR o.city_id <> n.city_id OR o.zone_id <> n.zone_id
  ) s;
  IF d IS NULL THEN RETURN NULL; END IF;
  PERFORM etal_add_order_rollups(d);

  SELECT jsonb_agg(x) INTO d FROM (
    SELECT jsonb_build_object('created_at', o.created_at, 'country_id', o.country_id, 'product_id', i.product_id,
      'quantity', -i.quantity, 'revenue', -i.total_price) AS x
    FROM old_orders o JOIN new_orders n ON n.id = o.id JOIN order_items i ON i.order_id = o.id
    WHERE o.status <> 'cancelled'
      AND (n.status = 'cancelled' OR o.created_at <> n.created_at OR o.country_id <> n.country_id)
    UNION ALL
    SELECT jsonb_build_object('created_at', n.created_at, 'country_id', n.country_id, 'product_id', i.product_id,
      'quantity', i.quantity, 'revenue', i.total_price)
    FROM old_orders o JOIN new_orders n ON n.id = o.id JOIN order_items i ON i.order_id = n.id
    WHERE n.status <> 'cancelled'
      AND (o.status = 'cancelled' OR o.created_at <> n.created_at OR o.country_id <> n.country_id)
  ) s;
  IF d IS NOT NULL THEN PERFORM etal_add_product_rollups(d); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION etal_order_deleting() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE d jsonb;
BEGIN
  PERFORM etal_add_order_rollups(jsonb_build_array(etal_order_delta(old, -1)));
  IF old.status <> 'cancelled' THEN
    SELECT jsonb_agg(jsonb_build_object('created_at', old.created_at, 'country_id', old.country_id,
      'product_id', i.product_id, 'quantity', -i.quantity, 'revenue', -i.total_price))
    INTO d FROM order_items i WHERE i.order_id = old.id;
    IF d IS NOT NULL THEN PERFORM etal_add_product_rollups(d); END IF;
  END IF;
  RETURN old;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION etal_rebuild_rollups() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM order_rollup_deltas;
  DELETE FROM product_rollup_deltas;
  DELETE FROM order_rollups;
  DELETE FROM product_rollups;
  DELETE FROM order_counts;
  INSERT INTO order_rollups (grain, period, country_id, orders, revenue)
  SELECT p.grain, p.period, o.country_id, count(*), coalesce(sum(o.total_amount) FILTER (WHERE o.status <> 'cancelled'), 0)
  FROM orders o CROSS JOIN LATERAL etal_periods(o.created_at) p
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  INSERT INTO product_rollups (grain, period, country_id, product_id, quantity, revenue)
  SELECT p.grain, p.period, o.country_id, i.product_id, sum(i.quantity), sum(i.total_price)
  FROM order_items i JOIN orders o ON o.id = i.order_id CROSS JOIN LATERAL etal_periods(o.created_at) p
  WHERE o.status <> 'cancelled'
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
  INSERT INTO order_counts (city_id, zone_id, status, country_id, orders)
  SELECT city_id, zone_id, status, country_id, count(*) FROM orders GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
$$;
--> statement-breakpoint

INSERT INTO order_counts (city_id, zone_id, status, country_id, orders)
SELECT city_id, zone_id, status, country_id, count(*) FROM orders GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
