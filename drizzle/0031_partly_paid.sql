-- docs/rules/money.md#partly-paid (decision 0054): what the client has paid of each order, and a
-- payment status for a delivered order that still owes part of its total.
ALTER TABLE "orders" ADD COLUMN "amount_paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amount_paid_ck" CHECK ("orders"."amount_paid" >= 0);--> statement-breakpoint
-- What was paid so far: a cash order its drivers collected for (the 'collected' entries, at most
-- its total); any other paid (or paid then refunded) order its total.
UPDATE "orders" o SET "amount_paid" = CASE
    WHEN o."payment_method" = 'cash' AND c.collected IS NOT NULL THEN least(o."total_amount", greatest(0, c.collected))
    WHEN o."payment_status" IN ('paid', 'refunded') THEN o."total_amount"
    ELSE 0 END
  FROM "orders" o2 LEFT JOIN LATERAL (
    SELECT sum(e."amount")::int AS collected FROM "cash_entries" e WHERE e."order_id" = o2."id" AND e."type" = 'collected'
  ) c ON true
  WHERE o2."id" = o."id" AND (o."payment_status" IN ('paid', 'refunded') OR c.collected IS NOT NULL);--> statement-breakpoint
-- A new enum value cannot be used in the transaction that adds it (the migrations run in one):
-- the type is made anew with it, as migration 0012 did. A delivered order whose collections fell
-- short of its total becomes partly paid.
CREATE TYPE "public"."payment_status_v2" AS ENUM('pending', 'paid', 'partly_paid', 'failed', 'refunded');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "payment_status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "payment_status" TYPE "public"."payment_status_v2"
  USING (CASE WHEN "status" = 'delivered' AND "payment_status" = 'paid' AND "amount_paid" < "total_amount"
    THEN 'partly_paid' ELSE "payment_status"::text END)::"public"."payment_status_v2";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "payment_status" SET DEFAULT 'pending';--> statement-breakpoint
DROP TYPE "public"."payment_status";--> statement-breakpoint
ALTER TYPE "public"."payment_status_v2" RENAME TO "payment_status";--> statement-breakpoint
CREATE INDEX "orders_country_partly_paid_idx" ON "orders" USING btree ("country_id","id") WHERE "orders"."payment_status" = 'partly_paid';
