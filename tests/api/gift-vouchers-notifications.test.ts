import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { giftVouchers, outboxMessages } from '../../src/server/db/schema'
import { waveSignature } from '../../src/server/services/money/payments/signatures'
import { decode, post } from '../factories'
import { type Attempt, attemptRow, cookie, fake, pay, sessionOf, t, usePaymentsApp } from './payments-setup'

/**
 * docs/rules/gift-vouchers.md, as docs/rules/money.md#payments for orders: Wave's notification for
 * a voucher's attempt sent twenty times, or followed by a stale "failed", pays the voucher once and
 * sends one code; a forged one is 401 and changes nothing. Against the in-repo fake.
 */
usePaymentsApp()

const buy = async () => {
  const res = await post(
    t,
    '/_api/vouchers/buy',
    { amount: 10_000, recipientName: 'Awa', recipientPhone: '77 123 45 67', wallet: 'Wave' },
    cookie,
  )
  expect(res.statusCode, res.body).toBe(200)
  return decode<{ voucherId: number; attempt: Attempt }>(res.body)
}
const voucher = async (id: number) =>
  (await t.db.select().from(giftVouchers).where(eq(giftVouchers.id, id)))[0]!
const messages = async (buyerId: number, kind: 'voucher_gift' | 'voucher_sent') =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, buyerId), eq(outboxMessages.kind, kind)))

describe('gift vouchers: provider notifications duplicated, out of order, forged', () => {
  it('twenty copies of "completed", then a stale "failed": paid once, one code sent, the buyer told once', async () => {
    const { voucherId, attempt } = await buy()
    const buyerId = (await voucher(voucherId)).buyerId
    const giftsBefore = (await messages(buyerId, 'voucher_gift')).length
    const toldBefore = (await messages(buyerId, 'voucher_sent')).length
    fake.set({ duplicates: 19, outOfOrder: true })
    await pay(attempt)
    expect((await voucher(voucherId)).status).toBe('paid')
    expect((await attemptRow(attempt.id)).status).toBe('paid')
    expect((await messages(buyerId, 'voucher_gift')).length).toBe(giftsBefore + 1)
    expect((await messages(buyerId, 'voucher_sent')).length).toBe(toldBefore + 1)
  })

  it('a forged Wave signature is 401 and the voucher stays unpaid', async () => {
    const { voucherId, attempt } = await buy()
    fake.set({ silent: true })
    await pay(attempt) // paid at the provider, no notification sent
    const body = JSON.stringify({
      id: 'AE_forged',
      type: 'checkout.session.completed',
      data: {
        id: sessionOf(attempt).id,
        amount: '10000',
        currency: 'XOF',
        client_reference: attempt.reference,
        checkout_status: 'complete',
        payment_status: 'succeeded',
      },
    })
    const forged = waveSignature(body, 'not-the-secret', Math.floor(Date.now() / 1000))
    const res = await t.app.inject({
      method: 'POST',
      url: '/_api/payments/notify/wave/sn',
      headers: { 'content-type': 'application/json', 'wave-signature': forged },
      payload: body,
    })
    expect(res.statusCode).toBe(401)
    expect((await voucher(voucherId)).status).toBe('pending')
  })
})
