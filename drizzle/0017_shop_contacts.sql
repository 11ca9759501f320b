ALTER TABLE "countries" ADD COLUMN "shop_phone" text;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "shop_whatsapp" text;