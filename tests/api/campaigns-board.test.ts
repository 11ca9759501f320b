import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignAnimals, campaignReservations, campaigns } from '../../src/server/db/schema'
import type { CampaignBoard } from '../../src/shared/schemas/campaign-setup'
import { decode, get, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import {
  addAnimal,
  confirm,
  openCampaign,
  providerPays,
  reserveAnimal,
  startPaying,
} from './campaign-fixtures'

/**
 * docs/rules/campaigns-staff.md#the-board: a campaign's reservations and money per state, what
 * each wallet brought (deposits, then instalments, and what is flagged to give back), the balances
 * owed and those past the due date; another country's campaign answers 404.
 */
describe('campaigns: the board', () => {
  let t: TestApp
  let staff: string
  let client: string
  let campaignId: number

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_PER_MINUTE: '1000000' })
    staff = (await signedIn(t, 'admin', 'SN')).cookie
    client = (await signedIn(t, 'client', 'SN')).cookie
    campaignId = (await openCampaign(t, staff)).id
  })
  afterAll(() => t.close())

  /** A reservation of a new 100 000 F animal (deposit 30 000 F), paid by these instalments. */
  async function reservation(payments: [number, string][] = []) {
    const a = await addAnimal(t, staff, campaignId, 100_000)
    const r = await reserveAnimal(t, client, a.id)
    for (const [amount, wallet] of payments) {
      const attempt = await startPaying(t, r.payToken, amount, wallet)
      await providerPays(t, attempt)
      await confirm(t, attempt)
    }
    return { animalId: a.id, id: r.id, token: r.payToken }
  }
  /** A state the operations' calls give, written as they would (the reservation and its animal). */
  async function moveTo(r: { id: number; animalId: number }, status: 'ready' | 'delivered' | 'cancelled') {
    await t.db.update(campaignReservations).set({ status }).where(eq(campaignReservations.id, r.id))
    await t.db.update(campaignAnimals).set({ status }).where(eq(campaignAnimals.id, r.animalId))
  }
  const board = async (cookie = staff) => {
    const res = await get(t, `/_api/admin/campaigns/board?campaignId=${campaignId}`, cookie)
    expect(res.statusCode, res.body).toBe(200)
    return decode<{ board: CampaignBoard }>(res.body).board
  }

  it('counts and sums every state, every wallet, the balances owed and overdue', async () => {
    await reservation() // held: nothing paid
    await reservation([
      [30_000, 'Wave'],
      [20_000, 'Orange Money'],
    ]) // booked, 50 000 F owed
    await reservation([[100_000, 'Wave']]) // paid at once
    await moveTo(await reservation([[40_000, 'Orange Money']]), 'ready') // 60 000 F owed
    await moveTo(await reservation([[100_000, 'Wave']]), 'delivered')
    await moveTo(await reservation(), 'cancelled')
    // Two payers at once on the last 70 000 F: the second's money is all to give back.
    const g = await reservation([[30_000, 'Wave']])
    const first = await startPaying(t, g.token, 70_000, 'Wave')
    const second = await startPaying(t, g.token, 70_000, 'Orange Money')
    for (const a of [first, second]) {
      await providerPays(t, a)
      await confirm(t, a)
    }
    // An attempt started and never paid counts nowhere.
    const h = await reservation([[30_000, 'Wave']])
    await startPaying(t, h.token, 10_000, 'Wave')

    const b = await board()
    const state = (s: string) => b.states.find((x) => x.status === s)
    expect(b.states.map((s) => s.status)).toEqual([
      'held',
      'booked',
      'paid',
      'ready',
      'delivered',
      'collected',
      'cancelled',
      'expired',
    ])
    expect(state('held')).toEqual({ status: 'held', count: 1, total: 100_000, paid: 0, balance: 100_000 })
    expect(state('booked')).toEqual({
      status: 'booked',
      count: 2,
      total: 200_000,
      paid: 80_000,
      balance: 120_000,
    })
    expect(state('paid')).toEqual({ status: 'paid', count: 2, total: 200_000, paid: 200_000, balance: 0 })
    expect(state('ready')).toEqual({
      status: 'ready',
      count: 1,
      total: 100_000,
      paid: 40_000,
      balance: 60_000,
    })
    expect(state('delivered')).toMatchObject({ count: 1, paid: 100_000, balance: 0 })
    expect(state('collected')).toMatchObject({ count: 0, total: 0 })
    expect(state('cancelled')).toMatchObject({ count: 1, total: 100_000, paid: 0 })
    expect(b.received).toBe(420_000)
    expect(b.balanceDue).toBe(180_000)
    expect(b.providers).toEqual([
      {
        key: 'orange_money',
        label: 'Orange Money',
        payments: 3,
        deposits: 30_000,
        instalments: 30_000,
        toGiveBack: 70_000,
      },
      {
        key: 'wave',
        label: 'Wave',
        payments: 6,
        deposits: 150_000,
        instalments: 210_000,
        toGiveBack: 0,
      },
    ])
    const byWallet = b.providers.reduce((n, p) => n + p.deposits + p.instalments, 0)
    expect(byWallet).toBe(b.received)
    // Nothing is overdue before the due date…
    expect([b.overdueCount, b.overdueAmount]).toEqual([0, 0])
    // …past it, every live one still owing is: the hold, the booked ones, the ready one.
    await t.db
      .update(campaigns)
      .set({ balanceDueAt: new Date(Date.now() - 60_000) })
      .where(eq(campaigns.id, campaignId))
    const late = await board()
    expect([late.overdueCount, late.overdueAmount]).toEqual([4, 280_000])

    // Cash at the shop is its own line, its first 30 000 F the deposit; a reservation given a
    // later due date is not overdue (docs/rules/campaigns-operations.md#cash, #due-date).
    const c = await reservation()
    const cash = await t.app.inject({
      method: 'POST',
      url: '/_api/admin/campaigns/reservations/cash',
      payload: { reservationId: c.id, amount: 45_000 },
      headers: { cookie: staff },
    })
    expect(cash.statusCode, cash.body).toBe(200)
    await t.db
      .update(campaignReservations)
      .set({ dueAt: new Date(Date.now() + 86_400_000) })
      .where(eq(campaignReservations.id, c.id))
    const withCash = await board()
    expect(withCash.providers.find((p) => p.key === 'cash')).toEqual({
      key: 'cash',
      label: 'Espèces',
      payments: 1,
      deposits: 30_000,
      instalments: 15_000,
      toGiveBack: 0,
    })
    expect(withCash.received).toBe(465_000)
    expect(withCash.providers.reduce((n, p) => n + p.deposits + p.instalments, 0)).toBe(withCash.received)
    expect([withCash.overdueCount, withCash.overdueAmount]).toEqual([4, 280_000])
  })

  it('answers another country’s campaign 404, as absent; root reads it', async () => {
    const ci = (await signedIn(t, 'admin', 'CI')).cookie
    const res = await get(t, `/_api/admin/campaigns/board?campaignId=${campaignId}`, ci)
    expect(res.statusCode).toBe(404)
    expect(res.json().error).toBe('Campagne non trouvée')
    const root = (await signedIn(t, 'root', 'SN')).cookie
    expect((await board(root)).campaignId).toBe(campaignId)
  })

  it('refuses a bad campaign id in French', async () => {
    const res = await get(t, '/_api/admin/campaigns/board?campaignId=abc', staff)
    expect(res.statusCode).toBe(400)
    expect(res.json().fieldErrors.campaignId).toEqual(['Identifiant de campagne invalide.'])
  })
})
