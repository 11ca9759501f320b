import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { orderItems, outboxMessages, users } from '../../src/server/db/schema'
import type { FakeProviders } from '../../dev/fakes/payments'
import { drainOutbox } from '../../src/server/services/messages/outbox'
import { gsm7Length } from '../../src/server/services/messages/sms'
import { processRefunds } from '../../src/server/services/money/payments'
import { clientPaymentLabel } from '../../src/shared/domain/refunds'
import type { OrderDetailView } from '../../src/shared/schemas/orders'
import { formatMoney } from '../../src/shared/format'
import { createOrder, createUser, decode, get, login, post, signedIn, statusChange } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/*
 * What the client reads of its money, through the real server and the outbox
 * (docs/rules/money-told.md#refunds-told, docs/rules/money-told.md#payment-received, docs/rules/orders.md#messages):
 * a cancelled order's refund, to do then done, never "Remboursé" before the money moved; a mobile
 * money payment received, told once; the weigh-in's link and "payez maintenant".
 */
type Attempt = { id: number; reference: string; amount: number }

let t: TestApp
let fake: FakeProviders
let client: Awaited<ReturnType<typeof createUser>>
let cookie: string
let staff: string

beforeAll(async () => {
  t = await createTestApp()
  fake = t.deps.payments.fake!
  client = await createUser(t.db, { country: 'SN' })
  // Told by both channels (docs/rules/orders.md#messages).
  await t.db.update(users).set({ notifyBySms: true }).where(eq(users.id, client.id))
  cookie = await login(t, client.email)
  staff = (await signedIn(t, 'admin', 'SN')).cookie
})
afterAll(() => t.close())
beforeEach(() => fake.set({}))

const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ')
const money = (n: number) => plain(formatMoney(n))

const piecesOrder = (total: number) =>
  createOrder(t.db, { user: client, lines: [{ price: total, quantity: 1, unitType: 'unit' }] })

async function start(orderId: number, wallet: string) {
  const res = await post(t, '/_api/payments/start', { orderId, wallet }, cookie)
  expect(res.statusCode, res.body).toBe(200)
  return decode<{ attempt: Attempt }>(res.body).attempt
}
async function pay(a: Attempt) {
  fake.decide(fake.payment(a.reference)!.id, 'pay')
  await t.deps.payments.idle()
}
const cancel = async (orderId: number) =>
  expect(
    (await post(t, '/_api/admin/orders/update-status', statusChange(orderId, 'cancelled'), staff)).statusCode,
  ).toBe(200)

/** The client's own order page's data (GET /_api/orders/details). */
async function clientOrder(orderId: number) {
  const res = await get(t, `/_api/orders/details?orderId=${orderId}`, cookie)
  expect(res.statusCode, res.body).toBe(200)
  return decode<{ order: OrderDetailView }>(res.body).order
}

/** The messages of one kind the outbox has for an order, sent (kept "Non envoyé": no server here). */
async function told(orderId: number, kind: (typeof outboxMessages.$inferSelect)['kind']) {
  await drainOutbox(t.db, { sender: null, from: 'boutique@etal.test' })
  const rows = await t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.orderId, orderId), eq(outboxMessages.kind, kind)))
    .orderBy(asc(outboxMessages.id))
  const of = (channel: 'email' | 'sms') =>
    rows.filter((r) => r.channel === channel).map((r) => plain(r.body!))
  return { email: of('email'), sms: of('sms') }
}
const oneSegment = (sms: string) => expect(gsm7Length(sms) ?? Infinity).toBeLessThanOrEqual(160)

