import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loyaltyTransactions, orderItems, orders, users } from '../../src/server/db/schema'
import { priceOrder } from '../../src/shared/domain/pricing'
import { repriceWeighed } from '../../src/shared/domain/weighin'
import { formatMoney } from '../../src/shared/format'
import { createOrder, createUser, decode, get, grantPoints, post, signedIn, statusChange } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

// docs/rules/orders.md#weigh-in: staff weigh the kg lines of an order in preparation; the order is
// priced again; beyond the tolerance it waits for the client; nothing leaves unweighed.

type Item = {
  id: number
  productName: string
  unitType: string
  quantity: number
  unitPrice: number
  weighedQuantity: number | null
  totalPrice: number
}
type Order = {
  id: number
  status: string
  subtotalAmount: number
  totalAmount: number
  orderedTotalAmount: number | null
  weighApproval: string | null
  pointsUsed: number
  deliveryFeeAmount: number
  items: Item[]
  events: { type: string; fromValue: string | null; toValue: string | null; actorId: number | null }[]
}

let t: TestApp
const cookies = {} as Record<'root' | 'super_admin' | 'admin' | 'adminMl' | 'driver', string>
let staff: { user: { id: number }; cookie: string }
beforeAll(async () => {
  t = await createTestApp()
  staff = await signedIn(t, 'admin', 'SN')
  cookies.admin = staff.cookie
  cookies.root = (await signedIn(t, 'root', 'SN')).cookie
  cookies.super_admin = (await signedIn(t, 'super_admin', 'SN')).cookie
  cookies.adminMl = (await signedIn(t, 'admin', 'ML')).cookie
  cookies.driver = (await signedIn(t, 'delivery_driver', 'SN')).cookie
})
afterAll(() => t.close())

/** A client of its own (signed in) and an order in preparation: Gigot 1,5 kg at 5 000 F, 2 merguez at 2 000 F. */
async function placed(
  opts: { pointsUsed?: number; points?: number; status?: 'pending' | 'in_preparation' } = {},
) {
  const c = await signedIn(t, 'client', 'SN')
  if (opts.points) await grantPoints(t.db, c.user.id, opts.points)
  const o = await createOrder(t.db, {
    user: { id: c.user.id, displayName: 'Awa Ndiaye', countryId: c.user.countryId },
    status: opts.status ?? 'in_preparation',
    pointsUsed: opts.pointsUsed,
    lines: [
      { price: 5000, quantity: 1.5, name: "Gigot d'agneau" },
      { price: 2000, quantity: 2, unitType: 'unit', name: 'Merguez' },
    ],
  })
  const items = await t.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, o.id))
    .orderBy(orderItems.id)
  return { client: c, order: o, kg: items[0]!, unit: items[1]! }
}

const weigh = (orderId: number, lines: unknown, cookie = cookies.admin) =>
  post(t, '/_api/admin/orders/weigh', { orderId, lines }, cookie)
const setStatus = (orderId: number, status: string, cookie = cookies.admin) =>
  post(t, '/_api/admin/orders/update-status', statusChange(orderId, status), cookie)
/** The client's answer to the total it read: by default the order's current one. */
const answer = async (orderId: number, decision: string, cookie: string, total?: number) =>
  post(
    t,
    '/_api/orders/weigh-answer',
    { orderId, decision, total: total ?? (await row(orderId)).totalAmount },
    cookie,
  )
/** Staff note an agreement given by phone to the total they read out: by default the current one. */
const phoneAgreement = async (orderId: number, cookie: string, total?: number) =>
  post(
    t,
    '/_api/admin/orders/record-agreement',
    { orderId, total: total ?? (await row(orderId)).totalAmount },
    cookie,
  )
const body = (res: { body: string }) => decode<{ order: Order }>(res.body).order
const row = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!

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

