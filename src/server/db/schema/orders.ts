import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import {
  fulfilmentEnum,
  orderEventTypeEnum,
  orderStatusEnum,
  paymentMethodEnum,
  paymentStatusEnum,
  unitTypeEnum,
  weighApprovalEnum,
} from './enums'
import { cities, countries, deliverySlots, shops, zones } from './places'
import { preparations, products } from './catalogue'
import { users } from './users'

/** An order keeps every amount it was priced with (docs/rules/money.md#pricing). */
export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    countryId: integer()
      .notNull()
      .references(() => countries.id),
    cityId: integer()
      .notNull()
      .references(() => cities.id),
    // Null for an order collected at a shop (docs/rules/pickup.md).
    zoneId: integer().references(() => zones.id),
    // docs/rules/pickup.md: delivered, or collected at a shop with a 4-digit code (decision 0074);
    // the wrong codes typed, counted up to the limit (PICKUP_CODE_ATTEMPTS) that locks it.
    fulfilment: fulfilmentEnum().notNull().default('delivery'),
    shopId: integer().references(() => shops.id),
    pickupCode: text(),
    pickupCodeAttempts: integer().notNull().default(0),
    status: orderStatusEnum().notNull().default('pending'),
    paymentStatus: paymentStatusEnum().notNull().default('pending'),
    // docs/rules/money.md#payments: cash at the door, or mobile money with the wallet chosen.
    paymentMethod: paymentMethodEnum().notNull().default('cash'),
    paymentWallet: text(),
    subtotalAmount: integer().notNull(),
    discountPercent: numeric({ precision: 5, scale: 2, mode: 'number' }),
    discountAmount: integer().notNull().default(0),
    // docs/rules/commerce.md#coupons: the code used (coupon_uses links the coupon) and its discount on the goods.
    couponCode: text(),
    couponDiscount: integer().notNull().default(0),
    pointsUsed: integer().notNull().default(0),
    pointValue: integer().notNull().default(1),
    pointsDiscountAmount: integer().notNull().default(0),
    // docs/rules/delivery.md#delivery-fees: the fee charged, and the zone's terms at the time of the order,
    // so that a repricing (the weigh-in) applies the same rule.
    deliveryFeeAmount: integer().notNull().default(0),
    deliveryFee: integer().notNull().default(0),
    freeDeliveryFrom: integer(),
    totalAmount: integer().notNull(),
    // docs/rules/money.md#partly-paid: what the client has paid of it (cash collected by drivers,
    // mobile money), written under the order's lock with the entry or payment that pays it
    // (decision 0054). A delivered order owes total − amount_paid.
    amountPaid: integer().notNull().default(0),
    // docs/rules/store-credit.md#spending: the store credit spent on it at checkout (part of
    // amount_paid); given back when it is cancelled or weighed lower.
    creditUsed: integer().notNull().default(0),
    // docs/rules/orders.md#weigh-in: the total the client agreed to at checkout, kept from the first
    // weighing on (null: never weighed, the total is still the ordered one), and whether the
    // weighed total waits for the client's agreement (null: no agreement needed).
    orderedTotalAmount: integer(),
    weighApproval: weighApprovalEnum(),
    // docs/rules/orders.md#weigh-in: what the client wants instead, written when it refuses a weighed
    // total ("Je veux 1,5 kg exactement"); staff read it on the weigh-in (null: nothing said).
    weighWish: text(),
    pointsEarned: integer().notNull().default(0),
    // docs/rules/orders.md#order-status: why staff cancelled the order, as the client reads it (null
    // unless cancelled).
    cancelReason: text(),
    // docs/rules/confirmation.md#confirmation: paid at the door and risky (a refusal on record for the
    // delivery phone, or above the country's amount), so it waits for the client's confirmation
    // (by the SMS link: 'client'; by staff on the phone: 'phone', with who) before preparation.
    needsConfirmation: boolean().notNull().default(false),
    confirmedAt: timestamp({ withTimezone: true }),
    confirmedBy: text().$type<'client' | 'phone'>(),
    confirmedById: integer().references(() => users.id),
    notes: text(),
    deliveryAddress: text().notNull(),
    deliveryCity: text().notNull(),
    deliveryCountry: text().notNull(),
    deliveryPhone: text().notNull(),
    zoneName: text().notNull(),
    // docs/rules/people.md#delivery-addresses: the landmark, second phone and map point of the
    // address the order went to, copied at checkout (a saved address edited later changes no order).
    deliveryLandmark: text(),
    deliverySecondPhone: text(),
    deliveryLatitude: numeric({ precision: 8, scale: 6, mode: 'number' }),
    deliveryLongitude: numeric({ precision: 9, scale: 6, mode: 'number' }),
    customerName: text().notNull(),
    deliveryDriverId: integer().references(() => users.id),
    // docs/rules/delivery.md#delivery-slots: the slot taken, its local day, its absolute start and end,
    // and the country's time zone they are shown in; all null for a city without slots.
    slotId: integer().references(() => deliverySlots.id),
    slotDate: date({ mode: 'string' }),
    slotStartsAt: timestamp({ withTimezone: true }),
    slotEndsAt: timestamp({ withTimezone: true }),
    slotTimeZone: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // DESC NULLS FIRST, as `ORDER BY created_at DESC` means: with drizzle's default (NULLS LAST)
  // PostgreSQL could not use these indexes for that order and sorted the whole table instead
  // (the admin list at 200,000 orders: 74 ms a page; tests/api/index-plans.test.ts).
  (t) => [
    // docs/rules/confirmation.md#refused-at-the-door: a phone's delivered orders, counted on the order page.
    index('orders_delivery_phone_idx').on(t.deliveryPhone),
    index('orders_country_created_idx').on(
      t.countryId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_country_status_created_idx').on(t.countryId, t.status, t.createdAt.desc().nullsFirst()),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A client's orders newest first; the admin search by client reads its page and count from
    // this index alone (migration 0008 adds country_id as an INCLUDE column).
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Migration 0007 adds INCLUDE columns to these two (the other place columns),
    // which drizzle cannot declare, and the statistics that tie zone, city and country.
    index('orders_city_created_idx').on(t.cityId, t.createdAt.desc().nullsFirst()),
    index('orders_zone_created_idx').on(t.zoneId, t.createdAt.desc().nullsFirst()),
    index('orders_driver_status_idx').on(t.deliveryDriverId, t.status),
    // The staff lists filtered by slot day, and sorted by slot.
    index('orders_country_slot_idx').on(t.countryId, t.slotDate, t.slotStartsAt),
    check('orders_amount_paid_ck', sql`${t.amountPaid} >= 0`),
    check('orders_credit_used_ck', sql`${t.creditUsed} >= 0 and ${t.creditUsed} <= ${t.amountPaid}`),
    check('orders_coupon_discount_ck', sql`${t.couponDiscount} >= 0`),
    // docs/rules/pickup.md: a pickup order names its shop and has its code; a delivery, a zone.
    check(
      'orders_fulfilment_ck',
      sql`case when ${t.fulfilment} = 'pickup' then ${t.shopId} is not null and ${t.pickupCode} is not null else ${t.zoneId} is not null end`,
    ),
    index('orders_shop_status_idx').on(t.shopId, t.status),
    // docs/rules/money.md#partly-paid: the daily cash report lists the orders that still owe, across days.
    index('orders_country_partly_paid_idx')
      .on(t.countryId, t.id)
      .where(sql`${t.paymentStatus} = 'partly_paid'`),
    check(
      'orders_amounts_ck',
      sql`${t.subtotalAmount} >= 0 and ${t.discountAmount} >= 0 and ${t.pointsDiscountAmount} >= 0 and ${t.totalAmount} >= 0 and ${t.pointsUsed} >= 0 and ${t.pointsEarned} >= 0 and ${t.pointValue} >= 0 and ${t.deliveryFeeAmount} >= 0 and ${t.deliveryFee} >= 0`,
    ),
  ],
)

