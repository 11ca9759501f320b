CREATE TABLE "door_refusals" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"phone" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"driver_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_confirm_tokens" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "confirm_above" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "needs_confirmation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmed_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmed_by_id" integer;--> statement-breakpoint
ALTER TABLE "door_refusals" ADD CONSTRAINT "door_refusals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_refusals" ADD CONSTRAINT "door_refusals_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_confirm_tokens" ADD CONSTRAINT "order_confirm_tokens_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "door_refusals_order_uq" ON "door_refusals" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "door_refusals_phone_idx" ON "door_refusals" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "order_confirm_tokens_hash_uq" ON "order_confirm_tokens" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_confirmed_by_id_users_id_fk" FOREIGN KEY ("confirmed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_delivery_phone_idx" ON "orders" USING btree ("delivery_phone");