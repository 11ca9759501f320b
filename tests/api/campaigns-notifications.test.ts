import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FakeProviders } from '../../dev/fakes/payments'
import { outboxMessages, paymentEvents } from '../../src/server/db/schema'
import { signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import {
  addAnimal,
  attemptRow,
  openCampaign,
  reservationRow,
  reserveAnimal,
  startPaying,
  type Attempt,
} from './campaign-fixtures'

/**
 * docs/rules/campaigns.md#instalments, as docs/rules/money.md#payments for orders: a provider's
 * notification for a reservation's attempt, sent twenty times, or out of order (a stale "failed"
 * after "completed", the second instalment's before the first's), counts its money once, books
 * the reservation once and tells it once. Against the in-repo fakes, through the notify routes.
 */
describe('campaigns: provider notifications duplicated and out of order', () => {
  let t: TestApp
  let fake: FakeProviders
  let staff: string
  let client: string

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_PER_MINUTE: '1000000' })
    fake = t.deps.payments.fake!
    staff = (await signedIn(t, 'admin', 'SN')).cookie
    client = (await signedIn(t, 'client', 'SN')).cookie
  })
  afterAll(() => t.close())
  beforeEach(() => fake.set({}))

  async function reserved() {
    const c = await openCampaign(t, staff)
    const a = await addAnimal(t, staff, c.id, 150_000)
    return reserveAnimal(t, client, a.id)
  }
  /** The provider takes the money and notifies (as the fake's behaviour says); its work done. */
  async function pay(a: Attempt) {
    fake.decide(fake.payment(a.reference)!.id, 'pay')
    await t.deps.payments.idle()
  }
  const events = async (reservationId: number, type: string) =>
    t.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.reservationId, reservationId), eq(paymentEvents.type, type)))
  const booking = async (reservationId: number) =>
    t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.reservationId, reservationId), eq(outboxMessages.kind, 'campaign_booked')))

  it('Wave: twenty copies of "completed" for the deposit count it once, book once, tell once', async () => {
    fake.set({ duplicates: 19 })
    const r = await reserved()
    const deposit = await startPaying(t, r.payToken, 45_000, 'Wave')
    await pay(deposit)
    const sent = fake.sent.filter((s) => s.reference === deposit.reference)
    expect(sent).toHaveLength(20)
    expect(sent.every((s) => s.status === 200)).toBe(true)
    const row = await reservationRow(t, r.id)
    expect([row.status, row.amountPaid]).toEqual(['booked', 45_000])
    expect(await events(r.id, 'paid')).toHaveLength(1)
    expect(await events(r.id, 'received')).toHaveLength(1)
    expect((await booking(r.id)).map((m) => m.channel)).toEqual(['email'])
    expect((await attemptRow(t, deposit.id)).refundStatus).toBeNull()
  })

  it('Wave: a stale "failed" after "completed" changes nothing', async () => {
    fake.set({ outOfOrder: true, duplicates: 2 })
    const r = await reserved()
    const deposit = await startPaying(t, r.payToken, 60_000, 'Wave')
    await pay(deposit)
    expect(fake.sent.filter((s) => s.reference === deposit.reference)).toHaveLength(4)
    const row = await reservationRow(t, r.id)
    expect([row.status, row.amountPaid]).toEqual(['booked', 60_000])
    expect((await attemptRow(t, deposit.id)).status).toBe('paid')
    expect(await events(r.id, 'received')).toHaveLength(1)
  })

  it('CinetPay: the second instalment notified before the first, each twice: both counted once', async () => {
    fake.set({ duplicates: 1 })
    const r = await reserved()
    const deposit = await startPaying(t, r.payToken, 45_000, 'Orange Money')
    await pay(deposit)
    const first = await startPaying(t, r.payToken, 50_000, 'Orange Money')
    const second = await startPaying(t, r.payToken, 55_000, 'Wave')
    await pay(second)
    await pay(first)
    // The first's notifications sent once more, late.
    const late = fake.cinetpayNotification(fake.payment(first.reference)!)
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/_api/payments/notify/cinetpay',
        headers: late.headers,
        payload: late.body,
      })
      expect(res.statusCode).toBe(200)
    }
    await t.deps.payments.idle()
    const row = await reservationRow(t, r.id)
    expect([row.status, row.amountPaid]).toEqual(['paid', 150_000])
    expect(await events(r.id, 'received')).toHaveLength(3)
    expect(await events(r.id, 'refund_to_do')).toHaveLength(0)
    expect((await booking(r.id)).map((m) => m.channel)).toEqual(['email'])
  })
})