describe('a cancelled order says what happens to the money, and when it is given back', () => {
  it('Orange Money, by hand: "à rembourser" until staff record it done, then "remboursé" with the day and the way', async () => {
    const order = await piecesOrder(14_000)
    const attempt = await start(order.id, 'Orange Money')
    await pay(attempt)
    await cancel(order.id)

    // The order page: to be given back, to the wallet it came from, by the shop; not "Remboursé".
    const before = await clientOrder(order.id)
    expect(before.paymentStatus).toBe('refunded')
    expect(before.refunds).toEqual([
      { amount: attempt.amount, way: 'shop', wallet: 'Orange Money', done: false, doneAt: null },
    ])
    expect(clientPaymentLabel(before)).toBe('À rembourser')

    const cancelled = await told(order.id, 'cancelled')
    expect(cancelled.email).toHaveLength(1)
    expect(cancelled.email[0]).toContain(
      `${money(attempt.amount)} vous seront rendus sur votre compte Orange Money par la boutique, à la main. Nous vous écrirons le jour où ce sera fait.`,
    )
    expect(cancelled.email[0]).not.toMatch(/remboursée|vous ont été rendus/)
    expect(cancelled.sms).toHaveLength(1)
    expect(cancelled.sms[0]).toContain(
      `annulée. ${money(attempt.amount)} vous seront rendus sur Orange Money par la boutique (SMS quand c'est fait).`,
    )
    oneSegment(cancelled.sms[0]!)
    expect((await told(order.id, 'refunded')).email).toEqual([])

    // Staff give it back and record it: the client is told, once, with the day and the way.
    const done = await post(
      t,
      '/_api/admin/orders/refund-done',
      { orderId: order.id, attemptId: attempt.id },
      staff,
    )
    expect(done.statusCode).toBe(200)
    const day = new Date().toLocaleDateString('fr-FR', { timeZone: 'Africa/Dakar' })
    const refunded = await told(order.id, 'refunded')
    expect(refunded.email).toEqual([
      expect.stringContaining(
        `Nous vous avons rendu ${money(attempt.amount)} sur votre compte Orange Money le ${day}, pour votre commande n° ${order.id}.\nLe remboursement a été fait par la boutique.`,
      ),
    ])
    expect(refunded.sms).toEqual([
      `Étal: remboursé: ${money(attempt.amount)} sur votre compte Orange Money le ${day} (commande ${order.id}). STOP SMS: Mon compte`,
    ])
    const after = await clientOrder(order.id)
    expect(after.refunds[0]).toMatchObject({ done: true, doneAt: expect.any(Date) })
    expect(clientPaymentLabel(after)).toBe('Remboursé')
  })

  it('Wave: asked of Wave automatically, told "remboursé" when Wave has given it back', async () => {
    const order = await piecesOrder(13_000)
    const attempt = await start(order.id, 'Wave')
    await pay(attempt)
    await cancel(order.id)
    expect((await clientOrder(order.id)).refunds).toMatchObject([{ way: 'provider', done: false }])
    const cancelled = await told(order.id, 'cancelled')
    expect(cancelled.email[0]).toContain(
      `${money(13_000)} vous seront rendus sur votre compte Wave : le remboursement est demandé à Wave automatiquement, dès maintenant.`,
    )
    expect(cancelled.sms[0]).toContain(`${money(13_000)} vous seront rendus sur Wave automatiquement`)

    await processRefunds(t.db, t.deps.payments)
    const refunded = await told(order.id, 'refunded')
    expect(refunded.email).toHaveLength(1)
    expect(refunded.email[0]).toContain('Le remboursement a été fait automatiquement par Wave.')
    expect(refunded.sms).toHaveLength(1)
    // Asked again: nothing more to give back, nothing more told.
    await processRefunds(t.db, t.deps.payments)
    expect((await told(order.id, 'refunded')).email).toHaveLength(1)
  })

  it('nothing received: the cancellation says nothing was taken and nothing is owed', async () => {
    const order = await piecesOrder(9_000)
    await cancel(order.id)
    expect((await clientOrder(order.id)).refunds).toEqual([])
    const cancelled = await told(order.id, 'cancelled')
    expect(cancelled.email[0]).toContain('Rien ne vous a été débité : vous ne devez rien.')
    expect(cancelled.sms[0]).toContain("annulée. Rien n'a été débité, vous ne devez rien.")
  })
})

