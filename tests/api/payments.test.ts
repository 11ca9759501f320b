import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cashEntries, orderEvents, orders, paymentAttempts, paymentEvents } from '../../src/server/db/schema'
import type { FakeProviders } from '../../dev/fakes/payments'
import { cinetpayToken, waveSignature } from '../../src/server/services/money/payments/signatures'
import { confirmAttempt, processRefunds, reconcileDue } from '../../src/server/services/money/payments'
import {
  awaitingAgreement,
  createOrder,
  createUser,
  decode,
  get,
  login,
  post,
  signedIn,
  statusChange,
  weighAsOrdered,
} from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import { renderMessage } from '../../src/server/services/messages/render'
import { loadOrder } from '../../src/server/services/orders/orders'

/**
 * Mobile money (docs/rules/money.md#payments, docs/security/payments.md "Payments"), against the in-repo fakes
 * of CinetPay and Wave (dev/fakes/payments): the server decides from the provider's status
 * query, never from a browser or a notification's content.
 */
type Attempt = {
  id: number
  reference: string
  provider: 'cinetpay' | 'wave'
  amount: number
  currency: string
  rounding: number
  status: string
  checkoutUrl: string | null
  refundStatus: string | null
}
type State = { paymentStatus: string; paymentMethod: string; attempt: Attempt | null }

let t: TestApp
let fake: FakeProviders
let client: Awaited<ReturnType<typeof createUser>>
let cookie: string
let staff: string
let driver: Awaited<ReturnType<typeof signedIn>>

beforeAll(async () => {
  t = await createTestApp()
  fake = t.deps.payments.fake!
  client = await createUser(t.db, { country: 'SN' })
  cookie = await login(t, client.email)
  staff = (await signedIn(t, 'admin', 'SN')).cookie
  driver = await signedIn(t, 'delivery_driver', 'SN')
})
afterAll(() => t.close())
beforeEach(() => fake.set({}))

/** An order of pieces (payable at once) of `total` francs. */
const piecesOrder = (total = 12_100, extra: Partial<Parameters<typeof createOrder>[1]> = {}) =>
  createOrder(t.db, { user: client, lines: [{ price: total, quantity: 1, unitType: 'unit' }], ...extra })

async function start(orderId: number, wallet: string, extra: Record<string, unknown> = {}) {
  const res = await post(t, '/_api/payments/start', { orderId, wallet, ...extra }, cookie)
  return { res, attempt: res.statusCode === 200 ? decode<{ attempt: Attempt }>(res.body).attempt : null }
}
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!
const attemptRow = async (id: number) =>
  (await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)))[0]!
const eventsOf = (orderId: number) =>
  t.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)).orderBy(paymentEvents.id)
const sessionOf = (a: Attempt) => fake.payment(a.reference)!
/** The client pays (or refuses) on the provider's page; every notification it sends is then answered and acted on. */
async function pay(a: Attempt, outcome: 'pay' | 'refuse' = 'pay') {
  fake.decide(sessionOf(a).id, outcome)
  await t.deps.payments.idle()
}
/** The worker's next question is due now (instead of waiting for it). */
const dueNow = (attemptId: number) =>
  t.db
    .update(paymentAttempts)
    .set({ nextCheckAt: sql`now() - interval '1 second'` })
    .where(eq(paymentAttempts.id, attemptId))

describe('what a country offers', () => {
  it('lists the country’s wallets a configured provider takes: Wave directly in Senegal, CinetPay for Orange Money', async () => {
    const res = await get(t, '/_api/payments/wallets', cookie)
    expect(res.statusCode).toBe(200)
    expect(decode<{ wallets: unknown[] }>(res.body).wallets).toEqual([
      { wallet: 'Orange Money', provider: 'cinetpay' },
      { wallet: 'Wave', provider: 'wave' },
    ])
    const ml = await signedIn(t, 'client', 'ML')
    const mali = decode<{ wallets: { wallet: string }[] }>(
      (await get(t, '/_api/payments/wallets', ml.cookie)).body,
    )
    expect(mali.wallets.map((w) => w.wallet)).toEqual(['Orange Money', 'Moov Money'])
  })

  it('refuses at checkout a wallet the country does not offer (400, field named)', async () => {
    const res = await post(
      t,
      '/_api/orders/create',
      {
        items: [{ productId: 1, quantity: 1 }],
        deliveryAddress: 'x',
        deliveryCity: 'Dakar',
        deliveryCountry: 'Sénégal',
        deliveryPhone: '+221 77 111 11 11',
        zoneId: 1,
        paymentMethod: 'mobile_money',
        paymentWallet: 'Free Money',
      },
      cookie,
    )
    expect(res.statusCode).toBe(400)
    expect(
      (JSON.parse(res.body) as { fieldErrors: Record<string, string[]> }).fieldErrors.paymentWallet,
    ).toBeDefined()
  })
})

