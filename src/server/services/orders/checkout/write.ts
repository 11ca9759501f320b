import { randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { SLOT_DAYS_OFFERED } from '@/shared/domain/delivery-slots'
import type { OrderStatus, PaymentStatus } from '@/shared/domain/order-status'
import type { SessionUser } from '@/shared/schemas/auth'
import { executeNamed, type Executor } from '@/server/db/client'
import { receivedMessageInsert } from '@/server/services/messages/outbox'
import { needsConfirmationSql } from '../confirmation'
import { confirmLinkMessageInsert } from '../confirm-link'
import { createdEventInsert } from '../order-events'
import { eventAnswer, itemAnswer, shapeOrder, type OrderAnswer } from '../orders'
import type { Delivery } from './checks'
import type { HeldCoupon } from './coupon'
import type { Account, CreateOrder } from './context'
import { paymentWrites, type PaymentChoice } from './payment'
import { orderLineValues, priceCheckout, type CheckoutLine } from './pricing'

/** What a checkout writes, checked: who orders, where to, which lines, how it is paid. */
export type OrderPlan = {
  user: SessionUser
  input: CreateOrder
  delivery: Delivery
  lines: CheckoutLine[]
  payment: PaymentChoice
  pointValue: number
  /** The Idempotency-Key of the request, if it sent one. */
  key: string | undefined
}

/** Per product: what the lines ask of it, its country's day, whether it has a daily quantity. */
function wantedPerProduct(lines: readonly CheckoutLine[]) {
  const wanted = new Map<number, { product_id: number; qty: number; day: string; limited: boolean }>()
  for (const l of lines) {
    const w = wanted.get(l.product.id)
    if (w) w.qty += l.quantity
    else
      wanted.set(l.product.id, {
        product_id: l.product.id,
        qty: l.quantity,
        day: l.product.today,
        limited: l.product.left != null,
      })
  }
  return wanted
}

/** A twin request of the same key committed first (idempotency_keys' primary key). */
export const isKeyClash = (err: unknown) => {
  const e = (err as { cause?: unknown })?.cause ?? err
  return (
    (e as { code?: string })?.code === '23505' &&
    /idempotency_keys/.test(String((e as { constraint?: string }).constraint ?? (e as Error).message))
  )
}

/**
 * Prices and writes an order (docs/rules/money.md#pricing, docs/rules/money.md#points): order, lines,
 * 'created' event, its message, points debit (balance and ledger, as loyalty.ts's movePoints),
 * stock drawn, slot booked and the idempotency key, in ONE statement, so one transaction with no
 * round trip inside (decision 0011). Priced with `account` as the caller last read it; the
 * statement locks the user's row and writes only if the discount is still the same, the balance
 * still covers the points, every product still has room and the slot a place. Null when it
 * wrote nothing (index.ts looks again to say why).
 */
export async function writeOrder(
  db: Executor,
  plan: OrderPlan,
  account: Account,
  // docs/rules/commerce.md#coupons: the coupon judged under its row lock (this transaction's), or none.
  coupon: HeldCoupon | null,
  // docs/rules/store-credit.md#spending: the client's store credit, its row held by this transaction (0: none).
  heldCredit = 0,
) {
  const { user, input, delivery, lines, pointValue, key } = plan
  const price = priceCheckout(
    lines,
    account,
    input.pointsToUse,
    pointValue,
    delivery.zone,
    coupon?.discount ?? 0,
  )
  const { discountPercent } = price
  // Credit is spent first, up to the total; an order it covers whole is paid (docs/rules/store-credit.md#spending).
  const creditUsed = Math.max(0, Math.min(heldCredit, price.total))
  const creditCovers = creditUsed > 0 && creditUsed >= price.total
  const values = {
    userId: user.id,
    countryId: delivery.country.id,
    cityId: delivery.city.id,
    zoneId: delivery.zone.id,
    subtotalAmount: price.subtotal,
    discountPercent,
    discountAmount: price.discountAmount,
    couponCode: coupon?.code ?? null,
    couponDiscount: price.couponDiscount,
    pointsUsed: price.pointsUsed,
    pointValue,
    pointsDiscountAmount: price.pointsDiscountAmount,
    deliveryFeeAmount: price.deliveryFee,
    deliveryFee: delivery.zone.deliveryFee,
    freeDeliveryFrom: delivery.zone.freeDeliveryFrom,
    totalAmount: price.total,
    notes: input.notes || null,
    deliveryAddress: delivery.address,
    deliveryCity: delivery.city.name,
    deliveryCountry: delivery.country.name,
    deliveryPhone: delivery.phone,
    zoneName: delivery.zone.name,
    // docs/rules/people.md#delivery-addresses: the order's own copy.
    deliveryLandmark: delivery.landmark,
    deliverySecondPhone: delivery.secondPhone,
    deliveryLatitude: delivery.latitude,
    deliveryLongitude: delivery.longitude,
    customerName: user.displayName,
    // payments (docs/rules/money.md#payments)
    paymentMethod: plan.payment.method,
    paymentWallet: plan.payment.wallet,
    // docs/rules/pickup.md: collected at a shop, with a random 4-digit code (decision 0074).
    fulfilment: input.fulfilment,
    shopId: delivery.shopId,
    pickupCode: input.fulfilment === 'pickup' ? String(randomInt(0, 10_000)).padStart(4, '0') : null,
  }
  const items = orderLineValues(lines, price.lineTotals)
  const v = values
  const wanted = wantedPerProduct(lines)
  const wantedJson = JSON.stringify([...wanted.values()])
  const stockDayOf = (productId: number) => {
    const w = wanted.get(productId)!
    return w.limited ? w.day : null
  }
  const itemsJson = JSON.stringify(
    items.map((it) => ({
      product_id: it.productId,
      product_name: it.productName,
      unit_price: it.unitPrice,
      unit_type: it.unitType,
      quantity: it.quantity,
      total_price: it.totalPrice,
      stock_day: stockDayOf(it.productId),
      preparation_id: it.preparationId,
      preparation_name: it.preparationName,
      preparation_price: it.preparationPrice,
    })),
  )
  const slot = { id: input.slot?.id ?? null, date: input.slot?.date ?? null }
  const saveLabel = input.saveAddress?.label ?? null
  const [row] = await executeNamed<{
    id: number
    status: OrderStatus
    paymentStatus: PaymentStatus
    pointsEarned: number
    needsConfirmation: boolean
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
    with wanted as (
      -- What the lines ask of each product, on its country's day.
      select * from json_to_recordset(${wantedJson}::json) as w(product_id int, qty numeric, day date, limited boolean)
    ), todays_sales as (
      -- Today's sales of the products with a daily quantity, locked in product order.
      select s.product_id, s.sold from product_daily_sales s join wanted w on w.product_id = s.product_id and w.day = s.day
      where w.limited
      order by s.product_id
      for update of s
    ), in_stock as (
      -- Every product still on sale today, with room for what its lines ask.
      select coalesce(bool_and(not etal_sold_out(p, w.day, coalesce(t.sold, 0))
          and coalesce(etal_stock_left(p, coalesce(t.sold, 0)) >= w.qty, true)), true) as ok
      from wanted w join products p on p.id = w.product_id left join todays_sales t on t.product_id = w.product_id
    ), buyer as (
      -- The user's row, locked, while the account is as priced and every product has room.
      select id from users
      where id = ${user.id} and coalesce(custom_discount_percent, 0) = ${discountPercent ?? 0}::numeric
        and loyalty_points >= ${price.pointsUsed}::int and (select ok from in_stock)
      for update
    ), open_slot as (
      -- The slot, still the city's, active and open; its instants on the day in its country's zone.
      select ds.id, ds.capacity, sc.time_zone as tz,
        (${slot.date}::date + ds.starts_at) at time zone sc.time_zone as starts_at,
        (${slot.date}::date + ds.ends_at) at time zone sc.time_zone as ends_at
      from delivery_slots ds join cities sci on sci.id = ds.city_id join countries sc on sc.id = sci.country_id
      where ds.id = ${slot.id}::int and ds.city_id = ${v.cityId}::int and ds.is_active
        and ds.shop_id is not distinct from ${v.shopId}::int
        and etal_slot_open(ds, ${slot.date}::date, sc.time_zone, ${SLOT_DAYS_OFFERED}::int)
    ), slot_booking as (
      -- One place, only while the slot has room: a concurrent checkout waits on the row and
      -- sees its booking (decision 0025).
      insert into delivery_slot_bookings as bk (slot_id, day, booked)
      select open_slot.id, ${slot.date}::date, 1 from open_slot, buyer
      on conflict (slot_id, day) do update set booked = bk.booked + 1
        where bk.booked < (select open_slot.capacity from open_slot)
      returning slot_id
    ), new_order as (
      insert into orders (user_id, country_id, city_id, zone_id, subtotal_amount, discount_percent, discount_amount, points_used,
        point_value, points_discount_amount, delivery_fee_amount, delivery_fee, free_delivery_from, total_amount, notes, delivery_address, delivery_city, delivery_country, delivery_phone,
        zone_name, customer_name, slot_id, slot_date, slot_starts_at, slot_ends_at, slot_time_zone,
        payment_method, payment_wallet, delivery_landmark, delivery_second_phone, delivery_latitude, delivery_longitude,
        coupon_code, coupon_discount, fulfilment, shop_id, pickup_code, needs_confirmation,
        credit_used, amount_paid, payment_status)
      select buyer.id, ${v.countryId}::int, ${v.cityId}::int, ${v.zoneId}::int, ${v.subtotalAmount}::int, ${v.discountPercent}::numeric,
        ${v.discountAmount}::int, ${v.pointsUsed}::int, ${v.pointValue}::int, ${v.pointsDiscountAmount}::int, ${v.deliveryFeeAmount}::int, ${v.deliveryFee}::int, ${v.freeDeliveryFrom}::int, ${v.totalAmount}::int,
        ${v.notes}::text, ${v.deliveryAddress}::text, ${v.deliveryCity}::text, ${v.deliveryCountry}::text, ${v.deliveryPhone}::text,
        ${v.zoneName}::text, ${v.customerName}::text, open_slot.id, case when open_slot.id is null then null else ${slot.date}::date end,
        open_slot.starts_at, open_slot.ends_at, open_slot.tz,
        ${v.paymentMethod}::payment_method, ${v.paymentWallet}::text,
        ${v.deliveryLandmark}::text, ${v.deliverySecondPhone}::text, ${v.deliveryLatitude}::numeric, ${v.deliveryLongitude}::numeric,
        ${v.couponCode}::text, ${v.couponDiscount}::int, ${v.fulfilment}::fulfilment, ${v.shopId}::int, ${v.pickupCode}::text,
        ${needsConfirmationSql(v)},
        ${creditUsed}::int, ${creditUsed}::int, ${creditCovers ? 'paid' : 'pending'}::payment_status
      from buyer left join open_slot on true
      where ${slot.id}::int is null or exists (select 1 from slot_booking)
      returning id, status, payment_status, points_earned, needs_confirmation, delivery_driver_id, created_at, updated_at,
        slot_id, slot_date::text, slot_starts_at, slot_ends_at, slot_time_zone
    ), new_lines as (
      insert into order_items (order_id, product_id, product_name, unit_price, unit_type, quantity, total_price, stock_day,
        preparation_id, preparation_name, preparation_price)
      select new_order.id, x.product_id, x.product_name, x.unit_price, x.unit_type::unit_type, x.quantity, x.total_price, x.stock_day,
        x.preparation_id, x.preparation_name, x.preparation_price
      from new_order cross join json_to_recordset(${itemsJson}::json)
        as x(product_id int, product_name text, unit_price int, unit_type text, quantity numeric, total_price int, stock_day date,
          preparation_id int, preparation_name text, preparation_price int)
      returning id
    ), created_event as (
      ${createdEventInsert(user.id)}
      returning id, created_at
    ), received_message as (
      ${receivedMessageInsert(user.id)}
    ), confirm_message as (
      -- docs/rules/confirmation.md#confirmation: the link to confirm, by SMS to the delivery phone.
      ${confirmLinkMessageInsert(v.deliveryPhone)}
    )${paymentWrites(plan.payment)}, idempotency_key as (
      insert into idempotency_keys (user_id, key, order_id) select ${user.id}::int, ${key ?? null}::text, new_order.id from new_order
      where ${key ?? null}::text is not null
    ), points_debit as (
      update users set loyalty_points = loyalty_points - ${price.pointsUsed}::int
      where id = ${user.id} and ${price.pointsUsed}::int > 0 and exists (select 1 from new_order)
    ), points_ledger as (
      insert into loyalty_transactions (user_id, order_id, transaction_type, points, description)
      select ${user.id}::int, new_order.id, 'redeemed', -${price.pointsUsed}::int, 'Points utilisés pour la commande #' || new_order.id from new_order
      where ${price.pointsUsed}::int > 0
    ), coupon_counted as (
      -- docs/rules/commerce.md#coupons: the budget used, on the row this transaction locked.
      update coupons set uses_count = uses_count + 1, amount_spent = amount_spent + ${v.couponDiscount}::int, updated_at = now()
      where id = ${coupon?.id ?? null}::int and exists (select 1 from new_order)
    ), coupon_use as (
      insert into coupon_uses (coupon_id, order_id, user_id, client_phone, amount)
      select ${coupon?.id ?? null}::int, new_order.id, ${user.id}::int, ${coupon?.phone ?? null}::text, ${v.couponDiscount}::int
      from new_order where ${coupon?.id ?? null}::int is not null
    ), credit_taken as (
      -- docs/rules/store-credit.md#spending: the balance's row is this transaction's (held before).
      update store_credit_balances set balance = balance - ${creditUsed}::int, updated_at = now()
      where user_id = ${user.id} and country_id = ${v.countryId}::int and ${creditUsed}::int > 0
        and exists (select 1 from new_order)
      returning balance
    ), credit_entry as (
      insert into store_credit_entries (user_id, country_id, amount, kind, order_id, actor_id, reason, balance_after)
      select ${user.id}::int, ${v.countryId}::int, -${creditUsed}::int, 'spent', new_order.id, ${user.id}::int,
        'Utilisé pour la commande #' || new_order.id, credit_taken.balance
      from new_order, credit_taken
    ), address_used as (
      -- docs/rules/people.md#delivery-addresses: the saved address used is the last used now.
      update delivery_addresses set last_used_at = now()
      where id = ${delivery.addressId}::int and user_id = ${user.id} and exists (select 1 from new_order)
    ), address_saved as (
      -- "Enregistrer cette adresse": the typed address joins the account's (limit checked before).
      insert into delivery_addresses (user_id, label, city_id, zone_id, address, landmark, second_phone, latitude, longitude, last_used_at)
      select ${user.id}::int, ${saveLabel}::text, ${v.cityId}::int, ${v.zoneId}::int, ${v.deliveryAddress}::text,
        ${v.deliveryLandmark}::text, ${v.deliverySecondPhone}::text, ${v.deliveryLatitude}::numeric, ${v.deliveryLongitude}::numeric, now()
      from new_order where ${saveLabel}::text is not null
    ), stock_drawn as (
      update product_daily_sales s set sold = s.sold + w.qty
      from new_order, wanted w
      where w.limited and s.product_id = w.product_id and s.day = w.day
      returning s.product_id
    )
    select o.id, o.status, o.payment_status as "paymentStatus", o.points_earned as "pointsEarned",
      o.needs_confirmation as "needsConfirmation",
      o.delivery_driver_id as "deliveryDriverId", o.created_at as "createdAt", o.updated_at as "updatedAt",
      o.slot_id as "slotId", o.slot_date as "slotDate", o.slot_starts_at as "slotStartsAt", o.slot_ends_at as "slotEndsAt",
      o.slot_time_zone as "slotTimeZone",
      (select json_agg(l.id order by l.id) from new_lines l) as "itemIds", e.id as "eventId", e.created_at as "eventAt",
      (select count(*) from stock_drawn)::int as "drawn"
    from new_order o, created_event e`,
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
      // docs/rules/orders.md#weigh-in: a new order is not weighed yet.
      orderedTotalAmount: null,
      weighApproval: null,
      weighWish: null,
      cancelReason: null,
      // docs/rules/confirmation.md#confirmation: decided by the statement, not confirmed yet.
      needsConfirmation: Boolean(row.needsConfirmation),
      confirmedAt: null,
      confirmedBy: null,
      confirmedById: null,
      // docs/rules/money.md#partly-paid: nothing is paid at checkout but the store credit spent.
      amountPaid: creditUsed,
      creditUsed,
      pickupCodeAttempts: 0,
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
  // A new order has received nothing: no refund (docs/rules/money-told.md#refunds-told).
  return {
    // The client's own answer: its collection code (docs/rules/pickup.md#the-code).
    order: { ...listed, pickupCode: values.pickupCode, events: [created], refunds: [] } satisfies OrderAnswer,
    drewStock: Number(row.drawn) > 0,
  }
}
