ALTER TYPE "public"."message_kind" ADD VALUE 'voucher_gift';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'voucher_sent';--> statement-breakpoint
CREATE TABLE "gift_voucher_misses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_phone" text NOT NULL,
	"message" text,
	"code_hash" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"redeemed_by" integer,
	"paid_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_vouchers_amount_ck" CHECK ("gift_vouchers"."amount" between 5000 and 200000 and mod("gift_vouchers"."amount", 100) = 0),
	CONSTRAINT "gift_vouchers_status_ck" CHECK ("gift_vouchers"."status" in ('pending', 'paid', 'redeemed', 'cancelled')),
	CONSTRAINT "gift_vouchers_code_ck" CHECK ("gift_vouchers"."status" not in ('paid', 'redeemed') or "gift_vouchers"."code_hash" is not null),
	CONSTRAINT "gift_vouchers_redeemed_ck" CHECK (("gift_vouchers"."status" = 'redeemed') = ("gift_vouchers"."redeemed_by" is not null and "gift_vouchers"."redeemed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_pays_one_ck";--> statement-breakpoint
ALTER TABLE "payment_events" DROP CONSTRAINT "payment_events_about_ck";--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "voucher_id" integer;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "voucher_id" integer;--> statement-breakpoint
ALTER TABLE "gift_voucher_misses" ADD CONSTRAINT "gift_voucher_misses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_vouchers" ADD CONSTRAINT "gift_vouchers_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_voucher_misses_user_idx" ON "gift_voucher_misses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_vouchers_code_uq" ON "gift_vouchers" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "gift_vouchers_buyer_idx" ON "gift_vouchers" USING btree ("buyer_id","id");--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_voucher_id_gift_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."gift_vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_voucher_id_gift_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."gift_vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_voucher_idx" ON "payment_attempts" USING btree ("voucher_id") WHERE "payment_attempts"."voucher_id" is not null;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_pays_one_ck" CHECK (num_nonnulls("payment_attempts"."order_id", "payment_attempts"."reservation_id", "payment_attempts"."voucher_id") = 1);--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_about_ck" CHECK (num_nonnulls("payment_events"."order_id", "payment_events"."reservation_id", "payment_events"."voucher_id") >= 1);