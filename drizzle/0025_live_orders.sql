ALTER TABLE "orders" ADD COLUMN "weigh_wish" text;--> statement-breakpoint
-- docs/rules/orders.md#live: every event of an order's history (order_events) is announced on the
-- channel etal_orders once its transaction commits, with what the live streams filter on: the
-- order's country, driver and client (src/server/services/orders/order-live.ts).
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
--> statement-breakpoint
CREATE TRIGGER order_events_notify AFTER INSERT ON order_events FOR EACH ROW EXECUTE FUNCTION etal_order_event_notify();
