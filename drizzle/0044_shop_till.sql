CREATE TABLE "shop_cash_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"actor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "shop_cash_entries_amount_ck" CHECK ("shop_cash_entries"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "shop_cash_entries" ADD CONSTRAINT "shop_cash_entries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cash_entries" ADD CONSTRAINT "shop_cash_entries_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cash_entries" ADD CONSTRAINT "shop_cash_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_cash_entries" ADD CONSTRAINT "shop_cash_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_cash_entries_country_created_idx" ON "shop_cash_entries" USING btree ("country_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_cash_entries_order_idx" ON "shop_cash_entries" USING btree ("order_id");--> statement-breakpoint
-- Hand-written (docs/rules/pickup.md#the-till): a shop's till is only appended to, as the drivers'
-- cash. The function is kept in src/server/db/functions.sql too (applied at every start).
CREATE FUNCTION etal_shop_cash_entries_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'shop_cash_entries is append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER shop_cash_entries_no_change BEFORE UPDATE OR DELETE ON shop_cash_entries
FOR EACH ROW EXECUTE FUNCTION etal_shop_cash_entries_append_only();--> statement-breakpoint
CREATE TRIGGER shop_cash_entries_no_truncate BEFORE TRUNCATE ON shop_cash_entries
FOR EACH STATEMENT EXECUTE FUNCTION etal_shop_cash_entries_append_only();
