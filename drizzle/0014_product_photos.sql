CREATE TABLE "product_photo_variants" (
	"key" text NOT NULL,
	"width" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "product_photo_variants_key_width_pk" PRIMARY KEY("key","width")
);
--> statement-breakpoint
CREATE TABLE "product_photos" (
	"key" text PRIMARY KEY NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unused_since" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "product_photo_variants" ADD CONSTRAINT "product_photo_variants_key_product_photos_key_fk" FOREIGN KEY ("key") REFERENCES "public"."product_photos"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_photos_unused_idx" ON "product_photos" USING btree ("unused_since") WHERE "product_photos"."unused_since" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_photo_key_product_photos_key_fk" FOREIGN KEY ("photo_key") REFERENCES "public"."product_photos"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_photo_key_idx" ON "products" USING btree ("photo_key") WHERE "products"."photo_key" is not null;