describe('paying with Wave', () => {
  it('is paid once the signed webhook prompts the status query, before the client comes back', async () => {
    const order = await piecesOrder(12_100)
    const { res, attempt } = await start(order.id, 'Wave')
    expect(res.statusCode).toBe(200)
    expect(attempt).toMatchObject({
      provider: 'wave',
      amount: 12_100,
      currency: 'XOF',
      rounding: 0,
      status: 'pending',
    })
    expect(attempt!.checkoutUrl).toContain('/simulation/wave/')
    expect((await orderRow(order.id)).paymentMethod).toBe('mobile_money')

    await pay(attempt!)
    expect(fake.sent.filter((s) => s.reference === attempt!.reference).map((s) => s.status)).toEqual([200])
    const paid = await orderRow(order.id)
    expect(paid.paymentStatus).toBe('paid')
    expect((await attemptRow(attempt!.id)).status).toBe('paid')
    const types = (await eventsOf(order.id)).map((e) => e.type)
    expect(types).toEqual(['method_changed', 'attempt_created', 'paid'])
    const history = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, 'payment')))
    expect(history.map((e) => e.toValue)).toEqual(['paid'])

    // The waiting page reads it paid.
    const state = decode<State>((await get(t, `/_api/payments/status?orderId=${order.id}`, cookie)).body)
    expect(state).toMatchObject({ paymentStatus: 'paid', attempt: { status: 'paid' } })
  })

  it('asks again for an open attempt: the same one is answered (one checkout for one payment)', async () => {
    const order = await piecesOrder(5_000)
    const a = await start(order.id, 'Wave')
    const b = await start(order.id, 'Wave')
    expect(b.attempt!.reference).toBe(a.attempt!.reference)
  })

  it('a stale payment_failed after completed (out of order) changes nothing', async () => {
    fake.set({ outOfOrder: true })
    const order = await piecesOrder(7_000)
    const { attempt } = await start(order.id, 'Wave')
    await pay(attempt!)
    expect(fake.sent.filter((s) => s.reference === attempt!.reference)).toHaveLength(2)
    expect((await orderRow(order.id)).paymentStatus).toBe('paid')
    expect((await eventsOf(order.id)).filter((e) => e.type === 'paid')).toHaveLength(1)
  })

  it('twenty duplicate webhooks at once: paid once, one event', async () => {
    fake.set({ duplicates: 19 })
    const order = await piecesOrder(9_000)
    const { attempt } = await start(order.id, 'Wave')
    await pay(attempt!)
    const sent = fake.sent.filter((s) => s.reference === attempt!.reference)
    expect(sent).toHaveLength(20)
    expect(sent.every((s) => s.status === 200)).toBe(true)
    expect((await eventsOf(order.id)).filter((e) => e.type === 'paid')).toHaveLength(1)
    const history = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, 'payment')))
    expect(history).toHaveLength(1)
  })

  it('twenty confirmations in parallel (notifications, pages, worker): one change', async () => {
    const order = await piecesOrder(9_500)
    const { attempt } = await start(order.id, 'Wave')
    fake.set({ silent: true })
    await pay(attempt!)
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        confirmAttempt(t.db, t.deps.payments, 'wave', attempt!.reference, 'notification'),
      ),
    )
    expect(results.filter((r) => r.changed)).toHaveLength(1)
    expect((await eventsOf(order.id)).filter((e) => e.type === 'paid')).toHaveLength(1)
  })

  it('a payment cancelled while the session is open stays pending: the client pays again in the same session', async () => {
    const order = await piecesOrder(4_000)
    const first = (await start(order.id, 'Wave')).attempt!
    await pay(first, 'refuse')
    expect(fake.waveSession(sessionOf(first))).toMatchObject({
      checkout_status: 'open',
      payment_status: 'cancelled',
    })
    expect(fake.sent.filter((s) => s.reference === first.reference).map((s) => s.status)).toEqual([200])
    expect((await attemptRow(first.id)).status).toBe('pending')
    expect((await orderRow(order.id)).paymentStatus).not.toBe('failed')
    await pay(first)
    expect((await attemptRow(first.id)).status).toBe('paid')
    expect((await orderRow(order.id)).paymentStatus).toBe('paid')
  })
})

