ALTER TYPE "public"."message_kind" ADD VALUE 'campaign_cancelled';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'campaign_refunded';--> statement-breakpoint
CREATE TABLE "campaign_cash_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"recorded_by" integer NOT NULL,
	"given_back" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_cash_receipts_ck" CHECK ("campaign_cash_receipts"."amount" > 0 and "campaign_cash_receipts"."given_back" between 0 and "campaign_cash_receipts"."amount")
);
--> statement-breakpoint
ALTER TABLE "campaign_reservations" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_reservations" ADD COLUMN "points_earned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_reservations" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_reservations" ADD COLUMN "cancelled_by" integer;--> statement-breakpoint
ALTER TABLE "campaign_reservations" ADD COLUMN "kept_amount" integer;--> statement-breakpoint
ALTER TABLE "campaign_reservations" ADD COLUMN "refund_amount" integer;--> statement-breakpoint
ALTER TABLE "campaign_cash_receipts" ADD CONSTRAINT "campaign_cash_receipts_reservation_id_campaign_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."campaign_reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_cash_receipts" ADD CONSTRAINT "campaign_cash_receipts_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_cash_receipts_reservation_idx" ON "campaign_cash_receipts" USING btree ("reservation_id");--> statement-breakpoint
ALTER TABLE "campaign_reservations" ADD CONSTRAINT "campaign_reservations_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;