-- docs/rules/orders.md#live (decision 0057): a new order's 'created' event is announced by the
-- checkout once its statement has committed (src/server/services/orders/checkout/index.ts), not by the
-- trigger. A NOTIFY in the order's own transaction holds PostgreSQL's one notification-queue lock
-- through the commit's WAL flush, so every checkout committed after the one before it: about a
-- fifth of the order write's rate (bench/RESULTS.md). Every other event is still announced by
-- the trigger, in its transaction.
DROP TRIGGER "order_events_notify" ON "order_events";--> statement-breakpoint
CREATE TRIGGER "order_events_notify" AFTER INSERT ON "order_events" FOR EACH ROW
  WHEN (NEW."type" <> 'created') EXECUTE FUNCTION etal_order_event_notify();