describe('paying with CinetPay', () => {
  it('asks a multiple of 5 (the rounding shown), and is paid from the form notification and /v2/payment/check', async () => {
    const order = await piecesOrder(12_103)
    const { attempt } = await start(order.id, 'Orange Money')
    expect(attempt).toMatchObject({ provider: 'cinetpay', amount: 12_100, rounding: 3 })
    await pay(attempt!)
    expect((await orderRow(order.id)).paymentStatus).toBe('paid')
  })

  it('answers CinetPay’s GET ping with 200', async () => {
    expect((await get(t, '/_api/payments/notify/cinetpay')).statusCode).toBe(200)
  })

  it('a refusal fails the attempt; a new attempt, with its own reference, can then be paid', async () => {
    const order = await piecesOrder(4_000)
    const first = (await start(order.id, 'Orange Money')).attempt!
    await pay(first, 'refuse')
    expect((await attemptRow(first.id)).status).toBe('failed')
    expect((await orderRow(order.id)).paymentStatus).toBe('failed')
    const second = (await start(order.id, 'Orange Money')).attempt!
    expect(second.reference).not.toBe(first.reference)
    await pay(second)
    expect((await orderRow(order.id)).paymentStatus).toBe('paid')
  })

  it('WAITING_FOR_CUSTOMER keeps it pending, on the waiting page too', async () => {
    fake.set({ waiting: true })
    const order = await piecesOrder(6_000)
    const { attempt } = await start(order.id, 'Orange Money')
    await pay(attempt!)
    await t.db
      .update(paymentAttempts)
      .set({ updatedAt: sql`now() - interval '1 minute'` })
      .where(eq(paymentAttempts.id, attempt!.id))
    const state = decode<State>((await get(t, `/_api/payments/status?orderId=${order.id}`, cookie)).body)
    expect(state).toMatchObject({ paymentStatus: 'pending', attempt: { status: 'pending' } })
    // The wallet answers at last: the waiting page's next question finds it paid.
    fake.set({})
    await t.db
      .update(paymentAttempts)
      .set({ updatedAt: sql`now() - interval '1 minute'` })
      .where(eq(paymentAttempts.id, attempt!.id))
    const later = decode<State>((await get(t, `/_api/payments/status?orderId=${order.id}`, cookie)).body)
    expect(later.paymentStatus).toBe('paid')
  })
})

