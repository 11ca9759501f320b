-- The storefront reads its catalogue a page at a time, in folded-name order then id (keyset:
-- docs/rules.md#catalogue, docs/decisions/0045): one index per listing walked in that order, and
-- the products' name search through the folded trigrams, as the other searches (migration 0013).
CREATE INDEX "products_storefront_country_order_idx" ON "products" USING btree ("country_id",(etal_fold("name") COLLATE "C"),"id") WHERE "products"."is_active" and "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_storefront_order_idx" ON "products" USING btree ((etal_fold("name") COLLATE "C"),"id") WHERE "products"."is_active" and "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_name_fold_trgm_idx" ON "products" USING gin (etal_fold("name") gin_trgm_ops);