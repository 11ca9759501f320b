import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countries, orderConfirmTokens, orders, outboxMessages } from '../../src/server/db/schema'
import { drainOutbox } from '../../src/server/services/messages/outbox'
import { gsm7Length } from '../../src/server/services/messages/sms'
import { createProduct, decode, deliveryIn, get, post, postOrder, signedIn, statusChange } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

// docs/rules/confirmation.md#confirmation: an order paid at the door that waits for its client is
// confirmed by the link sent by SMS to its delivery phone (once, for 48 hours, the latest link
// only), or by its client from its own order page.

type Shown = { channel: string; to: string; subject: string; text: string }
type LinkAnswer = {
  order: { id: number; firstName: string; state: string; confirmedBy: string | null; totalAmount: number }
}
let t: TestApp
let client: Awaited<ReturnType<typeof signedIn>>
let staff: Awaited<ReturnType<typeof signedIn>>
let productId: number
beforeAll(async () => {
  t = await createTestApp()
  client = await signedIn(t, 'client', 'SN')
  staff = await signedIn(t, 'admin', 'SN')
  productId = (await createProduct(t.db, { unitType: 'unit', pricePerUnit: 6000, minQuantity: 1 })).id
  await t.db.update(countries).set({ confirmAbove: 10_000 }).where(eq(countries.code, 'SN'))
})
afterAll(() => t.close())

const ORIGIN = 'https://etal.example'
let phoneN = 0
/** A cash order above the country's amount (it waits), to a phone of its own. */
async function waitingOrder(quantity = 2, cookie = client.cookie) {
  const phone = `+221 77 510 00 ${String(++phoneN).padStart(2, '0')}`
  const res = await postOrder(
    t,
    { ...(await deliveryIn(t.db, 'SN')), deliveryPhone: phone, items: [{ productId, quantity }] },
    cookie,
  )
  expect(res.statusCode, res.body).toBe(201)
  const order = decode<{ order: { id: number; needsConfirmation: boolean; deliveryPhone: string } }>(
    res.body,
  ).order
  return order
}
/** What the outbox worker sends, with no SMS provider (the text whole, as shown outside production). */
async function drain() {
  const shown: Shown[] = []
  await drainOutbox(t.db, {
    sender: null,
    sms: null,
    from: 'x@y.z',
    origin: ORIGIN,
    show: (m) => shown.push(m),
  })
  return shown
}
const tokenIn = (text: string) => /\/commande\/confirmer\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1]
async function linkOf(order: { id: number; deliveryPhone: string }) {
  const sms = (await drain()).filter((m) => m.channel === 'sms' && m.to === order.deliveryPhone)
  expect(sms).toHaveLength(1)
  return tokenIn(sms[0]!.text)!
}
const read = (token: string) => get(t, `/_api/orders/confirm-link?token=${token}`)
const confirm = (token: string) => post(t, '/_api/orders/confirm', { token })
const row = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!