describe('forged and wrong notifications', () => {
  it('a forged Wave signature is 401 and changes nothing', async () => {
    const order = await piecesOrder(8_000)
    const { attempt } = await start(order.id, 'Wave')
    fake.set({ silent: true })
    await pay(attempt!) // paid at the provider, no webhook
    const body = JSON.stringify({
      id: 'AE_x',
      type: 'checkout.session.completed',
      data: {
        id: sessionOf(attempt!).id,
        amount: '8000',
        currency: 'XOF',
        client_reference: attempt!.reference,
        checkout_status: 'complete',
        payment_status: 'succeeded',
      },
    })
    const forged = waveSignature(body, 'not-the-secret', Math.floor(Date.now() / 1000))
    const before = (await eventsOf(order.id)).length
    for (const headers of [{ 'wave-signature': forged }, {}, { 'wave-signature': 't=1,v1=00' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/_api/payments/notify/wave/sn',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      })
      expect(res.statusCode).toBe(401)
    }
    // A replay of a real signature older than five minutes: refused too.
    const secret = fake.secrets.wave.SN!.webhookSecret
    const old = waveSignature(body, secret, Math.floor(Date.now() / 1000) - 600)
    const replay = await t.app.inject({
      method: 'POST',
      url: '/_api/payments/notify/wave/sn',
      headers: { 'content-type': 'application/json', 'wave-signature': old },
      payload: body,
    })
    expect(replay.statusCode).toBe(401)
    expect((await orderRow(order.id)).paymentStatus).toBe('pending')
    expect((await eventsOf(order.id)).length).toBe(before)
  })

  it('a forged CinetPay x-token is 401; a good one for an unpaid transaction changes nothing', async () => {
    const order = await piecesOrder(8_500)
    const { attempt } = await start(order.id, 'Orange Money')
    const fields = {
      cpm_site_id: fake.secrets.cinetpay.siteId,
      cpm_trans_id: attempt!.reference,
      cpm_amount: '8500',
      cpm_currency: 'XOF',
      cpm_error_message: 'SUCCES',
    }
    const payload = new URLSearchParams(fields).toString()
    const bad = await t.app.inject({
      method: 'POST',
      url: '/_api/payments/notify/cinetpay',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-token': cinetpayToken(fields, 'wrong'),
      },
      payload,
    })
    expect(bad.statusCode).toBe(401)
    // Signed right, but the provider's status query says it is not paid: not paid.
    const good = await t.app.inject({
      method: 'POST',
      url: '/_api/payments/notify/cinetpay',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-token': cinetpayToken(fields, fake.secrets.cinetpay.secretKey),
      },
      payload,
    })
    expect(good.statusCode).toBe(200)
    await t.deps.payments.idle()
    expect((await orderRow(order.id)).paymentStatus).toBe('pending')
    expect((await attemptRow(attempt!.id)).status).toBe('pending')
  })

  it('an empty or unparseable body is 400/401, never 5xx', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/_api/payments/notify/cinetpay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    })
    expect(empty.statusCode).toBe(400)
    const junk = await t.app.inject({
      method: 'POST',
      url: '/_api/payments/notify/wave/sn',
      headers: { 'content-type': 'text/plain' },
      payload: '\u0000{{',
    })
    expect(junk.statusCode).toBe(401)
    const unknownCountry = await t.app.inject({
      method: 'POST',
      url: '/_api/payments/notify/wave/zz',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    })
    expect(unknownCountry.statusCode).toBe(401)
  })

  it('a different amount or currency at the provider: not paid, flagged', async () => {
    for (const change of [{ amountDelta: -100 }, { currency: 'XAF' }]) {
      fake.set(change)
      const order = await piecesOrder(10_000)
      const { attempt } = await start(order.id, 'Wave')
      await pay(attempt!)
      expect((await orderRow(order.id)).paymentStatus).toBe('pending')
      const row = await attemptRow(attempt!.id)
      expect(row.status).toBe('mismatch')
      expect(row.refundStatus).toBe('requested')
      expect((await eventsOf(order.id)).some((e) => e.type === 'amount_mismatch')).toBe(true)
    }
  })
})

describe('the reconciliation worker', () => {
  it('finds a payment no notification told of', async () => {
    fake.set({ silent: true })
    const order = await piecesOrder(11_000)
    const { attempt } = await start(order.id, 'Orange Money')
    await pay(attempt!)
    expect((await orderRow(order.id)).paymentStatus).toBe('pending')
    await dueNow(attempt!.id)
    const r = await reconcileDue(t.db, t.deps.payments)
    expect(r.changed).toBeGreaterThanOrEqual(1)
    expect((await orderRow(order.id)).paymentStatus).toBe('paid')
    const row = await attemptRow(attempt!.id)
    expect(row.checks).toBe(1)
  })

  it('asks less often as it waits, and gives up an attempt past its expiry', async () => {
    fake.set({ waiting: true })
    const order = await piecesOrder(3_000)
    const { attempt } = await start(order.id, 'Orange Money')
    await dueNow(attempt!.id)
    await reconcileDue(t.db, t.deps.payments)
    const first = await attemptRow(attempt!.id)
    expect(first.status).toBe('pending')
    expect(first.nextCheckAt.getTime()).toBeGreaterThan(Date.now())
    await t.db
      .update(paymentAttempts)
      .set({ expiresAt: sql`now() - interval '1 second'`, nextCheckAt: sql`now() - interval '1 second'` })
      .where(eq(paymentAttempts.id, attempt!.id))
    await reconcileDue(t.db, t.deps.payments)
    expect((await attemptRow(attempt!.id)).status).toBe('expired')
    expect((await orderRow(order.id)).paymentStatus).toBe('failed')
  })
})

