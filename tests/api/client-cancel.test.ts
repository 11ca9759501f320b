import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderEvents, orders } from '../../src/server/db/schema'
import { awaitingAgreement, createOrder, decode, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

// docs/rules/orders.md#client-cancel and #weigh-in: the client cancels its own pending order with a
// reason; a refused weighed total says what the client wants instead.

let t: TestApp
let client: Awaited<ReturnType<typeof signedIn>>
let staff: Awaited<ReturnType<typeof signedIn>>
beforeAll(async () => {
  t = await createTestApp()
  client = await signedIn(t, 'client', 'SN')
  staff = await signedIn(t, 'super_admin', 'SN')
})
afterAll(() => t.close())

const me = () => ({ id: client.user.id, displayName: 'Aminata Sow', countryId: client.user.countryId })
const cancel = (orderId: unknown, reason: unknown, cookie = client.cookie) =>
  post(t, '/_api/orders/cancel', { orderId, reason }, cookie)
const row = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!
const events = async (id: number) => t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))

describe('POST /_api/orders/cancel', () => {
  it('cancels a pending order with the reason, which the order page and staff read', async () => {
    const order = await createOrder(t.db, { user: me() })
    const res = await cancel(order.id, '  Je me suis trompé de quantité.  ')
    expect(res.statusCode, res.body).toBe(200)
    const { order: answer } = decode<{ order: { status: string; cancelReason: string } }>(res.body)
    expect(answer.status).toBe('cancelled')
    expect(answer.cancelReason).toBe('Je me suis trompé de quantité.')
    const saved = await row(order.id)
    expect(saved.status).toBe('cancelled')
    expect((await events(order.id)).map((e) => [e.type, e.toValue, e.actorId])).toContainEqual([
      'status',
      'cancelled',
      client.user.id,
    ])
    const staffView = decode<{ order: { status: string; cancelReason: string } }>(
      (
        await t.app.inject({
          method: 'GET',
          url: `/_api/orderdetails?orderId=${order.id}`,
          headers: { cookie: staff.cookie },
        })
      ).body,
    )
    expect(staffView.order.cancelReason).toBe('Je me suis trompé de quantité.')
  })

  it('refuses once the order is in preparation (409, in French), and writes nothing', async () => {
    for (const status of ['in_preparation', 'in_delivery', 'delivered', 'cancelled'] as const) {
      const message =
        status === 'cancelled'
          ? 'Cette commande est déjà annulée.'
          : `Votre commande est ${{ in_preparation: 'déjà en préparation', in_delivery: 'déjà en route', delivered: 'déjà livrée' }[status]} : elle ne peut plus être annulée en ligne. Contactez la boutique.`
      const order = await createOrder(t.db, { user: me(), status })
      const before = await events(order.id)
      const res = await cancel(order.id, 'Trop tard ?')
      expect(res.statusCode, status).toBe(409)
      expect(res.json()).toEqual({ error: message, code: 'CONFLICT' })
      expect((await row(order.id)).status).toBe(status)
      expect(await events(order.id)).toEqual(before)
    }
  })

  it('needs a reason (400 in French), and answers 404 for another client’s order; nothing written', async () => {
    const order = await createOrder(t.db, { user: me() })
    for (const reason of ['', '   ', undefined]) {
      const res = await cancel(order.id, reason)
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
      expect(res.json().fieldErrors.reason).toContain('Dites-nous pourquoi vous annulez votre commande.')
    }
    const other = await signedIn(t, 'client', 'SN')
    const res = await cancel(order.id, 'Pas la mienne', other.cookie)
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toBe('Commande non trouvée')
    expect((await row(order.id)).status).toBe('pending')
  })
})

describe('POST /_api/orders/weigh-answer: what the client wants instead', () => {
  it('a refusal keeps the wish, which staff read on the order; an agreement has none', async () => {
    const order = await awaitingAgreement(t.db, { user: me() })
    const [o] = await t.db.select().from(orders).where(eq(orders.id, order.id))
    const res = await post(
      t,
      '/_api/orders/weigh-answer',
      { orderId: order.id, decision: 'refuse', total: o!.totalAmount, wish: 'Je veux 1,5 kg exactement' },
      client.cookie,
    )
    expect(res.statusCode, res.body).toBe(200)
    expect((await row(order.id)).weighWish).toBe('Je veux 1,5 kg exactement')
    const staffView = decode<{ order: { weighApproval: string; weighWish: string } }>(
      (
        await t.app.inject({
          method: 'GET',
          url: `/_api/orderdetails?orderId=${order.id}`,
          headers: { cookie: staff.cookie },
        })
      ).body,
    )
    expect(staffView.order).toMatchObject({
      weighApproval: 'refused',
      weighWish: 'Je veux 1,5 kg exactement',
    })
  })

  it('a wish with an agreement is refused (400), nothing written', async () => {
    const order = await awaitingAgreement(t.db, { user: me() })
    const [o] = await t.db.select().from(orders).where(eq(orders.id, order.id))
    const res = await post(
      t,
      '/_api/orders/weigh-answer',
      { orderId: order.id, decision: 'accept', total: o!.totalAmount, wish: 'Plus gros' },
      client.cookie,
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().fieldErrors.wish).toContain('Seul un refus dit ce que vous voulez à la place.')
    expect((await row(order.id)).weighApproval).toBe('awaiting')
  })
})
