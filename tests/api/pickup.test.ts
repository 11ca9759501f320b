import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, outboxMessages, shopCashEntries } from '../../src/server/db/schema'
import {
  PICKUP_CODE_ATTEMPTS,
  PICKUP_CODE_LOCKED,
  PICKUP_NEEDS_CODE,
  PICKUP_NO_DRIVER,
} from '../../src/shared/domain/pickup'
import { createProduct, decode, deliveryIn, get, post, postOrder, signedIn, statusChange } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import { loadOrder } from '../../src/server/services/orders/orders'
import { renderMessage, type MessageFacts } from '../../src/server/services/messages/render'
import { renderOrderSms } from '../../src/server/services/messages/render-sms'
import { cityNamed } from './pickup-setup'

/*
 * Collection at the shop (docs/rules/pickup.md): shops kept by staff, the pickup checkout (no
 * delivery fee, a shop of the client's country, the shop's slots and their capacity), the code
 * shown to the client and sent in "prête", the hand-over that needs it, its attempt limit.
 */

type Order = {
  id: number
  status: string
  fulfilment: string
  shopId: number | null
  pickupCode: string | null
  pickupCodeAttempts: number
  deliveryFeeAmount: number
  totalAmount: number
  subtotalAmount: number
  paymentStatus: string
  amountPaid: number
  zoneName: string
  deliveryAddress: string
}

let t: TestApp
let root: string
let snSuper: string
let mlSuper: string
let admin: string
let client: Awaited<ReturnType<typeof signedIn>>
let product: { id: number }
let shop: { id: number; cityId: number; name: string }
let mlShop: { id: number }

const makeShop = async (cookie: string, cityId: number, over: Record<string, unknown> = {}) => {
  const res = await post(
    t,
    '/_api/admin/shops',
    { cityId, name: 'Étal Plateau', address: '12 avenue Pompidou', hours: 'Lun–sam 8:00–19:00', ...over },
    cookie,
  )
  expect(res.statusCode, res.body).toBe(201)
  return decode<{ shop: { id: number; cityId: number; countryId: number; name: string } }>(res.body).shop
}

const pickupOrder = (over: Record<string, unknown> = {}) =>
  postOrder(
    t,
    {
      items: [{ productId: product.id, quantity: 2 }],
      fulfilment: 'pickup',
      shopId: shop.id,
      deliveryPhone: '+221 77 123 45 67',
      ...over,
    },
    client.cookie,
  )

const placed = async (over: Record<string, unknown> = {}) => {
  const res = await pickupOrder(over)
  expect(res.statusCode, res.body).toBe(201)
  return decode<{ order: Order }>(res.body).order
}

const ready = async (orderId: number) => {
  const res = await post(t, '/_api/admin/orders/update-status', statusChange(orderId, 'in_delivery'), admin)
  expect(res.statusCode, res.body).toBe(200)
}

const handOver = (orderId: number, code: string, cookie = admin) =>
  post(t, '/_api/admin/pickups/hand-over', { orderId, code, payment: 'cash' }, cookie)

beforeAll(async () => {
  t = await createTestApp()
  root = (await signedIn(t, 'root', 'SN')).cookie
  snSuper = (await signedIn(t, 'super_admin', 'SN')).cookie
  mlSuper = (await signedIn(t, 'super_admin', 'ML')).cookie
  admin = (await signedIn(t, 'admin', 'SN')).cookie
  client = await signedIn(t, 'client', 'SN')
  product = await createProduct(t.db, { pricePerUnit: 3000, unitType: 'unit' })
  const dakar = await cityNamed(t, 'SN', (await deliveryIn(t.db, 'SN')).deliveryCity)
  shop = await makeShop(snSuper, dakar.id)
  const bamako = await cityNamed(t, 'ML', (await deliveryIn(t.db, 'ML')).deliveryCity)
  mlShop = await makeShop(root, bamako.id, { name: 'Étal Bamako' })
})
afterAll(() => t.close())

describe('shops', () => {
  it('a super admin keeps its own country’s shops, not another’s', async () => {
    const res = await post(
      t,
      '/_api/admin/shops/update',
      { id: mlShop.id, name: 'Autre', address: 'Rue', hours: 'Tous les jours' },
      snSuper,
    )
    expect(res.statusCode).toBe(404)
    const list = decode<{ shops: { id: number }[] }>((await get(t, '/_api/admin/shops', mlSuper)).body).shops
    expect(list.map((s) => s.id)).toEqual([mlShop.id])
  })

  it('refuses a shop without hours, in French, and writes nothing', async () => {
    const res = await post(
      t,
      '/_api/admin/shops',
      { cityId: shop.cityId, name: 'Sans horaires', address: 'Rue', hours: ' ' },
      snSuper,
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().fieldErrors.hours[0]).toMatch(/horaires/)
  })

  it('the checkout lists the city’s active shops only', async () => {
    const off = await makeShop(snSuper, shop.cityId, { name: 'Étal fermé', isActive: false })
    const list = decode<{ shops: { id: number }[] }>(
      (await get(t, `/_api/shops?cityId=${shop.cityId}`, client.cookie)).body,
    )
    expect(list.shops.map((s) => s.id)).toContain(shop.id)
    expect(list.shops.map((s) => s.id)).not.toContain(off.id)
  })
})

