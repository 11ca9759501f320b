import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { loyaltyTransactions, orderItems, orders, users } from '../../src/server/db/schema'
import { priceOrder } from '../../src/shared/domain/pricing'
import { repriceWeighed } from '../../src/shared/domain/weighin'
import { createOrder, createUser, post } from '../factories'
import { t, cookies, staff, placed, weigh, setStatus, body, row, useWeighinApp } from './weighin-setup'

// docs/rules/orders.md#weigh-in: staff weigh the kg lines of an order in preparation; the order is
// priced again; nothing leaves unweighed. Beyond the tolerance: weighin-agreement.test.ts.
useWeighinApp()

describe('POST /_api/admin/orders/weigh', () => {
  it('within the tolerance: the line keeps its ordered quantity, its total and the order follow the weight', async () => {
    const { order, kg } = await placed()
    expect(order.totalAmount).toBe(11_500)
    const res = await weigh(order.id, [{ itemId: kg.id, weighedQuantity: 1.62 }])
    expect(res.statusCode).toBe(200)
    const o = body(res)
    expect(o).toMatchObject({
      subtotalAmount: 12_100,
      totalAmount: 12_100,
      orderedTotalAmount: 11_500,
      weighApproval: null,
    })
    expect(o.items[0]).toMatchObject({ quantity: 1.5, weighedQuantity: 1.62, totalPrice: 8100 })
    expect(o.items[1]).toMatchObject({ quantity: 2, weighedQuantity: null, totalPrice: 4000 })
    expect(o.events.slice(-2)).toEqual([
      expect.objectContaining({
        type: 'weighing',
        fromValue: "Gigot d'agneau|1.5",
        toValue: '1.62',
        actorId: staff.user.id,
      }),
      expect.objectContaining({ type: 'total', fromValue: '11500', toValue: '12100' }),
    ])
    // Weighed within the tolerance: it may leave for delivery.
    expect((await setStatus(order.id, 'in_delivery')).statusCode).toBe(200)
  })

  it('weighing again before delivery: the last weight wins, each one in the history; the ordered total stays', async () => {
    const { order, kg } = await placed()
    await weigh(order.id, [{ itemId: kg.id, weighedQuantity: 1.62 }])
    const o = body(await weigh(order.id, [{ itemId: kg.id, weighedQuantity: 1.4 }]))
    expect(o).toMatchObject({ totalAmount: 11_000, orderedTotalAmount: 11_500 })
    expect(o.items[0]).toMatchObject({ weighedQuantity: 1.4, totalPrice: 7000 })
    expect(o.events.filter((e) => e.type === 'weighing').map((e) => [e.fromValue, e.toValue])).toEqual([
      ["Gigot d'agneau|1.5", '1.62'],
      ["Gigot d'agneau|1.62", '1.4'],
    ])
  })

  it('reprices with the order’s own delivery terms: the fee goes once the weighed subtotal reaches the threshold', async () => {
    const { order, kg } = await placed()
    await t.db
      .update(orders)
      .set({ deliveryFee: 1000, freeDeliveryFrom: 12_000, deliveryFeeAmount: 1000, totalAmount: 12_500 })
      .where(eq(orders.id, order.id))
    const o = body(await weigh(order.id, [{ itemId: kg.id, weighedQuantity: 1.62 }]))
    expect(o).toMatchObject({ subtotalAmount: 12_100, deliveryFeeAmount: 0, totalAmount: 12_100 })
    const back = body(await weigh(order.id, [{ itemId: kg.id, weighedQuantity: 1.5 }]))
    expect(back).toMatchObject({ subtotalAmount: 11_500, deliveryFeeAmount: 1000, totalAmount: 12_500 })
  })

  it('equals priceOrder of the weighed lines with the order’s stored terms', async () => {
    const { order, kg } = await placed()
    const o = body(await weigh(order.id, [{ itemId: kg.id, weighedQuantity: 1.337 }]))
    const r = await row(order.id)
    const price = repriceWeighed(r, o.items)
    expect(o.totalAmount).toBe(price.total)
    expect(o.items.map((i) => i.totalPrice)).toEqual(price.lineTotals)
  })

  it('gives back, through the ledger, the points above what the lighter order can take', async () => {
    const { order, kg, client } = await placed({ points: 12_000, pointsUsed: 11_000 })
    expect(order.totalAmount).toBe(500)
    const o = body(await weigh(order.id, [{ itemId: kg.id, weighedQuantity: 1 }]))
    // Subtotal 9 000 F: at most 9 000 points; 2 000 go back.
    expect(o).toMatchObject({ subtotalAmount: 9000, pointsUsed: 9000, totalAmount: 0 })
    const [u] = await t.db.select().from(users).where(eq(users.id, client.user.id))
    expect(u!.loyaltyPoints).toBe(3000)
    const [ledger] = await t.db
      .select({ n: sql<number>`sum(${loyaltyTransactions.points})::int` })
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.userId, client.user.id))
    expect(ledger!.n).toBe(3000)
    const back = await t.db
      .select()
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.orderId, order.id))
    expect(back.map((m) => [m.transactionType, m.points])).toEqual([
      ['redeemed', -11_000],
      ['redeemed', 2000],
    ])
    // Cancelling gives back only what the order still holds.
    await setStatus(order.id, 'cancelled')
    const [after] = await t.db.select().from(users).where(eq(users.id, client.user.id))
    expect(after!.loyaltyPoints).toBe(12_000)
  })

  it('answers 400 for bad quantities, a unit line or another order’s line, and changes nothing', async () => {
    const { order, kg, unit } = await placed()
    const other = await placed()
    const cases: [unknown, string][] = [
      [[{ itemId: kg.id, weighedQuantity: 0 }], 'Le poids pesé doit être un nombre de kilos supérieur à 0.'],
      [[{ itemId: kg.id, weighedQuantity: -1 }], 'Le poids pesé doit être un nombre de kilos supérieur à 0.'],
      [
        [{ itemId: kg.id, weighedQuantity: '1,5' }],
        'Le poids pesé doit être un nombre de kilos supérieur à 0.',
      ],
      [[{ itemId: kg.id, weighedQuantity: 1001 }], 'Le poids pesé ne peut pas dépasser 1000 kg.'],
      [
        [{ itemId: kg.id, weighedQuantity: 1.2345 }],
        'Le poids pesé se note au gramme près (3 décimales au plus).',
      ],
      [[], 'Indiquez au moins un poids.'],
      [
        [
          { itemId: kg.id, weighedQuantity: 1 },
          { itemId: kg.id, weighedQuantity: 2 },
        ],
        'Chaque article ne se pèse qu’une fois par envoi.',
      ],
      [
        [{ itemId: unit.id, weighedQuantity: 2 }],
        '« Merguez » se vend à l’unité : seuls les articles au kilo se pèsent.',
      ],
      [[{ itemId: other.kg.id, weighedQuantity: 2 }], 'Cet article n’appartient pas à cette commande.'],
    ]
    for (const [lines, message] of cases) {
      const res = await weigh(order.id, lines)
      expect(res.statusCode, JSON.stringify(lines)).toBe(400)
      expect(res.json().error).toBe(message)
    }
    expect(await row(order.id)).toMatchObject({ totalAmount: 11_500, orderedTotalAmount: null })
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, kg.id))
    expect(item!.weighedQuantity).toBeNull()
  })

  it('refuses an order that is not (or no longer) in preparation: 409', async () => {
    const pending = await placed({ status: 'pending' })
    const res = await weigh(pending.order.id, [{ itemId: pending.kg.id, weighedQuantity: 1.5 }])
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toBe(
      'Seule une commande en préparation se pèse : son statut a changé entre-temps.',
    )
    const { order, kg } = await placed()
    await setStatus(order.id, 'cancelled')
    expect((await weigh(order.id, [{ itemId: kg.id, weighedQuantity: 1.5 }])).statusCode).toBe(409)
  })

  it('a weighing and a status change of one order run one after the other', async () => {
    const { order, kg } = await placed()
    const [w, s] = await Promise.all([
      weigh(order.id, [{ itemId: kg.id, weighedQuantity: 1.6 }]),
      setStatus(order.id, 'cancelled'),
    ])
    expect(s.statusCode).toBe(200)
    expect([200, 409]).toContain(w.statusCode)
    expect((await row(order.id)).status).toBe('cancelled')
  })

  it('another country’s staff 404, driver and client 403, signed out 401; root and super_admin reach it', async () => {
    const { order, kg, client } = await placed()
    const lines = [{ itemId: kg.id, weighedQuantity: 1.5 }]
    expect((await weigh(order.id, lines, cookies.adminMl)).statusCode).toBe(404)
    expect((await weigh(order.id, lines, cookies.driver)).statusCode).toBe(403)
    expect((await weigh(order.id, lines, client.cookie)).statusCode).toBe(403)
    expect((await post(t, '/_api/admin/orders/weigh', { orderId: order.id, lines })).statusCode).toBe(401)
    expect((await weigh(order.id, lines, cookies.super_admin)).statusCode).toBe(200)
    expect((await weigh(order.id, lines, cookies.root)).statusCode).toBe(200)
  })
})

