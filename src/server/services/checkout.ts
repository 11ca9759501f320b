import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import { priceOrder } from '../../shared/domain/pricing'
import { isValidQuantityStep } from '../../shared/domain/units'
import { formatQuantity } from '../../shared/format'
import type { SessionUser } from '../../shared/schemas/auth'
import type { createOrderInput } from '../../shared/schemas/checkout'
import type { z } from '../../shared/schemas/zod'
import type { Db, Executor } from '../db/client'
import { cities, idempotencyKeys, orderEvents, orderItems, orders, products, zones } from '../db/schema'
import { badRequest, conflict, notFound } from '../http/errors'
import { lockUser, movePoints } from './loyalty'
import { loadOrder } from './orders'
import { findCountryByName } from './users'

export type CreateOrder = z.output<typeof createOrderInput>

/** Country, city and zone of the delivery: all active, nested in each other, the user's own country. */
async function resolveDelivery(db: Executor, user: SessionUser, input: CreateOrder) {
  if (user.countryId == null) throw badRequest("Pays de l'utilisateur non défini")
  const country = await findCountryByName(db, input.deliveryCountry)
  if (!country || !country.isActive) throw field('deliveryCountry', 'Pays sélectionné introuvable')
  if (country.id !== user.countryId) throw field('deliveryCountry', 'Vous ne pouvez commander que dans votre pays.')
  const [city] = await db
    .select({ id: cities.id, name: cities.name, isActive: cities.isActive })
    .from(cities)
    .where(and(eq(cities.countryId, country.id), eq(sql`lower(${cities.name})`, input.deliveryCity.toLowerCase())))
    .limit(1)
  if (!city || !city.isActive) throw field('deliveryCity', 'Ville sélectionnée introuvable')
  const [zone] = await db.select().from(zones).where(eq(zones.id, input.zoneId)).limit(1)
  if (!zone || !zone.isActive) throw field('zoneId', 'Zone de livraison introuvable ou inactive.')
  if (zone.cityId !== city.id) throw field('zoneId', "La zone choisie n'appartient pas à la ville indiquée.")
  return { country, city, zone }
}

/** Each line's product, checked: orderable, of the user's country, a valid quantity. */
async function resolveLines(db: Executor, user: SessionUser, input: CreateOrder) {
  const rows = await db
    .select()
    .from(products)
    .where(inArray(products.id, input.items.map((i) => i.productId)))
  const byId = new Map(rows.map((p) => [p.id, p]))
  return input.items.map(({ productId, quantity }, i) => {
    const p = byId.get(productId)
    const key = `items.${i}`
    if (!p || !p.isActive || p.archivedAt) throw field(`${key}.productId`, `Le produit #${productId} n'est pas disponible.`)
    if (p.countryId !== user.countryId) {
      throw field(`${key}.productId`, `Le produit « ${p.name} » n'est pas disponible dans votre pays.`)
    }
    if (!isValidQuantityStep(quantity, p.unitType)) {
      const rule = p.unitType === 'kg' ? 'un multiple de 0,5 kg' : 'un nombre entier'
      throw field(`${key}.quantity`, `La quantité de « ${p.name} » doit être ${rule}.`)
    }
    if (quantity < p.minQuantity - 1e-9) {
      throw field(`${key}.quantity`, `La quantité minimale pour « ${p.name} » est de ${formatQuantity(p.minQuantity, p.unitType)}.`)
    }
    return { product: p, quantity }
  })
}

function field(name: string, message: string) {
  return badRequest(message, { [name]: [message] })
}

async function existingOrderId(db: Executor, userId: number, key: string) {
  const [row] = await db
    .select({ orderId: idempotencyKeys.orderId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1)
  return row
}

/**
 * Prices and writes an order (DECISIONS.md "Money and pricing", "Loyalty points"): order, items,
 * 'created' event and points debit in one transaction. With an idempotency key, the same key
 * of the same user answers the order it first created, however many requests race: the user's
 * row is locked first, so a concurrent twin waits for it and then finds the key's order.
 */
export async function placeOrder(
  db: Db,
  user: SessionUser,
  input: CreateOrder,
  opts: { idempotencyKey?: string; pointValue: number },
) {
  const key = opts.idempotencyKey
  if (key) {
    const done = await existingOrderId(db, user.id, key)
    if (done?.orderId) return { order: await mustLoad(db, done.orderId), created: false }
  }
  const delivery = await resolveDelivery(db, user, input)
  const lines = await resolveLines(db, user, input)

  const result = await db.transaction(async (tx) => {
    // The user's row first: every checkout of one user then runs one after the other. Claiming
    // the key before it deadlocked: the key's foreign key share-locks the user row, and two
    // checkouts holding that share both waited to upgrade it (issue 7, tests/api/races.test.ts).
    const account = await lockUser(tx, user.id)
    if (!account) throw notFound()
    if (key) {
      const claimed = await tx.insert(idempotencyKeys).values({ userId: user.id, key }).onConflictDoNothing().returning()
      if (claimed.length === 0) {
        const twin = await existingOrderId(tx, user.id, key)
        if (!twin?.orderId) throw conflict('Cette commande est déjà en cours de traitement.')
        return { orderId: twin.orderId, created: false }
      }
    }
    if (input.pointsToUse > account.loyaltyPoints) {
      throw field('pointsToUse', "Vous n'avez pas assez de points de fidélité.")
    }
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
      .returning({ id: orders.id })
    const orderId = order!.id
    await tx.insert(orderItems).values(
      lines.map((l, i) => ({
        orderId,
        productId: l.product.id,
        productName: l.product.name,
        unitPrice: l.product.pricePerUnit,
        unitType: l.product.unitType,
        quantity: l.quantity,
        totalPrice: price.lineTotals[i]!,
      })),
    )
    await tx.insert(orderEvents).values({ orderId, actorId: user.id, type: 'created', toValue: 'pending' })
    await movePoints(tx, {
      userId: user.id,
      orderId,
      type: 'redeemed',
      points: -price.pointsUsed,
      description: `Points utilisés pour la commande #${orderId}`,
    })
    if (key) {
      await tx
        .update(idempotencyKeys)
        .set({ orderId })
        .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)))
    }
    return { orderId, created: true }
  })
  return { order: await mustLoad(db, result.orderId), created: result.created }
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
