import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countries, doorRefusals, orders } from '../../src/server/db/schema'
import {
  createOrder,
  createProduct,
  decode,
  deliveryIn,
  get,
  post,
  postOrder,
  signedIn,
  statusChange,
} from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

// docs/rules/confirmation.md: an order paid at the door from a phone refused before, or above the
// country's amount, waits for its client's confirmation before preparation; a driver's refusal at
// the door counts against the delivery phone.

type Answer = {
  order: { id: number; status: string; needsConfirmation: boolean; confirmedBy: string | null }
}
let t: TestApp
let client: Awaited<ReturnType<typeof signedIn>>
let staff: Awaited<ReturnType<typeof signedIn>>
let driver: Awaited<ReturnType<typeof signedIn>>
let productId: number
beforeAll(async () => {
  t = await createTestApp()
  client = await signedIn(t, 'client', 'SN')
  staff = await signedIn(t, 'admin', 'SN')
  driver = await signedIn(t, 'delivery_driver', 'SN')
  productId = (await createProduct(t.db, { unitType: 'unit', pricePerUnit: 6000, minQuantity: 1 })).id
})
afterAll(() => t.close())

const TO_CONFIRM = 'Commande à confirmer par le client avant la préparation.'
const order = async (phone: string, quantity = 1, paymentMethod?: string) => {
  const res = await postOrder(
    t,
    {
      ...(await deliveryIn(t.db, 'SN')),
      deliveryPhone: phone,
      items: [{ productId, quantity }],
      ...(paymentMethod && { paymentMethod }),
    },
    client.cookie,
  )
  expect(res.statusCode, res.body).toBe(201)
  return decode<Answer>(res.body).order
}
const toStatus = (orderId: number, status: string, from?: string) =>
  post(t, '/_api/admin/orders/update-status', statusChange(orderId, status, from), staff.cookie)
const setConfirmAbove = (amount: number | null) =>
  t.db.update(countries).set({ confirmAbove: amount }).where(eq(countries.code, 'SN'))
const record = async (orderId: number) =>
  decode<{ phone: string; delivered: number; refused: number }>(
    (await get(t, `/_api/admin/orders/phone-record?orderId=${orderId}`, staff.cookie)).body,
  )

