-- The admin list filtered by city and zone (issue 8, decision 0014).
-- A zone lies in one city and a city in one country: without this, PostgreSQL multiplies the
-- filters' selectivities as if they were independent, expects a few dozen orders where there
-- are thousands, and gathers and sorts them all instead of walking the zone's index newest
-- first for one page.
CREATE STATISTICS IF NOT EXISTS "orders_place_dependencies" (dependencies) ON "country_id", "city_id", "zone_id" FROM "orders";
--> statement-breakpoint
-- The page's count (capped at 10,000) checks the other place filters (city, zone, an admin's country) in the index
-- itself, instead of reading every matching order from the table.
DROP INDEX "orders_zone_created_idx";
--> statement-breakpoint
CREATE INDEX "orders_zone_created_idx" ON "orders" USING btree ("zone_id","created_at" DESC NULLS FIRST) INCLUDE ("city_id","country_id");
--> statement-breakpoint
DROP INDEX "orders_city_created_idx";
--> statement-breakpoint
CREATE INDEX "orders_city_created_idx" ON "orders" USING btree ("city_id","created_at" DESC NULLS FIRST) INCLUDE ("country_id","zone_id");
--> statement-breakpoint
ANALYZE "orders";