describe('the pickup checkout', () => {
  it('pays no delivery fee, keeps the shop and gives the client a 4-digit code', async () => {
    const order = await placed()
    expect(order.fulfilment).toBe('pickup')
    expect(order.shopId).toBe(shop.id)
    expect(order.deliveryFeeAmount).toBe(0)
    expect(order.totalAmount).toBe(order.subtotalAmount)
    expect(order.pickupCode).toMatch(/^\d{4}$/)
    expect(order.zoneName).toBe('Étal Plateau')
    expect(order.deliveryAddress).toBe('12 avenue Pompidou')
    // The client's order page shows the code; staff's answer never carries it.
    const mine = decode<{ order: Order }>(
      (await get(t, `/_api/orders/details?orderId=${order.id}`, client.cookie)).body,
    )
    expect(mine.order.pickupCode).toBe(order.pickupCode)
    const staff = decode<{ order: Order }>(
      (await get(t, `/_api/orderdetails?orderId=${order.id}`, admin)).body,
    )
    expect(staff.order.pickupCode).toBeNull()
  })

  it('refuses another country’s shop, an inactive shop, no shop, and an address with a pickup', async () => {
    const other = await pickupOrder({ shopId: mlShop.id })
    expect(other.statusCode).toBe(400)
    expect(other.json().fieldErrors.shopId[0]).toMatch(/votre pays/)
    const off = await makeShop(snSuper, shop.cityId, { name: 'Étal éteint', isActive: false })
    expect((await pickupOrder({ shopId: off.id })).statusCode).toBe(400)
    const none = await pickupOrder({ shopId: undefined })
    expect(none.json().fieldErrors.shopId[0]).toMatch(/boutique/)
    const both = await pickupOrder({ ...(await deliveryIn(t.db, 'SN')), deliveryPhone: '+221 77 123 45 67' })
    expect(both.statusCode).toBe(400)
    const count = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.shopId, off.id))
    expect(count).toEqual([])
  })

  it('takes the shop’s collection slots, within their capacity', async () => {
    const slotShop = await makeShop(snSuper, shop.cityId, { name: 'Étal Almadies' })
    const made = await post(
      t,
      '/_api/admin/slots',
      {
        cityId: shop.cityId,
        shopId: slotShop.id,
        startsAt: '23:00',
        endsAt: '23:30',
        capacity: 1,
        cutoffMinutes: 0,
      },
      snSuper,
    )
    expect(made.statusCode, made.body).toBe(201)
    const offered = decode<{ slots: { slotId: number; date: string }[] }>(
      (await get(t, `/_api/orders/slots?cityId=${shop.cityId}&shopId=${slotShop.id}`, client.cookie)).body,
    ).slots
    expect(offered.length).toBeGreaterThan(0)
    // The city's delivery slots do not list it.
    const delivery = decode<{ slots: { slotId: number }[] }>(
      (await get(t, `/_api/orders/slots?cityId=${shop.cityId}`, client.cookie)).body,
    ).slots
    expect(delivery.map((s) => s.slotId)).not.toContain(offered[0]!.slotId)
    // A shop with slots needs one.
    expect((await pickupOrder({ shopId: slotShop.id })).statusCode).toBe(400)
    const slot = { id: offered.at(-1)!.slotId, date: offered.at(-1)!.date }
    await placed({ shopId: slotShop.id, slot })
    const full = await pickupOrder({ shopId: slotShop.id, slot })
    expect(full.statusCode).toBe(409)
    // Another shop's slot is refused.
    expect((await pickupOrder({ slot })).statusCode).toBe(400)
  })
})