describe('repricing, as a property', () => {
  it('stores priceOrder of the weighed lines with the order’s own terms, and keeps the ledger equal to the balance', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6000 }).map((g) => g / 1000),
        fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
        fc.integer({ min: 0, max: 9000 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
        async (weight, discountPercent, pointsUsed, fee, freeFrom) => {
          const { order, kg, client } = await placed({ points: pointsUsed, pointsUsed })
          // The order's stored terms, as checkout would have priced it.
          const at = priceOrder(
            [
              { unitPrice: 5000, quantity: 1.5 },
              { unitPrice: 2000, quantity: 2 },
            ],
            discountPercent,
            pointsUsed,
            1,
            { fee, freeFrom },
          )
          await t.db
            .update(orders)
            .set({
              discountPercent,
              discountAmount: at.discountAmount,
              deliveryFee: fee,
              freeDeliveryFrom: freeFrom,
              deliveryFeeAmount: at.deliveryFee,
              totalAmount: at.total,
            })
            .where(eq(orders.id, order.id))
          const res = await weigh(order.id, [{ itemId: kg.id, weighedQuantity: weight }])
          expect(res.statusCode, res.body).toBe(200)
          const o = body(res)
          const want = priceOrder(
            [
              { unitPrice: 5000, quantity: weight },
              { unitPrice: 2000, quantity: 2 },
            ],
            discountPercent,
            pointsUsed,
            1,
            { fee, freeFrom },
          )
          expect(o).toMatchObject({
            subtotalAmount: want.subtotal,
            pointsUsed: want.pointsUsed,
            deliveryFeeAmount: want.deliveryFee,
            totalAmount: want.total,
            orderedTotalAmount: at.total,
          })
          expect(o.items.map((i) => i.totalPrice)).toEqual(want.lineTotals)
          const [u] = await t.db.select().from(users).where(eq(users.id, client.user.id))
          expect(u!.loyaltyPoints).toBe(pointsUsed - want.pointsUsed)
        },
      ),
      { numRuns: 12 },
    )
  })
})

describe('the gate before delivery', () => {
  it('refuses in_delivery and delivered while a kg line is unweighed: 409 in French, nothing changes', async () => {
    const { order } = await placed()
    for (const to of ['in_delivery', 'delivered']) {
      const res = await setStatus(order.id, to)
      expect(res.statusCode).toBe(409)
      expect(res.json().error).toBe(
        "La commande ne peut pas partir en livraison. Pesée manquante (Gigot d'agneau) : pesez chaque article vendu au kilo avant la livraison.",
      )
    }
    expect((await row(order.id)).status).toBe('in_preparation')
  })

  it('lets an order of unit lines only go, and other statuses than delivery always', async () => {
    const c = await createUser(t.db, { country: 'SN' })
    const o = await createOrder(t.db, {
      user: c,
      status: 'in_preparation',
      lines: [{ price: 1500, quantity: 3, unitType: 'unit' }],
    })
    expect((await setStatus(o.id, 'in_delivery')).statusCode).toBe(200)
    const { order } = await placed()
    expect((await setStatus(order.id, 'pending')).statusCode).toBe(200)
  })
})