describe('the provider down', () => {
  it('answers a French 503 with Retry-After; the order stays as it was, nothing to pay twice', async () => {
    fake.set({ down: true })
    const order = await piecesOrder(2_500)
    const { res } = await start(order.id, 'Wave')
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe('30')
    expect(JSON.parse(res.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
    expect(JSON.parse(res.body).error).toMatch(/Rien n’a été débité/)
    const rows = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id))
    expect(rows.map((r) => [r.status, r.checkoutUrl])).toEqual([['failed', null]])
    expect((await orderRow(order.id)).paymentStatus).toBe('pending')
    fake.set({})
    const again = await start(order.id, 'Wave')
    expect(again.res.statusCode).toBe(200)
    expect(again.attempt!.reference).not.toBe(rows[0]!.reference)
  })
})

describe('cancelling and refunds', () => {
  const cancel = (orderId: number) =>
    post(t, '/_api/admin/orders/update-status', statusChange(orderId, 'cancelled'), staff)

  it('a cancelled Wave payment is refunded by Wave’s API; the payment becomes refunded', async () => {
    const order = await piecesOrder(13_000)
    const { attempt } = await start(order.id, 'Wave')
    await pay(attempt!)
    expect((await cancel(order.id)).statusCode).toBe(200)
    expect((await orderRow(order.id)).paymentStatus).toBe('refunded')
    expect((await attemptRow(attempt!.id)).refundStatus).toBe('requested')
    // (the refunds of the amounts that differed, above, are made in the same round)
    expect((await processRefunds(t.db, t.deps.payments)).done).toBeGreaterThanOrEqual(1)
    expect((await attemptRow(attempt!.id)).refundStatus).toBe('done')
    expect(fake.refunds).toContain(attempt!.reference)
    expect((await eventsOf(order.id)).map((e) => e.type)).toEqual(
      expect.arrayContaining(['paid', 'refund_requested', 'refunded']),
    )
    // Nothing left to do: asked again, nothing happens.
    expect(await processRefunds(t.db, t.deps.payments)).toEqual({ done: 0 })
  })

  it('a cancelled CinetPay payment is "Remboursement à faire" until staff record it', async () => {
    const order = await piecesOrder(14_000)
    const { attempt } = await start(order.id, 'Orange Money')
    await pay(attempt!)
    await cancel(order.id)
    expect((await orderRow(order.id)).paymentStatus).toBe('refunded')
    expect((await attemptRow(attempt!.id)).refundStatus).toBe('to_do')
    const payments = decode<{ attempts: Attempt[]; events: { type: string; actorName: string | null }[] }>(
      (await get(t, `/_api/admin/orders/payments?orderId=${order.id}`, staff)).body,
    )
    expect(payments.attempts[0]!.refundStatus).toBe('to_do')
    const done = await post(
      t,
      '/_api/admin/orders/refund-done',
      { orderId: order.id, attemptId: attempt!.id },
      staff,
    )
    expect(done.statusCode).toBe(200)
    expect((await attemptRow(attempt!.id)).refundStatus).toBe('done')
    const twice = await post(
      t,
      '/_api/admin/orders/refund-done',
      { orderId: order.id, attemptId: attempt!.id },
      staff,
    )
    expect(twice.statusCode).toBe(409)
  })

  it('a payment confirmed after the order was cancelled is kept and flagged for a refund', async () => {
    const order = await piecesOrder(15_000)
    const { attempt } = await start(order.id, 'Wave')
    await cancel(order.id)
    await pay(attempt!)
    const row = await attemptRow(attempt!.id)
    expect(row.status).toBe('paid')
    expect(row.refundStatus).toBe('requested')
    expect((await orderRow(order.id)).paymentStatus).toBe('refunded')
    expect(await processRefunds(t.db, t.deps.payments)).toEqual({ done: 1 })
  })
})

