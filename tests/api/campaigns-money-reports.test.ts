import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FakeProviders } from '../../dev/fakes/payments'
import { createOrder, createUser, decode, get, login, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import { addAnimal, openCampaign, reserveAnimal, startPaying, type Attempt } from './campaign-fixtures'

/**
 * docs/rules/campaigns-messages.md#money: a campaign's deposits and instalments are counted with
 * the orders' mobile money in the day's cash report (per provider, "of which campaigns") and its
 * CSV, and each is a line of the day's reconciliation against its reservation.
 */
describe('campaigns: money in the day’s reports', () => {
  let t: TestApp
  let fake: FakeProviders
  let staff: string
  let client: string
  let orderClient: Awaited<ReturnType<typeof createUser>>
  let orderCookie: string

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_PER_MINUTE: '1000000' })
    fake = t.deps.payments.fake!
    staff = (await signedIn(t, 'admin', 'SN')).cookie
    client = (await signedIn(t, 'client', 'SN')).cookie
    orderClient = await createUser(t.db, { country: 'SN' })
    orderCookie = await login(t, orderClient.email)
  })
  afterAll(() => t.close())

  async function pay(a: Pick<Attempt, 'reference'>) {
    fake.decide(fake.payment(a.reference)!.id, 'pay')
    await t.deps.payments.idle()
  }

  it('the cash report counts them per provider, told apart; the reconciliation lists them', async () => {
    // An order paid by Wave, a reservation's deposit by Wave, an instalment by Orange Money
    // (CinetPay) that the provider reports 100 F short.
    const order = await createOrder(t.db, {
      user: orderClient,
      lines: [{ price: 12_000, quantity: 1, unitType: 'unit' }],
    })
    const start = await post(t, '/_api/payments/start', { orderId: order.id, wallet: 'Wave' }, orderCookie)
    expect(start.statusCode, start.body).toBe(200)
    await pay(decode<{ attempt: Attempt }>(start.body).attempt)
    const c = await openCampaign(t, staff)
    const animal = await addAnimal(t, staff, c.id, 150_000)
    const r = await reserveAnimal(t, client, animal.id)
    const deposit = await startPaying(t, r.payToken, 45_000, 'Wave')
    await pay(deposit)
    const short = await startPaying(t, r.payToken, 20_000, 'Orange Money')
    fake.set({ amountDelta: -100 })
    await pay(short)
    fake.set({})

    const res = await get(t, '/_api/admin/cash/report', staff)
    expect(res.statusCode, res.body).toBe(200)
    const report = decode<{
      mobileMoney: {
        provider: string
        payments: number
        amount: number
        campaignPayments: number
        campaignAmount: number
      }[]
    }>(res.body)
    expect(report.mobileMoney).toEqual([
      { provider: 'wave', payments: 2, amount: 57_000, campaignPayments: 1, campaignAmount: 45_000 },
    ])
    const csv = await get(t, '/_api/admin/cash/report/export', staff)
    expect(csv.statusCode).toBe(200)
    expect(csv.body).toContain(
      'Opérateur;Paiements;Montant;Dont campagnes : paiements;Dont campagnes : montant',
    )
    expect(csv.body).toContain('Wave;2;57000;1;45000')

    const rec = decode<{
      rows: {
        orderId: number | null
        reservationId: number | null
        campaignName: string | null
        amount: number | null
        orderTotal: number
        orderPaid: number
        issue: string | null
      }[]
    }>((await get(t, '/_api/admin/payments/reconciliation', staff)).body)
    const mine = rec.rows.filter((row) => row.reservationId === r.id)
    expect(mine).toEqual([
      expect.objectContaining({
        orderId: null,
        campaignName: c.name,
        amount: 45_000,
        orderTotal: 150_000,
        orderPaid: 45_000,
        issue: null,
      }),
      expect.objectContaining({ amount: 20_000, issue: 'amount' }),
    ])
    expect(rec.rows.find((row) => row.orderId === order.id)).toMatchObject({
      reservationId: null,
      issue: null,
    })
    // Another country's staff see none of it.
    const mali = (await signedIn(t, 'admin', 'ML')).cookie
    const theirs = decode<{ rows: { reservationId: number | null }[] }>(
      (await get(t, '/_api/admin/payments/reconciliation', mali)).body,
    )
    expect(theirs.rows.some((row) => row.reservationId === r.id)).toBe(false)
  })
})
