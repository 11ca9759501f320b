import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  campaignAnimals,
  campaignReservations,
  paymentAttempts,
  paymentEvents,
} from '../../src/server/db/schema'
import { releaseExpiredHolds } from '../../src/server/services/campaigns'
import { formatMoney } from '../../src/shared/format'
import { post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import {
  addAnimal,
  attemptRow,
  confirm,
  openCampaign,
  providerPays,
  publicView,
  reservationRow,
  reserveAnimal,
  startPaying,
} from './campaign-fixtures'

/**
 * docs/rules/campaigns.md#instalments: the deposit first, then any amount from 1 000 F up to what
 * is left (400 naming it otherwise), each an attempt decided by the provider's status query alone;
 * deposit paid → booked, balance paid → paid; payers at once never pay more than the balance.
 */
describe('campaigns: deposit and instalments', () => {
  let t: TestApp
  let staff: string
  let client: string

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_PER_MINUTE: '1000000' })
    staff = (await signedIn(t, 'admin', 'SN')).cookie
    client = (await signedIn(t, 'client', 'SN')).cookie
  })
  afterAll(() => t.close())

  async function reserved(price = 150_000) {
    const c = await openCampaign(t, staff)
    const a = await addAnimal(t, staff, c.id, price)
    return { animal: a, r: await reserveAnimal(t, client, a.id) }
  }
  const pay = (token: string, amount: number, wallet = 'Wave') =>
    post(t, '/_api/campaigns/pay', { token, amount, wallet })
  const animalStatus = async (id: number) =>
    (await t.db.select().from(campaignAnimals).where(eq(campaignAnimals.id, id)))[0]!.status

  it('bounds: the deposit at least, then 1 000 F at least, never more than what is left (named)', async () => {
    const { r } = await reserved()
    const under = await pay(r.payToken, 44_995)
    expect(under.statusCode).toBe(400)
    expect(under.json().fieldErrors.amount).toEqual([
      `Le premier paiement couvre au moins l’acompte : ${formatMoney(45_000)}.`,
    ])
    const over = await pay(r.payToken, 150_001)
    expect(over.statusCode).toBe(400)
    expect(over.json().error).toBe(
      `Le montant dépasse ce qu’il reste à payer : il reste ${formatMoney(150_000)}.`,
    )
    const wallet = await pay(r.payToken, 45_000, 'Carte bancaire')
    expect(wallet.statusCode).toBe(400)
    expect(wallet.json().fieldErrors.wallet).toEqual([
      'Choisissez un portefeuille mobile money proposé dans ce pays.',
    ])
    const zero = await pay(r.payToken, 0)
    expect(zero.statusCode).toBe(400)
    expect(zero.json().fieldErrors.amount).toEqual(['Le montant doit être d’au moins 1 F.'])

    const deposit = await startPaying(t, r.payToken, 45_000)
    expect(deposit.checkoutUrl).toMatch(/^https?:\/\//)
    await providerPays(t, deposit)
    await confirm(t, deposit)
    const small = await pay(r.payToken, 999)
    expect(small.statusCode).toBe(400)
    expect(small.json().error).toBe(`Le montant minimum d’un versement est de ${formatMoney(1_000)}.`)
    const tooMuch = await pay(r.payToken, 105_005)
    expect(tooMuch.statusCode).toBe(400)
    expect(tooMuch.json().error).toBe(
      `Le montant dépasse ce qu’il reste à payer : il reste ${formatMoney(105_000)}.`,
    )
  })

  it('deposit paid → booked; instalments by anyone with the link; the balance paid → paid', async () => {
    const { animal, r } = await reserved()
    const deposit = await startPaying(t, r.payToken, 50_000)
    // Nothing counts until the provider's status query says paid.
    await confirm(t, deposit)
    expect((await publicView(t, r.payToken)).amountPaid).toBe(0)
    await providerPays(t, deposit)
    await confirm(t, deposit)
    expect(await publicView(t, r.payToken)).toMatchObject({
      status: 'booked',
      amountPaid: 50_000,
      balance: 100_000,
    })
    expect(await animalStatus(animal.id)).toBe('booked')
    // A payer without an account, then the client signed in (the call takes no session either way).
    const first = await startPaying(t, r.payToken, 60_000, 'Orange Money')
    await providerPays(t, first)
    await confirm(t, first)
    expect(await publicView(t, r.payToken)).toMatchObject({ status: 'booked', balance: 40_000 })
    const last = await startPaying(t, r.payToken, 40_000)
    await providerPays(t, last)
    await confirm(t, last)
    expect(await publicView(t, r.payToken)).toMatchObject({ status: 'paid', amountPaid: 150_000, balance: 0 })
    expect(await animalStatus(animal.id)).toBe('paid')
    const more = await pay(r.payToken, 1_000)
    expect(more.statusCode).toBe(409)
    expect(more.json().error).toBe('Cette réservation est déjà entièrement payée.')
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.reservationId, r.id))
    expect(events.filter((e) => e.type === 'received')).toHaveLength(3)
    expect(events.every((e) => e.orderId === null)).toBe(true)
  })

  it('a refused or unpaid attempt changes nothing; the worker’s repeated question counts money once', async () => {
    const { r } = await reserved()
    // CinetPay (Orange Money): a refusal fails the attempt.
    const refused = await startPaying(t, r.payToken, 45_000, 'Orange Money')
    const fake = t.deps.payments.fake!
    fake.set({ silent: true })
    fake.decide(fake.payment(refused.reference)!.id, 'refuse')
    fake.set({})
    await confirm(t, refused)
    expect((await attemptRow(t, refused.id)).status).toBe('failed')
    expect((await reservationRow(t, r.id)).status).toBe('held')
    const ok = await startPaying(t, r.payToken, 45_000)
    await providerPays(t, ok)
    await Promise.all([confirm(t, ok), confirm(t, ok), confirm(t, ok)])
    expect((await reservationRow(t, r.id)).amountPaid).toBe(45_000)
  })

  it('two payers at once on the last 105 000 F: the balance is paid once, the one over flagged to give back', async () => {
    const { r } = await reserved()
    const deposit = await startPaying(t, r.payToken, 45_000)
    await providerPays(t, deposit)
    await confirm(t, deposit)
    // Both started while 105 000 F were left; both paid at the provider.
    const [a, b] = await Promise.all([
      startPaying(t, r.payToken, 105_000),
      startPaying(t, r.payToken, 105_000),
    ])
    await providerPays(t, a!)
    await providerPays(t, b!)
    await Promise.all([confirm(t, a!), confirm(t, b!)])
    const row = await reservationRow(t, r.id)
    expect(row.amountPaid).toBe(150_000)
    expect(row.status).toBe('paid')
    const flagged = [await attemptRow(t, a!.id), await attemptRow(t, b!.id)].filter(
      (x) => x.refundStatus === 'to_do',
    )
    expect(flagged).toHaveLength(1)
    expect(flagged[0]!.refundAmount).toBeNull() // the whole of it
  })

  it('50 payers on one balance: what is received never passes it; every franc over is flagged, to the franc', async () => {
    const { r } = await reserved(200_000)
    const deposit = await startPaying(t, r.payToken, 60_000)
    await providerPays(t, deposit)
    await confirm(t, deposit)
    // 140 000 F left; 50 payers of 3 000 F each (150 000 F) start while it is, then the provider
    // confirms them all at once.
    const attempts = []
    for (let i = 0; i < 50; i++) attempts.push(await startPaying(t, r.payToken, 3_000))
    for (const a of attempts) await providerPays(t, a)
    await Promise.all(attempts.map((a) => confirm(t, a)))
    const row = await reservationRow(t, r.id)
    expect(row.amountPaid).toBe(200_000)
    expect(row.status).toBe('paid')
    const rows = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.reservationId, r.id))
    const paid = rows.filter((x) => x.status === 'paid')
    expect(paid).toHaveLength(51)
    const flaggedBack = paid.reduce(
      (sum, x) => sum + (x.refundStatus === 'to_do' ? (x.refundAmount ?? x.amount) : 0),
      0,
    )
    expect(flaggedBack).toBe(60_000 + 150_000 - 200_000)
  })
  it('a deposit the provider confirms after the hold expired: the animal taken again if free, else all given back', async () => {
    const expireNow = async (id: number) => {
      await t.db
        .update(campaignReservations)
        .set({ holdExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(campaignReservations.id, id))
      await releaseExpiredHolds(t.db)
    }
    // Still free: taken again, booked.
    const free = await reserved()
    const late = await startPaying(t, free.r.payToken, 45_000)
    await expireNow(free.r.id)
    expect(await animalStatus(free.animal.id)).toBe('available')
    await providerPays(t, late)
    await confirm(t, late)
    expect(await reservationRow(t, free.r.id)).toMatchObject({ status: 'booked', amountPaid: 45_000 })
    expect(await animalStatus(free.animal.id)).toBe('booked')
    // Taken by another client meanwhile: nothing counts, all of it flagged to give back.
    const gone = await reserved()
    const tooLate = await startPaying(t, gone.r.payToken, 45_000)
    await expireNow(gone.r.id)
    const other = (await signedIn(t, 'client', 'SN')).cookie
    const next = await reserveAnimal(t, other, gone.animal.id)
    await providerPays(t, tooLate)
    await confirm(t, tooLate)
    expect(await reservationRow(t, gone.r.id)).toMatchObject({ status: 'expired', amountPaid: 0 })
    expect(await attemptRow(t, tooLate.id)).toMatchObject({
      status: 'paid',
      refundStatus: 'to_do',
      refundAmount: null,
    })
    expect((await reservationRow(t, next.id)).status).toBe('held')
    expect(await animalStatus(gone.animal.id)).toBe('held')
  })
})
