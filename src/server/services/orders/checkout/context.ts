import { eq, sql } from 'drizzle-orm'
import { SLOT_DAYS_OFFERED } from '@/shared/domain/delivery-slots'
import type { PreparationOffer } from '@/shared/domain/preparations'
import type { UnitType } from '@/shared/domain/units'
import type { SessionUser } from '@/shared/schemas/auth'
import type { createOrderInput } from '@/shared/schemas/checkout'
import type { z } from '@/shared/schemas/zod'
import { executeNamed, type Executor } from '@/server/db/client'
import { users } from '@/server/db/schema'
import { offersOf } from '@/server/services/catalogue/preparation-offers'

/** The checkout's input, as validated (`createOrderInput`). */
export type CreateOrder = z.output<typeof createOrderInput>

/** A line's product as the checkout reads it: what the checks judge and the order stores. */
export type LineProduct = {
  id: number
  name: string
  isActive: boolean
  archived: boolean
  countryId: number
  unitType: UnitType
  minQuantity: number
  pricePerUnit: number
  imageUrl: string | null
  /** Sold out on the country's day (`etal_sold_out`, docs/rules/catalogue.md#stock). */
  soldOut: boolean
  /** What is left of today's daily quantity (`etal_stock_left`); null without one. */
  left: string | number | null
  /** The country's day. */
  today: string
  /** The preparations it offers now (docs/rules/catalogue.md#preparations); none when absent. */
  preparations?: PreparationOffer[]
}

/** Everything the checks read, as it stands when the checkout begins. */
export type Context = {
  existingOrderId: number | null
  country: { id: number; name: string; code: string; isActive: boolean } | null
  city: { id: number; name: string; isActive: boolean } | null
  zone: {
    id: number
    name: string
    isActive: boolean
    cityId: number
    deliveryFee: number
    minOrderAmount: number | null
    freeDeliveryFrom: number | null
  } | null
  /** docs/rules/pickup.md: the shop named by `shopId`, as it stands (its country and city are the order's). */
  shop: {
    id: number
    countryId: number
    cityId: number
    name: string
    address: string
    isActive: boolean
    latitude: string | number | null
    longitude: string | number | null
  } | null
  /** How many active slots the city (or, for a pickup, the shop) has: with any, the order takes one. */
  citySlots: number
  /** The slot asked for, as it stands now (docs/rules/delivery.md#delivery-slots). */
  slot: {
    id: number
    cityId: number
    shopId: number | null
    isActive: boolean
    open: boolean
    capacity: number
    booked: number
  } | null
  products: LineProduct[]
  /** The saved address named by `addressId`, if it is the caller's (docs/rules/people.md#delivery-addresses). */
  saved: {
    id: number
    address: string
    landmark: string | null
    secondPhone: string | null
    latitude: string | number | null
    longitude: string | number | null
  } | null
  /** How many addresses the caller has saved (the limit, for "Enregistrer cette adresse"). */
  addressCount: number
  /** docs/rules/store-credit.md#spending: the caller's store credit in the order's country. */
  creditBalance: number
}

/**
 * Everything a checkout checks, in one query: the order a retried key already made, the named
 * country and city, the zone, and the lines' products with today's stock. It also makes sure
 * that each product with a daily quantity has its row of today's sales, which `writeOrder`
 * locks (a row inserted after a statement has begun cannot be locked by it: docs/rules/catalogue.md#stock).
 */
