import { eq, lt, sql } from 'drizzle-orm'
import type { OrderStatus, PaymentStatus } from '@/shared/domain/order-status'
import {
  deliveryTermsOf,
  MAX_ORDER_AMOUNT,
  minimumOrderMessage,
  ORDER_CEILING_MESSAGE,
  priceOrder,
} from '@/shared/domain/pricing'
import {
  SLOT_CLOSED_MESSAGE,
  SLOT_DAYS_OFFERED,
  SLOT_FULL_MESSAGE,
  SLOT_REQUIRED_MESSAGE,
} from '@/shared/domain/delivery-slots'
import { shortfallMessage, stockShortfall, type ProductStock } from '@/shared/domain/stock'
import { isValidQuantityStep, type UnitType } from '@/shared/domain/units'
import { formatMoney, formatQuantity } from '@/shared/format'
import type { SessionUser } from '@/shared/schemas/auth'
import type { createOrderInput } from '@/shared/schemas/checkout'
import type { z } from '@/shared/schemas/zod'
import { executeNamed, type Db, type Executor } from '../db/client'
import { idempotencyKeys, users } from '../db/schema'
import { badRequest, conflict, HttpError, notFound } from '../http/errors'
import { receivedMessageInsert } from './messages/outbox'
import { createdEventInsert } from './order-events'
import { phoneOrRefuse } from './phones'
import { eventAnswer, itemAnswer, loadOrder, shapeOrder, type OrderAnswer } from './orders'

type CreateOrder = z.output<typeof createOrderInput>

type Context = {
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
  /** How many active slots the city has: with any, the order takes one. */
  citySlots: number
  /** The slot asked for, as it stands now (docs/rules.md#delivery-slots). */
  slot: {
    id: number
    cityId: number
    isActive: boolean
    open: boolean
    capacity: number
    booked: number
  } | null
  products: {
    id: number
    name: string
    isActive: boolean
    archived: boolean
    countryId: number
    unitType: UnitType
    minQuantity: number
    pricePerUnit: number
    imageUrl: string | null
    /** Marked out of stock, until further notice or for the country's day (docs/rules.md#stock). */
    outOfStock: boolean
    dailyQuantity: string | number | null
    /** What today's orders drew (0 without a daily quantity). */
    sold: string | number
    /** The country's day. */
    today: string
  }[]
}

/**
 * Everything a checkout checks, in one query: the order a retried key already made, the named
 * country and city, the zone, and the lines' products with today's stock. It also makes sure
 * that each product with a daily quantity has its row of today's sales, which `writeOrder`
 * locks (a row inserted after a statement has begun cannot be locked by it: docs/rules.md#stock).
 */
