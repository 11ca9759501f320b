CREATE TABLE "store_credit_balances" (
	"user_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_balances_user_id_country_id_pk" PRIMARY KEY("user_id","country_id"),
	CONSTRAINT "store_credit_balances_balance_ck" CHECK ("store_credit_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_credit_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"attempt_id" integer,
	"actor_id" integer,
	"reason" text NOT NULL,
	"balance_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "store_credit_entries_amount_ck" CHECK ("store_credit_entries"."amount" <> 0),
	CONSTRAINT "store_credit_entries_balance_ck" CHECK ("store_credit_entries"."balance_after" >= 0),
	CONSTRAINT "store_credit_entries_kind_ck" CHECK ("store_credit_entries"."kind" in ('refund', 'grant', 'voucher', 'spent', 'returned'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credit_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_credit_balances" ADD CONSTRAINT "store_credit_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_balances" ADD CONSTRAINT "store_credit_balances_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_credit_entries_user_idx" ON "store_credit_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "store_credit_entries_order_idx" ON "store_credit_entries" USING btree ("order_id") WHERE "store_credit_entries"."order_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_credit_used_ck" CHECK ("orders"."credit_used" >= 0 and "orders"."credit_used" <= "orders"."amount_paid");--> statement-breakpoint
-- Hand-written (docs/rules/store-credit.md#the-ledger, decision 0077): the store credit ledger is
-- only appended to; a correction is a new entry. The function is kept in
-- src/server/db/functions.sql too (applied at every start).
CREATE FUNCTION etal_store_credit_entries_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'store_credit_entries is append-only: % refused (write a correction instead)', TG_OP
    USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER store_credit_entries_no_change BEFORE UPDATE OR DELETE ON store_credit_entries
FOR EACH ROW EXECUTE FUNCTION etal_store_credit_entries_append_only();--> statement-breakpoint
CREATE TRIGGER store_credit_entries_no_truncate BEFORE TRUNCATE ON store_credit_entries
FOR EACH STATEMENT EXECUTE FUNCTION etal_store_credit_entries_append_only();