describe('a mobile money payment received', () => {
  it('is told once, by e-mail and SMS, however many times the provider notifies', async () => {
    fake.set({ duplicates: 9 })
    const order = await piecesOrder(12_100)
    await pay(await start(order.id, 'Wave'))
    const paid = await told(order.id, 'payment_received')
    expect(paid.email).toEqual([
      expect.stringContaining(
        `Nous avons bien reçu votre paiement de ${money(12_100)} par Wave pour votre commande n° ${order.id}.\nVotre commande est entièrement payée : le livreur n’aura rien à vous demander.`,
      ),
    ])
    expect(paid.sms).toEqual([
      `Étal: paiement de ${money(12_100)} par Wave recu (commande ${order.id}). Commande payée. STOP SMS: Mon compte`,
    ])
  })

  it('says what is left to pay when it covers part of the total', async () => {
    const order = await createOrder(t.db, {
      user: client,
      status: 'in_preparation',
      lines: [{ price: 12_000, quantity: 1.2 }],
    })
    const [item] = await t.db
      .update(orderItems)
      .set({ weighedQuantity: 1.2 })
      .where(eq(orderItems.orderId, order.id))
      .returning()
    const old = await start(order.id, 'Wave') // 14 400 F
    const weighed = await post(
      t,
      '/_api/admin/orders/weigh',
      { orderId: order.id, lines: [{ itemId: item!.id, weighedQuantity: 1.3 }] }, // 15 600 F
      staff,
    )
    expect(weighed.statusCode).toBe(200)
    await pay(old)
    const { reconcileDue } = await import('../../src/server/services/money/payments')
    await reconcileDue(t.db, t.deps.payments)
    const paid = await told(order.id, 'payment_received')
    expect(paid.email[0]).toContain(
      `Reste à payer : ${money(1_200)}, par mobile money sur la page de votre commande`,
    )
    expect(paid.sms).toEqual([expect.stringContaining(`Reste à payer: ${money(1_200)}.`)])
  })
})

describe('the weigh-in message', () => {
  async function weighedBy(method: 'mobile_money' | 'cash') {
    const order = await createOrder(t.db, {
      user: client,
      status: 'in_preparation',
      lines: [{ price: 10_000, quantity: 1 }],
    })
    if (method === 'mobile_money')
      expect(
        (
          await post(
            t,
            '/_api/payments/method',
            { orderId: order.id, method, wallet: 'Orange Money' },
            cookie,
          )
        ).statusCode,
      ).toBe(200)
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))
    const res = await post(
      t,
      '/_api/admin/orders/weigh',
      { orderId: order.id, lines: [{ itemId: item!.id, weighedQuantity: 1.05 }] }, // 10 500 F, within 10 %
      staff,
    )
    expect(res.statusCode).toBe(200)
    return {
      order,
      link: `http://localhost/order-confirmation/${order.id}`,
      weighedMsgs: await told(order.id, 'order_weighed'),
    }
  }

  it('of a mobile money order says "payez maintenant", with the absolute link to its page', async () => {
    const { weighedMsgs, link } = await weighedBy('mobile_money')
    expect(weighedMsgs.email[0]).toContain(
      `Payez maintenant ${money(10_500)} par mobile money sur la page de votre commande : ${link}`,
    )
    expect(weighedMsgs.sms[0]).toContain(
      `Nouveau total: ${money(10_500)} (avant: ${money(10_000)}). Payez maintenant: ${link} STOP SMS: Mon compte`,
    )
    oneSegment(weighedMsgs.sms[0]!)
  })

  it('of a cash order carries the link, and asks for no payment', async () => {
    const { weighedMsgs, link } = await weighedBy('cash')
    expect(weighedMsgs.email[0]).toContain(`Votre commande : ${link}`)
    expect(weighedMsgs.email[0]).not.toContain('Payez')
    expect(weighedMsgs.sms[0]).toContain(link)
    expect(weighedMsgs.sms[0]).not.toContain('Payez')
    oneSegment(weighedMsgs.sms[0]!)
  })
})