async function loadContext(
  db: Executor,
  user: SessionUser,
  input: CreateOrder,
  key: string | undefined,
): Promise<Context> {
  const ids = `{${input.items.map((i) => i.productId).join(',')}}`
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
          'outOfStock', p.out_of_stock or p.out_of_stock_on is not distinct from (now() at time zone pc.time_zone)::date,
          'dailyQuantity', p.daily_quantity, 'sold', coalesce(s.sold, 0),
          'today', (now() at time zone pc.time_zone)::date)), '[]'::json)
        from products p join countries pc on pc.id = p.country_id
        left join product_daily_sales s on s.product_id = p.id and s.day = (now() at time zone pc.time_zone)::date
        where p.id = any(${ids}::int[])) as products,
      (select count(*)::int from delivery_slots ds where ds.city_id = ci.id and ds.is_active) as "citySlots",
      case when sl.id is null then null else json_build_object('id', sl.id, 'cityId', sl.city_id, 'isActive', sl.is_active,
        'open', sl.open, 'capacity', sl.capacity, 'booked', sl.booked) end as slot
    from (select 1) as one
    left join lateral (select id, name, code, is_active from countries where lower(name) = ${input.deliveryCountry.trim().toLowerCase()} limit 1) co on true
    left join lateral (select id, name, is_active from cities where country_id = co.id and lower(name) = ${input.deliveryCity.toLowerCase()} limit 1) ci on true
    left join zones z on z.id = ${input.zoneId}
    left join lateral (${slotState(input)}) sl on true`,
  )
  return {
    ...row!,
    existingOrderId: row!.existingOrderId == null ? null : Number(row!.existingOrderId),
    citySlots: Number(row!.citySlots),
  }
}

/**
 * The slot asked for on its day: open while the day is one of those offered and the slot's start,
 * less its cut-off, is still ahead; the instants computed in its country's zone, in SQL.
 */
function slotState(input: CreateOrder) {
  const day = input.slot?.date ?? null
  return sql`select ds.id, ds.city_id, ds.is_active, ds.capacity,
      coalesce((select b.booked from delivery_slot_bookings b where b.slot_id = ds.id and b.day = ${day}::date), 0) as booked,
      (${day}::date >= (now() at time zone sc.time_zone)::date
        and ${day}::date < (now() at time zone sc.time_zone)::date + ${SLOT_DAYS_OFFERED}::int
        and now() <= ((${day}::date + ds.starts_at) at time zone sc.time_zone) - make_interval(mins => ds.cutoff_minutes)) as open
    from delivery_slots ds join cities sci on sci.id = ds.city_id join countries sc on sc.id = sci.country_id
    where ds.id = ${input.slot?.id ?? null}::int`
}

/**
 * The slot rule (docs/rules.md#delivery-slots): a city with active slots needs one; the slot is
 * the city's, active, open and not full. Checked here to say why in French; the write checks
 * again in its one statement, which alone decides under a race.
 */
function checkSlot(input: CreateOrder, ctx: Context, cityId: number) {
  if (!input.slot) {
    if (ctx.citySlots > 0) throw field('slot', SLOT_REQUIRED_MESSAGE)
    return
  }
  const slot = ctx.slot
  if (!slot || !slot.isActive || slot.cityId !== cityId)
    throw field('slot', 'Créneau de livraison introuvable pour cette ville.')
  if (!slot.open) throw field('slot', SLOT_CLOSED_MESSAGE)
  if (slot.booked >= slot.capacity) throw conflict(SLOT_FULL_MESSAGE)
}

/** Country, city and zone of the delivery: all active, nested in each other, the user's own country. */
function checkDelivery(user: SessionUser, input: CreateOrder, ctx: Context) {
  if (user.countryId == null) throw badRequest("Pays de l'utilisateur non défini")
  const { country, city, zone } = ctx
  if (!country || !country.isActive) throw field('deliveryCountry', 'Pays sélectionné introuvable')
  if (country.id !== user.countryId)
    throw field('deliveryCountry', 'Vous ne pouvez commander que dans votre pays.')
  if (!city || !city.isActive) throw field('deliveryCity', 'Ville sélectionnée introuvable')
  if (!zone || !zone.isActive) throw field('zoneId', 'Zone de livraison introuvable ou inactive.')
  if (zone.cityId !== city.id) throw field('zoneId', "La zone choisie n'appartient pas à la ville indiquée.")
  return { country, city, zone, phone: phoneOrRefuse(input.deliveryPhone, country.code, 'deliveryPhone') }
}

/** Each line's product, checked: orderable, of the user's country, a valid quantity, in stock. */
function checkLines(user: SessionUser, input: CreateOrder, ctx: Context) {
  const byId = new Map(ctx.products.map((p) => [p.id, p]))
  const lines = input.items.map(({ productId, quantity }, i) => {
    const p = byId.get(productId)
    const key = `items.${i}`
    if (!p || !p.isActive || p.archived)
      throw field(`${key}.productId`, `Le produit #${productId} n'est pas disponible.`)
    if (p.countryId !== user.countryId) {
      throw field(`${key}.productId`, `Le produit « ${p.name} » n'est pas disponible dans votre pays.`)
    }
    if (!isValidQuantityStep(quantity, p.unitType)) {
      const rule = p.unitType === 'kg' ? 'un multiple de 0,5 kg' : 'un nombre entier'
      throw field(`${key}.quantity`, `La quantité de « ${p.name} » doit être ${rule}.`)
    }
    if (quantity < Number(p.minQuantity) - 1e-9) {
      throw field(
        `${key}.quantity`,
        `La quantité minimale pour « ${p.name} » est de ${formatQuantity(Number(p.minQuantity), p.unitType)}.`,
      )
    }
    return { product: p, quantity }
  })
  checkStock(lines)
  return lines
}

