CREATE TABLE "order_rollup_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"country_id" integer NOT NULL,
	"orders" integer NOT NULL,
	"revenue" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_rollups" (
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"country_id" integer NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_rollups_grain_period_country_id_pk" PRIMARY KEY("grain","period","country_id"),
	CONSTRAINT "order_rollups_grain_ck" CHECK ("order_rollups"."grain" in ('day', 'month', 'all'))
);
--> statement-breakpoint
CREATE TABLE "product_rollup_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"country_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"revenue" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_rollups" (
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"country_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" numeric(14, 3) DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_rollups_grain_period_country_id_product_id_pk" PRIMARY KEY("grain","period","country_id","product_id") INCLUDE ("quantity","revenue"),
	CONSTRAINT "product_rollups_grain_ck" CHECK ("product_rollups"."grain" in ('day', 'month', 'all'))
);
--> statement-breakpoint
ALTER TABLE "order_rollups" ADD CONSTRAINT "order_rollups_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_rollups" ADD CONSTRAINT "product_rollups_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_rollups" ADD CONSTRAINT "product_rollups_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_country_role_active_idx" ON "users" USING btree ("country_id","role","is_active");