-- The dashboards' rollups (src/server/db/schema/rollups.ts) kept in step with orders: statement
-- triggers on orders and order_items append each statement's difference to the deltas tables
-- (no row that concurrent orders would wait for), and etal_fold_rollups() moves the deltas into
-- the rollups at the three grains. etal_rebuild_rollups() recomputes everything from the
-- orders (bulk loads turn the triggers off, then call it).

CREATE FUNCTION etal_periods(ts timestamptz) RETURNS TABLE (grain text, period date)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'day', (ts AT TIME ZONE 'UTC')::date
  UNION ALL SELECT 'month', date_trunc('month', ts AT TIME ZONE 'UTC')::date
  UNION ALL SELECT 'all', date '2000-01-01'
$$;
--> statement-breakpoint

-- One difference per order (n: +1 or -1; revenue signed).
CREATE FUNCTION etal_add_order_rollups(deltas jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO order_rollup_deltas (created_at, country_id, orders, revenue)
  SELECT d.created_at, d.country_id, d.n, d.revenue
  FROM jsonb_to_recordset(deltas) AS d(created_at timestamptz, country_id int, n int, revenue bigint)
  WHERE d.n <> 0 OR d.revenue <> 0
$$;
--> statement-breakpoint

-- The lines of counted (not cancelled) orders, signed.
CREATE FUNCTION etal_add_product_rollups(deltas jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO product_rollup_deltas (created_at, country_id, product_id, quantity, revenue)
  SELECT d.created_at, d.country_id, d.product_id, d.quantity, d.revenue
  FROM jsonb_to_recordset(deltas) AS d(created_at timestamptz, country_id int, product_id int, quantity numeric, revenue bigint)
  WHERE d.quantity <> 0 OR d.revenue <> 0
$$;
--> statement-breakpoint

-- Moves the deltas into the rollups, at every grain. Deltas written meanwhile stay for the next
-- fold; two folds at once cannot count a delta twice (the second waits for the first's delete,
-- then skips the rows it removed). Rollup rows are locked in key order: folds never deadlock.
CREATE FUNCTION etal_fold_rollups() RETURNS void
LANGUAGE sql AS $$
  WITH moved AS (DELETE FROM order_rollup_deltas RETURNING created_at, country_id, orders, revenue)
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

CREATE FUNCTION etal_orders_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE d jsonb;
BEGIN
  SELECT jsonb_agg(jsonb_build_object('created_at', created_at, 'country_id', country_id, 'n', 1,
    'revenue', CASE WHEN status <> 'cancelled' THEN total_amount ELSE 0 END))
  INTO d FROM new_orders;
  IF d IS NOT NULL THEN PERFORM etal_add_order_rollups(d); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- An update moves what changed: the order's revenue (status, amount), and its lines when it
-- becomes cancelled or not, or changes day or country.
CREATE FUNCTION etal_orders_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE d jsonb;
BEGIN
  SELECT jsonb_agg(x) INTO d FROM (
    SELECT jsonb_build_object('created_at', o.created_at, 'country_id', o.country_id, 'n', -1,
      'revenue', CASE WHEN o.status <> 'cancelled' THEN -o.total_amount ELSE 0 END) AS x
    FROM old_orders o JOIN new_orders n ON n.id = o.id
    WHERE (o.status = 'cancelled') <> (n.status = 'cancelled') OR o.total_amount <> n.total_amount
      OR o.created_at <> n.created_at OR o.country_id <> n.country_id
    UNION ALL
    SELECT jsonb_build_object('created_at', n.created_at, 'country_id', n.country_id, 'n', 1,
      'revenue', CASE WHEN n.status <> 'cancelled' THEN n.total_amount ELSE 0 END)
    FROM old_orders o JOIN new_orders n ON n.id = o.id
    WHERE (o.status = 'cancelled') <> (n.status = 'cancelled') OR o.total_amount <> n.total_amount
      OR o.created_at <> n.created_at OR o.country_id <> n.country_id
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

-- Before the row goes (its lines still there): the order and its counted lines leave the
-- rollups. The lines' own delete trigger then finds no order and adds nothing.
CREATE FUNCTION etal_order_deleting() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE d jsonb;
BEGIN
  PERFORM etal_add_order_rollups(jsonb_build_array(jsonb_build_object('created_at', old.created_at,
    'country_id', old.country_id, 'n', -1, 'revenue', CASE WHEN old.status <> 'cancelled' THEN -old.total_amount ELSE 0 END)));
  IF old.status <> 'cancelled' THEN
    SELECT jsonb_agg(jsonb_build_object('created_at', old.created_at, 'country_id', old.country_id,
      'product_id', i.product_id, 'quantity', -i.quantity, 'revenue', -i.total_price))
    INTO d FROM order_items i WHERE i.order_id = old.id;
    IF d IS NOT NULL THEN PERFORM etal_add_product_rollups(d); END IF;
  END IF;
  RETURN old;
END $$;
--> statement-breakpoint

-- Lines added, changed or removed (sign +1 for new rows, -1 for old ones), for orders that
-- exist and are not cancelled.
CREATE FUNCTION etal_items_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE d jsonb;
BEGIN
  IF tg_op = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('created_at', o.created_at, 'country_id', o.country_id,
      'product_id', i.product_id, 'quantity', i.quantity, 'revenue', i.total_price))
    INTO d FROM new_items i JOIN orders o ON o.id = i.order_id WHERE o.status <> 'cancelled';
  ELSIF tg_op = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('created_at', o.created_at, 'country_id', o.country_id,
      'product_id', i.product_id, 'quantity', -i.quantity, 'revenue', -i.total_price))
    INTO d FROM old_items i JOIN orders o ON o.id = i.order_id WHERE o.status <> 'cancelled';
  ELSE
    SELECT jsonb_agg(x) INTO d FROM (
      SELECT jsonb_build_object('created_at', o.created_at, 'country_id', o.country_id,
        'product_id', i.product_id, 'quantity', -i.quantity, 'revenue', -i.total_price) AS x
      FROM old_items i JOIN orders o ON o.id = i.order_id WHERE o.status <> 'cancelled'
      UNION ALL
      SELECT jsonb_build_object('created_at', o.created_at, 'country_id', o.country_id,
        'product_id', i.product_id, 'quantity', i.quantity, 'revenue', i.total_price)
      FROM new_items i JOIN orders o ON o.id = i.order_id WHERE o.status <> 'cancelled'
    ) s;
  END IF;
  IF d IS NOT NULL THEN PERFORM etal_add_product_rollups(d); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE TRIGGER orders_rollup_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION etal_orders_inserted();
--> statement-breakpoint
CREATE TRIGGER orders_rollup_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION etal_orders_updated();
--> statement-breakpoint
CREATE TRIGGER orders_rollup_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION etal_order_deleting();
--> statement-breakpoint
CREATE TRIGGER order_items_rollup_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION etal_items_changed();
--> statement-breakpoint
CREATE TRIGGER order_items_rollup_update AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION etal_items_changed();
--> statement-breakpoint
CREATE TRIGGER order_items_rollup_delete AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION etal_items_changed();
--> statement-breakpoint

-- Everything again from the orders: after a bulk load with the triggers off, or to repair.
-- Rows go in key order, so that a range of periods sits on neighbouring pages.
CREATE FUNCTION etal_rebuild_rollups() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM order_rollup_deltas;
  DELETE FROM product_rollup_deltas;
  DELETE FROM order_rollups;
  DELETE FROM product_rollups;
  INSERT INTO order_rollups (grain, period, country_id, orders, revenue)
  SELECT p.grain, p.period, o.country_id, count(*), coalesce(sum(o.total_amount) FILTER (WHERE o.status <> 'cancelled'), 0)
  FROM orders o CROSS JOIN LATERAL etal_periods(o.created_at) p
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  INSERT INTO product_rollups (grain, period, country_id, product_id, quantity, revenue)
  SELECT p.grain, p.period, o.country_id, i.product_id, sum(i.quantity), sum(i.total_price)
  FROM order_items i JOIN orders o ON o.id = i.order_id CROSS JOIN LATERAL etal_periods(o.created_at) p
  WHERE o.status <> 'cancelled'
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
$$;
--> statement-breakpoint

SELECT etal_rebuild_rollups();
