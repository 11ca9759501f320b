ALTER TYPE "public"."message_kind" ADD VALUE 'campaign_booked';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'campaign_recipient';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'campaign_reminder';--> statement-breakpoint
ALTER TYPE "public"."message_kind" ADD VALUE 'campaign_link';--> statement-breakpoint
CREATE TABLE "campaign_pay_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"outbox_message_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_reminders" (
	"reservation_id" integer NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_reminders_reservation_id_key_pk" PRIMARY KEY("reservation_id","key")
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "reservation_id" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "remind_weekly" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "remind_days_before" integer DEFAULT 3;--> statement-breakpoint
ALTER TABLE "campaign_pay_links" ADD CONSTRAINT "campaign_pay_links_reservation_id_campaign_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."campaign_reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_pay_links" ADD CONSTRAINT "campaign_pay_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_reminders" ADD CONSTRAINT "campaign_reminders_reservation_id_campaign_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."campaign_reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_pay_links_token_uq" ON "campaign_pay_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "campaign_pay_links_reservation_idx" ON "campaign_pay_links" USING btree ("reservation_id");--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_reservation_id_campaign_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."campaign_reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_reservation_idx" ON "outbox_messages" USING btree ("reservation_id","id") WHERE "outbox_messages"."reservation_id" is not null;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_remind_ck" CHECK (coalesce("campaigns"."remind_days_before", 1) between 1 and 60);