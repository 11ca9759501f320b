import { and, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  orderItems,
  orders,
  preparations,
  productPreparations,
  products,
  users,
  zones,
} from '../../src/server/db/schema'
import { movePoints } from '../../src/server/services/money/loyalty'
import { countryByCode, createProduct, decode, deliveryIn, get, postOrder, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

const POINT_VALUE = 2
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ LOYALTY_POINT_VALUE: String(POINT_VALUE) })
})
afterAll(() => t.close())

/** docs/rules/money.md#pricing, written out again here rather than imported. */
function expected(
  lines: { price: number; quantity: number }[],
  percent: number | null,
  pointsToUse: number,
  terms: { fee: number; freeFrom: number | null },
) {
  const subtotal = lines.reduce((sum, l) => sum + Math.round(l.price * l.quantity), 0)
  const discount = percent && percent > 0 ? Math.round((subtotal * percent) / 100) : 0
  const worth = Math.floor(Math.max(0, subtotal - discount) / POINT_VALUE)
  const pointsUsed = Math.min(pointsToUse, worth)
  // The fee is paid in full unless the subtotal reaches the free-delivery threshold; the discount
  // and the points never pay for it (docs/rules/delivery.md#delivery-fees).
  const fee = terms.freeFrom != null && subtotal >= terms.freeFrom ? 0 : terms.fee
  const total = Math.max(0, subtotal - discount - pointsUsed * POINT_VALUE) + fee
  return { subtotal, discount, pointsUsed, fee, total }
}

const line = fc.record({
  price: fc.integer({ min: 1, max: 250_000 }),
  unitType: fc.constantFrom('kg' as const, 'unit' as const),
  steps: fc.integer({ min: 1, max: 60 }),
  // docs/rules/orders.md#preparations: a preparation asked for, free or priced per unit; or none.
  preparation: fc.option(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50_000 }))),
})

describe('the stored total (property)', () => {
  it(`values a point at LOYALTY_POINT_VALUE (${POINT_VALUE} here)`, async () => {
    const c = await signedIn(t, 'client', 'SN')
    await movePoints(t.db, { userId: c.user.id, type: 'bonus', points: 100, description: 'Bienvenue' })
    const p = await createProduct(t.db, { pricePerUnit: 2000, unitType: 'unit', minQuantity: 1 })
    const res = await postOrder(
      t,
      { ...(await deliveryIn(t.db, 'SN')), items: [{ productId: p.id, quantity: 1 }], pointsToUse: 100 },
      c.cookie,
    )
    expect(decode<{ order: object }>(res.body).order).toMatchObject({
      pointsUsed: 100,
      pointValue: 2,
      pointsDiscountAmount: 200,
      totalAmount: 1800,
    })
    const dashboard = decode<{ pointValueInCfa: number; loyaltyPoints: number }>(
      (await get(t, '/_api/dashboard/client', c.cookie)).body,
    )
    expect(dashboard).toMatchObject({ pointValueInCfa: 2, loyaltyPoints: 0 })
  })

  it('always equals subtotal − discount − points + the zone’s fee, each rounded as the rules say', async () => {
    const client = await signedIn(t, 'client', 'SN')
    const delivery = await deliveryIn(t.db, 'SN')
    const senegal = await countryByCode(t.db, 'SN')
    const [cut] = await t.db
      .select()
      .from(preparations)
      .where(and(eq(preparations.countryId, senegal.id), eq(preparations.name, 'Découpé en morceaux')))
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 5 }),
        fc.option(fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100)),
        fc.integer({ min: 0, max: 40_000 }),
        fc.integer({ min: 0, max: 40_000 }),
        fc.record({
          fee: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5_000 })),
          freeFrom: fc.option(fc.integer({ min: 0, max: 2_000_000 })),
        }),
        async (lines, percent, balance, wanted, terms) => {
          const pointsToUse = Math.min(balance, wanted)
          await t.db
            .update(zones)
            .set({ deliveryFee: terms.fee, freeDeliveryFrom: terms.freeFrom })
            .where(eq(zones.id, delivery.zoneId))
          await t.db
            .update(users)
            .set({ customDiscountPercent: percent, loyaltyPoints: 0 })
            .where(eq(users.id, client.user.id))
          await movePoints(t.db, {
            userId: client.user.id,
            type: 'bonus',
            points: balance,
            description: 'test',
          })
          const rows = await t.db
            .insert(products)
            .values(
              lines.map((l, i) => ({
                name: `P${i}`,
                pricePerUnit: l.price,
                unitType: l.unitType,
                minQuantity: l.unitType === 'kg' ? 0.5 : 1,
                countryId: senegal.id,
                isActive: true,
              })),
            )
            .returning()
          const offered = rows.flatMap((p, i) =>
            lines[i]!.preparation == null
              ? []
              : [{ productId: p.id, preparationId: cut!.id, price: lines[i]!.preparation! }],
          )
          if (offered.length > 0) await t.db.insert(productPreparations).values(offered)
          // The preparation's price is per unit of the product: the line's unit price is the sum.
          const priced = lines.map((l) => ({
            price: l.price + (l.preparation ?? 0),
            quantity: l.unitType === 'kg' ? l.steps / 2 : l.steps,
          }))
          const items = rows.map((p, i) => ({
            productId: p.id,
            quantity: priced[i]!.quantity,
            ...(lines[i]!.preparation != null && { preparationId: cut!.id }),
          }))
          const res = await postOrder(t, { ...delivery, items, pointsToUse }, client.cookie)
          expect(res.statusCode, res.body).toBe(201)
          const id = decode<{ order: { id: number } }>(res.body).order.id
          const [stored] = await t.db.select().from(orders).where(eq(orders.id, id))
          const want = expected(priced, percent, pointsToUse, terms)
          expect(stored).toMatchObject({
            subtotalAmount: want.subtotal,
            discountAmount: want.discount,
            pointsUsed: want.pointsUsed,
            pointsDiscountAmount: want.pointsUsed * POINT_VALUE,
            deliveryFeeAmount: want.fee,
            deliveryFee: terms.fee,
            freeDeliveryFrom: terms.freeFrom,
            totalAmount: want.total,
          })
          const storedLines = await t.db
            .select()
            .from(orderItems)
            .where(eq(orderItems.orderId, id))
            .orderBy(orderItems.id)
          expect(storedLines.reduce((s, l) => s + l.totalPrice, 0)).toBe(want.subtotal)
          expect(storedLines.map((l) => [l.preparationName, l.preparationPrice, l.unitPrice])).toEqual(
            lines.map((l, i) => [
              l.preparation == null ? null : 'Découpé en morceaux',
              l.preparation ?? 0,
              priced[i]!.price,
            ]),
          )
          const [u] = await t.db.select().from(users).where(eq(users.id, client.user.id))
          expect(u!.loyaltyPoints).toBe(balance - want.pointsUsed)
        },
      ),
      { numRuns: 60 },
    )
  })
})
