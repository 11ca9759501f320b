CREATE TYPE "public"."fulfilment" AS ENUM('delivery', 'pickup');--> statement-breakpoint
CREATE TABLE "shops" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"latitude" numeric(8, 6),
	"longitude" numeric(9, 6),
	"hours" text NOT NULL,
	"phone" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shops_point_ck" CHECK (("shops"."latitude" is null) = ("shops"."longitude" is null))
);
--> statement-breakpoint
DROP INDEX "delivery_slots_city_start_uq";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "zone_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_slots" ADD COLUMN "shop_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment" "fulfilment" DEFAULT 'delivery' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shop_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_code_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shops_city_idx" ON "shops" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "shops_country_idx" ON "shops" USING btree ("country_id");--> statement-breakpoint
ALTER TABLE "delivery_slots" ADD CONSTRAINT "delivery_slots_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_slots_shop_start_uq" ON "delivery_slots" USING btree ("shop_id","starts_at") WHERE shop_id is not null;--> statement-breakpoint
CREATE INDEX "orders_shop_status_idx" ON "orders" USING btree ("shop_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_slots_city_start_uq" ON "delivery_slots" USING btree ("city_id","starts_at") WHERE shop_id is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_ck" CHECK (case when "orders"."fulfilment" = 'pickup' then "orders"."shop_id" is not null and "orders"."pickup_code" is not null else "orders"."zone_id" is not null end);