describe('the confirmation link sent by SMS', () => {
  it('the checkout writes the SMS to the delivery phone; its link shows the order, confirms it once', async () => {
    const order = await waitingOrder()
    expect(order.needsConfirmation).toBe(true)
    const rows = await t.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, order.id))
    const linkRow = rows.find((r) => r.kind === 'order_confirm_link')!
    expect([linkRow.channel, linkRow.recipient, linkRow.state]).toEqual([
      'sms',
      order.deliveryPhone,
      'waiting',
    ])

    const shown = (await drain()).filter((m) => m.to === order.deliveryPhone)
    expect(shown).toHaveLength(1)
    const text = shown[0]!.text
    expect(text).toContain(`commande ${order.id}`)
    expect(text).toContain(`${ORIGIN}/commande/confirmer?token=`)
    // One GSM-7 segment, with the order's number and total.
    expect(gsm7Length(text)).toBeLessThanOrEqual(160)
    expect(text).toMatch(/12.000 F/)
    const token = tokenIn(text)!
    // The outbox keeps the text with the link hidden; the token only as its hash.
    const [kept] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, linkRow.id))
    expect(kept!.body).toContain('[masqué]')
    expect(kept!.body).not.toContain(token)
    const [tok] = await t.db.select().from(orderConfirmTokens).where(eq(orderConfirmTokens.orderId, order.id))
    expect(tok!.tokenHash).not.toContain(token)
    const hours = (tok!.expiresAt.getTime() - tok!.createdAt.getTime()) / 3_600_000
    expect(Math.round(hours)).toBe(48)

    const seen = await read(token)
    expect(seen.statusCode, seen.body).toBe(200)
    const view = decode<LinkAnswer>(seen.body).order
    expect([view.id, view.state, view.totalAmount]).toEqual([order.id, 'waiting', 12_000])
    // The client's first name only: no address, no phone.
    expect(seen.body).not.toContain('deliveryAddress')
    expect(seen.body).not.toContain(order.deliveryPhone)

    const done = await confirm(token)
    expect(done.statusCode, done.body).toBe(200)
    expect(decode<LinkAnswer>(done.body).order.state).toBe('confirmed')
    const after = await row(order.id)
    expect([after.confirmedBy, after.confirmedById, after.confirmedAt !== null]).toEqual([
      'client',
      null,
      true,
    ])

    const again = await confirm(token)
    expect(again.statusCode).toBe(409)
    expect(again.json().error).toBe('Cette commande est déjà confirmée.')
    expect((await row(order.id)).confirmedAt).toEqual(after.confirmedAt)
    // The used link still reads (the client opens its SMS again), as confirmed.
    expect(decode<LinkAnswer>((await read(token)).body).order.state).toBe('confirmed')
    // Staff may now prepare it.
    const prepared = await post(
      t,
      '/_api/admin/orders/update-status',
      statusChange(order.id, 'in_preparation', 'pending'),
      staff.cookie,
    )
    expect(prepared.statusCode, prepared.body).toBe(200)
  })

  it('a wrong, malformed or expired link is a French 4xx that changes nothing', async () => {
    const order = await waitingOrder()
    const token = await linkOf(order)
    const wrong = await confirm('A'.repeat(43))
    expect(wrong.statusCode).toBe(404)
    expect(wrong.json().error).toContain('Ce lien de confirmation n’est pas valide')
    expect((await read('A'.repeat(43))).statusCode).toBe(404)
    const malformed = await confirm('abc')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().fieldErrors.token).toContain('Ce lien de confirmation n’est pas valide.')

    await t.db
      .update(orderConfirmTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(orderConfirmTokens.orderId, order.id))
    const expired = await confirm(token)
    expect(expired.statusCode).toBe(409)
    expect(expired.json().error).toBe(
      'Ce lien de confirmation a expiré. Confirmez depuis votre compte ou appelez la boutique.',
    )
    expect((await read(token)).statusCode).toBe(409)
    expect((await row(order.id)).confirmedAt).toBeNull()
  })

  it('confirmed by phone first, or cancelled: the link answers a clear 409', async () => {
    const byPhone = await waitingOrder()
    const phoneToken = await linkOf(byPhone)
    const called = await post(t, '/_api/admin/orders/confirm-by-phone', { orderId: byPhone.id }, staff.cookie)
    expect(called.statusCode).toBe(200)
    const late = await confirm(phoneToken)
    expect(late.statusCode).toBe(409)
    expect(late.json().error).toBe('Cette commande est déjà confirmée.')
    expect((await row(byPhone.id)).confirmedBy).toBe('phone')

    const cancelled = await waitingOrder()
    const cancelToken = await linkOf(cancelled)
    const res = await post(
      t,
      '/_api/orders/cancel',
      { orderId: cancelled.id, reason: 'Je me suis trompé de produit.' },
      client.cookie,
    )
    expect(res.statusCode, res.body).toBe(200)
    const refused = await confirm(cancelToken)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toBe('Cette commande est annulée : il n’y a plus rien à confirmer.')
    expect(decode<LinkAnswer>((await read(cancelToken)).body).order.state).toBe('cancelled')
    expect((await row(cancelled.id)).confirmedAt).toBeNull()
  })

  it('staff’s "Renvoyer le lien": a new SMS whose link works, the former one no longer; only while it waits', async () => {
    const order = await waitingOrder()
    const first = await linkOf(order)
    const other = await signedIn(t, 'admin', 'ML')
    expect(
      (await post(t, '/_api/admin/orders/resend-confirm-link', { orderId: order.id }, other.cookie))
        .statusCode,
    ).toBe(404)
    const res = await post(t, '/_api/admin/orders/resend-confirm-link', { orderId: order.id }, staff.cookie)
    expect(res.statusCode, res.body).toBe(200)
    // The former link stops at once, before the new SMS is even sent.
    expect((await confirm(first)).statusCode).toBe(404)
    const second = await linkOf(order)
    expect(second).not.toBe(first)
    expect((await confirm(first)).statusCode).toBe(404)
    expect((await confirm(second)).statusCode).toBe(200)
    const none = await post(t, '/_api/admin/orders/resend-confirm-link', { orderId: order.id }, staff.cookie)
    expect(none.statusCode).toBe(409)
    expect(none.json().error).toBe('Cette commande est déjà confirmée.')
    const sent = await t.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, order.id))
    expect(sent.filter((m) => m.kind === 'order_confirm_link')).toHaveLength(2)
  })

  it('an order confirmed by phone before its SMS left: no link is issued, nothing is sent', async () => {
    const order = await waitingOrder()
    const called = await post(t, '/_api/admin/orders/confirm-by-phone', { orderId: order.id }, staff.cookie)
    expect(called.statusCode).toBe(200)
    expect((await drain()).filter((m) => m.to === order.deliveryPhone)).toEqual([])
    const rows = await t.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, order.id))
    const link = rows.find((r) => r.kind === 'order_confirm_link')!
    expect([link.state, link.lastError]).toEqual([
      'failed',
      'Commande déjà confirmée ou annulée : le lien n’a pas été envoyé.',
    ])
    expect(
      await t.db.select().from(orderConfirmTokens).where(eq(orderConfirmTokens.orderId, order.id)),
    ).toEqual([])
  })

  it('an order that waits for nothing gets no SMS link', async () => {
    const plain = await waitingOrder(1)
    expect(plain.needsConfirmation).toBe(false)
    const rows = await t.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, plain.id))
    expect(rows.some((r) => r.kind === 'order_confirm_link')).toBe(false)
  })
})

