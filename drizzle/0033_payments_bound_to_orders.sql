-- docs/rules/money.md#payments: one open attempt per order. Before the unique index, an order's
-- older open attempts are closed (its newest stays open).
UPDATE "payment_attempts" a SET "status" = 'expired', "updated_at" = now()
  WHERE a."status" = 'pending'
    AND EXISTS (SELECT 1 FROM "payment_attempts" b
                WHERE b."order_id" = a."order_id" AND b."status" = 'pending' AND b."id" > a."id");--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"country_code" text,
	"event_id" text,
	"event_type" text,
	"reference" text,
	"order_id" integer,
	"attempt_id" integer,
	"raw_body" text NOT NULL,
	"signature" text,
	"received_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_provider_faults" (
	"provider" "payment_provider" NOT NULL,
	"country_code" text DEFAULT '' NOT NULL,
	"detail" text NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_provider_faults_provider_country_code_pk" PRIMARY KEY("provider","country_code")
);
--> statement-breakpoint
DROP INDEX "payment_attempts_due_idx";--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_amount" integer;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_notifications_order_idx" ON "payment_notifications" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_one_open_idx" ON "payment_attempts" USING btree ("order_id") WHERE "payment_attempts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payment_attempts_due_idx" ON "payment_attempts" USING btree ("next_check_at") WHERE "payment_attempts"."status" in ('pending', 'failed', 'expired');--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_refund_amount_ck" CHECK ("payment_attempts"."refund_amount" is null or ("payment_attempts"."refund_amount" > 0 and "payment_attempts"."refund_amount" <= "payment_attempts"."amount"));--> statement-breakpoint
-- The notifications as received are only appended to (as payment_events).
CREATE FUNCTION etal_payment_notifications_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payment_notifications is append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER payment_notifications_no_change BEFORE UPDATE OR DELETE ON payment_notifications
  FOR EACH ROW EXECUTE FUNCTION etal_payment_notifications_append_only();--> statement-breakpoint
CREATE TRIGGER payment_notifications_no_truncate BEFORE TRUNCATE ON payment_notifications
  FOR EACH STATEMENT EXECUTE FUNCTION etal_payment_notifications_append_only();
