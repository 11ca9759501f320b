import { and, eq, inArray } from 'drizzle-orm'
import type { OrderStatus } from '@/shared/domain/order-status'
import { pointsEarnedFor, priceOrder } from '@/shared/domain/pricing'
import type { Role } from '@/shared/domain/roles'
import type { UnitType } from '@/shared/domain/units'
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

/** Accounts, products and orders for trying the shop; skipped once the demo root exists. */
export async function seedDemo(db: Db, pointValue: number) {
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'root@etal.demo'))
  if (exists) return false
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const countryRows = await db.select().from(countries)
  const countryId = (code: string) => countryRows.find((c) => c.code === code)!.id
  const categoryRows = await db.select().from(productCategories)

  await db.transaction(async (tx) => {
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

    for (const [code, demo] of Object.entries(demoOrders)) {
      const country = countryId(code)
      const countryName = countryRows.find((c) => c.code === code)!.name
      const [city] = await tx
        .select()
        .from(cities)
        .where(and(eq(cities.countryId, country), eq(cities.name, demo.city)))
      const cityZones = await tx.select().from(zones).where(eq(zones.cityId, city!.id))
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
        const price = priceOrder(
          lines.map((l) => ({ unitPrice: l.product.pricePerUnit, quantity: l.quantity })),
          null,
        )
        const delivered = o.status === 'delivered'
        const createdAt = new Date(Date.now() - o.daysAgo * 86_400_000 - 3_600_000)
        const zone = cityZones.find((z) => z.name === o.zone)!
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
            totalAmount: price.total,
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
        await tx
          .insert(orderItems)
          .values(orderLineValues(lines, price.lineTotals).map((line) => ({ ...line, orderId: order!.id })))
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
