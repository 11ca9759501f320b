ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_ck";--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "time_zone" text DEFAULT 'Africa/Abidjan' NOT NULL;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "delivery_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "min_order_amount" integer;--> statement-breakpoint
ALTER TABLE "zones" ADD COLUMN "free_delivery_from" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "free_delivery_from" integer;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_delivery_terms_ck" CHECK ("zones"."delivery_fee" between 0 and 1000000 and coalesce("zones"."min_order_amount", 0) between 0 and 50000000 and coalesce("zones"."free_delivery_from", 0) between 0 and 50000000);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_ck" CHECK ("orders"."subtotal_amount" >= 0 and "orders"."discount_amount" >= 0 and "orders"."points_discount_amount" >= 0 and "orders"."total_amount" >= 0 and "orders"."points_used" >= 0 and "orders"."points_earned" >= 0 and "orders"."point_value" >= 0 and "orders"."delivery_fee_amount" >= 0 and "orders"."delivery_fee" >= 0);--> statement-breakpoint
-- Hand-written: the reference countries' time zones (src/shared/domain/time-zones.ts), by code.
UPDATE "countries" AS c SET "time_zone" = v.tz FROM (VALUES
  ('ML', 'Africa/Bamako'),
  ('SN', 'Africa/Dakar'),
  ('BF', 'Africa/Ouagadougou'),
  ('CI', 'Africa/Abidjan'),
  ('NE', 'Africa/Niamey'),
  ('GN', 'Africa/Conakry'),
  ('BJ', 'Africa/Porto-Novo'),
  ('TG', 'Africa/Lome'),
  ('CM', 'Africa/Douala'),
  ('GA', 'Africa/Libreville'),
  ('CF', 'Africa/Bangui'),
  ('TD', 'Africa/Ndjamena'),
  ('CD', 'Africa/Kinshasa'),
  ('CG', 'Africa/Brazzaville'),
  ('MG', 'Indian/Antananarivo'),
  ('MR', 'Africa/Nouakchott'),
  ('DJ', 'Africa/Djibouti'),
  ('KM', 'Indian/Comoro')
) AS v(code, tz) WHERE c."code" = v.code;