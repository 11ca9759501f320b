CREATE TYPE "public"."message_kind" AS ENUM('order_received', 'order_weighed', 'out_for_delivery', 'delivered', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."message_state" AS ENUM('waiting', 'sent', 'failed', 'not_sent');--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" "message_kind" NOT NULL,
	"recipient" text NOT NULL,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" "message_state" DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"subject" text,
	"body" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "shop_phone" text;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "shop_whatsapp" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox_messages" USING btree ("next_attempt_at","id") WHERE "outbox_messages"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "outbox_order_idx" ON "outbox_messages" USING btree ("order_id","id");