import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  campaignAnimals,
  campaignCashReceipts,
  campaignReservations,
  campaignSlots,
  outboxMessages,
  paymentAttempts,
} from '../../src/server/db/schema'
import { renderAccountMessage } from '../../src/server/services/messages/account-messages'
import { processRefunds } from '../../src/server/services/money/payments'
import { formatMoney } from '../../src/shared/format'
import { decode, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import {
  addAnimal,
  addShare,
  attemptRow,
  confirm,
  iso,
  openCampaign,
  providerPays,
  reservationRow,
  reserveAnimal,
  startPaying,
} from './campaign-fixtures'

const DAY = 86_400_000

/**
 * docs/rules/campaigns-operations.md#due-date and #cancelling: a later due date for one reservation;
 * cancelling frees the animal (a share's stock) and the slot's place, gives back what was paid less
 * the fee until the refundable date (all kept after it), through the attempts' refunds; the client
 * told of the cancellation and of each refund made.
 */
describe('campaigns: due date and cancelling', () => {
  let t: TestApp
  let staff: string
  let client: string
  let clientId: number

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_PER_MINUTE: '1000000' })
    staff = (await signedIn(t, 'admin', 'SN')).cookie
    const c = await signedIn(t, 'client', 'SN')
    client = c.cookie
    clientId = c.user.id
  })
  afterAll(() => t.close())

  const cancel = (reservationId: number) =>
    post(t, '/_api/admin/campaigns/reservations/cancel', { reservationId }, staff)
  const cash = (reservationId: number, amount: number) =>
    post(t, '/_api/admin/campaigns/reservations/cash', { reservationId, amount }, staff)
  const paid = async (token: string, amount: number, wallet: string) => {
    const a = await startPaying(t, token, amount, wallet)
    await providerPays(t, a)
    await confirm(t, a)
    return a
  }
  const messages = (kind: 'campaign_cancelled' | 'campaign_refunded') =>
    t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, clientId), sql`${outboxMessages.kind} = ${kind}`))

  it('extends one reservation’s due date: after now, by the feast at the latest, a balance left', async () => {
    const c = await openCampaign(t, staff)
    const a = await addAnimal(t, staff, c.id)
    const r = await reserveAnimal(t, client, a.id)
    const extend = (dueAt: string) =>
      post(t, '/_api/admin/campaigns/reservations/extend', { reservationId: r.id, dueAt }, staff)
    const past = await extend(iso(Date.now() - DAY))
    expect(past.statusCode).toBe(400)
    expect(past.json().fieldErrors.dueAt).toEqual(['La nouvelle échéance doit être dans le futur.'])
    const beyond = await extend(iso(Date.now() + 60 * DAY))
    expect(beyond.json().error).toBe('La nouvelle échéance ne peut pas dépasser le jour de la fête.')
    const ok = await extend(iso(Date.now() + 38 * DAY))
    expect(ok.statusCode, ok.body).toBe(200)
    expect(decode<{ reservation: { dueAt: Date } }>(ok.body).reservation.dueAt.getTime()).toBeGreaterThan(
      Date.now() + 37 * DAY,
    )
    await cash(r.id, 150_000)
    const nothingLeft = await extend(iso(Date.now() + 38 * DAY))
    expect(nothingLeft.statusCode).toBe(409)
  })

  it('before the refundable date: all paid less the fee, kept from the cash first; animal and slot freed', async () => {
    const c = await openCampaign(t, staff, {
      refundableUntil: iso(Date.now() + 10 * DAY),
      cancellationFee: 10_000,
    })
    const a = await addAnimal(t, staff, c.id)
    const r = await reserveAnimal(t, client, a.id)
    const [slot] = await t.db
      .insert(campaignSlots)
      .values({
        campaignId: c.id,
        kind: 'delivery',
        startsAt: new Date(Date.now() + 20 * DAY),
        endsAt: new Date(Date.now() + 20 * DAY + 3_600_000),
        capacity: 3,
        booked: 1,
      })
      .returning()
    await t.db.update(campaignReservations).set({ slotId: slot!.id }).where(eq(campaignReservations.id, r.id))
    // 45 000 F by Wave, 6 000 F in cash, 20 000 F by Orange Money (CinetPay).
    const wave = await paid(r.payToken, 45_000, 'Wave')
    await cash(r.id, 6_000)
    const orange = await paid(r.payToken, 20_000, 'Orange Money')
    const res = await cancel(r.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(decode<{ reservation: Record<string, unknown> }>(res.body).reservation).toMatchObject({
      status: 'cancelled',
      keptAmount: 10_000,
      refundAmount: 61_000,
    })
    // The fee: the 6 000 F of cash, then 4 000 F of the Wave attempt (given back by hand, 41 000 F).
    const [receipt] = await t.db
      .select()
      .from(campaignCashReceipts)
      .where(eq(campaignCashReceipts.reservationId, r.id))
    expect(receipt!.givenBack).toBe(0)
    expect(await attemptRow(t, wave.id)).toMatchObject({ refundStatus: 'to_do', refundAmount: 41_000 })
    expect(await attemptRow(t, orange.id)).toMatchObject({ refundStatus: 'to_do', refundAmount: null })
    const [animal] = await t.db.select().from(campaignAnimals).where(eq(campaignAnimals.id, a.id))
    expect(animal!.status).toBe('available')
    const [s] = await t.db.select().from(campaignSlots).where(eq(campaignSlots.id, slot!.id))
    expect(s!.booked).toBe(0)
    const told = (await messages('campaign_cancelled')).filter(
      (m) => m.facts && (m.facts as { item?: string }).item?.includes(String(animal!.tag)),
    )
    expect(told.length).toBeGreaterThan(0)
    expect(told[0]!.facts).toMatchObject({ kept: 10_000, byWallet: 61_000, cash: 0 })
    // What the client reads, in French: what is kept, what comes back and how.
    const mail = renderAccountMessage('campaign_cancelled', 'email', 'Awa Diop', told[0]!.facts as object)
    expect(mail.subject).toBe('Étal : votre réservation est annulée')
    expect(mail.text).toContain(`Nous vous rendons ${formatMoney(61_000)} sur votre compte mobile money.`)
    expect(mail.text).toContain(`La boutique garde ${formatMoney(10_000)}.`)
    // Another client may reserve the animal again.
    const other = (await signedIn(t, 'client', 'SN')).cookie
    expect((await reserveAnimal(t, other, a.id)).status).toBe('held')

    // Staff give back the Orange Money by hand: done, the client told.
    const done = await post(
      t,
      '/_api/admin/campaigns/reservations/refund-done',
      { reservationId: r.id, attemptId: orange.id },
      staff,
    )
    expect(done.statusCode, done.body).toBe(200)
    expect((await attemptRow(t, orange.id)).refundStatus).toBe('done')
    const again = await post(
      t,
      '/_api/admin/campaigns/reservations/refund-done',
      { reservationId: r.id, attemptId: orange.id },
      staff,
    )
    expect(again.statusCode).toBe(409)
    const refunded = await messages('campaign_refunded')
    expect(refunded.some((m) => (m.facts as { amount?: number }).amount === 20_000)).toBe(true)
  })

  it('a whole Wave attempt is asked of Wave’s API; cash over the fee is handed back; a share returns to stock', async () => {
    const c = await openCampaign(t, staff, {
      refundableUntil: iso(Date.now() + 10 * DAY),
      cancellationFee: 5_000,
    })
    const share = await addShare(t, staff, c.id, 2, 40_000)
    const res = await post(t, '/_api/campaigns/reserve', { shareId: share.id }, client)
    const r = decode<{ reservation: { id: number; payToken: string } }>(res.body).reservation
    await cash(r.id, 15_000)
    const wave = await paid(r.payToken, 20_000, 'Wave')
    expect((await cancel(r.id)).statusCode).toBe(200)
    const [receipt] = await t.db
      .select()
      .from(campaignCashReceipts)
      .where(eq(campaignCashReceipts.reservationId, r.id))
    expect(receipt!.givenBack).toBe(10_000)
    expect(await attemptRow(t, wave.id)).toMatchObject({ refundStatus: 'requested', refundAmount: null })
    await t.db
      .update(paymentAttempts)
      .set({ nextCheckAt: sql`now()` })
      .where(eq(paymentAttempts.id, wave.id))
    await processRefunds(t.db, t.deps.payments)
    expect((await attemptRow(t, wave.id)).refundStatus).toBe('done')
    const told = (await messages('campaign_cancelled')).at(-1)!
    expect(told.facts).toMatchObject({ kept: 5_000, byWallet: 20_000, cash: 10_000 })
    const stock = await post(t, '/_api/campaigns/reserve', { shareId: share.id }, client)
    expect(stock.statusCode).toBe(200)
  })

  it('after the refundable date everything paid is kept; a cancelled or handed-over reservation is 409', async () => {
    const c = await openCampaign(t, staff, {
      refundableUntil: iso(Date.now() - DAY),
      cancellationFee: 5_000,
    })
    const a = await addAnimal(t, staff, c.id)
    const r = await reserveAnimal(t, client, a.id)
    const wave = await paid(r.payToken, 45_000, 'Wave')
    const both = await Promise.all([cancel(r.id), cancel(r.id)])
    expect(both.map((x) => x.statusCode).sort()).toEqual([200, 409])
    expect(both.find((x) => x.statusCode === 409)!.json().error).toBe('Cette réservation est déjà annulée.')
    expect(await reservationRow(t, r.id)).toMatchObject({ keptAmount: 45_000, refundAmount: 0 })
    expect((await attemptRow(t, wave.id)).refundStatus).toBeNull()
    // Handed over: no cancelling.
    const b = await addAnimal(t, staff, c.id)
    const rb = await reserveAnimal(t, client, b.id)
    await cash(rb.id, 150_000)
    await post(t, '/_api/admin/campaigns/reservations/step', { reservationId: rb.id, step: 'ready' }, staff)
    await post(
      t,
      '/_api/admin/campaigns/reservations/step',
      { reservationId: rb.id, step: 'delivered' },
      staff,
    )
    const late = await cancel(rb.id)
    expect(late.statusCode).toBe(409)
    expect(late.json().error).toBe('Cet animal est déjà remis au client : la réservation ne s’annule plus.')
  })
})