export const orderItems = pgTable(
  'order_items',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id),
    productName: text().notNull(),
    unitPrice: integer().notNull(),
    unitType: unitTypeEnum().notNull(),
    quantity: numeric({ precision: 10, scale: 3, mode: 'number' }).notNull(),
    totalPrice: integer().notNull(),
    // docs/rules/orders.md#weigh-in: a kg line's weight on the butcher's scale (null: not weighed yet);
    // `quantity` stays what the client ordered, `total_price` follows the weighed quantity.
    weighedQuantity: numeric({ precision: 10, scale: 3, mode: 'number' }),
    /** The day whose daily quantity the line drew from (docs/rules/catalogue.md#stock); null: none. */
    stockDay: date({ mode: 'string' }),
    // docs/rules/orders.md#preparations (decision 0051): the preparation asked for, as it was: its
    // name and its price per unit, which `unit_price` includes. The id only finds it again on a
    // reorder (null: none asked, or since deleted).
    preparationId: integer().references(() => preparations.id, { onDelete: 'set null' }),
    preparationName: text(),
    preparationPrice: integer().notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_ck', sql`${t.quantity} > 0`),
    check(
      'order_items_weighed_ck',
      sql`${t.weighedQuantity} is null or (${t.weighedQuantity} > 0 and ${t.unitType} = 'kg')`,
    ),
    check('order_items_amounts_ck', sql`${t.unitPrice} >= 0 and ${t.totalPrice} >= 0`),
    check('order_items_preparation_price_ck', sql`${t.preparationPrice} >= 0`),
  ],
)

/** Who changed what, when: every change of an order's status, driver or payment. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    actorId: integer().references(() => users.id),
    type: orderEventTypeEnum().notNull(),
    fromValue: text(),
    toValue: text(),
    // The time the event was written, not its transaction's start (now()): a change that waited
    // on another's lock is then dated after it, and the history reads in the order things happened.
    createdAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
)

/** One checkout attempt's key, so a retried request answers the same order. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
)

/**
 * The shop's settings, one row (id 1), edited by root (docs/rules/orders.md#weigh-in): the tolerance, in
 * whole percent of the ordered total, within which a weighed order is repriced without asking.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer().primaryKey().default(1),
    weighTolerancePercent: integer().notNull().default(10),
    updatedBy: integer().references(() => users.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shop_settings_one_row_ck', sql`${t.id} = 1`),
    check(
      'shop_settings_tolerance_ck',
      sql`${t.weighTolerancePercent} >= 0 and ${t.weighTolerancePercent} <= 50`,
    ),
  ],
)
