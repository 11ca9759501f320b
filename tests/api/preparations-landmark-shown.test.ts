import { and, eq } from 'drizzle-orm'
import { parse } from 'csv-parse/sync'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { outboxMessages, preparations, users } from '../../src/server/db/schema'
import { drainOutbox, type OutboxOptions } from '../../src/server/services/messages/outbox'
import { smtpSender } from '../../src/server/services/messages/smtp'
import { gsm7Length, infobipSender } from '../../src/server/services/messages/sms'
import { startFakeSmsProvider } from '../../dev/fakes/sms'
import { BOM } from '../../src/server/services/money/reports/csv'
import { formatMoney } from '../../src/shared/format'
import {
  countryByCode,
  createProduct,
  createUser,
  decode,
  deliveryIn,
  get,
  login,
  post,
  postOrder,
  signedIn,
  statusChange,
} from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import { startSmtpInbox, type SmtpInbox } from '../setup/smtp-inbox'

/**
 * A line's preparation and the order's landmark go wherever the order is told or shown
 * (docs/rules/orders.md#preparations, #messages; docs/rules/people.md#delivery-addresses): the
 * e-smtp.mails (read from a real SMTP server in this process), the order-received SMS (the fake
 * provider's inbox), the staff orders CSV, and the driver's card (GET /_api/dashboard/delivery,
 * what the driver's page draws). Each assertion fails if the preparation or the landmark is
 * dropped on the way.
 */
type DriverOrder = {
  id: number
  deliveryLandmark: string | null
  deliveryLatitude: number | null
  deliveryLongitude: number | null
  items: { productName: string; preparationName: string | null; weighedQuantity: number | null }[]
}

let t: TestApp
let smtp: SmtpInbox
let sms: Awaited<ReturnType<typeof startFakeSmsProvider>>
let staff: string

const outbox = (): OutboxOptions => ({
  sender: smtpSender(smtp.url),
  sms: infobipSender({ baseUrl: sms.url, apiKey: sms.apiKey, from: 'Etal' }),
  from: 'Étal <commandes@etal.example>',
  retryBaseMs: 1,
})
const drain = () => drainOutbox(t.db, outbox())

beforeAll(async () => {
  t = await createTestApp()
  smtp = await startSmtpInbox()
  sms = await startFakeSmsProvider()
  staff = (await signedIn(t, 'super_admin', 'SN')).cookie
})
afterAll(async () => {
  await smtp?.stop()
  await sms.close()
  await t.close()
})
afterEach(async () => {
  smtp.reset()
  sms.inbox.length = 0
  await t.db.delete(outboxMessages)
})

async function prep(name: string) {
  const country = await countryByCode(t.db, 'SN')
  const [row] = await t.db
    .select()
    .from(preparations)
    .where(and(eq(preparations.countryId, country.id), eq(preparations.name, name)))
  return row!.id
}

let seq = 0
/**
 * A client told by e-mail and SMS orders 1,5 kg of "Gigot" minced (+500 F/kg) at a typed address
 * with (or without) a landmark and a map point; the product's name is short so that the
 * preparation fits the order-received SMS's one segment whole.
 */
async function placeOrder(place: { landmark?: string; latitude?: number; longitude?: number } = {}) {
  seq += 1
  const client = await createUser(t.db, { role: 'client', country: 'SN', displayName: 'Awa Diop' })
  await t.db
    .update(users)
    .set({ phoneNumber: `+221 77 5${String(seq).padStart(2, '0')} 12 34`, notifyBySms: true })
    .where(eq(users.id, client.id))
  const product = await createProduct(t.db, { name: `Gigot ${seq}`, pricePerUnit: 6500, unitType: 'kg' })
  const offered = await post(
    t,
    '/_api/admin/products/update',
    {
      id: product.id,
      preparations: [
        { preparationId: await prep('Entier'), price: 0, isDefault: true },
        { preparationId: await prep('Haché'), price: 500 },
      ],
    },
    staff,
  )
  expect(offered.statusCode, offered.body).toBe(200)
  const res = await postOrder(
    t,
    {
      ...(await deliveryIn(t.db, 'SN')),
      ...(place.landmark && { deliveryLandmark: place.landmark }),
      ...(place.latitude != null && { deliveryLatitude: place.latitude, deliveryLongitude: place.longitude }),
      items: [{ productId: product.id, quantity: 1.5, preparationId: await prep('Haché') }],
    },
    await login(t, client.email),
  )
  expect(res.statusCode, res.body).toBe(201)
  const order = decode<{ order: { id: number; items: { id: number }[] } }>(res.body).order
  return { client, product, order }
}

