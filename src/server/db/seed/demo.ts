import { and, eq, inArray, sql } from 'drizzle-orm'
import type { OrderStatus } from '@/shared/domain/order-status'
import { deliveryTermsOf, pointsEarnedFor, priceOrder } from '@/shared/domain/pricing'
import type { Role } from '@/shared/domain/roles'
import type { UnitType } from '@/shared/domain/units'
import { beyondTolerance, DEFAULT_WEIGH_TOLERANCE_PERCENT, repriceWeighed } from '@/shared/domain/weighin'
import { orderLineValues } from '@/server/services/checkout'
import { hashPassword } from '@/server/services/passwords'
import type { Db, Executor } from '../client'
import {
  cashEntries,
  cities,
  countries,
  loyaltyTransactions,
  orderEvents,
  orderItems,
  orders,
  productCategories,
  products,
  users,
  zones,
  deliverySlots,
} from '../schema'

export const DEMO_PASSWORD = 'Demo-2026!'

export const demoAccounts: {
  email: string
  role: Role
  country: string
  displayName: string
  city: string
  phone: string
}[] = [
  {
    email: 'root@etal.demo',
    role: 'root',
    country: 'SN',
    displayName: 'Awa Ndiaye',
    city: 'Dakar',
    phone: '+221 77 100 00 01',
  },
  {
    email: 'superadmin@etal.demo',
    role: 'super_admin',
    country: 'SN',
    displayName: 'Moussa Diop',
    city: 'Dakar',
    phone: '+221 77 100 00 02',
  },
  {
    email: 'admin@etal.demo',
    role: 'admin',
    country: 'SN',
    displayName: 'Fatou Sow',
    city: 'Dakar',
    phone: '+221 77 100 00 03',
  },
  {
    email: 'admin.ml@etal.demo',
    role: 'admin',
    country: 'ML',
    displayName: 'Bakary Traoré',
    city: 'Bamako',
    phone: '+223 70 00 00 03',
  },
  {
    email: 'livreur@etal.demo',
    role: 'delivery_driver',
    country: 'SN',
    displayName: 'Ibrahima Fall',
    city: 'Dakar',
    phone: '+221 77 100 00 04',
  },
  {
    email: 'livreur.ml@etal.demo',
    role: 'delivery_driver',
    country: 'ML',
    displayName: 'Seydou Coulibaly',
    city: 'Bamako',
    phone: '+223 70 00 00 04',
  },
  {
    email: 'client@etal.demo',
    role: 'client',
    country: 'SN',
    displayName: 'Aminata Ba',
    city: 'Dakar',
    phone: '+221 77 100 00 05',
  },
  {
    email: 'client.ml@etal.demo',
    role: 'client',
    country: 'ML',
    displayName: 'Oumar Keïta',
    city: 'Bamako',
    phone: '+223 70 00 00 05',
  },
]

type ProductSeed = [
  name: string,
  category: string,
  unit: UnitType,
  price: number,
  min: number,
  description: string,
  featured?: boolean,
]

const demoProducts: Record<string, ProductSeed[]> = {
  SN: [
    [
      'Filet de bœuf',
      'Bœuf',
      'kg',
      9000,
      0.5,
      'Filet tendre, paré à la main, idéal pour les grillades.',
      true,
    ],
    [
      'Viande de bœuf à braiser',
      'Bœuf',
      'kg',
      5500,
      1,
      'Morceaux choisis pour le mafé et les ragoûts.',
      true,
    ],
    [
      'Gigot de mouton',
      'Mouton',
      'kg',
      6500,
      1,
      'Gigot entier de mouton du Sahel, pour la Tabaski ou le dimanche.',
      true,
    ],
    ['Côtelettes d’agneau', 'Mouton', 'kg', 7500, 0.5, 'Côtelettes fines à griller.'],
    [
      'Poulet fermier entier',
      'Volaille',
      'unit',
      4500,
      1,
      'Poulet local élevé en plein air, vidé et prêt à cuire.',
      true,
    ],
    [
      'Brochettes de bœuf (x10)',
      'Grillades',
      'unit',
      3000,
      1,
      'Dix brochettes marinées, prêtes pour le feu.',
      true,
    ],
    ['Foie de bœuf', 'Abats', 'kg', 4000, 0.5, 'Foie frais du jour.'],
    ['Viande de chèvre', 'Chèvre', 'kg', 6000, 1, 'Viande de chèvre pour le dibi.'],
  ],
  ML: [
    ['Viande de bœuf avec os', 'Bœuf', 'kg', 3800, 1, 'Pour le tô et les sauces.', true],
    ['Mouton entier', 'Mouton', 'unit', 85000, 1, 'Mouton entier, abattu et découpé à la demande.', true],
    ['Poulet bicyclette', 'Volaille', 'unit', 3500, 1, 'Poulet local, élevé au village.', true],
    ['Capitaine de bœuf (faux-filet)', 'Bœuf', 'kg', 6000, 0.5, 'Faux-filet à griller.'],
  ],
  CI: [
    ['Viande de bœuf sans os', 'Bœuf', 'kg', 4800, 1, 'Découpe maison, sans os.', true],
    [
      'Poulet braisé mariné',
      'Volaille',
      'unit',
      5000,
      1,
      'Poulet entier mariné aux épices, prêt à braiser.',
      true,
    ],
    ['Tripes de bœuf', 'Abats', 'kg', 2500, 1, 'Tripes nettoyées.'],
  ],
  CM: [
    ['Viande de bœuf', 'Bœuf', 'kg', 4200, 1, 'Pour le ndolé et les sauces.'],
    ['Soya (brochettes épicées)', 'Grillades', 'unit', 2000, 1, 'Brochettes de bœuf au piment du Cameroun.'],
  ],
}