/** Today's stock of a line's product, as the storefront shows it (docs/rules.md#stock). */
function stockOf(p: Context['products'][number]): ProductStock {
  if (p.dailyQuantity == null) return { soldOut: p.outOfStock, left: null }
  const left = Math.max(Number(p.dailyQuantity) - Number(p.sold), 0)
  return { soldOut: p.outOfStock || left < Number(p.minQuantity) - 1e-9, left }
}

/**
 * No line asks more of a product than is left today, its lines taken together: else 409, the
 * message naming the product, on the first line of it (the cart marks that line).
 */
function checkStock(lines: { product: Context['products'][number]; quantity: number }[]) {
  const wanted = new Map<number, number>()
  for (const l of lines) wanted.set(l.product.id, (wanted.get(l.product.id) ?? 0) + l.quantity)
  lines.forEach(({ product }, i) => {
    const shortfall = stockShortfall(stockOf(product), wanted.get(product.id)!)
    if (!shortfall) return
    const message = shortfallMessage(product.name, product.unitType, shortfall)
    throw new HttpError(409, 'OUT_OF_STOCK', message, { [`items.${i}.quantity`]: [message] })
  })
}

function field(name: string, message: string) {
  return badRequest(message, { [name]: [message] })
}

/** A twin request of the same key committed first (idempotency_keys' primary key). */
const isKeyClash = (err: unknown) => {
  const e = (err as { cause?: unknown })?.cause ?? err
  return (
    (e as { code?: string })?.code === '23505' &&
    /idempotency_keys/.test(String((e as { constraint?: string }).constraint ?? (e as Error).message))
  )
}

/** An order line as stored: the product's name, price and unit at the time of the order, priced. */
export function orderLineValues(
  lines: readonly {
    product: { id: number; name: string; pricePerUnit: number; unitType: UnitType }
    quantity: number
  }[],
  lineTotals: readonly number[],
) {
  return lines.map((l, i) => ({
    productId: l.product.id,
    productName: l.product.name,
    unitPrice: l.product.pricePerUnit,
    unitType: l.product.unitType,
    quantity: l.quantity,
    totalPrice: lineTotals[i]!,
  }))
}

type Account = { loyaltyPoints: number; customDiscountPercent: number | null }

/**
 * Prices and writes an order (docs/rules.md#pricing, docs/rules.md#points): order, lines,
 * 'created' event, points debit (balance and ledger, as loyalty.ts's movePoints) and the
 * idempotency key, in ONE statement, so one transaction with no round trip inside (decision 0011:
 * a checkout is three statements in all: the session, `loadContext`, this one).
 *
 * The order is priced with the account as the session read it; the statement locks the user's
 * row and writes only if the discount is still the same and the balance still covers the
 * points. Otherwise it writes nothing and we look again: a twin request of the same key that
 * committed first (its order is the answer), not enough points (400), or a discount changed
 * meanwhile (priced again with the fresh account). Two checkouts of one user run one after the
 * other on the row lock; a retried key that reaches the key's insert clashes on its primary key,
 * and the twin's order is the answer.
 *
 * Stock (docs/rules.md#stock): the statement also locks today's sales rows of the products that
 * have a daily quantity, and writes only if every product is still in stock with room for its
 * lines; it then draws them down. Otherwise nothing is written, and the fresh look above says
 * which product ran out (409). `drewStock`: the order drew from a daily quantity, so what the
 * storefront shows as left changed (the endpoint drops its cached answers).
 */