describe('at the door', () => {
  it('an order chosen for mobile money leaves for delivery only paid, or switched to cash by staff with a reason', async () => {
    const order = await piecesOrder(6_500, { status: 'in_preparation' })
    await start(order.id, 'Wave')
    const refused = await post(
      t,
      '/_api/admin/orders/update-status',
      { orderId: order.id, status: 'in_delivery' },
      staff,
    )
    expect(refused.statusCode).toBe(409)
    const noReason = await post(
      t,
      '/_api/admin/orders/payment-cash',
      { orderId: order.id, reason: ' ' },
      staff,
    )
    expect(noReason.statusCode).toBe(400)
    const cash = await post(
      t,
      '/_api/admin/orders/payment-cash',
      { orderId: order.id, reason: 'Le client paie en espèces' },
      staff,
    )
    expect(cash.statusCode).toBe(200)
    expect((await orderRow(order.id)).paymentMethod).toBe('cash')
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({
      type: 'method_changed',
      detail: 'cash — Le client paie en espèces',
    })
    const leaves = await post(
      t,
      '/_api/admin/orders/update-status',
      { orderId: order.id, status: 'in_delivery' },
      staff,
    )
    expect(leaves.statusCode).toBe(200)
  })

  it('the "en route" message of a paid mobile money order asks for nothing at the door; a cash one names the amount', async () => {
    const paid = await piecesOrder(7_000)
    const { attempt } = await start(paid.id, 'Wave')
    await pay(attempt!)
    const cash = await piecesOrder(7_100)
    const text = async (id: number) =>
      renderMessage('out_for_delivery', (await loadOrder(t.db, id))!, { driverFirstName: 'Moussa' }).text
    expect(await text(paid.id)).toContain('Commande payée par mobile money : rien à régler à la livraison.')
    expect(await text(paid.id)).not.toContain('Montant à régler')
    expect(await text(cash.id)).toContain('Montant à régler à la livraison : 7\u202f100\u00a0F\u202fCFA.')
  })

  it('the weigh-in message of an order chosen for mobile money says "Payez maintenant …" on its page; a cash one does not', async () => {
    const mobile = await piecesOrder(7_200)
    await post(
      t,
      '/_api/payments/method',
      { orderId: mobile.id, method: 'mobile_money', wallet: 'Wave' },
      cookie,
    )
    const cash = await piecesOrder(7_300)
    const text = async (id: number) => renderMessage('order_weighed', (await loadOrder(t.db, id))!, {}).text
    expect(await text(mobile.id)).toContain(
      'Payez maintenant 7\u202f200\u00a0F\u202fCFA par mobile money sur la page de votre commande',
    )
    expect(await text(cash.id)).not.toContain('Payez')
  })

  it('the driver has it paid by QR code: the amount due is 0 and the ledger records nothing', async () => {
    const order = await piecesOrder(16_000, { status: 'in_delivery', driverId: driver.user.id })
    const res = await post(t, '/_api/delivery/payments/start', { orderId: order.id }, driver.cookie)
    expect(res.statusCode).toBe(200)
    const attempt = decode<{ attempt: Attempt }>(res.body).attempt
    expect(attempt.provider).toBe('cinetpay')
    await pay(attempt)
    const dash = decode<{ cash: { dues: { orderId: number; amountDue: number }[] } }>(
      (await get(t, '/_api/dashboard/delivery', driver.cookie)).body,
    )
    expect(dash.cash.dues.find((d) => d.orderId === order.id)?.amountDue).toBe(0)
    expect((await post(t, '/_api/delivery/confirm', { orderId: order.id }, driver.cookie)).statusCode).toBe(
      200,
    )
    expect(await t.db.select().from(cashEntries).where(eq(cashEntries.orderId, order.id))).toEqual([])
    // Another driver's order: 404.
    const other = await signedIn(t, 'delivery_driver', 'SN')
    expect(
      (await post(t, '/_api/delivery/payments/start', { orderId: order.id }, other.cookie)).statusCode,
    ).toBe(404)
  })
})

