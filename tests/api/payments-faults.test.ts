import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { paymentAttempts } from '../../src/server/db/schema'
import { cinetpayToken, waveSignature } from '../../src/server/services/money/payments/signatures'
import { reconcileDue } from '../../src/server/services/money/payments'
import {
  t,
  fake,
  piecesOrder,
  start,
  orderRow,
  attemptRow,
  eventsOf,
  sessionOf,
  pay,
  dueNow,
  usePaymentsApp,
} from './payments-setup'

/**
 * Mobile money when something is wrong (docs/rules/money.md#payments, docs/security/payments.md):
 * forged or wrong notifications, the reconciliation worker when none comes, the provider down.
 */
usePaymentsApp()

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
