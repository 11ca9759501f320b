import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderEvents, orders } from '../../src/server/db/schema'
import { CANCELLED_MEANWHILE } from '../../src/server/services/orders/order-status'
import { createProduct, decode, deliveryIn, get, post, postOrder, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * A client cancelling while staff start preparing (docs/rules/orders.md#order-status,
 * #client-cancel): both changes lock the order's row and check it, so exactly one wins, the other
 * gets a French 409 and writes nothing, and a cancelled order never comes back by a change sent
 * before the cancel. On PGlite the two requests interleave; with TEST_DATABASE_URL (.ci/run) the
 * same file runs on PostgreSQL, where they run in parallel on two connections.
 */
let t: TestApp
let client: Awaited<ReturnType<typeof signedIn>>
let staff: string
let delivery: Awaited<ReturnType<typeof deliveryIn>>

beforeAll(async () => {
  t = await createTestApp({ API_RATE_PER_MINUTE: '1000000' })
  client = await signedIn(t, 'client', 'SN')
  staff = (await signedIn(t, 'super_admin', 'SN')).cookie
  delivery = await deliveryIn(t.db, 'SN')
}, 60_000)
afterAll(() => t?.close())

const DAILY = 100

/** A product counted by the day, so that each order's stock shows. */
async function countedProduct() {
  const p = await createProduct(t.db, { unitType: 'unit' })
  const set = await post(
    t,
    '/_api/admin/products/stock',
    { id: p.id, outOfStock: 'no', dailyQuantity: DAILY },
    staff,
  )
  expect(set.statusCode, set.body).toBe(200)
  return p
}

/** What is left of the product today, as the storefront says. */
async function left(productId: number) {
  t.deps.storefrontCache.invalidate()
  const res = await get(t, `/_api/products?countryId=${client.user.countryId}`)
  const listed = decode<{ products: { id: number; stock: { left: number | null } }[] }>(res.body).products
  return listed.find((p) => p.id === productId)!.stock.left
}

async function placeOrder(productId: number) {
  const res = await postOrder(
    t,
    { items: [{ productId, quantity: 1 }], ...delivery, pointsToUse: 0 },
    client.cookie,
  )
  expect(res.statusCode, res.body).toBe(201)
  return decode<{ order: { id: number } }>(res.body).order.id
}

const cancel = (orderId: number) =>
  post(t, '/_api/orders/cancel', { orderId, reason: 'Je me suis trompé.' }, client.cookie)
const prepare = (orderId: number, from?: 'pending') =>
  post(
    t,
    '/_api/admin/orders/update-status',
    { orderId, status: 'in_preparation', ...(from && { from }) },
    staff,
  )

async function statusEvents(orderId: number) {
  const rows = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))
  return rows.filter((e) => e.type === 'status').map((e) => e.toValue)
}

describe('a client’s cancel and staff’s preparation at once', () => {
  for (const from of ['pending', undefined] as const) {
    it(`exactly one wins, 20 rounds (staff ${from ? 'saying the status it saw' : 'saying nothing of it'})`, async () => {
      const product = await countedProduct()
      let preparing = 0
      for (let round = 0; round < 20; round++) {
        const orderId = await placeOrder(product.id)
        const [cancelled, prepared] = await Promise.all([cancel(orderId), prepare(orderId, from)])
        const codes = [cancelled.statusCode, prepared.statusCode].sort()
        expect(codes, `${cancelled.body} ${prepared.body}`).toEqual([200, 409])
        const [saved] = await t.db.select().from(orders).where(eq(orders.id, orderId))
        if (cancelled.statusCode === 200) {
          // The cancel came first: staff's change is refused, the order stays cancelled.
          expect(JSON.parse(prepared.body)).toEqual({ error: CANCELLED_MEANWHILE, code: 'CONFLICT' })
          expect(saved!.status).toBe('cancelled')
          expect(saved!.cancelReason).toBe('Je me suis trompé.')
          expect(await statusEvents(orderId)).toEqual(['cancelled'])
        } else {
          preparing += 1
          expect(JSON.parse(cancelled.body).error).toBe(
            'Votre commande est déjà en préparation : elle ne peut plus être annulée en ligne. Contactez la boutique.',
          )
          expect(saved!.status).toBe('in_preparation')
          expect(await statusEvents(orderId)).toEqual(['in_preparation'])
        }
      }
      // Stock: only the orders being prepared still hold their unit; every cancelled one gave it back.
      expect(await left(product.id)).toBe(DAILY - preparing)
    })
  }

  it('a change sent before the cancel, arriving after it, does not bring the order back', async () => {
    const product = await countedProduct()
    const orderId = await placeOrder(product.id)
    expect((await cancel(orderId)).statusCode).toBe(200)
    for (const late of [await prepare(orderId, 'pending'), await prepare(orderId)]) {
      expect(late.statusCode).toBe(409)
      expect(JSON.parse(late.body)).toEqual({ error: CANCELLED_MEANWHILE, code: 'CONFLICT' })
    }
    const [saved] = await t.db.select().from(orders).where(eq(orders.id, orderId))
    expect(saved!.status).toBe('cancelled')
    expect(await statusEvents(orderId)).toEqual(['cancelled'])
    expect(await left(product.id)).toBe(DAILY)
  })

  it('staff bring a cancelled order back only by saying it leaves "Annulée"; a stale status is refused', async () => {
    const product = await countedProduct()
    const orderId = await placeOrder(product.id)
    expect((await cancel(orderId)).statusCode).toBe(200)
    const back = await post(
      t,
      '/_api/admin/orders/update-status',
      { orderId, status: 'pending', from: 'cancelled' },
      staff,
    )
    expect(back.statusCode, back.body).toBe(200)
    expect(await left(product.id)).toBe(DAILY - 1)
    // Staff saw it pending, but another change made it "En préparation" meanwhile.
    expect((await prepare(orderId, 'pending')).statusCode).toBe(200)
    const stale = await post(
      t,
      '/_api/admin/orders/update-status',
      { orderId, status: 'in_delivery', from: 'pending' },
      staff,
    )
    expect(stale.statusCode).toBe(409)
    expect(JSON.parse(stale.body).error).toBe(
      'Le statut de cette commande a changé entre-temps (maintenant « En préparation ») : elle n’a pas été modifiée. Rouvrez-la avant de changer son statut.',
    )
  })
})
