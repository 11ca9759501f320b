CREATE TYPE "public"."cash_entry_type" AS ENUM('collected', 'handover', 'correction');--> statement-breakpoint
CREATE TABLE "cash_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"driver_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"order_id" integer,
	"type" "cash_entry_type" NOT NULL,
	"amount" integer NOT NULL,
	"amount_due" integer,
	"held_before" bigint,
	"reason" text,
	"actor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "cash_entries_kind_ck" CHECK (("cash_entries"."type" = 'collected' and "cash_entries"."order_id" is not null and "cash_entries"."amount" >= 0 and "cash_entries"."amount_due" >= 0 and "cash_entries"."held_before" is null and ("cash_entries"."amount" = "cash_entries"."amount_due" or "cash_entries"."reason" is not null))
        or ("cash_entries"."type" = 'handover' and "cash_entries"."amount" < 0 and "cash_entries"."amount_due" is null and "cash_entries"."held_before" is not null)
        or ("cash_entries"."type" = 'correction' and "cash_entries"."amount" <> 0 and "cash_entries"."amount_due" is null and "cash_entries"."held_before" is null and "cash_entries"."reason" is not null)),
	CONSTRAINT "cash_entries_reason_ck" CHECK ("cash_entries"."reason" is null or length(btrim("cash_entries"."reason")) > 0)
);
--> statement-breakpoint
ALTER TABLE "cash_entries" ADD CONSTRAINT "cash_entries_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_entries" ADD CONSTRAINT "cash_entries_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_entries" ADD CONSTRAINT "cash_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_entries" ADD CONSTRAINT "cash_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_entries_driver_idx" ON "cash_entries" USING btree ("driver_id","id");--> statement-breakpoint
CREATE INDEX "cash_entries_country_created_idx" ON "cash_entries" USING btree ("country_id","created_at");--> statement-breakpoint
CREATE INDEX "cash_entries_order_idx" ON "cash_entries" USING btree ("order_id");--> statement-breakpoint
-- Hand-written (docs/rules.md#drivers-cash, decision 0026): the drivers' cash ledger is only
-- appended to. A correction is a new entry; no UPDATE, DELETE or TRUNCATE of an entry is ever
-- accepted, whoever asks. The function's body lives in src/server/db/functions.sql too.
CREATE FUNCTION etal_cash_entries_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'cash_entries is append-only: % refused (write a correction instead)', TG_OP
    USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER cash_entries_no_change BEFORE UPDATE OR DELETE ON cash_entries
FOR EACH ROW EXECUTE FUNCTION etal_cash_entries_append_only();--> statement-breakpoint
CREATE TRIGGER cash_entries_no_truncate BEFORE TRUNCATE ON cash_entries
FOR EACH STATEMENT EXECUTE FUNCTION etal_cash_entries_append_only();