export async function loadContext(
  db: Executor,
  user: SessionUser,
  input: CreateOrder,
  key: string | undefined,
): Promise<Context> {
  const ids = `{${input.items.map((i) => i.productId).join(',')}}`
  const addressId = input.addressId ?? null
  const countryName = input.deliveryCountry?.trim().toLowerCase() ?? null
  const cityName = input.deliveryCity?.toLowerCase() ?? null
  // docs/rules/pickup.md: a pickup order's country and city are its shop's.
  const shopId = input.fulfilment === 'pickup' ? (input.shopId ?? null) : null
  const [row] = await executeNamed<Context>(
    db,
    'checkout_context',
    sql`
    with today_rows as (
      insert into product_daily_sales (product_id, day)
      select p.id, (now() at time zone c.time_zone)::date from products p join countries c on c.id = p.country_id
      where p.id = any(${ids}::int[]) and p.daily_quantity is not null
      on conflict do nothing
    )
    select
      (select k.order_id from idempotency_keys k where k.user_id = ${user.id} and k.key = ${key ?? null}::text) as "existingOrderId",
      case when co.id is null then null else json_build_object('id', co.id, 'name', co.name, 'code', co.code, 'isActive', co.is_active) end as country,
      case when ci.id is null then null else json_build_object('id', ci.id, 'name', ci.name, 'isActive', ci.is_active) end as city,
      case when z.id is null then null else json_build_object('id', z.id, 'name', z.name, 'isActive', z.is_active, 'cityId', z.city_id,
        'deliveryFee', z.delivery_fee, 'minOrderAmount', z.min_order_amount, 'freeDeliveryFrom', z.free_delivery_from) end as zone,
      (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'isActive', p.is_active, 'archived', p.archived_at is not null,
          'countryId', p.country_id, 'unitType', p.unit_type, 'minQuantity', p.min_quantity, 'pricePerUnit', p.price_per_unit,
          'imageUrl', p.image_url,
          'soldOut', etal_sold_out(p, (now() at time zone pc.time_zone)::date, coalesce(s.sold, 0)),
          'left', etal_stock_left(p, coalesce(s.sold, 0)),
          'today', (now() at time zone pc.time_zone)::date,
          'preparations', ${offersOf(sql`p.id`)})), '[]'::json)
        from products p join countries pc on pc.id = p.country_id
        left join product_daily_sales s on s.product_id = p.id and s.day = (now() at time zone pc.time_zone)::date
        where p.id = any(${ids}::int[])) as products,
      case when sh.id is null then null else json_build_object('id', sh.id, 'countryId', sh.country_id, 'cityId', sh.city_id,
        'name', sh.name, 'address', sh.address, 'isActive', sh.is_active, 'latitude', sh.latitude, 'longitude', sh.longitude) end as shop,
      (select count(*)::int from delivery_slots ds where ds.city_id = ci.id and ds.is_active
        and ds.shop_id is not distinct from ${shopId}::int) as "citySlots",
      case when sl.id is null then null else json_build_object('id', sl.id, 'cityId', sl.city_id, 'shopId', sl.shop_id, 'isActive', sl.is_active,
        'open', sl.open, 'capacity', sl.capacity, 'booked', sl.booked) end as slot,
      case when sa.id is null then null else json_build_object('id', sa.id, 'address', sa.address, 'landmark', sa.landmark,
        'secondPhone', sa.second_phone, 'latitude', sa.latitude, 'longitude', sa.longitude) end as saved,
      (select count(*)::int from delivery_addresses da where da.user_id = ${user.id}) as "addressCount",
      (select coalesce(sum(b.balance), 0)::int from store_credit_balances b
        where b.user_id = ${user.id} and b.country_id = co.id) as "creditBalance"
    from (select 1) as one
    -- A saved address of the caller's (another's is none): the place is its city and zone.
    left join lateral (select a.id, a.city_id, a.zone_id, a.address, a.landmark, a.second_phone, a.latitude, a.longitude
      from delivery_addresses a where a.id = ${addressId}::int and a.user_id = ${user.id}) sa on true
    left join lateral (select s.id, s.country_id, s.city_id, s.name, s.address, s.is_active, s.latitude, s.longitude
      from shops s where s.id = ${shopId}::int) sh on true
    left join lateral (select id, name, code, is_active from countries
      where case when ${shopId}::int is not null then id = sh.country_id
        when ${addressId}::int is null then lower(name) = ${countryName}::text
        else id = (select c.country_id from cities c where c.id = sa.city_id) end limit 1) co on true
    left join lateral (select id, name, is_active from cities where country_id = co.id
      and case when ${shopId}::int is not null then id = sh.city_id
        when ${addressId}::int is null then lower(name) = ${cityName}::text else id = sa.city_id end limit 1) ci on true
    left join zones z on z.id = case when ${addressId}::int is null then ${input.zoneId ?? null}::int else sa.zone_id end
    left join lateral (${slotState(input)}) sl on true`,
  )
  return {
    ...row!,
    existingOrderId: row!.existingOrderId == null ? null : Number(row!.existingOrderId),
    citySlots: Number(row!.citySlots),
    addressCount: Number(row!.addressCount),
    creditBalance: Number(row!.creditBalance),
  }
}

/** The slot asked for on its day: whether it is open (`etal_slot_open`) and its places taken. */
function slotState(input: CreateOrder) {
  const day = input.slot?.date ?? null
  return sql`select ds.id, ds.city_id, ds.shop_id, ds.is_active, ds.capacity,
      coalesce((select b.booked from delivery_slot_bookings b where b.slot_id = ds.id and b.day = ${day}::date), 0) as booked,
      etal_slot_open(ds, ${day}::date, sc.time_zone, ${SLOT_DAYS_OFFERED}::int) as open
    from delivery_slots ds join cities sci on sci.id = ds.city_id join countries sc on sc.id = sci.country_id
    where ds.id = ${input.slot?.id ?? null}::int`
}

/** The discount and points of the buyer's account, as a checkout prices them. */
export type Account = { loyaltyPoints: number; customDiscountPercent: number | null }

/** The account as it stands now: read again when the one-statement write found it changed. */
export async function readAccount(db: Executor, userId: number): Promise<Account | null> {
  const [row] = await db
    .select({ loyaltyPoints: users.loyaltyPoints, customDiscountPercent: users.customDiscountPercent })
    .from(users)
    .where(eq(users.id, userId))
  return row ?? null
}
