import { and, eq, inArray, sql } from 'drizzle-orm'
import { deliveryTermsOf, pointsEarnedFor, priceOrder } from '@/shared/domain/pricing'
import type { UnitType } from '@/shared/domain/units'
import { beyondTolerance, DEFAULT_WEIGH_TOLERANCE_PERCENT, repriceWeighed } from '@/shared/domain/weighin'
import { orderLineValues } from '@/server/services/orders/checkout'
import { hashPassword } from '@/server/services/people/passwords'
import type { Db, Executor } from '../db/client'
import {
  cities,
  countries,
  loyaltyTransactions,
  orderEvents,
  orderItems,
  orders,
  preparations,
  productCategories,
  productPreparations,
  products,
  secondFactors,
  users,
  zones,
  deliverySlots,
} from '../db/schema'
import { unsealedSecret } from '../services/people/two-factor'
import { seedDemoCampaigns } from './demo-campaigns'
import { demoOrderTime, seedDemoCash } from './demo-cash'
import {
  DEMO_DAILY,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  DEMO_SOLD_OUT,
  demoAccounts,
  demoOrders,
  demoPreparations,
  demoProducts,
  demoSlots,
  demoZoneTerms,
  type DemoOrder,
} from './demo-data'

type DemoLine = { product: { name: string; unitType: UnitType }; quantity: number }

/** Each line's weight: a kg line of an order past preparation weighs what was ordered. */
function weightsOf(o: DemoOrder, lines: DemoLine[]): (number | null)[] {
  let k = 0
  return lines.map((l) => {
    if (l.product.unitType !== 'kg') return null
    if (o.weighed) return o.weighed[k++] ?? null
    return o.status === 'in_delivery' || o.status === 'delivered' ? l.quantity : null
  })
}

/** The history of a demo weighing: each line, the new total, the agreement asked if needed. */
function weighEvents(
  orderId: number,
  actorId: number,
  lines: DemoLine[],
  weights: (number | null)[],
  ordered: { total: number },
  price: { total: number },
) {
  const events: (typeof orderEvents.$inferInsert)[] = lines.flatMap((l, i) =>
    weights[i] == null
      ? []
      : [
          {
            orderId,
            actorId,
            type: 'weighing' as const,
            fromValue: `${l.product.name}|${l.quantity}`,
            toValue: String(weights[i]),
          },
        ],
  )
  events.push({
    orderId,
    actorId,
    type: 'total',
    fromValue: String(ordered.total),
    toValue: String(price.total),
  })
  if (beyondTolerance(ordered.total, price.total, DEFAULT_WEIGH_TOLERANCE_PERCENT))
    events.push({ orderId, actorId, type: 'approval', fromValue: null, toValue: 'awaiting' })
  return events
}

