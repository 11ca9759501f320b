import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orderEvents, paymentAttempts } from '../../src/server/db/schema'
import { confirmAttempt } from '../../src/server/services/money/payments'
import { decode, get, post, signedIn } from '../factories'
import {
  type State,
  t,
  fake,
  cookie,
  piecesOrder,
  start,
  orderRow,
  attemptRow,
  eventsOf,
  sessionOf,
  pay,
  usePaymentsApp,
} from './payments-setup'

/**
 * Mobile money (docs/rules/money.md#payments, docs/security/payments.md "Payments"), against the in-repo fakes
 * of CinetPay and Wave (dev/fakes/payments): the server decides from the provider's status
 * query, never from a browser or a notification's content. Here: what a country offers, and
 * paying with Wave and with CinetPay; the faults in payments-faults, the door and the weighed
 * order in payments-door, refunds and what staff see in payments-refunds.
 */
usePaymentsApp()

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