export async function placeOrder(
  db: Db,
  user: SessionUser,
  input: CreateOrder,
  opts: { idempotencyKey?: string; pointValue: number },
) {
  const key = opts.idempotencyKey
  const ctx = await loadContext(db, user, input, key)
  if (ctx.existingOrderId)
    return { order: await mustLoad(db, ctx.existingOrderId), created: false, drewStock: false }
  const delivery = checkDelivery(user, input, ctx)
  const lines = checkLines(user, input, ctx)
  checkSlot(input, ctx, delivery.city.id)
  // The order's ceiling, before any discount (docs/rules.md#limits): every amount then fits.
  const { subtotal } = priceOrder(
    lines.map((l) => ({ unitPrice: l.product.pricePerUnit, quantity: l.quantity })),
    null,
  )
  if (subtotal > MAX_ORDER_AMOUNT) throw field('items', ORDER_CEILING_MESSAGE)
  // The zone's minimum, on the subtotal before any discount (docs/rules.md#delivery-fees).
  const minimum = delivery.zone.minOrderAmount
  if (minimum != null && subtotal < minimum) {
    throw field('items', minimumOrderMessage(delivery.zone.name, formatMoney(minimum)))
  }

  let account: Account = {
    loyaltyPoints: user.loyaltyPoints,
    customDiscountPercent: user.customDiscountPercent,
  }
  for (let attempt = 0; ; attempt++) {
    if (input.pointsToUse > account.loyaltyPoints)
      throw field('pointsToUse', "Vous n'avez pas assez de points de fidélité.")
    let written: Awaited<ReturnType<typeof writeOrder>>
    try {
      written = await writeOrder(db, user, input, delivery, lines, account, opts.pointValue, key)
    } catch (err) {
      if (!key || !isKeyClash(err)) throw err
      written = null
    }
    if (written) return { order: written.order, created: true, drewStock: written.drewStock }
    // Nothing written: see what changed since the session was read, stock first (409 naming
    // the product that ran out meanwhile).
    const again = await loadContext(db, user, input, key)
    if (again.existingOrderId)
      return { order: await mustLoad(db, again.existingOrderId), created: false, drewStock: false }
    checkLines(user, input, again)
    // The slot filled up (or closed) meanwhile: the statement booked nothing.
    checkSlot(input, again, delivery.city.id)
    const fresh = await readAccount(db, user.id)
    if (!fresh) throw notFound()
    if (attempt >= 2) throw conflict('Votre compte a changé pendant la commande. Réessayez.')
    account = fresh
  }
}

async function readAccount(db: Executor, userId: number): Promise<Account | null> {
  const [row] = await db
    .select({ loyaltyPoints: users.loyaltyPoints, customDiscountPercent: users.customDiscountPercent })
    .from(users)
    .where(eq(users.id, userId))
  return row ?? null
}

