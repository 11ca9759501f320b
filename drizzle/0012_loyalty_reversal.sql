-- Points taken back when an order leaves "delivered" are a reversal, not a negative "earned"
-- (docs/rules.md#points). A new enum value cannot be used in the transaction that adds it, and
-- the migrations run in one transaction: the type is made anew with the value, the column moves
-- to it (the past reversals, earned with a negative amount, become 'reversed'), and it takes the
-- old name.
CREATE TYPE "public"."loyalty_type_v2" AS ENUM('earned', 'reversed', 'redeemed', 'bonus', 'expired');--> statement-breakpoint
ALTER TABLE "loyalty_transactions" ALTER COLUMN "transaction_type" TYPE "public"."loyalty_type_v2"
  USING (CASE WHEN "transaction_type" = 'earned' AND "points" < 0 THEN 'reversed' ELSE "transaction_type"::text END)::"public"."loyalty_type_v2";--> statement-breakpoint
DROP TYPE "public"."loyalty_type";--> statement-breakpoint
ALTER TYPE "public"."loyalty_type_v2" RENAME TO "loyalty_type";
