CREATE TYPE "public"."weigh_approval" AS ENUM('awaiting', 'accepted', 'refused');--> statement-breakpoint
ALTER TYPE "public"."order_event_type" ADD VALUE 'weighing';--> statement-breakpoint
ALTER TYPE "public"."order_event_type" ADD VALUE 'total';--> statement-breakpoint
ALTER TYPE "public"."order_event_type" ADD VALUE 'approval';--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"weigh_tolerance_percent" integer DEFAULT 10 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_one_row_ck" CHECK ("shop_settings"."id" = 1),
	CONSTRAINT "shop_settings_tolerance_ck" CHECK ("shop_settings"."weigh_tolerance_percent" >= 0 and "shop_settings"."weigh_tolerance_percent" <= 50)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "weighed_quantity" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ordered_total_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "weigh_approval" "weigh_approval";--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_weighed_ck" CHECK ("order_items"."weighed_quantity" is null or ("order_items"."weighed_quantity" > 0 and "order_items"."unit_type" = 'kg'));--> statement-breakpoint
-- Hand-written (docs/rules.md#weigh-in, decision 0024): the shop's one settings row, with the
-- default tolerance of 10 %, so that root edits a row that is already there.
INSERT INTO "shop_settings" ("id", "weigh_tolerance_percent") VALUES (1, 10) ON CONFLICT ("id") DO NOTHING;
