import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { paymentEvents } from '../../src/server/db/schema'
import { processRefunds } from '../../src/server/services/money/payments'
import { decode, get, post, signedIn, statusChange } from '../factories'
import {
  type Attempt,
  type State,
  t,
  fake,
  cookie,
  staff,
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
 * Mobile money after the payment (docs/rules/money.md#payments, docs/security/payments.md):
 * cancelling and refunds, the client's own orders only, the append-only history, the reports and
 * the staff order list.
 */
usePaymentsApp()

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
    // Its own payments of the day: one by each provider, and one the provider reports short.
    for (const wallet of ['Wave', 'Orange Money']) {
      const { attempt } = await start((await piecesOrder(10_000)).id, wallet)
      await pay(attempt!)
    }
    fake.set({ amountDelta: -100 })
    const { attempt: short } = await start((await piecesOrder(10_000)).id, 'Wave')
    await pay(short!)
    fake.set({})
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