describe('confirmation before preparation', () => {
  it('an order above the country’s amount, paid at the door, goes into preparation only once confirmed by phone', async () => {
    await setConfirmAbove(10_000)
    const risky = await order('+221 77 500 00 01', 2)
    expect(risky.needsConfirmation).toBe(true)
    const refused = await toStatus(risky.id, 'in_preparation', 'pending')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toBe(TO_CONFIRM)
    expect((await t.db.select().from(orders).where(eq(orders.id, risky.id)))[0]!.status).toBe('pending')
    // Not even straight to delivery; cancelling stays open.
    expect((await toStatus(risky.id, 'in_delivery', 'pending')).statusCode).toBe(409)

    const confirmed = await post(
      t,
      '/_api/admin/orders/confirm-by-phone',
      { orderId: risky.id },
      staff.cookie,
    )
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(decode<Answer>(confirmed.body).order.confirmedBy).toBe('phone')
    const again = await post(t, '/_api/admin/orders/confirm-by-phone', { orderId: risky.id }, staff.cookie)
    expect(again.statusCode).toBe(409)
    expect(again.json().error).toBe('Cette commande est déjà confirmée.')
    expect((await toStatus(risky.id, 'in_preparation', 'pending')).statusCode).toBe(200)
    await setConfirmAbove(null)
  })

  it('a cash order below the amount from a phone never refused goes into preparation at once', async () => {
    await setConfirmAbove(10_000)
    const plain = await order('+221 77 500 00 02', 1)
    expect(plain.needsConfirmation).toBe(false)
    expect((await toStatus(plain.id, 'in_preparation', 'pending')).statusCode).toBe(200)
    const nothingToConfirm = await post(
      t,
      '/_api/admin/orders/confirm-by-phone',
      { orderId: plain.id },
      staff.cookie,
    )
    expect(nothingToConfirm.statusCode).toBe(409)
    expect(nothingToConfirm.json().error).toBe('Cette commande n’attend pas de confirmation du client.')
    await setConfirmAbove(null)
  })

  it('a driver’s refusal at the door cancels the order, counts for the phone, and makes its next cash order risky', async () => {
    const phone = '+221 77 500 00 03'
    const first = await order(phone)
    expect(first.needsConfirmation).toBe(false)
    await t.db
      .update(orders)
      .set({ status: 'in_delivery', deliveryDriverId: driver.user.id })
      .where(eq(orders.id, first.id))

    const noReason = await post(t, '/_api/delivery/refuse', { orderId: first.id }, driver.cookie)
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().fieldErrors.reason).toContain('Choisissez la raison du refus.')
    const other = await signedIn(t, 'delivery_driver', 'SN')
    expect(
      (await post(t, '/_api/delivery/refuse', { orderId: first.id, reason: 'absent' }, other.cookie))
        .statusCode,
    ).toBe(404)

    const res = await post(
      t,
      '/_api/delivery/refuse',
      { orderId: first.id, reason: 'refused', note: 'A dit ne rien avoir commandé' },
      driver.cookie,
    )
    expect(res.statusCode, res.body).toBe(200)
    const cancelled = decode<{ order: { status: string; cancelReason: string } }>(res.body).order
    expect(cancelled.status).toBe('cancelled')
    expect(cancelled.cancelReason).toBe(
      'Refusée à la porte : Le client a refusé la commande (A dit ne rien avoir commandé)',
    )
    const rows = await t.db.select().from(doorRefusals).where(eq(doorRefusals.orderId, first.id))
    expect(rows.map((r) => [r.phone, r.reason, r.driverId])).toEqual([
      ['+221 77 500 00 03', 'refused', driver.user.id],
    ])
    // Twice: the order is no longer in delivery.
    expect(
      (await post(t, '/_api/delivery/refuse', { orderId: first.id, reason: 'absent' }, driver.cookie))
        .statusCode,
    ).toBe(409)

    const next = await order(phone)
    expect(next.needsConfirmation).toBe(true)
    expect((await toStatus(next.id, 'in_preparation', 'pending')).json().error).toBe(TO_CONFIRM)
    expect(await record(next.id)).toEqual({ phone: '+221 77 500 00 03', delivered: 0, refused: 1 })

    // The same phone's delivered orders are counted too.
    await createOrder(t.db, { user: client.user, status: 'delivered' }).then((o) =>
      t.db.update(orders).set({ deliveryPhone: '+221 77 500 00 03' }).where(eq(orders.id, o.id)),
    )
    expect(await record(next.id)).toEqual({ phone: '+221 77 500 00 03', delivered: 1, refused: 1 })
  })
})

describe('the country’s confirmation amount', () => {
  it('root sets and clears it on the country; a bad amount is a French 400 that changes nothing', async () => {
    const root = await signedIn(t, 'root', 'SN')
    const [sn] = await t.db.select().from(countries).where(eq(countries.code, 'SN'))
    const update = (confirmAbove: unknown, cookie = root.cookie) =>
      post(t, '/_api/admin/countries/update', { id: sn!.id, confirmAbove }, cookie)
    const set = await update('25 000')
    expect(set.statusCode, set.body).toBe(200)
    expect(decode<{ country: { confirmAbove: number } }>(set.body).country.confirmAbove).toBe(25_000)
    for (const bad of ['-5', 'beaucoup', 1.5]) {
      const res = await update(bad)
      expect(res.statusCode).toBe(400)
      expect(res.json().fieldErrors.confirmAbove).toContain(
        'Le montant doit être un nombre entier positif (ou vide).',
      )
    }
    expect((await update(1000, staff.cookie)).statusCode).toBe(403)
    const [after] = await t.db.select().from(countries).where(eq(countries.id, sn!.id))
    expect(after!.confirmAbove).toBe(25_000)
    expect(decode<{ country: { confirmAbove: null } }>((await update('')).body).country.confirmAbove).toBe(
      null,
    )
  })
})