describe('beyond the tolerance: the client’s agreement', () => {
  async function overTolerance() {
    const p = await placed()
    const o = body(await weigh(p.order.id, [{ itemId: p.kg.id, weighedQuantity: 2.5 }]))
    expect(o).toMatchObject({ totalAmount: 16_500, orderedTotalAmount: 11_500, weighApproval: 'awaiting' })
    expect(o.events.at(-1)).toMatchObject({ type: 'approval', toValue: 'awaiting' })
    const gate = await setStatus(p.order.id, 'in_delivery')
    expect(gate.statusCode).toBe(409)
    expect(gate.json().error).toBe(
      'La commande ne peut pas partir en livraison. Le montant pesé dépasse la tolérance : il attend l’accord du client.',
    )
    return p
  }

  it('the client accepts on its order: the order may leave', async () => {
    const { order, client } = await overTolerance()
    const res = await answer(order.id, 'accept', client.cookie)
    expect(res.statusCode).toBe(200)
    expect(body(res)).toMatchObject({ weighApproval: 'accepted', totalAmount: 16_500 })
    expect(body(res).events.at(-1)).toMatchObject({
      type: 'approval',
      fromValue: 'awaiting',
      toValue: 'accepted',
      actorId: client.user.id,
    })
    expect((await answer(order.id, 'refuse', client.cookie)).statusCode).toBe(409)
    expect((await setStatus(order.id, 'in_delivery')).statusCode).toBe(200)
  })

  it('the client refuses: the order stays in preparation, blocked, until staff weigh again or cancel', async () => {
    const { order, kg, client } = await overTolerance()
    expect(body(await answer(order.id, 'refuse', client.cookie))).toMatchObject({
      status: 'in_preparation',
      weighApproval: 'refused',
    })
    const gate = await setStatus(order.id, 'in_delivery')
    expect(gate.statusCode).toBe(409)
    expect(gate.json().error).toContain('Le client a refusé le montant pesé')
    const again = body(await weigh(order.id, [{ itemId: kg.id, weighedQuantity: 1.55 }]))
    expect(again).toMatchObject({ totalAmount: 11_750, weighApproval: null })
    expect((await setStatus(order.id, 'in_delivery')).statusCode).toBe(200)
  })

  it('staff record an agreement given by phone (after a refusal too); who recorded it is in the history', async () => {
    const { order, client } = await overTolerance()
    await answer(order.id, 'refuse', client.cookie)
    const res = await phoneAgreement(order.id, cookies.admin)
    expect(res.statusCode).toBe(200)
    expect(body(res)).toMatchObject({ weighApproval: 'accepted' })
    expect(body(res).events.at(-1)).toMatchObject({
      type: 'approval',
      fromValue: 'refused',
      toValue: 'phone',
      actorId: staff.user.id,
    })
    expect((await phoneAgreement(order.id, cookies.admin)).statusCode).toBe(409)
    expect((await phoneAgreement(order.id, cookies.adminMl)).statusCode).toBe(404)
    expect((await setStatus(order.id, 'in_delivery')).statusCode).toBe(200)
  })

  it('only the order’s own client answers (others 404); a bad answer 400; nothing to answer 409', async () => {
    const { order } = await overTolerance()
    const stranger = await signedIn(t, 'client', 'SN')
    expect((await answer(order.id, 'accept', stranger.cookie)).statusCode).toBe(404)
    expect((await answer(order.id, 'accept', cookies.admin)).statusCode).toBe(403)
    const p = await placed()
    const bad = await answer(p.order.id, 'peut-être', p.client.cookie)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toBe('Réponse invalide : accepter ou refuser.')
    const none = await answer(p.order.id, 'accept', p.client.cookie)
    expect(none.statusCode).toBe(409)
    expect(none.json().error).toBe('Cette commande n’attend pas d’accord sur un montant pesé.')
  })
})

