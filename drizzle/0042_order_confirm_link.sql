ALTER TYPE "public"."message_kind" ADD VALUE 'order_confirm_link';--> statement-breakpoint
ALTER TABLE "order_confirm_tokens" ADD COLUMN "expires_at" timestamp with time zone NOT NULL;