type DemoOrder = {
  status: OrderStatus
  daysAgo: number
  lines: [product: string, quantity: number][]
  zone: string
  driver?: boolean
  /** docs/rules.md#weigh-in: the weights of its kg lines, in their order (in preparation). */
  weighed?: number[]
}

/**
 * Demo orders of each country that has staff: its client's orders, one or more in every status,
 * so that each country's admin has orders to follow and its driver orders to deliver. Delivered
 * and in-delivery orders carry the country's driver; `driver: true` assigns one to an order still
 * in preparation.
 */
const demoOrders: Record<
  string,
  { client: string; driver: string; staff: string; city: string; address: string; orders: DemoOrder[] }
> = {
  SN: {
    client: 'client@etal.demo',
    driver: 'livreur@etal.demo',
    staff: 'superadmin@etal.demo',
    city: 'Dakar',
    address: 'Rue 12 x Avenue Lamine Guèye',
    orders: [
      {
        status: 'delivered',
        daysAgo: 20,
        lines: [
          ['Filet de bœuf', 1.5],
          ['Poulet fermier entier', 2],
        ],
        zone: 'Plateau',
      },
      { status: 'delivered', daysAgo: 12, lines: [['Gigot de mouton', 2]], zone: 'Almadies' },
      {
        status: 'in_delivery',
        daysAgo: 1,
        lines: [
          ['Brochettes de bœuf (x10)', 2],
          ['Foie de bœuf', 0.5],
        ],
        zone: 'Plateau',
      },
      { status: 'in_preparation', daysAgo: 0, lines: [['Viande de bœuf à braiser', 3]], zone: 'Médina' },
      // Weighed within the tolerance (+5 %): repriced, ready to leave.
      {
        status: 'in_preparation',
        daysAgo: 0,
        lines: [
          ['Gigot de mouton', 1.5],
          ['Poulet fermier entier', 1],
        ],
        zone: 'Plateau',
        weighed: [1.62],
      },
      // Weighed beyond it (+40 %): waits for the client's agreement.
      {
        status: 'in_preparation',
        daysAgo: 0,
        lines: [['Filet de bœuf', 1]],
        zone: 'Almadies',
        weighed: [1.4],
      },
      {
        status: 'pending',
        daysAgo: 0,
        lines: [
          ['Côtelettes d’agneau', 1],
          ['Poulet fermier entier', 1],
        ],
        zone: 'Plateau',
      },
      { status: 'cancelled', daysAgo: 5, lines: [['Viande de chèvre', 2]], zone: 'Parcelles Assainies' },
      // Delivered today: the driver's cash in hand (docs/rules.md#drivers-cash).
      { status: 'delivered', daysAgo: 0, lines: [['Filet de bœuf', 1]], zone: 'Plateau' },
      { status: 'delivered', daysAgo: 0, lines: [['Gigot de mouton', 1]], zone: 'Médina' },
    ],
  },
  ML: {
    client: 'client.ml@etal.demo',
    driver: 'livreur.ml@etal.demo',
    staff: 'admin.ml@etal.demo',
    city: 'Bamako',
    address: 'Rue 310, porte 42',
    orders: [
      {
        status: 'delivered',
        daysAgo: 15,
        lines: [
          ['Viande de bœuf avec os', 3],
          ['Poulet bicyclette', 2],
        ],
        zone: 'Hamdallaye',
      },
      {
        status: 'in_delivery',
        daysAgo: 1,
        lines: [['Capitaine de bœuf (faux-filet)', 1.5]],
        zone: 'ACI 2000',
      },
      {
        status: 'in_preparation',
        daysAgo: 0,
        lines: [['Poulet bicyclette', 3]],
        zone: 'Badalabougou',
        driver: true,
      },
      { status: 'in_preparation', daysAgo: 0, lines: [['Viande de bœuf avec os', 2]], zone: 'Hamdallaye' },
      {
        status: 'pending',
        daysAgo: 0,
        lines: [
          ['Viande de bœuf avec os', 2],
          ['Poulet bicyclette', 1],
        ],
        zone: 'Kalaban Coura',
      },
      { status: 'cancelled', daysAgo: 7, lines: [['Mouton entier', 1]], zone: 'ACI 2000' },
    ],
  },
}