describe('an answer is bound to the total it answers (docs/security/outside-attack.md item 1)', () => {
  // Staff weigh 1,8 kg: the client reads 13 000 F. Staff weigh again, 6 kg: 34 000 F. The
  // client's click on the first amount must not accept the second.
  async function weighedTwice() {
    const p = await placed()
    const first = body(await weigh(p.order.id, [{ itemId: p.kg.id, weighedQuantity: 1.8 }]))
    expect(first).toMatchObject({ totalAmount: 13_000, weighApproval: 'awaiting' })
    const second = body(await weigh(p.order.id, [{ itemId: p.kg.id, weighedQuantity: 6 }]))
    expect(second).toMatchObject({ totalAmount: 34_000, weighApproval: 'awaiting' })
    return p
  }
  const changed = (total: string, ending: string) =>
    `Le montant a changé : la commande a été pesée à nouveau et son total est maintenant de ${total} (et non ${formatMoney(13_000)}). ${ending}`

  it('the client’s answer to an earlier total is 409 with the new total to read; nothing changes; the new total can be answered', async () => {
    const { order, client } = await weighedTwice()
    for (const decision of ['accept', 'refuse']) {
      const res = await answer(order.id, decision, client.cookie, 13_000)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({
        code: 'WEIGHED_TOTAL_CHANGED',
        error: changed(formatMoney(34_000), 'Lisez ce nouveau montant avant de répondre.'),
      })
    }
    expect(await row(order.id)).toMatchObject({ weighApproval: 'awaiting', totalAmount: 34_000 })
    expect((await setStatus(order.id, 'in_delivery')).statusCode).toBe(409)
    const ok = await answer(order.id, 'accept', client.cookie, 34_000)
    expect(ok.statusCode).toBe(200)
    expect(body(ok)).toMatchObject({ weighApproval: 'accepted', totalAmount: 34_000 })
    expect((await setStatus(order.id, 'in_delivery')).statusCode).toBe(200)
  })

  it('a phone agreement recorded by staff names the total too: 409 for an earlier one', async () => {
    const { order } = await weighedTwice()
    const res = await phoneAgreement(order.id, cookies.admin, 13_000)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      code: 'WEIGHED_TOTAL_CHANGED',
      error: changed(formatMoney(34_000), 'Lisez ce nouveau montant au client avant de noter son accord.'),
    })
    expect((await row(order.id)).weighApproval).toBe('awaiting')
    expect(body(await phoneAgreement(order.id, cookies.admin, 34_000))).toMatchObject({
      weighApproval: 'accepted',
    })
  })

  it('an answer without its total, or with a total that is no amount, is 400 in French', async () => {
    const { order, client } = await weighedTwice()
    const message = 'Le montant auquel vous répondez est requis (en francs CFA) : rechargez la commande.'
    for (const total of [undefined, -1, 12.5, '34000', null]) {
      const res = await post(
        t,
        '/_api/orders/weigh-answer',
        { orderId: order.id, decision: 'accept', total },
        client.cookie,
      )
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toBe(message)
      const phone = await post(
        t,
        '/_api/admin/orders/record-agreement',
        { orderId: order.id, total },
        cookies.admin,
      )
      expect(phone.statusCode).toBe(400)
      expect(phone.json().error).toBe(message)
    }
    expect((await row(order.id)).weighApproval).toBe('awaiting')
  })
})

describe('the tolerance setting', () => {
  it('root reads and sets it; the next weighing uses it; others 403; bad values 400', async () => {
    const read = await get(t, '/_api/admin/settings', cookies.root)
    expect(
      decode<{ settings: { weighTolerancePercent: number } }>(read.body).settings.weighTolerancePercent,
    ).toBe(10)
    for (const bad of [-1, 51, 2.5, '10']) {
      const res = await post(t, '/_api/admin/settings/update', { weighTolerancePercent: bad }, cookies.root)
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toBe('La tolérance doit être un nombre entier de 0 à 50\u00a0%.')
    }
    expect(
      (await post(t, '/_api/admin/settings/update', { weighTolerancePercent: 3 }, cookies.super_admin))
        .statusCode,
    ).toBe(403)
    expect((await get(t, '/_api/admin/settings', cookies.admin)).statusCode).toBe(403)
    try {
      const res = await post(t, '/_api/admin/settings/update', { weighTolerancePercent: 3 }, cookies.root)
      expect(res.statusCode).toBe(200)
      // +5.2 %: within 10 %, beyond 3 %.
      const { order, kg } = await placed()
      expect(body(await weigh(order.id, [{ itemId: kg.id, weighedQuantity: 1.62 }])).weighApproval).toBe(
        'awaiting',
      )
    } finally {
      await post(t, '/_api/admin/settings/update', { weighTolerancePercent: 10 }, cookies.root)
    }
  })
})