describe('the client confirms from its own order page', () => {
  it('its own order, once; another client’s is 404; its SMS link then no longer confirms', async () => {
    const order = await waitingOrder()
    const token = await linkOf(order)
    const stranger = await signedIn(t, 'client', 'SN')
    const theirs = await post(t, '/_api/orders/confirm-mine', { orderId: order.id }, stranger.cookie)
    expect(theirs.statusCode).toBe(404)
    expect((await post(t, '/_api/orders/confirm-mine', { orderId: order.id })).statusCode).toBe(401)
    expect((await row(order.id)).confirmedAt).toBeNull()

    const mine = await post(t, '/_api/orders/confirm-mine', { orderId: order.id }, client.cookie)
    expect(mine.statusCode, mine.body).toBe(200)
    const answered = decode<{ order: { confirmedBy: string; confirmedAt: Date | null } }>(mine.body).order
    expect(answered.confirmedBy).toBe('client')
    expect(answered.confirmedAt).not.toBeNull()
    const twice = await post(t, '/_api/orders/confirm-mine', { orderId: order.id }, client.cookie)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().error).toBe('Cette commande est déjà confirmée.')
    expect((await confirm(token)).statusCode).toBe(409)

    const plain = await waitingOrder(1)
    const nothing = await post(t, '/_api/orders/confirm-mine', { orderId: plain.id }, client.cookie)
    expect(nothing.statusCode).toBe(409)
    expect(nothing.json().error).toBe('Cette commande n’attend pas de confirmation du client.')
  })
})
