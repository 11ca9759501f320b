DROP INDEX "orders_country_created_idx";--> statement-breakpoint
DROP INDEX "orders_country_status_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_user_created_idx";--> statement-breakpoint
DROP INDEX "orders_city_created_idx";--> statement-breakpoint
DROP INDEX "orders_zone_created_idx";--> statement-breakpoint
DROP INDEX "loyalty_user_created_idx";--> statement-breakpoint
DROP INDEX "contact_status_created_idx";--> statement-breakpoint
DROP INDEX "contact_created_idx";--> statement-breakpoint
CREATE INDEX "orders_country_created_idx" ON "orders" USING btree ("country_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_country_status_created_idx" ON "orders" USING btree ("country_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_city_created_idx" ON "orders" USING btree ("city_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_zone_created_idx" ON "orders" USING btree ("zone_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "loyalty_user_created_idx" ON "loyalty_transactions" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_status_created_idx" ON "contact_messages" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST);