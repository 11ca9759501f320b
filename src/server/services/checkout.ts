import { lt, sql } from 'drizzle-orm'
import { priceOrder } from '../../shared/domain/pricing'
import { isValidQuantityStep, type UnitType } from '../../shared/domain/units'
import { formatQuantity } from '../../shared/format'
import type { SessionUser } from '../../shared/schemas/auth'
import type { createOrderInput } from '../../shared/schemas/checkout'
import type { z } from '../../shared/schemas/zod'
import type { Db, Executor } from '../db/client'
import { idempotencyKeys, orders } from '../db/schema'
import { badRequest, conflict, notFound } from '../http/errors'
import { lockUser, movePoints } from './loyalty'
import { loadOrder, shapeOrder } from './orders'

export type CreateOrder = z.output<typeof createOrderInput>

type Context = {
  existingOrderId: number | null
  country: { id: number; name: string; isActive: boolean } | null
  city: { id: number; name: string; isActive: boolean } | null
  zone: { id: number; name: string; isActive: boolean; cityId: number } | null
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
  }[]
}

/**
 * Everything a checkout checks, in one query: the order a retried key already made, the named
 * country and city, the zone, and the lines' products.
 */
async function loadContext(db: Executor, user: SessionUser, input: CreateOrder, key: string | undefined): Promise<Context> {
  const ids = `{${input.items.map((i) => i.productId).join(',')}}`
  const result = await db.execute(sql`
    select
      ${key ? sql`(select k.order_id from idempotency_keys k where k.user_id = ${user.id} and k.key = ${key})` : sql`null`} as "existingOrderId",
      case when co.id is null then null else json_build_object('id', co.id, 'name', co.name, 'isActive', co.is_active) end as country,
      case when ci.id is null then null else json_build_object('id', ci.id, 'name', ci.name, 'isActive', ci.is_active) end as city,
      case when z.id is null then null else json_build_object('id', z.id, 'name', z.name, 'isActive', z.is_active, 'cityId', z.city_id) end as zone,
      (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'isActive', p.is_active, 'archived', p.archived_at is not null,
          'countryId', p.country_id, 'unitType', p.unit_type, 'minQuantity', p.min_quantity, 'pricePerUnit', p.price_per_unit,
          'imageUrl', p.image_url)), '[]'::json)
        from products p where p.id = any(${ids}::int[])) as products
    from (select 1) as one
    left join lateral (select id, name, is_active from countries where lower(name) = ${input.deliveryCountry.trim().toLowerCase()} limit 1) co on true
    left join lateral (select id, name, is_active from cities where country_id = co.id and lower(name) = ${input.deliveryCity.toLowerCase()} limit 1) ci on true
    left join zones z on z.id = ${input.zoneId}`)
  const row = (result as unknown as { rows: Context[] }).rows[0]!
  return { ...row, existingOrderId: row.existingOrderId == null ? null : Number(row.existingOrderId) }
}

/** Country, city and zone of the delivery: all active, nested in each other, the user's own country. */
function checkDelivery(user: SessionUser, ctx: Context) {
  if (user.countryId == null) throw badRequest("Pays de l'utilisateur non défini")
  const { country, city, zone } = ctx
  if (!country || !country.isActive) throw field('deliveryCountry', 'Pays sélectionné introuvable')
  if (country.id !== user.countryId) throw field('deliveryCountry', 'Vous ne pouvez commander que dans votre pays.')
  if (!city || !city.isActive) throw field('deliveryCity', 'Ville sélectionnée introuvable')
  if (!zone || !zone.isActive) throw field('zoneId', 'Zone de livraison introuvable ou inactive.')
  if (zone.cityId !== city.id) throw field('zoneId', "La zone choisie n'appartient pas à la ville indiquée.")
  return { country, city, zone }
}

/** Each line's product, checked: orderable, of the user's country, a valid quantity. */
function checkLines(user: SessionUser, input: CreateOrder, ctx: Context) {
  const byId = new Map(ctx.products.map((p) => [p.id, p]))
  return input.items.map(({ productId, quantity }, i) => {
    const p = byId.get(productId)
    const key = `items.${i}`
    if (!p || !p.isActive || p.archived) throw field(`${key}.productId`, `Le produit #${productId} n'est pas disponible.`)
    if (p.countryId !== user.countryId) {
      throw field(`${key}.productId`, `Le produit « ${p.name} » n'est pas disponible dans votre pays.`)
    }
    if (!isValidQuantityStep(quantity, p.unitType)) {
      const rule = p.unitType === 'kg' ? 'un multiple de 0,5 kg' : 'un nombre entier'
      throw field(`${key}.quantity`, `La quantité de « ${p.name} » doit être ${rule}.`)
    }
    if (quantity < Number(p.minQuantity) - 1e-9) {
      throw field(`${key}.quantity`, `La quantité minimale pour « ${p.name} » est de ${formatQuantity(Number(p.minQuantity), p.unitType)}.`)
    }
    return { product: p, quantity }
  })
}

function field(name: string, message: string) {
  return badRequest(message, { [name]: [message] })
}

/** A twin request of the same key committed first (idempotency_keys' primary key). */
const isKeyClash = (err: unknown) => {
  const e = (err as { cause?: unknown })?.cause ?? err
  return (e as { code?: string })?.code === '23505' && /idempotency_keys/.test(String((e as { constraint?: string }).constraint ?? (e as Error).message))
}