describe('a weighed order', () => {
  it('is paid once weighed; when the weighed total needs agreement, agreeing and paying are one step', async () => {
    const unweighed = await createOrder(t.db, {
      user: client,
      status: 'in_preparation',
      lines: [{ price: 4000, quantity: 1.5 }],
    })
    const early = await start(unweighed.id, 'Wave')
    expect(early.res.statusCode).toBe(409)
    const waiting = await awaitingAgreement(t.db, { user: client, lines: [{ price: 4000, quantity: 1.5 }] })
    expect((await start(waiting.id, 'Wave')).res.statusCode).toBe(409)
    // The agreement names the total read (docs/rules/orders.md#weigh-in): none is 400, another (weighed
    // again since) 409 with the new total, nothing changed either way.
    const total = (await orderRow(waiting.id)).totalAmount
    const unnamed = await start(waiting.id, 'Wave', { accept: true })
    expect(unnamed.res.statusCode).toBe(400)
    const stale = await start(waiting.id, 'Wave', { accept: true, total: total + 100 })
    expect(stale.res.statusCode).toBe(409)
    expect(stale.res.json().code).toBe('WEIGHED_TOTAL_CHANGED')
    expect((await orderRow(waiting.id)).weighApproval).toBe('awaiting')
    expect(await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, waiting.id))).toEqual(
      [],
    )
    const { res, attempt } = await start(waiting.id, 'Wave', { accept: true, total })
    expect(res.statusCode).toBe(200)
    expect((await orderRow(waiting.id)).weighApproval).toBe('accepted')
    await pay(attempt!)
    expect((await orderRow(waiting.id)).paymentStatus).toBe('paid')
    await weighAsOrdered(t.db, unweighed.id)
    expect((await start(unweighed.id, 'Wave')).res.statusCode).toBe(200)
  })
})

describe('the client’s own orders only', () => {
  it('another client’s order answers 404', async () => {
    const order = await piecesOrder(1_000)
    const other = await signedIn(t, 'client', 'SN')
    expect(
      (await post(t, '/_api/payments/start', { orderId: order.id, wallet: 'Wave' }, other.cookie)).statusCode,
    ).toBe(404)
    expect((await get(t, `/_api/payments/status?orderId=${order.id}`, other.cookie)).statusCode).toBe(404)
  })

  it('the client switches back to cash: the open attempt is closed at the provider', async () => {
    const order = await piecesOrder(1_500)
    const { attempt } = await start(order.id, 'Wave')
    const res = await post(t, '/_api/payments/method', { orderId: order.id, method: 'cash' }, cookie)
    expect(res.statusCode).toBe(200)
    expect(decode<State>(res.body).paymentMethod).toBe('cash')
    expect((await attemptRow(attempt!.id)).status).toBe('expired')
    expect(sessionOf(attempt!).state).toBe('expired')
  })
})

describe('the payment history', () => {
  it('is append-only: an update or a delete is refused by the database', async () => {
    const order = await piecesOrder(1_200)
    await start(order.id, 'Wave')
    await expect(
      t.db.update(paymentEvents).set({ type: 'x' }).where(eq(paymentEvents.orderId, order.id)),
    ).rejects.toThrow()
    await expect(t.db.delete(paymentEvents).where(eq(paymentEvents.orderId, order.id))).rejects.toThrow()
  })
})

describe('reports', () => {
  it('the cash report shows the day’s mobile money per provider; the reconciliation view lists what differs', async () => {
    const res = await get(t, '/_api/admin/cash/report', staff)
    expect(res.statusCode).toBe(200)
    const report = decode<{ mobileMoney: { provider: string; payments: number; amount: number }[] }>(res.body)
    expect(report.mobileMoney.map((m) => m.provider)).toEqual(['cinetpay', 'wave'])
    expect(report.mobileMoney.every((m) => m.payments > 0 && m.amount > 0)).toBe(true)
    const rec = decode<{ rows: { issue: string | null }[] }>(
      (await get(t, '/_api/admin/payments/reconciliation', staff)).body,
    )
    expect(rec.rows.some((r) => r.issue === 'amount')).toBe(true)
  })
})

describe('the staff order list', () => {
  it('filters by payment status and by method', async () => {
    const paid = await piecesOrder(2_200)
    const { attempt } = await start(paid.id, 'Wave')
    await pay(attempt!)
    const cash = await piecesOrder(2_300)
    const ids = async (q: string) =>
      decode<{ orders: { id: number }[] }>(
        (await get(t, `/_api/admin/orders?${q}&limit=100`, staff)).body,
      ).orders.map((o) => o.id)
    const byPaid = await ids('paymentStatus=paid')
    expect(byPaid).toContain(paid.id)
    expect(byPaid).not.toContain(cash.id)
    const byCash = await ids('paymentMethod=cash')
    expect(byCash).toContain(cash.id)
    expect(byCash).not.toContain(paid.id)
    expect((await get(t, '/_api/admin/orders?paymentMethod=cheque', staff)).statusCode).toBe(400)
  })
})
