CREATE TABLE "preparations" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_preparations" (
	"product_id" integer NOT NULL,
	"preparation_id" integer NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "product_preparations_product_id_preparation_id_pk" PRIMARY KEY("product_id","preparation_id"),
	CONSTRAINT "product_preparations_price_ck" CHECK ("product_preparations"."price" >= 0 and "product_preparations"."price" <= 10000000)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "preparation_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "preparation_name" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "preparation_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "preparations" ADD CONSTRAINT "preparations_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_preparations" ADD CONSTRAINT "product_preparations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_preparations" ADD CONSTRAINT "product_preparations_preparation_id_preparations_id_fk" FOREIGN KEY ("preparation_id") REFERENCES "public"."preparations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "preparations_country_name_uq" ON "preparations" USING btree ("country_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_preparations_default_uq" ON "product_preparations" USING btree ("product_id") WHERE "product_preparations"."is_default";--> statement-breakpoint
CREATE INDEX "product_preparations_preparation_idx" ON "product_preparations" USING btree ("preparation_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_preparation_id_preparations_id_fk" FOREIGN KEY ("preparation_id") REFERENCES "public"."preparations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_preparation_price_ck" CHECK ("order_items"."preparation_price" >= 0);--> statement-breakpoint
-- docs/rules/catalogue.md#preparations: every country starts with the shop's list; the function's
-- body lives in src/server/db/functions.sql (applied after the migrations), defined here first
-- for the trigger.
CREATE OR REPLACE FUNCTION etal_seed_preparations() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO preparations (country_id, name, position)
  SELECT NEW.id, d.name, d.position
  FROM unnest(ARRAY['Entier', 'Découpé en morceaux', 'Haché', 'En cubes', 'Désossé', 'Tranché',
    'Nettoyé / vidé', 'Mariné']) WITH ORDINALITY AS d(name, position)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER countries_seed_preparations AFTER INSERT ON countries FOR EACH ROW EXECUTE FUNCTION etal_seed_preparations();
--> statement-breakpoint
-- The countries that exist already get the list too.
INSERT INTO preparations (country_id, name, position)
SELECT c.id, d.name, d.position
FROM countries c
CROSS JOIN unnest(ARRAY['Entier', 'Découpé en morceaux', 'Haché', 'En cubes', 'Désossé', 'Tranché',
  'Nettoyé / vidé', 'Mariné']) WITH ORDINALITY AS d(name, position)
ON CONFLICT DO NOTHING;
