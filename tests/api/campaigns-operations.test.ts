import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  campaignAnimals,
  campaignCashReceipts,
  campaignReservations,
  loyaltyTransactions,
  paymentEvents,
  users,
} from '../../src/server/db/schema'
import { formatMoney } from '../../src/shared/format'
import { decode, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import {
  addAnimal,
  confirm,
  iso,
  openCampaign,
  providerPays,
  reservationRow,
  reserveAnimal,
  startPaying,
} from './campaign-fixtures'

/**
 * docs/rules/campaigns-operations.md: the staff's list by slot then tag, its CSV, the steps (ready,
 * then delivered or collected once paid, points once), cash at the shop and the country scope.
 */
describe('campaigns: operations on the feast days', () => {
  let t: TestApp
  let staff: string
  let client: string
  let clientId: number
  let foreign: string

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_PER_MINUTE: '1000000' })
    staff = (await signedIn(t, 'admin', 'SN')).cookie
    const c = await signedIn(t, 'client', 'SN')
    client = c.cookie
    clientId = c.user.id
    foreign = (await signedIn(t, 'admin', 'CI')).cookie
  })
  afterAll(() => t.close())

  type Row = {
    id: number
    status: string
    tag: string | null
    amountPaid: number
    cashPaid: number
    balance: number
    overdue: boolean
    pointsEarned: number
    slotId: number | null
  }
  const list = async (campaignId: number, query = '', cookie = staff) => {
    const res = await get(t, `/_api/admin/campaigns/operations?campaignId=${campaignId}${query}`, cookie)
    expect(res.statusCode, res.body).toBe(200)
    return decode<{ reservations: Row[]; slots: { id: number }[] }>(res.body)
  }
  const step = (reservationId: number, s: string, cookie = staff) =>
    post(t, '/_api/admin/campaigns/reservations/step', { reservationId, step: s }, cookie)
  const cash = (reservationId: number, amount: number, cookie = staff) =>
    post(t, '/_api/admin/campaigns/reservations/cash', { reservationId, amount }, cookie)
  const points = async () => (await t.db.select().from(users).where(eq(users.id, clientId)))[0]!.loyaltyPoints

  async function reserved(campaignId?: number, price = 150_000) {
    const c = campaignId ?? (await openCampaign(t, staff)).id
    const a = await addAnimal(t, staff, c, price)
    return { campaignId: c, animal: a, r: await reserveAnimal(t, client, a.id) }
  }

  it('lists by slot then tag, with the filters: state, slot, balance due after the due date', async () => {
    const c = await openCampaign(t, staff)
    const slot = async (hours: number) => {
      const res = await post(
        t,
        '/_api/admin/campaigns/slots/create',
        {
          campaignId: c.id,
          kind: 'collection',
          startsAt: iso(Date.now() + hours * 3_600_000),
          endsAt: iso(Date.now() + (hours + 2) * 3_600_000),
          capacity: 5,
        },
        staff,
      )
      return decode<{ slot: { id: number } }>(res.body).slot.id
    }
    const late = await slot(48)
    const early = await slot(24)
    const a = await reserved(c.id)
    const b = await reserved(c.id)
    const d = await reserved(c.id)
    const set = (id: number, v: Partial<typeof campaignReservations.$inferInsert>) =>
      t.db.update(campaignReservations).set(v).where(eq(campaignReservations.id, id))
    await set(a.r.id, { slotId: late })
    await set(b.r.id, { slotId: early })
    await set(d.r.id, { slotId: early, dueAt: new Date(Date.now() - 60_000) })
    // The deposit of b paid in cash: booked, 105 000 F left, not yet due.
    expect((await cash(b.r.id, 45_000)).statusCode).toBe(200)
    const all = await list(c.id)
    expect(all.reservations.map((r) => r.id)).toEqual([b.r.id, d.r.id, a.r.id])
    expect((await list(c.id, `&slotId=${late}`)).reservations.map((r) => r.id)).toEqual([a.r.id])
    expect((await list(c.id, '&status=booked')).reservations.map((r) => r.id)).toEqual([b.r.id])
    const overdue = await list(c.id, '&overdue=true')
    expect(overdue.reservations.map((r) => r.id)).toEqual([d.r.id])
    expect(overdue.reservations[0]!.overdue).toBe(true)
    const bad = await get(t, `/_api/admin/campaigns/operations?campaignId=${c.id}&status=prete`, staff)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toContain('Statut de réservation invalide.')
  })

  it('exports the list as CSV: French headings, whole francs, one line each', async () => {
    const { campaignId, r } = await reserved()
    await cash(r.id, 45_000)
    const res = await get(t, `/_api/admin/campaigns/operations/export?campaignId=${campaignId}`, staff)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toContain('Boucle;Race;Part;Client;Téléphone')
    expect(lines[0]).toContain('Total (F CFA);Payé (F CFA);Dont espèces (F CFA);Solde (F CFA)')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(';Acompte payé;150000;45000;45000;105000;')
  })

  it('ready from booked, delivered only once paid in full, points once; wrong steps are 409 in French', async () => {
    const { animal, r } = await reserved()
    const early = await step(r.id, 'ready')
    expect(early.statusCode).toBe(409)
    expect(early.json().error).toBe('L’acompte n’est pas encore payé : l’animal ne peut pas être préparé.')
    const deposit = await startPaying(t, r.payToken, 45_000)
    await providerPays(t, deposit)
    await confirm(t, deposit)
    expect((await step(r.id, 'delivered')).json().error).toBe(
      'L’animal doit d’abord être marqué « Prête » (abattu et découpé).',
    )
    const ready = await step(r.id, 'ready')
    expect(ready.statusCode, ready.body).toBe(200)
    expect(decode<{ reservation: Row }>(ready.body).reservation.status).toBe('ready')
    const unpaid = await step(r.id, 'collected')
    expect(unpaid.statusCode).toBe(409)
    expect(unpaid.json().error).toBe('Le solde n’est pas payé : encaissez-le avant de remettre l’animal.')
    // The balance paid in cash at the shop: the reservation stays ready, then is collected.
    const paid = await cash(r.id, 105_000)
    expect(decode<{ reservation: Row }>(paid.body).reservation).toMatchObject({
      status: 'ready',
      balance: 0,
      cashPaid: 105_000,
    })
    const before = await points()
    const done = await step(r.id, 'collected')
    expect(done.statusCode, done.body).toBe(200)
    expect(decode<{ reservation: Row }>(done.body).reservation).toMatchObject({
      status: 'collected',
      pointsEarned: 1_500,
    })
    expect(await points()).toBe(before + 1_500)
    const [a] = await t.db.select().from(campaignAnimals).where(eq(campaignAnimals.id, animal.id))
    expect(a!.status).toBe('collected')
    const again = await step(r.id, 'delivered')
    expect(again.statusCode).toBe(409)
    expect(again.json().error).toBe('Cette réservation est déjà « Retirée ».')
    expect(await points()).toBe(before + 1_500)
  })

  it('two staff at once: each step applied once, points credited once', async () => {
    const { r } = await reserved()
    await cash(r.id, 150_000)
    const readies = await Promise.all([step(r.id, 'ready'), step(r.id, 'ready')])
    expect(readies.map((x) => x.statusCode).sort()).toEqual([200, 409])
    const before = await points()
    const handed = await Promise.all([
      step(r.id, 'delivered'),
      step(r.id, 'collected'),
      step(r.id, 'delivered'),
    ])
    expect(handed.map((x) => x.statusCode).sort()).toEqual([200, 409, 409])
    expect(await points()).toBe(before + 1_500)
    const moves = await t.db
      .select()
      .from(loyaltyTransactions)
      .where(eq(loyaltyTransactions.userId, clientId))
    expect(moves.filter((m) => m.description.includes('réservation')).length).toBeGreaterThanOrEqual(1)
  })

  it('cash: an instalment’s bounds, who took it, booked then paid; never past the balance', async () => {
    const { r } = await reserved()
    const under = await cash(r.id, 44_000)
    expect(under.statusCode).toBe(400)
    expect(under.json().fieldErrors.amount).toEqual([
      `Le premier paiement couvre au moins l’acompte : ${formatMoney(45_000)}.`,
    ])
    const zero = await cash(r.id, 0)
    expect(zero.statusCode).toBe(400)
    expect(zero.json().fieldErrors.amount).toEqual(['Le montant doit être d’au moins 1 F.'])
    expect((await cash(r.id, 50_000)).statusCode).toBe(200)
    expect(await reservationRow(t, r.id)).toMatchObject({ status: 'booked', amountPaid: 50_000 })
    expect((await cash(r.id, 999)).json().error).toBe(
      `Le montant minimum d’un versement est de ${formatMoney(1_000)}.`,
    )
    expect((await cash(r.id, 100_001)).json().error).toBe(
      `Le montant dépasse ce qu’il reste à payer : il reste ${formatMoney(100_000)}.`,
    )
    // Two staff record the last 100 000 F at once: one counts, the other is refused.
    const both = await Promise.all([cash(r.id, 100_000), cash(r.id, 100_000)])
    expect(both.map((x) => x.statusCode).sort()).toEqual([200, 400])
    expect(await reservationRow(t, r.id)).toMatchObject({ status: 'paid', amountPaid: 150_000 })
    const receipts = await t.db
      .select()
      .from(campaignCashReceipts)
      .where(eq(campaignCashReceipts.reservationId, r.id))
    expect(receipts.map((x) => x.amount)).toEqual([50_000, 100_000])
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.reservationId, r.id))
    const cashEvents = events.filter((e) => e.type === 'cash_received')
    expect(cashEvents).toHaveLength(2)
    expect(cashEvents.every((e) => e.actorId !== null)).toBe(true)
  })

  it('another country’s staff read and change nothing (404); root reaches every country', async () => {
    const { campaignId, r } = await reserved()
    const res = await get(t, `/_api/admin/campaigns/operations?campaignId=${campaignId}`, foreign)
    expect(res.statusCode).toBe(404)
    for (const call of [cash(r.id, 45_000, foreign), step(r.id, 'ready', foreign)]) {
      const x = await call
      expect(x.statusCode).toBe(404)
      expect(x.json().error).toBe('Réservation non trouvée')
    }
    expect((await reservationRow(t, r.id)).amountPaid).toBe(0)
    const root = (await signedIn(t, 'root', 'CI')).cookie
    expect((await list(campaignId, '', root)).reservations).toHaveLength(1)
  })
})
