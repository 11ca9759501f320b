import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrder, createUser, decode, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * docs/rules/money.md#partly-paid and #drivers-cash: a rest collected the same day as its order's
 * short delivery is in what the driver holds and hands over, and the day's report counts the
 * order's amount due once: no écart when the client paid everything and the driver handed it all
 * over.
 */
type Row = {
  driverId: number
  deliveries: number
  amountDue: number
  collected: number
  handedOver: number
  ecart: number
  collectionGap: number
  closing: number
  balance: number
}

let t: TestApp
let admin: string
let client: Awaited<ReturnType<typeof createUser>>

beforeAll(async () => {
  t = await createTestApp()
  admin = (await signedIn(t, 'admin', 'SN')).cookie
  client = await createUser(t.db, { country: 'SN' })
})
afterAll(() => t.close())

const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
  const r = await res
  expect(r.statusCode, r.body).toBe(200)
  return r
}
const rowOf = async (driverId: number) => {
  const res = await ok(get(t, '/_api/admin/cash/report', admin))
  const report = decode<{ drivers: Row[]; totals: Omit<Row, 'driverId' | 'balance'> }>(res.body)
  return { row: report.drivers.find((d) => d.driverId === driverId)!, totals: report.totals }
}
/** The driver delivers a 10 000 F order and takes 9 000 F, saying why. */
async function shortDelivery(driver: Awaited<ReturnType<typeof signedIn>>) {
  const o = await createOrder(t.db, {
    user: client,
    status: 'in_delivery',
    driverId: driver.user.id,
    lines: [{ price: 10_000, quantity: 1, unitType: 'unit' }],
  })
  await ok(
    post(
      t,
      '/_api/delivery/confirm',
      { orderId: o.id, cashCollected: 9_000, cashReason: 'Le client paiera le reste' },
      driver.cookie,
    ),
  )
  return o
}

describe('a rest collected the same day in the daily cash report', () => {
  it('leaves no écart once the driver collected it and handed everything over', async () => {
    const driver = await signedIn(t, 'delivery_driver', 'SN')
    const o = await shortDelivery(driver)
    await ok(post(t, '/_api/delivery/collect-rest', { orderId: o.id }, driver.cookie))
    // The driver holds the whole order, rest included, and hands it all over.
    expect((await rowOf(driver.user.id)).row).toMatchObject({ balance: 10_000, closing: 10_000 })
    await ok(post(t, '/_api/admin/cash/handover', { driverId: driver.user.id, amount: 10_000 }, admin))
    const { row } = await rowOf(driver.user.id)
    expect(row).toMatchObject({
      deliveries: 1,
      amountDue: 10_000,
      collected: 10_000,
      handedOver: 10_000,
      collectionGap: 0,
      ecart: 0,
      closing: 0,
      balance: 0,
    })
  })

  it('counts a rest paid in parts once, and what is still owed as the only gap', async () => {
    const driver = await signedIn(t, 'delivery_driver', 'SN')
    const o = await shortDelivery(driver)
    await ok(post(t, '/_api/admin/orders/collect-rest', { orderId: o.id, amount: 400 }, admin))
    let { row } = await rowOf(driver.user.id)
    // 9 400 of 10 000 paid: 600 still owed by the client, not 600 more than the delivery's gap.
    expect(row).toMatchObject({ deliveries: 1, amountDue: 10_000, collected: 9_400, ecart: -600 })
    await ok(post(t, '/_api/admin/orders/collect-rest', { orderId: o.id }, admin))
    ;({ row } = await rowOf(driver.user.id))
    expect(row).toMatchObject({ amountDue: 10_000, collected: 10_000, collectionGap: 0, ecart: 0 })
    // A handover short of what it holds is still the driver's écart.
    await ok(post(t, '/_api/admin/cash/handover', { driverId: driver.user.id, amount: 9_500 }, admin))
    ;({ row } = await rowOf(driver.user.id))
    expect(row).toMatchObject({ handedOver: 9_500, collectionGap: 0, ecart: -500, balance: 500 })
  })
})
