CREATE TYPE "public"."animal_status" AS ENUM('available', 'held', 'booked', 'paid', 'ready', 'delivered', 'collected', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."campaign_slot_kind" AS ENUM('delivery', 'collection');--> statement-breakpoint
CREATE TYPE "public"."deposit_kind" AS ENUM('percent', 'fixed');--> statement-breakpoint
CREATE TYPE "public"."reservation_status" AS ENUM('held', 'booked', 'paid', 'ready', 'delivered', 'collected', 'cancelled', 'expired');--> statement-breakpoint
CREATE TABLE "campaign_animals" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"tag" text NOT NULL,
	"breed" text NOT NULL,
	"weight_kg" integer NOT NULL,
	"age_months" integer,
	"price" integer NOT NULL,
	"notes" text,
	"photo_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" "animal_status" DEFAULT 'available' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_animals_ck" CHECK ("campaign_animals"."price" > 0 and "campaign_animals"."weight_kg" > 0 and coalesce("campaign_animals"."age_months", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "campaign_preparations" (
	"campaign_id" integer NOT NULL,
	"preparation_id" integer NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_preparations_campaign_id_preparation_id_pk" PRIMARY KEY("campaign_id","preparation_id"),
	CONSTRAINT "campaign_preparations_price_ck" CHECK ("campaign_preparations"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "campaign_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"animal_id" integer,
	"share_id" integer,
	"status" "reservation_status" DEFAULT 'held' NOT NULL,
	"price" integer NOT NULL,
	"services_amount" integer DEFAULT 0 NOT NULL,
	"deposit_amount" integer NOT NULL,
	"amount_paid" integer DEFAULT 0 NOT NULL,
	"pay_token_hash" text NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"slaughter" boolean DEFAULT false NOT NULL,
	"preparation_id" integer,
	"keeping_nights" integer DEFAULT 0 NOT NULL,
	"slot_id" integer,
	"recipient_name" text,
	"recipient_phone" text,
	"recipient_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_reservations_item_ck" CHECK (("campaign_reservations"."animal_id" is null) <> ("campaign_reservations"."share_id" is null)),
	CONSTRAINT "campaign_reservations_money_ck" CHECK ("campaign_reservations"."price" > 0 and "campaign_reservations"."services_amount" >= 0 and "campaign_reservations"."deposit_amount" >= 0 and "campaign_reservations"."amount_paid" between 0 and "campaign_reservations"."price" + "campaign_reservations"."services_amount"),
	CONSTRAINT "campaign_reservations_services_ck" CHECK ("campaign_reservations"."keeping_nights" between 0 and 60)
);
--> statement-breakpoint
CREATE TABLE "campaign_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"stock" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_shares_ck" CHECK ("campaign_shares"."price" > 0 and "campaign_shares"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "campaign_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"kind" "campaign_slot_kind" NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_slots_ck" CHECK ("campaign_slots"."ends_at" > "campaign_slots"."starts_at" and "campaign_slots"."capacity" between 1 and 10000 and "campaign_slots"."booked" between 0 and "campaign_slots"."capacity" and "campaign_slots"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"name" text NOT NULL,
	"feast_date" date NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"balance_due_at" timestamp with time zone NOT NULL,
	"deposit_kind" "deposit_kind" DEFAULT 'percent' NOT NULL,
	"deposit_percent" integer DEFAULT 30 NOT NULL,
	"deposit_fixed" integer,
	"refundable_until" timestamp with time zone,
	"cancellation_fee" integer DEFAULT 0 NOT NULL,
	"slaughter_price" integer,
	"keeping_per_night" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_window_ck" CHECK ("campaigns"."closes_at" > "campaigns"."opens_at"),
	CONSTRAINT "campaigns_deposit_percent_ck" CHECK ("campaigns"."deposit_percent" between 1 and 100),
	CONSTRAINT "campaigns_deposit_fixed_ck" CHECK (("campaigns"."deposit_kind" = 'fixed') = ("campaigns"."deposit_fixed" is not null) and ("campaigns"."deposit_fixed" is null or "campaigns"."deposit_fixed" > 0)),
	CONSTRAINT "campaigns_prices_ck" CHECK ("campaigns"."cancellation_fee" >= 0 and coalesce("campaigns"."slaughter_price", 0) >= 0 and coalesce("campaigns"."keeping_per_night", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "reservation_id" integer;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "reservation_id" integer;--> statement-breakpoint
ALTER TABLE "campaign_animals" ADD CONSTRAINT "campaign_animals_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_preparations" ADD CONSTRAINT "campaign_preparations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_preparations" ADD CONSTRAINT "campaign_preparations_preparation_id_preparations_id_fk" FOREIGN KEY ("preparation_id") REFERENCES "public"."preparations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_reservations" ADD CONSTRAINT "campaign_reservations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_reservations" ADD CONSTRAINT "campaign_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_reservations" ADD CONSTRAINT "campaign_reservations_animal_id_campaign_animals_id_fk" FOREIGN KEY ("animal_id") REFERENCES "public"."campaign_animals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_reservations" ADD CONSTRAINT "campaign_reservations_share_id_campaign_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."campaign_shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_reservations" ADD CONSTRAINT "campaign_reservations_preparation_id_preparations_id_fk" FOREIGN KEY ("preparation_id") REFERENCES "public"."preparations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_reservations" ADD CONSTRAINT "campaign_reservations_slot_id_campaign_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."campaign_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shares" ADD CONSTRAINT "campaign_shares_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_slots" ADD CONSTRAINT "campaign_slots_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_animals_tag_uq" ON "campaign_animals" USING btree ("campaign_id",lower("tag"));--> statement-breakpoint
CREATE INDEX "campaign_animals_campaign_idx" ON "campaign_animals" USING btree ("campaign_id","price");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_reservations_token_uq" ON "campaign_reservations" USING btree ("pay_token_hash");--> statement-breakpoint
CREATE INDEX "campaign_reservations_campaign_idx" ON "campaign_reservations" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "campaign_reservations_user_idx" ON "campaign_reservations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "campaign_reservations_hold_idx" ON "campaign_reservations" USING btree ("hold_expires_at") WHERE "campaign_reservations"."status" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_reservations_animal_live_uq" ON "campaign_reservations" USING btree ("animal_id") WHERE "campaign_reservations"."status" in ('held', 'booked', 'paid', 'ready', 'delivered', 'collected');--> statement-breakpoint
CREATE INDEX "campaign_shares_campaign_idx" ON "campaign_shares" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaign_slots_campaign_idx" ON "campaign_slots" USING btree ("campaign_id","starts_at");--> statement-breakpoint
CREATE INDEX "campaigns_country_idx" ON "campaigns" USING btree ("country_id","closes_at");--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_reservation_id_campaign_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."campaign_reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_reservation_id_campaign_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."campaign_reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_reservation_idx" ON "payment_attempts" USING btree ("reservation_id") WHERE "payment_attempts"."reservation_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_events_reservation_idx" ON "payment_events" USING btree ("reservation_id","id") WHERE "payment_events"."reservation_id" is not null;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_pays_one_ck" CHECK (("payment_attempts"."order_id" is null) <> ("payment_attempts"."reservation_id" is null));--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_about_ck" CHECK ("payment_events"."order_id" is not null or "payment_events"."reservation_id" is not null);