/** In preparation, weighed at 1,62 kg (a new total, within the tolerance), out with a driver. */
async function weighAndSend(orderId: number, itemId: number) {
  expect(
    (await post(t, '/_api/admin/orders/update-status', statusChange(orderId, 'in_preparation'), staff))
      .statusCode,
  ).toBe(200)
  const weighed = await post(
    t,
    '/_api/admin/orders/weigh',
    { orderId, lines: [{ itemId, weighedQuantity: 1.62 }] },
    staff,
  )
  expect(weighed.statusCode, weighed.body).toBe(200)
  const driver = await signedIn(t, 'delivery_driver', 'SN')
  const assigned = await post(t, '/_api/assigndriver', { orderId, driverId: driver.user.id }, staff)
  expect(assigned.statusCode, assigned.body).toBe(200)
  const out = await post(t, '/_api/admin/orders/update-status', statusChange(orderId, 'in_delivery'), staff)
  expect(out.statusCode, out.body).toBe(200)
  return driver
}

const LANDMARK = 'En face de la pharmacie Keur Massar'

describe('the preparation and the landmark in the messages', () => {
  it('e-smtp.mails name the line with its preparation (received, weighed) and the landmark under the address (received, en route)', async () => {
    const { client, product, order } = await placeOrder({ landmark: LANDMARK })
    // Each e-mail is written from the order as it is when sent: the received one before the weigh-in.
    await drain()
    await weighAndSend(order.id, order.items[0]!.id)
    await drain()
    const mine = smtp.mails.filter((m) => m.to === client.email)
    const bySubject = (word: string) => mine.find((m) => m.subject.includes(word))?.text ?? ''
    const received = bySubject('reçue')
    const weighed = bySubject('pesée')
    const enRoute = bySubject('en route')
    expect(mine.map((m) => m.subject)).toEqual([
      `Étal : commande n° ${order.id} reçue`,
      `Étal : commande n° ${order.id} pesée, nouveau montant`,
      `Étal : commande n° ${order.id} en route`,
    ])
    // (6 500 + 500) × 1,5 = 10 500; weighed (6 500 + 500) × 1,62 = 11 340
    expect(received).toContain(`- ${product.name} — Haché : 1,5 kg — ${formatMoney(10_500)}`)
    expect(weighed).toContain(
      `- ${product.name} — Haché : commandé 1,5 kg — pesé 1,62 kg — ${formatMoney(11_340)}`,
    )
    // The landmark on the line under the address, where the e-mail names the address.
    expect(received).toMatch(
      /Livraison : Rue 10, porte 4, [^\n]+\.\nRepère : En face de la pharmacie Keur Massar\n/,
    )
    expect(enRoute).toMatch(/à l’adresse : Rue 10, porte 4\.\nRepère : En face de la pharmacie Keur Massar\n/)
  })

  it('an order without a landmark has no "Repère" line', async () => {
    const { client, order } = await placeOrder()
    await weighAndSend(order.id, order.items[0]!.id)
    await drain()
    const mine = smtp.mails.filter((m) => m.to === client.email)
    expect(mine).toHaveLength(3)
    for (const m of mine) expect(m.text).not.toContain('Repère')
  })

  it('the order-received SMS names the preparation, in one GSM-7 segment', async () => {
    const { product, order } = await placeOrder({ landmark: LANDMARK })
    await drain()
    expect(sms.inbox).toHaveLength(1)
    const text = sms.inbox[0]!.text
    expect(text).toContain(`commande ${order.id}`)
    expect(text).toContain(`${product.name} haché.`)
    expect(gsm7Length(text), text).not.toBeNull()
    expect(gsm7Length(text)!, text).toBeLessThanOrEqual(160)
  })
})

describe('the preparation and the landmark where staff and drivers read the order', () => {
  it('the orders CSV names the line with its preparation in "Articles"', async () => {
    const { product, order } = await placeOrder()
    const res = await get(t, `/_api/admin/orders/export?search=%23${order.id}`, staff)
    expect(res.statusCode).toBe(200)
    expect(res.body.startsWith(BOM)).toBe(true)
    const [head, ...rows] = parse(res.body.slice(1), { delimiter: ';' }) as string[][]
    const column = head!.indexOf('Articles')
    expect(column).toBeGreaterThan(-1)
    expect(rows).toHaveLength(1)
    expect(rows[0]![column]).toBe(`1,5 kg ${product.name} — Haché`)
  })

  it('the driver’s card data carries each line’s preparation, the landmark and the map point', async () => {
    const { product, order } = await placeOrder({
      landmark: LANDMARK,
      latitude: 14.7392,
      longitude: -17.4731,
    })
    const driver = await weighAndSend(order.id, order.items[0]!.id)
    const res = await get(t, '/_api/dashboard/delivery', driver.cookie)
    expect(res.statusCode, res.body).toBe(200)
    const card = decode<{ inDeliveryOrders: DriverOrder[] }>(res.body).inDeliveryOrders.find(
      (o) => o.id === order.id,
    )
    expect(card).toMatchObject({
      deliveryLandmark: LANDMARK,
      deliveryLatitude: 14.7392,
      deliveryLongitude: -17.4731,
    })
    expect(card!.items.map((i) => [i.productName, i.preparationName, i.weighedQuantity])).toEqual([
      [product.name, 'Haché', 1.62],
    ])
  })
})
