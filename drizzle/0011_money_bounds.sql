-- A balance of loyalty points is a sum over every delivered order: int4 could overflow it
-- (docs/rules.md#limits; the amounts of one order are bounded and stay int4).
ALTER TABLE "users" ALTER COLUMN "loyalty_points" SET DATA TYPE bigint;