CREATE TABLE "product_daily_sales" (
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"sold" numeric(10, 3) DEFAULT 0 NOT NULL,
	CONSTRAINT "product_daily_sales_product_id_day_pk" PRIMARY KEY("product_id","day"),
	CONSTRAINT "product_daily_sales_sold_ck" CHECK ("product_daily_sales"."sold" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "out_of_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "out_of_stock_on" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "daily_quantity" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "stock_day" date;--> statement-breakpoint
ALTER TABLE "product_daily_sales" ADD CONSTRAINT "product_daily_sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_daily_quantity_ck" CHECK ("products"."daily_quantity" > 0);