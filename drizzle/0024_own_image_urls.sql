-- Issue 27 item 10, docs/decisions/0033: a product's image is an uploaded photo, never the
-- address of another server, which every visitor's browser would fetch. Added by hand: the
-- addresses already kept are cleared (the product shows its photo, else its category's
-- picture); the shop's own /images/ paths stay. Then the rule is the table's.
UPDATE "products" SET "image_url" = NULL WHERE "image_url" IS NOT NULL AND "image_url" NOT LIKE '/images/%';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_image_url_own_ck" CHECK ("products"."image_url" is null or "products"."image_url" like '/images/%');
