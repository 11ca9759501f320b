-- An order's history is read oldest first (created_at, id). now() is the time the transaction
-- began: a status change that waited on another's row lock was dated before it, and the history
-- showed them the wrong way round. clock_timestamp() is the time the event is written.
ALTER TABLE "order_events" ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();