/** Accounts, products and orders for trying the shop; skipped once the demo root exists. */
export async function seedDemo(db: Db, pointValue: number) {
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'root@etal.demo'))
  if (exists) return false
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const countryRows = await db.select().from(countries)
  const countryId = (code: string) => countryRows.find((c) => c.code === code)!.id
  const categoryRows = await db.select().from(productCategories)

  await db.transaction(async (tx) => {
    // The shop's own numbers in Senegal and Mali (docs/rules/people.md#phones): the contact and
    // confirmation pages show them.
    await tx
      .update(countries)
      .set({
        shopPhone: '+221 33 800 00 00',
        shopWhatsapp: '+221 77 800 00 00',
        // docs/rules/catalogue.md#provenance
        halalStatement: 'Toute notre viande au Sénégal est halal, abattue selon le rite musulman.',
      })
      .where(eq(countries.id, countryId('SN')))
    await tx
      .update(countries)
      .set({ shopPhone: '+223 20 22 00 00', shopWhatsapp: '+223 70 80 00 00' })
      .where(eq(countries.id, countryId('ML')))
    const accounts = await tx
      .insert(users)
      .values(
        demoAccounts.map((a) => ({
          email: a.email,
          passwordHash,
          displayName: a.displayName,
          phoneNumber: a.phone,
          city: a.city,
          countryId: countryId(a.country),
          role: a.role,
        })),
      )
      .returning()
    const byEmail = (email: string) => accounts.find((a) => a.email === email)!
    // root and super_admin sign in with a second factor (docs/rules/people.md#accounts): the
    // demo's are enrolled with the README's secret.
    await tx
      .insert(secondFactors)
      .values(
        accounts
          .filter((a) => a.role === 'root' || a.role === 'super_admin')
          .map((a) => ({ userId: a.id, secret: unsealedSecret(DEMO_TOTP_SECRET), enabledAt: new Date() })),
      )

    const productRows = await tx
      .insert(products)
      .values(
        Object.entries(demoProducts).flatMap(([code, list]) =>
          list.map(([name, category, unitType, pricePerUnit, minQuantity, description, featured]) => ({
            name,
            description,
            unitType,
            pricePerUnit,
            minQuantity,
            categoryId: categoryRows.find((c) => c.name === category)?.id ?? null,
            countryId: countryId(code),
            isActive: true,
            isFeatured: !!featured,
            // What the shop says of its meat in Senegal (docs/rules/catalogue.md#provenance).
            ...(code === 'SN' && {
              halal: true,
              origin: category === 'Bœuf' ? 'Abattoir de Dakar (SOGAS)' : null,
            }),
          })),
        ),
      )
      .returning()

    // What is in stock (docs/rules/catalogue.md#stock), in Dakar: the liver is sold out for today (the
    // country's day), the leg of mutton has a small daily quantity (3 kg, shown as what is left).
    const dakarProduct = (name: string) =>
      and(eq(products.name, name), eq(products.countryId, countryId('SN')))
    await tx
      .update(products)
      .set({
        outOfStockOn: sql`(select (now() at time zone c.time_zone)::date from countries c where c.id = ${products.countryId})`,
      })
      .where(dakarProduct(DEMO_SOLD_OUT))
    await tx.update(products).set({ dailyQuantity: 3 }).where(dakarProduct(DEMO_DAILY))
    await seedDemoPreparations(tx, productRows)

    for (const [code, demo] of Object.entries(demoOrders)) {
      const country = countryId(code)
      const countryName = countryRows.find((c) => c.code === code)!.name
      const [city] = await tx
        .select()
        .from(cities)
        .where(and(eq(cities.countryId, country), eq(cities.name, demo.city)))
      for (const z of await tx.select().from(zones).where(eq(zones.cityId, city!.id))) {
        const terms = demoZoneTerms[z.name]
        if (terms) await tx.update(zones).set(terms).where(eq(zones.id, z.id))
      }
      const cityZones = await tx.select().from(zones).where(eq(zones.cityId, city!.id))
      await tx
        .insert(deliverySlots)
        .values((demoSlots[demo.city] ?? []).map((slot) => ({ ...slot, cityId: city!.id })))
      const client = byEmail(demo.client)
      const driver = byEmail(demo.driver)
      const staff = byEmail(demo.staff)
      let balance = 0
      const deliveredOrders: { id: number; total: number; at: Date }[] = []

      for (const o of demo.orders) {
        const lines = o.lines.map(([name, quantity]) => {
          const p = productRows.find((r) => r.name === name && r.countryId === country)!
          return { product: p, quantity }
        })
        const zone = cityZones.find((z) => z.name === o.zone)!
        const ordered = priceOrder(
          lines.map((l) => ({ unitPrice: l.product.pricePerUnit, quantity: l.quantity })),
          null,
          0,
          pointValue,
          deliveryTermsOf(zone),
        )
        // docs/rules/orders.md#weigh-in: orders that left preparation were weighed as ordered; the
        // demo's weighed ones get their weights and are priced on them.
        const weights = weightsOf(o, lines)
        const price = o.weighed
          ? repriceWeighed(
              {
                discountPercent: null,
                pointsUsed: 0,
                pointValue,
                deliveryFee: zone.deliveryFee,
                freeDeliveryFrom: zone.freeDeliveryFrom,
              },
              lines.map((l, i) => ({
                unitPrice: l.product.pricePerUnit,
                quantity: l.quantity,
                weighedQuantity: weights[i]!,
              })),
            )
          : ordered
        const delivered = o.status === 'delivered'
        const createdAt = demoOrderTime(o.daysAgo)
        const [order] = await tx
          .insert(orders)
          .values({
            userId: client.id,
            countryId: country,
            cityId: city!.id,
            zoneId: zone.id,
            status: o.status,
            paymentStatus: delivered ? 'paid' : 'pending',
            amountPaid: delivered ? price.total : 0,
            subtotalAmount: price.subtotal,
            discountAmount: 0,
            pointValue,
            deliveryFeeAmount: price.deliveryFee,
            deliveryFee: zone.deliveryFee,
            freeDeliveryFrom: zone.freeDeliveryFrom,
            totalAmount: price.total,
            orderedTotalAmount: o.weighed ? ordered.total : null,
            weighApproval:
              o.weighed && beyondTolerance(ordered.total, price.total, DEFAULT_WEIGH_TOLERANCE_PERCENT)
                ? 'awaiting'
                : null,
            pointsEarned: delivered ? pointsEarnedFor(price.total) : 0,
            deliveryAddress: demo.address,
            deliveryCity: demo.city,
            deliveryCountry: countryName,
            deliveryPhone: client.phoneNumber!,
            zoneName: zone.name,
            customerName: client.displayName,
            deliveryDriverId: delivered || o.status === 'in_delivery' || o.driver ? driver.id : null,
            createdAt,
            updatedAt: createdAt,
          })
          .returning()
        await tx.insert(orderItems).values(
          orderLineValues(lines, price.lineTotals).map((line, i) => ({
            ...line,
            orderId: order!.id,
            weighedQuantity: weights[i],
          })),
        )
        await tx
          .insert(orderEvents)
          .values({ orderId: order!.id, actorId: client.id, type: 'created', toValue: 'pending', createdAt })
        if (o.status !== 'pending') {
          await tx.insert(orderEvents).values({
            orderId: order!.id,
            actorId: staff.id,
            type: 'status',
            fromValue: 'pending',
            toValue: o.status,
            createdAt,
          })
        }
        if (o.weighed)
          await tx
            .insert(orderEvents)
            .values(weighEvents(order!.id, staff.id, lines, weights, ordered, price))
        if (delivered) {
          deliveredOrders.push({ id: order!.id, total: price.total, at: createdAt })
          const points = pointsEarnedFor(price.total)
          balance += points
          await tx.insert(loyaltyTransactions).values({
            userId: client.id,
            orderId: order!.id,
            transactionType: 'earned',
            points,
            description: `Points gagnés sur la commande #${order!.id}`,
            createdAt,
          })
        }
      }
      await tx
        .update(users)
        .set({ loyaltyPoints: balance })
        .where(inArray(users.id, [client.id]))
      await seedDemoCash(
        tx,
        { countryId: country, driverId: driver.id, staffId: staff.id, code },
        deliveredOrders,
      )
    }
    // The orders still to deliver take the first slot of their city tomorrow (local day), and
    // hold their places; the instants computed in the country's zone by PostgreSQL.
    await tx.execute(sql`
      with picked as (
        select distinct on (o.id) o.id, s.id as slot_id, co.time_zone as tz, s.starts_at, s.ends_at,
          (now() at time zone co.time_zone)::date + 1 as day
        from orders o
        join delivery_slots s on s.city_id = o.city_id and s.is_active
        join countries co on co.id = o.country_id
        where o.status not in ('delivered', 'cancelled')
        order by o.id, s.starts_at
      ), placed as (
        update orders o set slot_id = p.slot_id, slot_date = p.day, slot_time_zone = p.tz,
          slot_starts_at = (p.day + p.starts_at) at time zone p.tz, slot_ends_at = (p.day + p.ends_at) at time zone p.tz
        from picked p where o.id = p.id
        returning o.slot_id, o.slot_date
      )
      insert into delivery_slot_bookings (slot_id, day, booked)
      select slot_id, slot_date, count(*)::int from placed group by slot_id, slot_date`)
  })
  await seedDemoCampaigns(db) // docs/rules/campaigns.md: Tabaski in Sénégal (demo-campaigns.ts)
  return true
}

/** What the demo products offer of their country's preparations (docs/rules/catalogue.md#preparations). */
async function seedDemoPreparations(
  tx: Executor,
  productRows: readonly { id: number; name: string; countryId: number }[],
) {
  const lists = await tx.select().from(preparations)
  const rows = productRows.flatMap((p) =>
    (demoPreparations[p.name] ?? []).flatMap(([name, price, isDefault]) => {
      const prep = lists.find((l) => l.countryId === p.countryId && l.name === name)
      return prep ? [{ productId: p.id, preparationId: prep.id, price, isDefault: !!isDefault }] : []
    }),
  )
  if (rows.length > 0) await tx.insert(productPreparations).values(rows)
}
