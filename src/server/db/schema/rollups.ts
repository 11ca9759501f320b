import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { orderStatusEnum } from './enums'
import { countries } from './places'
import { products } from './catalogue'

/**
 * Dashboard figures kept in step with orders by triggers (drizzle/0004_rollup_triggers.sql, as 0010 rewrote them): every
 * insert, update or delete of an order or an order line adds its difference, in the same
 * transaction, to the deltas below, which are folded in here every second. Each figure is kept at three grains: the UTC day, the UTC month, and 'all'
 * (period 2000-01-01, everything). A dashboard sums whole months, whole days and, for the
 * partial days at the edges of its range, the orders themselves (services/money/stats.ts).
 *
 * - orders: every order, cancelled ones included; revenue: total_amount of the orders that
 *   are not cancelled (the rule of services/money/stats.ts).
 * - products: quantity and line totals of the lines of orders that are not cancelled, by the
 *   order's country.
 */
export const orderRollups = pgTable(
  'order_rollups',
  {
    grain: text().notNull(),
    period: date({ mode: 'string' }).notNull(),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    orders: bigint({ mode: 'number' }).notNull().default(0),
    revenue: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.grain, t.period, t.countryId] }),
    check('order_rollups_grain_ck', sql`${t.grain} in ('day', 'month', 'all')`),
  ],
)

export const productRollups = pgTable(
  'product_rollups',
  {
    grain: text().notNull(),
    period: date({ mode: 'string' }).notNull(),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    productId: integer()
      .notNull()
      .references(() => products.id),
    quantity: numeric({ precision: 14, scale: 3, mode: 'number' }).notNull().default(0),
    revenue: bigint({ mode: 'number' }).notNull().default(0),
  },
  // drizzle/0003_rollups.sql makes the key cover quantity and revenue (INCLUDE), which drizzle
  // cannot say: a dashboard's range is then read from the index alone.
  (t) => [
    primaryKey({ columns: [t.grain, t.period, t.countryId, t.productId] }),
    check('product_rollups_grain_ck', sql`${t.grain} in ('day', 'month', 'all')`),
  ],
)

/**
 * The admin order list's totals: every order (cancelled ones included) by place and status, kept
 * by the same triggers and folds as the rollups above. A list filtered by city, zone or status
 * sums a few of these rows (one per zone and status at most, however many orders there are)
 * instead of counting its orders in an index (services/money/stats.ts orderCount).
 */
export const orderCounts = pgTable(
  'order_counts',
  {
    cityId: integer().notNull(),
    zoneId: integer().notNull(),
    status: orderStatusEnum().notNull(),
    countryId: integer().notNull(),
    orders: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cityId, t.zoneId, t.status, t.countryId] })],
)

/**
 * What the triggers add, waiting to be folded into the rollups (etal_fold_rollups(), every
 * second in each server): an order only appends rows here, so concurrent orders never wait
 * on one another for the rollups' rows. Dashboards read these rows too, by their exact time.
 */
export const orderRollupDeltas = pgTable('order_rollup_deltas', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  countryId: integer().notNull(),
  cityId: integer().notNull(),
  zoneId: integer().notNull(),
  status: orderStatusEnum().notNull(),
  orders: integer().notNull(),
  revenue: bigint({ mode: 'number' }).notNull(),
})

export const productRollupDeltas = pgTable('product_rollup_deltas', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  countryId: integer().notNull(),
  productId: integer().notNull(),
  quantity: numeric({ precision: 14, scale: 3, mode: 'number' }).notNull(),
  revenue: bigint({ mode: 'number' }).notNull(),
})