/**
 * Prices and writes an order (DECISIONS.md "Money and pricing", "Loyalty points"): order, items,
 * 'created' event, points debit and the idempotency key in one transaction, in few statements
 * (issue 8: one read before, the user's lock, the order, the rest). The user's row is locked
 * first, so two checkouts of one user run one after the other: a retried key then finds the
 * first request's order, before (the read) or at the key's insert (its primary key clashes,
 * and the twin's order is answered).
 */
export async function placeOrder(
  db: Db,
  user: SessionUser,
  input: CreateOrder,
  opts: { idempotencyKey?: string; pointValue: number },
) {
  const key = opts.idempotencyKey
  const ctx = await loadContext(db, user, input, key)
  if (ctx.existingOrderId) return { order: await mustLoad(db, ctx.existingOrderId), created: false }
  const delivery = checkDelivery(user, ctx)
  const lines = checkLines(user, input, ctx)

  let written
  try {
    written = await db.transaction(async (tx) => {
      const account = await lockUser(tx, user.id)
      if (!account) throw notFound()
      const discountPercent = account.customDiscountPercent && account.customDiscountPercent > 0 ? account.customDiscountPercent : null
      const price = priceOrder(
        lines.map((l) => ({ unitPrice: l.product.pricePerUnit, quantity: l.quantity })),
        discountPercent,
        input.pointsToUse,
        opts.pointValue,
      )
      const [order] = await tx
        .insert(orders)
        .values({
          userId: user.id,
          countryId: delivery.country.id,
          cityId: delivery.city.id,
          zoneId: delivery.zone.id,
          subtotalAmount: price.subtotal,
          discountPercent,
          discountAmount: price.discountAmount,
          pointsUsed: price.pointsUsed,
          pointValue: opts.pointValue,
          pointsDiscountAmount: price.pointsDiscountAmount,
          totalAmount: price.total,
          notes: input.notes || null,
          deliveryAddress: input.deliveryAddress,
          deliveryCity: delivery.city.name,
          deliveryCountry: delivery.country.name,
          deliveryPhone: input.deliveryPhone,
          zoneName: delivery.zone.name,
          customerName: user.displayName,
        })
        .returning()
      const items = lines.map((l, i) => ({
        orderId: order!.id,
        productId: l.product.id,
        productName: l.product.name,
        unitPrice: l.product.pricePerUnit,
        unitType: l.product.unitType,
        quantity: l.quantity,
        totalPrice: price.lineTotals[i]!,
      }))
      // Lines, the 'created' event and the key in one statement; lines keep the order given.
      const rest = await tx.execute(sql`
        with i as (
          insert into order_items (order_id, product_id, product_name, unit_price, unit_type, quantity, total_price)
          select x.order_id, x.product_id, x.product_name, x.unit_price, x.unit_type::unit_type, x.quantity, x.total_price
          from json_to_recordset(${JSON.stringify(items.map((it) => ({ order_id: it.orderId, product_id: it.productId, product_name: it.productName, unit_price: it.unitPrice, unit_type: it.unitType, quantity: it.quantity, total_price: it.totalPrice })))}::json)
            as x(order_id int, product_id int, product_name text, unit_price int, unit_type text, quantity numeric, total_price int)
          returning id
        ), e as (
          insert into order_events (order_id, actor_id, type, to_value) values (${order!.id}, ${user.id}, 'created', 'pending')
          returning id, created_at
        ), k as (
          insert into idempotency_keys (user_id, key, order_id)
          select ${user.id}, ${key ?? null}::text, ${order!.id} where ${key ?? null}::text is not null
        )
        select (select json_agg(id order by id) from i) as "itemIds", e.id as "eventId", e.created_at as "eventAt" from e`)
      const got = (rest as unknown as { rows: { itemIds: number[]; eventId: number; eventAt: Date | string }[] }).rows[0]!
      // After the key's insert: a retried key answers its order even once the points are spent.
      if (input.pointsToUse > account.loyaltyPoints) {
        throw field('pointsToUse', "Vous n'avez pas assez de points de fidélité.")
      }
      await movePoints(tx, {
        userId: user.id,
        orderId: order!.id,
        type: 'redeemed',
        points: -price.pointsUsed,
        description: `Points utilisés pour la commande #${order!.id}`,
      })
      return {
        order: order!,
        items: items.map((it, i) => ({ item: { ...it, id: Number(got.itemIds[i]) }, imageUrl: lines[i]!.product.imageUrl })),
        event: { id: Number(got.eventId), createdAt: new Date(got.eventAt) },
      }
    })
  } catch (err) {
    if (!key || !isKeyClash(err)) throw err
    const twin = await loadContext(db, user, input, key)
    if (!twin.existingOrderId) throw conflict('Cette commande est déjà en cours de traitement.')
    return { order: await mustLoad(db, twin.existingOrderId), created: false }
  }
  // The answer from what was written: no second read.
  const order = shapeOrder({
    order: written.order,
    cityName: delivery.city.name,
    customer: { id: user.id, name: user.displayName, email: user.email, phone: user.phoneNumber },
    driver: null,
    items: written.items,
    events: [
      {
        event: { id: written.event.id, orderId: written.order.id, actorId: user.id, type: 'created', fromValue: null, toValue: 'pending', createdAt: written.event.createdAt },
        actorName: user.displayName,
      },
    ],
  })
  return { order, created: true }
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
