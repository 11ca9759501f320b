-- The SQL functions the database runs, as it runs them: the one place to read and change them.
--
-- Migrations in drizzle/ created them over time; this file is applied after the migrations at
-- every start (`migrate()` in src/server/db/client.ts, under the startup lock), so what is here
-- is what runs. tests/api/sql-functions.test.ts checks that the database holds exactly these
-- functions with exactly these bodies.
--
-- Changing a body: edit it here. Changing a name, arguments or return type: write a migration
-- that drops the old function (and the triggers using it), then define the new one here.
-- Every statement is CREATE OR REPLACE, so applying the file twice changes nothing.
--
-- The rules they carry are those of docs/rules.md ("Dashboards"). A kg line counts its weighed
-- quantity once weighed (docs/rules/orders.md#weigh-in), its ordered quantity before.

-- docs/rules/money.md#dashboards: an order's money and its lines count in revenue and quantities sold
-- unless it is cancelled, whatever its payment status. Every function below and the dashboard
-- reads of src/server/services/money/stats.ts ask this one function. Inlined by the planner.
CREATE OR REPLACE FUNCTION etal_sells(status order_status) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT status <> 'cancelled'
$$;

-- ## Stock
-- docs/rules/catalogue.md#stock: a product is sold out on its country's day `today` when it is marked out
-- of stock until further notice or for that day, or when what that day's orders drew (`sold`)
-- leaves less than its minimum of its daily quantity. What is left is counted only for a product
-- with a daily quantity (null otherwise). The storefront (src/server/services/catalogue/stock.ts and the
-- catalogue's text), checkout's look and its write ask these two functions. Inlined by the planner.
CREATE OR REPLACE FUNCTION etal_sold_out(p products, today date, sold numeric) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT p.out_of_stock OR p.out_of_stock_on IS NOT DISTINCT FROM today
    OR coalesce(p.daily_quantity - sold < p.min_quantity, false)
$$;

CREATE OR REPLACE FUNCTION etal_stock_left(p products, sold numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p.daily_quantity IS NULL THEN NULL ELSE greatest(p.daily_quantity - sold, 0) END
$$;

-- ## Delivery slots
-- docs/rules/delivery.md#delivery-slots: a slot can be taken on `day` while that day is one of the
-- `days_offered` days of its country (today first) and the slot's start on that day, less its
-- cut-off, is still ahead; the instants are those of the country's zone, computed here, never by
-- hand-written offsets. Whether the slot is active is its row's own column. The slots a client
-- is offered (src/server/services/delivery/delivery-slots.ts), checkout's look and its write ask this one
-- function. Stable (it reads the clock); inlined by the planner.
CREATE OR REPLACE FUNCTION etal_slot_open(s delivery_slots, day date, time_zone text, days_offered int) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT day >= (now() AT TIME ZONE time_zone)::date
    AND day < (now() AT TIME ZONE time_zone)::date + days_offered
    AND now() <= ((day + s.starts_at) AT TIME ZONE time_zone) - make_interval(mins => s.cutoff_minutes)
$$;

-- ## Search
-- docs/rules/catalogue.md#search: searches ignore accents, case and the œ/æ ligatures; every search
-- compares etal_fold(column) LIKE etal_fold('%…%'), and the browser folds alike
-- (foldForSearch, src/shared/search.ts), step for step: ASCII alone is only lowered; else the
-- canonical decomposition (NFD) with its combining accents dropped; then, for a text holding
-- one of them, the letters no decomposition reaches translated and œ, æ spelled oe, ae; then
-- lower() under the C collation, which changes the ASCII letters only, whatever the locale.
-- Immutable and not strict, so that the planner inlines it. Trigram indexes hold it (migration
-- 0013): a body that folds differently needs a migration that rebuilds them too.
CREATE OR REPLACE FUNCTION etal_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower((CASE
  WHEN octet_length(value) = char_length(value) THEN value
  WHEN value !~ '[ɓƁđðɗĐÐƊɛƐħĦıƙƘłŁŋŊøɔØƆŧŦƴƳŒÆ‘’ʼœæǢǣǼǽǾǿ]' THEN regexp_replace(normalize(value, NFD), '[\u0300-\u036f]', '', 'g')
  ELSE replace(replace(translate(regexp_replace(normalize(value, NFD), '[\u0300-\u036f]', '', 'g'), 'ɓƁđðɗĐÐƊɛƐħĦıƙƘłŁŋŊøɔØƆŧŦƴƳŒÆ‘’ʼ', 'bbddddddeehhikkllnnoooottyyœæ'''''''), 'œ', 'oe'), 'æ', 'ae')
END) COLLATE "C")
$$;

-- ## Rollups
-- The dashboards' rollups (src/server/db/schema/rollups.ts) kept in step with orders: statement
-- triggers on orders and order_items append each statement's difference to the deltas tables
-- (no row that concurrent orders would wait for), and etal_fold_rollups() moves the deltas into
-- the rollups at the three grains and into the order counts. etal_rebuild_rollups() recomputes
-- everything from the orders (bulk loads turn the triggers off, then call it).

-- The periods an instant counts in: its day, its month and all time (UTC).
CREATE OR REPLACE FUNCTION etal_periods(ts timestamptz) RETURNS TABLE (grain text, period date)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'day', (ts AT TIME ZONE 'UTC')::date
  UNION ALL SELECT 'month', date_trunc('month', ts AT TIME ZONE 'UTC')::date
  UNION ALL SELECT 'all', date '2000-01-01'
$$;

-- One difference per order (n: +1 or -1; revenue signed), with its place and status.
CREATE OR REPLACE FUNCTION etal_add_order_rollups(deltas jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO order_rollup_deltas (created_at, country_id, city_id, zone_id, status, orders, revenue)
  SELECT d.created_at, d.country_id, d.city_id, d.zone_id, d.status, d.n, d.revenue
  FROM jsonb_to_recordset(deltas) AS d(created_at timestamptz, country_id int, city_id int, zone_id int, status order_status, n int, revenue bigint)
  WHERE d.n <> 0 OR d.revenue <> 0
$$;

-- The lines of orders that sell, signed.
CREATE OR REPLACE FUNCTION etal_add_product_rollups(deltas jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO product_rollup_deltas (created_at, country_id, product_id, quantity, revenue)
  SELECT d.created_at, d.country_id, d.product_id, d.quantity, d.revenue
  FROM jsonb_to_recordset(deltas) AS d(created_at timestamptz, country_id int, product_id int, quantity numeric, revenue bigint)
  WHERE d.quantity <> 0 OR d.revenue <> 0
$$;

-- Moves the deltas into the rollups, at every grain, and into the order counts. Deltas written
-- meanwhile stay for the next fold; two folds at once cannot count a delta twice (the second
-- waits for the first's delete, then skips the rows it removed). Rows are locked in key order:
-- folds never deadlock.
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

-- One order's difference, out of the rollups and counts (sign -1) or into them (+1): the one
-- shape every order trigger below writes.
CREATE OR REPLACE FUNCTION etal_order_delta(o orders, sign int) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('created_at', o.created_at, 'country_id', o.country_id, 'city_id', o.city_id,
    -- A pickup order has no zone (docs/rules/pickup.md): counted under zone 0.
    'zone_id', coalesce(o.zone_id, 0), 'status', o.status, 'n', sign,
    'revenue', CASE WHEN etal_sells(o.status) THEN sign * o.total_amount ELSE 0 END)
$$;

-- Trigger (orders, after insert, per statement).
CREATE OR REPLACE FUNCTION etal_orders_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE d jsonb;
BEGIN
  SELECT jsonb_agg(etal_order_delta(n, 1)) INTO d FROM new_orders n;
  IF d IS NOT NULL THEN PERFORM etal_add_order_rollups(d); END IF;
  RETURN NULL;
END $$;

-- Trigger (orders, after update, per statement). An update moves what changed: the order itself
-- when its status, amount, day or place changes (out of its old row, into its new one), and its
-- lines when it starts or stops selling, or changes day or country.
CREATE OR REPLACE FUNCTION etal_orders_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE d jsonb;
BEGIN
  SELECT jsonb_agg(x) INTO d FROM (
    SELECT unnest(array[etal_order_delta(o, -1), etal_order_delta(n, 1)]) AS x
    FROM old_orders o JOIN new_orders n ON n.id = o.id
    WHERE o.status <> n.status OR o.total_amount <> n.total_amount OR o.created_at <> n.created_at
      OR o.country_id <> n.country_id OR o.city_id <> n.city_id OR o.zone_id IS DISTINCT FROM n.zone_id
  ) s;
  IF d IS NULL THEN RETURN NULL; END IF;
  PERFORM etal_add_order_rollups(d);

  SELECT jsonb_agg(x) INTO d FROM (
    SELECT jsonb_build_object('created_at', o.created_at, 'country_id', o.country_id, 'product_id', i.product_id,
      'quantity', -coalesce(i.weighed_quantity, i.quantity), 'revenue', -i.total_price) AS x
    FROM old_orders o JOIN new_orders n ON n.id = o.id JOIN order_items i ON i.order_id = o.id
    WHERE etal_sells(o.status)
      AND (NOT etal_sells(n.status) OR o.created_at <> n.created_at OR o.country_id <> n.country_id)
    UNION ALL
    SELECT jsonb_build_object('created_at', n.created_at, 'country_id', n.country_id, 'product_id', i.product_id,
      'quantity', coalesce(i.weighed_quantity, i.quantity), 'revenue', i.total_price)
    FROM old_orders o JOIN new_orders n ON n.id = o.id JOIN order_items i ON i.order_id = n.id
    WHERE etal_sells(n.status)
      AND (NOT etal_sells(o.status) OR o.created_at <> n.created_at OR o.country_id <> n.country_id)
  ) s;
  IF d IS NOT NULL THEN PERFORM etal_add_product_rollups(d); END IF;
  RETURN NULL;
END $$;

-- Trigger (orders, before delete, per row): the order and its lines leave the rollups.
CREATE OR REPLACE FUNCTION etal_order_deleting() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE d jsonb;
BEGIN
  PERFORM etal_add_order_rollups(jsonb_build_array(etal_order_delta(old, -1)));
  IF etal_sells(old.status) THEN
    SELECT jsonb_agg(jsonb_build_object('created_at', old.created_at, 'country_id', old.country_id,
      'product_id', i.product_id, 'quantity', -coalesce(i.weighed_quantity, i.quantity), 'revenue', -i.total_price))
    INTO d FROM order_items i WHERE i.order_id = old.id;
    IF d IS NOT NULL THEN PERFORM etal_add_product_rollups(d); END IF;
  END IF;
  RETURN old;
END $$;

-- Trigger (order_items, after insert, update or delete, per statement): the lines of orders
-- that sell, added or taken back.
CREATE OR REPLACE FUNCTION etal_items_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE d jsonb;
BEGIN
  IF tg_op = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('created_at', o.created_at, 'country_id', o.country_id,
      'product_id', i.product_id, 'quantity', coalesce(i.weighed_quantity, i.quantity), 'revenue', i.total_price))
    INTO d FROM new_items i JOIN orders o ON o.id = i.order_id WHERE etal_sells(o.status);
  ELSIF tg_op = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('created_at', o.created_at, 'country_id', o.country_id,
      'product_id', i.product_id, 'quantity', -coalesce(i.weighed_quantity, i.quantity), 'revenue', -i.total_price))
    INTO d FROM old_items i JOIN orders o ON o.id = i.order_id WHERE etal_sells(o.status);
  ELSE
    SELECT jsonb_agg(x) INTO d FROM (
      SELECT jsonb_build_object('created_at', o.created_at, 'country_id', o.country_id,
        'product_id', i.product_id, 'quantity', -coalesce(i.weighed_quantity, i.quantity), 'revenue', -i.total_price) AS x
      FROM old_items i JOIN orders o ON o.id = i.order_id WHERE etal_sells(o.status)
      UNION ALL
      SELECT jsonb_build_object('created_at', o.created_at, 'country_id', o.country_id,
        'product_id', i.product_id, 'quantity', coalesce(i.weighed_quantity, i.quantity), 'revenue', i.total_price)
      FROM new_items i JOIN orders o ON o.id = i.order_id WHERE etal_sells(o.status)
    ) s;
  END IF;
  IF d IS NOT NULL THEN PERFORM etal_add_product_rollups(d); END IF;
  RETURN NULL;
END $$;

-- Everything recomputed from the orders.
CREATE OR REPLACE FUNCTION etal_rebuild_rollups() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM order_rollup_deltas;
  DELETE FROM product_rollup_deltas;
  DELETE FROM order_rollups;
  DELETE FROM product_rollups;
  DELETE FROM order_counts;
  INSERT INTO order_rollups (grain, period, country_id, orders, revenue)
  SELECT p.grain, p.period, o.country_id, count(*), coalesce(sum(o.total_amount) FILTER (WHERE etal_sells(o.status)), 0)
  FROM orders o CROSS JOIN LATERAL etal_periods(o.created_at) p
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
  INSERT INTO product_rollups (grain, period, country_id, product_id, quantity, revenue)
  SELECT p.grain, p.period, o.country_id, i.product_id, sum(coalesce(i.weighed_quantity, i.quantity)), sum(i.total_price)
  FROM order_items i JOIN orders o ON o.id = i.order_id CROSS JOIN LATERAL etal_periods(o.created_at) p
  WHERE etal_sells(o.status)
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
  INSERT INTO order_counts (city_id, zone_id, status, country_id, orders)
  SELECT city_id, coalesce(zone_id, 0), status, country_id, count(*) FROM orders GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
$$;

-- ## Contact messages
-- Trigger (contact_messages, after insert, update or delete, per statement): the count of
-- messages by status that the staff list's badges read.
CREATE OR REPLACE FUNCTION etal_count_contact_messages() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO contact_message_counts (status, n)
    SELECT status, count(*) FROM added GROUP BY status
    ON CONFLICT (status) DO UPDATE SET n = contact_message_counts.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE contact_message_counts c SET n = c.n - d.k
    FROM (SELECT status, count(*) AS k FROM removed GROUP BY status) d WHERE c.status = d.status;
  ELSE
    INSERT INTO contact_message_counts (status, n)
    SELECT status, sum(k) FROM (
      SELECT status, count(*) AS k FROM added GROUP BY status
      UNION ALL SELECT status, -count(*) FROM removed GROUP BY status
    ) d GROUP BY status
    ON CONFLICT (status) DO UPDATE SET n = contact_message_counts.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

-- ## Names an order can be searched by
-- A client's orders are found by any name it ordered under: its name at the time of each order
-- and its former display names (user_former_names).

-- Trigger (users, after update of display_name, per row).
CREATE OR REPLACE FUNCTION etal_keep_former_name() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_former_names (user_id, name) VALUES (OLD.id, OLD.display_name) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- Trigger (orders, after insert, per statement).
CREATE OR REPLACE FUNCTION etal_keep_order_names() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_former_names (user_id, name)
  SELECT DISTINCT p.user_id, p.customer_name FROM placed p JOIN users u ON u.id = p.user_id
  WHERE p.customer_name <> u.display_name
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- Trigger (orders, after update of customer_name, per row).
CREATE OR REPLACE FUNCTION etal_keep_order_name() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_former_names (user_id, name)
  SELECT NEW.user_id, NEW.customer_name FROM users u WHERE u.id = NEW.user_id AND u.display_name <> NEW.customer_name
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- ## Drivers' cash
-- docs/rules/money.md#drivers-cash: the ledger of the drivers' cash is only appended to; a correction
-- is a new entry. Trigger (cash_entries, before update or delete per row, before truncate per
-- statement, migration 0020): refuses the change.
CREATE OR REPLACE FUNCTION etal_cash_entries_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'cash_entries is append-only: % refused (write a correction instead)', TG_OP
    USING ERRCODE = 'restrict_violation';
END $$;

-- ## Payments
-- docs/rules/money.md#payments: payment events are only appended to. Trigger (payment_events, before
-- update or delete per row, before truncate per statement, migration 0023): refuses the change.
CREATE OR REPLACE FUNCTION etal_payment_events_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payment_events is append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END $$;

-- docs/rules/store-credit.md#the-ledger: store credit entries are only appended to. Trigger
-- (store_credit_entries, as payment_events', migration 0041): refuses the change.
CREATE OR REPLACE FUNCTION etal_store_credit_entries_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'store_credit_entries is append-only: % refused (write a correction instead)', TG_OP
    USING ERRCODE = 'restrict_violation';
END $$;

-- docs/rules/pickup.md#the-till: a shop's till entries are only appended to. Trigger
-- (shop_cash_entries, as cash_entries', migration 0044): refuses the change.
CREATE OR REPLACE FUNCTION etal_shop_cash_entries_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'shop_cash_entries is append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END $$;

-- docs/rules/money.md#payments: the providers' notifications, as received, are only appended to.
-- Trigger (payment_notifications, as payment_events', migration 0033): refuses the change.
CREATE OR REPLACE FUNCTION etal_payment_notifications_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payment_notifications is append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END $$;

-- docs/rules/orders.md#live: every event of an order's history (order_events) is announced on the
-- channel etal_orders once its transaction commits, with what the live streams filter on: the
-- order's country, driver and client (src/server/services/orders/order-live.ts). Trigger (order_events,
-- after insert, per row) for every event but a new order's 'created', which the checkout
-- announces after its commit (`announce`, migration 0032, decision 0057).
CREATE OR REPLACE FUNCTION etal_order_event_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE o record;
BEGIN
  SELECT country_id, delivery_driver_id, user_id INTO o FROM orders WHERE id = NEW.order_id;
  PERFORM pg_notify('etal_orders', json_build_object('id', NEW.id, 'orderId', NEW.order_id,
    'type', NEW.type, 'to', NEW.to_value, 'countryId', o.country_id, 'driverId', o.delivery_driver_id,
    'clientId', o.user_id)::text);
  RETURN NULL;
END $$;

-- ## Preparations
-- docs/rules/catalogue.md#preparations: every new country starts with the shop's list of preparations
-- (src/shared/domain/preparations.ts DEFAULT_PREPARATIONS, in that order). Trigger (countries, after
-- insert, per row, migration 0028).
CREATE OR REPLACE FUNCTION etal_seed_preparations() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO preparations (country_id, name, position)
  SELECT NEW.id, d.name, d.position
  FROM unnest(ARRAY['Entier', 'Découpé en morceaux', 'Haché', 'En cubes', 'Désossé', 'Tranché',
    'Nettoyé / vidé', 'Mariné']) WITH ORDINALITY AS d(name, position)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
