CREATE TABLE "delivery_slot_bookings" (
	"slot_id" integer NOT NULL,
	"day" date NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_slot_bookings_slot_id_day_pk" PRIMARY KEY("slot_id","day"),
	CONSTRAINT "delivery_slot_bookings_ck" CHECK ("delivery_slot_bookings"."booked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"starts_at" time NOT NULL,
	"ends_at" time NOT NULL,
	"capacity" integer NOT NULL,
	"cutoff_minutes" integer DEFAULT 120 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_slots_ck" CHECK ("delivery_slots"."ends_at" > "delivery_slots"."starts_at" and "delivery_slots"."capacity" between 1 and 1000 and "delivery_slots"."cutoff_minutes" between 0 and 2880)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_time_zone" text;--> statement-breakpoint
ALTER TABLE "delivery_slot_bookings" ADD CONSTRAINT "delivery_slot_bookings_slot_id_delivery_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."delivery_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_slots" ADD CONSTRAINT "delivery_slots_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_slots_city_start_uq" ON "delivery_slots" USING btree ("city_id","starts_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_slot_id_delivery_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."delivery_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_country_slot_idx" ON "orders" USING btree ("country_id","slot_date","slot_starts_at");