describe('the hand-over', () => {
  it('"prête" carries the code; the order is collected only with it, cash recorded', async () => {
    const order = await placed()
    await ready(order.id)
    const sent = await t.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, order.id))
    const prete = sent.find((m) => m.kind === 'out_for_delivery')
    expect(JSON.stringify(prete?.facts)).toContain(order.pickupCode!)
    // The e-mail and the SMS say it, with the shop.
    const loaded = (await loadOrder(t.db, order.id))!
    const mail = renderMessage('out_for_delivery', loaded, prete!.facts as MessageFacts)
    expect(mail.subject).toBe(`Étal : commande n° ${order.id} prête à retirer`)
    expect(mail.text).toContain(`Votre code de retrait : ${order.pickupCode}`)
    expect(mail.text).toContain('Étal Plateau, 12 avenue Pompidou')
    const sms = renderOrderSms('out_for_delivery', loaded, prete!.facts as MessageFacts)
    expect(sms).toContain(`Code de retrait: ${order.pickupCode}`)
    expect(sms.length).toBeLessThanOrEqual(160)
    // Listed in "À retirer", without its code.
    const list = decode<{ orders: Order[] }>((await get(t, '/_api/admin/pickups', admin)).body).orders
    expect(list.find((o) => o.id === order.id)?.pickupCode).toBeNull()
    // The generic status change cannot collect it.
    const direct = await post(
      t,
      '/_api/admin/orders/update-status',
      statusChange(order.id, 'delivered'),
      admin,
    )
    expect(direct.statusCode).toBe(409)
    expect(direct.json().error).toBe(PICKUP_NEEDS_CODE)
    const wrong = order.pickupCode === '0000' ? '1111' : '0000'
    const refused = await handOver(order.id, wrong)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().code).toBe('PICKUP_CODE_WRONG')
    const done = await handOver(order.id, order.pickupCode!)
    expect(done.statusCode, done.body).toBe(200)
    const after = decode<{ order: Order }>(done.body).order
    expect(after.status).toBe('delivered')
    expect(after.paymentStatus).toBe('paid')
    expect(after.amountPaid).toBe(order.totalAmount)
    expect((await handOver(order.id, order.pickupCode!)).statusCode).toBe(409)
  })

  it('refuses a code of the wrong form, and an order not ready', async () => {
    const order = await placed()
    expect((await handOver(order.id, '12a4')).statusCode).toBe(400)
    expect((await handOver(order.id, order.pickupCode!)).statusCode).toBe(409)
  })

  it(`locks after ${PICKUP_CODE_ATTEMPTS} wrong codes, even the right one, until a super admin reopens it`, async () => {
    const order = await placed()
    await ready(order.id)
    const wrong = order.pickupCode === '0000' ? '1111' : '0000'
    for (let i = 0; i < PICKUP_CODE_ATTEMPTS; i++)
      expect((await handOver(order.id, wrong)).statusCode).toBe(400)
    const locked = await handOver(order.id, order.pickupCode!)
    expect(locked.statusCode).toBe(409)
    expect(locked.json().error).toBe(PICKUP_CODE_LOCKED)
    expect((await post(t, '/_api/admin/pickups/reset-code', { orderId: order.id }, admin)).statusCode).toBe(
      403,
    )
    expect((await post(t, '/_api/admin/pickups/reset-code', { orderId: order.id }, snSuper)).statusCode).toBe(
      200,
    )
    expect((await handOver(order.id, order.pickupCode!)).statusCode).toBe(200)
  })

  it('another country’s staff cannot hand it over (404)', async () => {
    const order = await placed()
    await ready(order.id)
    expect((await handOver(order.id, order.pickupCode!, mlSuper)).statusCode).toBe(404)
  })
})

describe('the till', () => {
  it('cash at the counter goes into the shop’s till, the rest after store credit; the day’s report counts it', async () => {
    // 1 500 F of store credit: the order of 6 000 F owes 4 500 F at the counter.
    const grant = await post(
      t,
      '/_api/admin/users/credit',
      { userId: client.user.id, amount: 1_500, reason: 'Geste' },
      snSuper,
    )
    expect(grant.statusCode, grant.body).toBe(200)
    const order = await placed()
    expect(order.amountPaid).toBe(1_500)
    await ready(order.id)
    const code = (await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.pickupCode!
    expect((await handOver(order.id, code)).statusCode).toBe(200)
    const till = await t.db.select().from(shopCashEntries).where(eq(shopCashEntries.orderId, order.id))
    expect(till).toEqual([expect.objectContaining({ shopId: shop.id, amount: order.totalAmount - 1_500 })])
    const report = decode<{
      tills: { shopId: number; pickups: number; amount: number }[]
      uncollected: { orderId: number }[]
    }>((await get(t, '/_api/admin/cash/report', admin)).body)
    const line = report.tills.find((x) => x.shopId === shop.id)!
    expect(line.amount).toBeGreaterThanOrEqual(order.totalAmount - 1_500)
    expect(report.uncollected.map((u) => u.orderId)).not.toContain(order.id)
    // The CSV says the same, under its own heading: the shop, its hand-overs, their cash.
    const csv = (await get(t, '/_api/admin/cash/report/export', admin)).body
    const part = csv.split('\r\n\r\n').find((p) => p.startsWith('Espèces encaissées en boutique'))
    expect(part?.split('\r\n')).toEqual([
      'Espèces encaissées en boutique',
      'Boutique;Retraits;Montant',
      `${shop.name};${line.pickups};${line.amount}`,
    ])
    // Append-only, as the drivers' cash.
    const refused = (e: unknown) => String((e as { cause?: Error }).cause?.message ?? e)
    expect(refused(await t.db.delete(shopCashEntries).catch((e: unknown) => e))).toMatch(/append-only/)
  })
})

describe('no driver', () => {
  it('a pickup order takes no driver (409)', async () => {
    const order = await placed()
    const driver = await signedIn(t, 'delivery_driver', 'SN')
    const res = await post(t, '/_api/assigndriver', { orderId: order.id, driverId: driver.user.id }, admin)
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toBe(PICKUP_NO_DRIVER)
  })
})
