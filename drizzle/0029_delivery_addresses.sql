CREATE TABLE "delivery_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"label" text NOT NULL,
	"city_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"address" text NOT NULL,
	"landmark" text,
	"second_phone" text,
	"latitude" numeric(8, 6),
	"longitude" numeric(9, 6),
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_addresses_point_ck" CHECK (("delivery_addresses"."latitude" is null) = ("delivery_addresses"."longitude" is null) and coalesce("delivery_addresses"."latitude" between -90 and 90, true) and coalesce("delivery_addresses"."longitude" between -180 and 180, true))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_landmark" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_second_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_latitude" numeric(8, 6);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_longitude" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD CONSTRAINT "delivery_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD CONSTRAINT "delivery_addresses_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_addresses" ADD CONSTRAINT "delivery_addresses_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_addresses_user_idx" ON "delivery_addresses" USING btree ("user_id");