/** Demo stock in Sénégal (docs/rules.md#stock): sold out today, and a small daily quantity. */
export const DEMO_SOLD_OUT = 'Foie de bœuf'
export const DEMO_DAILY = 'Gigot de mouton'

/** Accounts, products and orders for trying the shop; skipped once the demo root exists. */
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

/**
 * The demo zones' delivery terms (docs/rules.md#delivery-fees): fees, a minimum, thresholds. The
 * storefront journeys order in Almadies (free from 9 000 F) and Médina (free): their totals stay.
 */
const demoZoneTerms: Record<
  string,
  { deliveryFee: number; minOrderAmount?: number; freeDeliveryFrom?: number }
> = {
  Plateau: { deliveryFee: 1000, freeDeliveryFrom: 25_000 },
  Almadies: { deliveryFee: 2000, freeDeliveryFrom: 9000 },
  Médina: { deliveryFee: 0 },
  'Parcelles Assainies': { deliveryFee: 1500, minOrderAmount: 10_000 },
  Hamdallaye: { deliveryFee: 1000 },
  'ACI 2000': { deliveryFee: 1500, freeDeliveryFrom: 30_000 },
  Badalabougou: { deliveryFee: 0 },
  'Kalaban Coura': { deliveryFee: 2000, minOrderAmount: 10_000 },
}

/** The demo cities' delivery slots, local times (docs/rules.md#delivery-slots); Sikasso has none. */
const demoSlots: Record<
  string,
  { startsAt: string; endsAt: string; capacity: number; cutoffMinutes: number }[]
> = {
  Dakar: [
    { startsAt: '10:00', endsAt: '12:00', capacity: 8, cutoffMinutes: 120 },
    { startsAt: '15:00', endsAt: '17:00', capacity: 8, cutoffMinutes: 120 },
    { startsAt: '18:00', endsAt: '20:00', capacity: 4, cutoffMinutes: 180 },
  ],
  Bamako: [
    { startsAt: '09:00', endsAt: '11:00', capacity: 6, cutoffMinutes: 120 },
    { startsAt: '16:00', endsAt: '18:00', capacity: 6, cutoffMinutes: 120 },
  ],
}

export async function seedDemo(db: Db, pointValue: number) {
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'root@etal.demo'))
  if (exists) return false
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const countryRows = await db.select().from(countries)
  const countryId = (code: string) => countryRows.find((c) => c.code === code)!.id
  const categoryRows = await db.select().from(productCategories)

  await db.transaction(async (tx) => {
    // The shop's own numbers in Senegal and Mali (docs/rules.md#phones): the contact and
    // confirmation pages show them.
    await tx
      .update(countries)
      .set({ shopPhone: '+221 33 800 00 00', shopWhatsapp: '+221 77 800 00 00' })
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
          })),
        ),
      )
      .returning()

    // What is in stock (docs/rules.md#stock), in Dakar: the liver is sold out for today (the
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
        // docs/rules.md#weigh-in: orders that left preparation were weighed as ordered; the
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
        const createdAt = new Date(Date.now() - o.daysAgo * 86_400_000 - 3_600_000)
        const [order] = await tx
          .insert(orders)
          .values({
            userId: client.id,
            countryId: country,
            cityId: city!.id,
            zoneId: zone.id,
            status: o.status,
            paymentStatus: delivered ? 'paid' : 'pending',
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
  return true
}

/**
 * The drivers' cash of the demo (docs/rules.md#drivers-cash): each delivered order's cash
 * collected by its driver 40 minutes after the order; the evening of the last delivery before
 * today, a handover of what the driver held, 500 F short in Sénégal (an écart the driver still
 * owes), exact in Mali. Sénégal's driver holds today's deliveries and the 500 F.
 */
async function seedDemoCash(
  tx: Executor,
  who: { countryId: number; driverId: number; staffId: number; code: string },
  delivered: { id: number; total: number; at: Date }[],
) {
  const startOfToday = new Date(new Date().toISOString().slice(0, 10))
  const sorted = [...delivered].sort((a, b) => a.at.getTime() - b.at.getTime())
  const lastBeforeToday = sorted.filter((o) => o.at < startOfToday).at(-1)
  let held = 0
  for (const o of sorted) {
    const at = new Date(o.at.getTime() + 40 * 60_000)
    await tx.insert(cashEntries).values({
      driverId: who.driverId,
      countryId: who.countryId,
      orderId: o.id,
      type: 'collected',
      amount: o.total,
      amountDue: o.total,
      actorId: who.driverId,
      createdAt: at,
    })
    held += o.total
    if (o === lastBeforeToday) {
      const short = who.code === 'SN' ? 500 : 0
      await tx.insert(cashEntries).values({
        driverId: who.driverId,
        countryId: who.countryId,
        type: 'handover',
        amount: -(held - short),
        heldBefore: held,
        reason: short ? 'Il manquait un billet de 500 F' : null,
        actorId: who.staffId,
        createdAt: new Date(at.getTime() + 8 * 3_600_000),
      })
      held = short
    }
  }
}