/** The one statement of `placeOrder`; null when the account no longer matches (nothing written). */
async function writeOrder(
  db: Executor,
  user: SessionUser,
  input: CreateOrder,
  delivery: ReturnType<typeof checkDelivery>,
  lines: ReturnType<typeof checkLines>,
  account: Account,
  pointValue: number,
  key: string | undefined,
) {
  const discountPercent =
    account.customDiscountPercent && account.customDiscountPercent > 0 ? account.customDiscountPercent : null
  const price = priceOrder(
    lines.map((l) => ({ unitPrice: l.product.pricePerUnit, quantity: l.quantity })),
    discountPercent,
    input.pointsToUse,
    pointValue,
    deliveryTermsOf(delivery.zone),
  )
  const values = {
    userId: user.id,
    countryId: delivery.country.id,
    cityId: delivery.city.id,
    zoneId: delivery.zone.id,
    subtotalAmount: price.subtotal,
    discountPercent,
    discountAmount: price.discountAmount,
    pointsUsed: price.pointsUsed,
    pointValue,
    pointsDiscountAmount: price.pointsDiscountAmount,
    deliveryFeeAmount: price.deliveryFee,
    deliveryFee: delivery.zone.deliveryFee,
    freeDeliveryFrom: delivery.zone.freeDeliveryFrom,
    totalAmount: price.total,
    notes: input.notes || null,
    deliveryAddress: input.deliveryAddress,
    deliveryCity: delivery.city.name,
    deliveryCountry: delivery.country.name,
    deliveryPhone: delivery.phone,
    zoneName: delivery.zone.name,
    customerName: user.displayName,
  }
  const items = orderLineValues(lines, price.lineTotals)
  const v = values
  // Per product: what the lines ask of it, its country's day, whether it has a daily quantity.
  const need = new Map<number, { product_id: number; qty: number; day: string; limited: boolean }>()
  for (const l of lines) {
    const n = need.get(l.product.id)
    if (n) n.qty += l.quantity
    else
      need.set(l.product.id, {
        product_id: l.product.id,
        qty: l.quantity,
        day: l.product.today,
        limited: l.product.dailyQuantity != null,
      })
  }
  const needJson = JSON.stringify([...need.values()])
  const stockDayOf = (productId: number) => {
    const n = need.get(productId)!
    return n.limited ? n.day : null
  }
  const slot = { id: input.slot?.id ?? null, date: input.slot?.date ?? null }
  const [row] = await executeNamed<{
    id: number
    status: OrderStatus
    paymentStatus: PaymentStatus
    pointsEarned: number
    deliveryDriverId: number | null
    createdAt: Date | string
    updatedAt: Date | string
    itemIds: number[]
    eventId: number
    eventAt: Date | string
    drawn: number
    slotId: number | null
    slotDate: string | null
    slotStartsAt: Date | string | null
    slotEndsAt: Date | string | null
    slotTimeZone: string | null
  }>(
    db,
    'checkout_write',
    sql`
    with n as (
      select * from json_to_recordset(${needJson}::json) as n(product_id int, qty numeric, day date, limited boolean)
    ), st as (
      select s.product_id, s.sold from product_daily_sales s join n on n.product_id = s.product_id and n.day = s.day
      where n.limited
      order by s.product_id
      for update of s
    ), room as (
      select coalesce(bool_and(not p.out_of_stock and p.out_of_stock_on is distinct from n.day
          and (p.daily_quantity is null or coalesce(st.sold, 0) + n.qty <= p.daily_quantity)), true) as ok
      from n join products p on p.id = n.product_id left join st on st.product_id = n.product_id
    ), u as (
      select id from users
      where id = ${user.id} and coalesce(custom_discount_percent, 0) = ${discountPercent ?? 0}::numeric
        and loyalty_points >= ${price.pointsUsed}::int and (select ok from room)
      for update
    ), s as (
      -- The slot, still the city's, active and open; its instants on the day in its country's zone.
      select ds.id, ds.capacity, sc.time_zone as tz,
        (${slot.date}::date + ds.starts_at) at time zone sc.time_zone as starts_at,
        (${slot.date}::date + ds.ends_at) at time zone sc.time_zone as ends_at
      from delivery_slots ds join cities sci on sci.id = ds.city_id join countries sc on sc.id = sci.country_id
      where ds.id = ${slot.id}::int and ds.city_id = ${v.cityId}::int and ds.is_active
        and ${slot.date}::date >= (now() at time zone sc.time_zone)::date
        and ${slot.date}::date < (now() at time zone sc.time_zone)::date + ${SLOT_DAYS_OFFERED}::int
        and now() <= ((${slot.date}::date + ds.starts_at) at time zone sc.time_zone) - make_interval(mins => ds.cutoff_minutes)
    ), b as (
      -- One place, only while the slot has room: a concurrent checkout waits on the row and
      -- sees its booking (decision 0025).
      insert into delivery_slot_bookings as bk (slot_id, day, booked)
      select s.id, ${slot.date}::date, 1 from s, u
      on conflict (slot_id, day) do update set booked = bk.booked + 1
        where bk.booked < (select s.capacity from s)
      returning slot_id
    ), o as (
      insert into orders (user_id, country_id, city_id, zone_id, subtotal_amount, discount_percent, discount_amount, points_used,
        point_value, points_discount_amount, delivery_fee_amount, delivery_fee, free_delivery_from, total_amount, notes, delivery_address, delivery_city, delivery_country, delivery_phone,
        zone_name, customer_name, slot_id, slot_date, slot_starts_at, slot_ends_at, slot_time_zone)
      select u.id, ${v.countryId}::int, ${v.cityId}::int, ${v.zoneId}::int, ${v.subtotalAmount}::int, ${v.discountPercent}::numeric,
        ${v.discountAmount}::int, ${v.pointsUsed}::int, ${v.pointValue}::int, ${v.pointsDiscountAmount}::int, ${v.deliveryFeeAmount}::int, ${v.deliveryFee}::int, ${v.freeDeliveryFrom}::int, ${v.totalAmount}::int,
        ${v.notes}::text, ${v.deliveryAddress}::text, ${v.deliveryCity}::text, ${v.deliveryCountry}::text, ${v.deliveryPhone}::text,
        ${v.zoneName}::text, ${v.customerName}::text, s.id, case when s.id is null then null else ${slot.date}::date end,
        s.starts_at, s.ends_at, s.tz
      from u left join s on true
      where ${slot.id}::int is null or exists (select 1 from b)
      returning id, status, payment_status, points_earned, delivery_driver_id, created_at, updated_at,
        slot_id, slot_date::text, slot_starts_at, slot_ends_at, slot_time_zone
    ), i as (
      insert into order_items (order_id, product_id, product_name, unit_price, unit_type, quantity, total_price, stock_day)
      select o.id, x.product_id, x.product_name, x.unit_price, x.unit_type::unit_type, x.quantity, x.total_price, x.stock_day
      from o cross join json_to_recordset(${JSON.stringify(items.map((it) => ({ product_id: it.productId, product_name: it.productName, unit_price: it.unitPrice, unit_type: it.unitType, quantity: it.quantity, total_price: it.totalPrice, stock_day: stockDayOf(it.productId) })))}::json)
        as x(product_id int, product_name text, unit_price int, unit_type text, quantity numeric, total_price int, stock_day date)
      returning id
    ), e as (
      ${createdEventInsert(user.id)}
      returning id, created_at
    ), m as (
      ${receivedMessageInsert(user.email)}
    ), k as (
      insert into idempotency_keys (user_id, key, order_id) select ${user.id}::int, ${key ?? null}::text, o.id from o
      where ${key ?? null}::text is not null
    ), p as (
      update users set loyalty_points = loyalty_points - ${price.pointsUsed}::int
      where id = ${user.id} and ${price.pointsUsed}::int > 0 and exists (select 1 from o)
    ), l as (
      insert into loyalty_transactions (user_id, order_id, transaction_type, points, description)
      select ${user.id}::int, o.id, 'redeemed', -${price.pointsUsed}::int, 'Points utilisés pour la commande #' || o.id from o
      where ${price.pointsUsed}::int > 0
    ), d as (
      update product_daily_sales s set sold = s.sold + n.qty
      from o, n
      where n.limited and s.product_id = n.product_id and s.day = n.day
      returning s.product_id
    )
    select o.id, o.status, o.payment_status as "paymentStatus", o.points_earned as "pointsEarned",
      o.delivery_driver_id as "deliveryDriverId", o.created_at as "createdAt", o.updated_at as "updatedAt",
      o.slot_id as "slotId", o.slot_date as "slotDate", o.slot_starts_at as "slotStartsAt", o.slot_ends_at as "slotEndsAt",
      o.slot_time_zone as "slotTimeZone",
      (select json_agg(i.id order by i.id) from i) as "itemIds", e.id as "eventId", e.created_at as "eventAt",
      (select count(*) from d)::int as "drawn"
    from o, e`,
  )
  if (!row) return null
  const orderId = Number(row.id)
  // The answer from what was written: no second read.
  const listed = shapeOrder({
    order: {
      ...values,
      id: orderId,
      status: row.status,
      paymentStatus: row.paymentStatus,
      pointsEarned: Number(row.pointsEarned),
      deliveryDriverId: row.deliveryDriverId,
      createdAt: new Date(row.createdAt),
      updatedAt: new Date(row.updatedAt),
      // docs/rules.md#weigh-in: a new order is not weighed yet.
      orderedTotalAmount: null,
      weighApproval: null,
      slotId: row.slotId == null ? null : Number(row.slotId),
      slotDate: row.slotDate,
      slotStartsAt: row.slotStartsAt == null ? null : new Date(row.slotStartsAt),
      slotEndsAt: row.slotEndsAt == null ? null : new Date(row.slotEndsAt),
      slotTimeZone: row.slotTimeZone,
    },
    cityName: delivery.city.name,
    customer: { id: user.id, name: user.displayName, email: user.email, phone: user.phoneNumber },
    driver: null,
    // Lines were inserted in the order given: their ids ascend in that order.
    items: items.map((it, i) =>
      itemAnswer(
        { ...it, id: Number(row.itemIds[i]), orderId, weighedQuantity: null },
        lines[i]!.product.imageUrl,
      ),
    ),
  })
  const created = eventAnswer(
    {
      id: Number(row.eventId),
      orderId,
      actorId: user.id,
      type: 'created',
      fromValue: null,
      toValue: 'pending',
      createdAt: new Date(row.eventAt),
    },
    user.displayName,
  )
  return { order: { ...listed, events: [created] } satisfies OrderAnswer, drewStock: Number(row.drawn) > 0 }
}

async function mustLoad(db: Executor, orderId: number) {
  const order = await loadOrder(db, orderId)
  if (!order) throw notFound('Commande non trouvée')
  return order
}

/** Checkout keys older than a day protect nothing any more: a client retries within minutes. */
export async function purgeOldIdempotencyKeys(db: Executor) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - 86_400_000)))
}
