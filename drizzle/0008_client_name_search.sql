CREATE TABLE "user_former_names" (
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "user_former_names_user_id_name_pk" PRIMARY KEY("user_id","name")
);
--> statement-breakpoint
DROP INDEX "orders_customer_name_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_user_created_idx";--> statement-breakpoint
ALTER TABLE "user_former_names" ADD CONSTRAINT "user_former_names_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_former_names_name_trgm_idx" ON "user_former_names" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- A client's orders newest first. The admin search by client (issue 8, decision 0014) takes its
-- page and its count from this index alone, the other filters included.
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("country_id","city_id","zone_id","status");--> statement-breakpoint
-- Every order's customer name is its client's current name or one of user_former_names: the
-- names orders were placed under that are not their client's any more, from before this
-- migration...
INSERT INTO "user_former_names" ("user_id", "name")
SELECT DISTINCT o."user_id", o."customer_name" FROM "orders" o JOIN "users" u ON u."id" = o."user_id"
WHERE o."customer_name" <> u."display_name"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- ... a client's name when it changes...
CREATE FUNCTION etal_keep_former_name() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_former_names (user_id, name) VALUES (OLD.id, OLD.display_name) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_keep_former_name AFTER UPDATE OF display_name ON users FOR EACH ROW
WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name) EXECUTE FUNCTION etal_keep_former_name();--> statement-breakpoint
-- ... and an order written under another name than its client's (once per statement).
CREATE FUNCTION etal_keep_order_names() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_former_names (user_id, name)
  SELECT DISTINCT p.user_id, p.customer_name FROM placed p JOIN users u ON u.id = p.user_id
  WHERE p.customer_name <> u.display_name
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_keep_names AFTER INSERT ON orders REFERENCING NEW TABLE AS placed
FOR EACH STATEMENT EXECUTE FUNCTION etal_keep_order_names();--> statement-breakpoint
CREATE FUNCTION etal_keep_order_name() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_former_names (user_id, name)
  SELECT NEW.user_id, NEW.customer_name FROM users u WHERE u.id = NEW.user_id AND u.display_name <> NEW.customer_name
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_keep_name AFTER UPDATE OF user_id, customer_name ON orders FOR EACH ROW
WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.customer_name IS DISTINCT FROM NEW.customer_name)
EXECUTE FUNCTION etal_keep_order_name();