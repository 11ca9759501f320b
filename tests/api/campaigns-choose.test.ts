import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignReservations, campaignSlots, preparations } from '../../src/server/db/schema'
import { createSession, SESSION_COOKIE } from '../../src/server/http/session'
import { formatMoney } from '../../src/shared/format'
import { countryByCode, createUser, decode, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import {
  addAnimal,
  confirm,
  iso,
  openCampaign,
  providerPays,
  publicView,
  reservationRow,
  reserveAnimal,
  startPaying,
} from './campaign-fixtures'

/**
 * docs/rules/campaigns-client.md: the owner chooses the services of a reservation whose deposit is
 * in, priced from the campaign; refusals in French; a slot's last places under a rush; the client's
 * own reservations, paying from the account and a new pay link.
 */
describe('campaigns: the client chooses services, slot and recipient', () => {
  let t: TestApp
  let staff: string
  let client: string
  let other: string
  let prepId: number
  const DAY = 86_400_000

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_PER_MINUTE: '1000000' })
    staff = (await signedIn(t, 'admin', 'SN')).cookie
    client = (await signedIn(t, 'client', 'SN')).cookie
    other = (await signedIn(t, 'client', 'SN')).cookie
    const sn = await countryByCode(t.db, 'SN')
    const [prep] = await t.db
      .insert(preparations)
      .values({ countryId: sn.id, name: 'En quartiers' })
      .returning()
    prepId = prep!.id
  })
  afterAll(() => t.close())

  async function campaignWithServices(capacity = 5, over: Record<string, unknown> = {}) {
    const c = await openCampaign(t, staff, {
      slaughterPrice: 5_000,
      keepingPerNight: 1_000,
      preparations: [{ preparationId: prepId, price: 3_000 }],
      ...over,
    })
    const slot = async (kind: string, price: number) => {
      const res = await post(
        t,
        '/_api/admin/campaigns/slots/create',
        {
          campaignId: c.id,
          kind,
          startsAt: iso(Date.now() + 20 * DAY),
          endsAt: iso(Date.now() + 20 * DAY + 3_600_000),
          capacity,
          price,
        },
        staff,
      )
      expect(res.statusCode, res.body).toBe(200)
      return decode<{ slot: { id: number } }>(res.body).slot.id
    }
    return { campaign: c, collection: await slot('collection', 0), delivery: await slot('delivery', 2_500) }
  }
  /** A reservation of `cookie` whose deposit (30 % of 100 000 F) the provider confirmed. */
  async function booked(campaignId: number, cookie = client) {
    const a = await addAnimal(t, staff, campaignId, 100_000)
    const r = await reserveAnimal(t, cookie, a.id)
    const attempt = await startPaying(t, r.payToken, r.depositAmount)
    await providerPays(t, attempt)
    await confirm(t, attempt)
    expect((await reservationRow(t, r.id)).status).toBe('booked')
    return r
  }
  const choose = (body: Record<string, unknown>, cookie = client) =>
    post(t, '/_api/campaigns/choose', body, cookie)

  it('the page’s campaign: services’ prices, cutting offered, slots with places left; 404 when not open', async () => {
    const { campaign, collection } = await campaignWithServices(3)
    const res = await get(t, `/_api/campaigns/campaign?campaignId=${campaign.id}`)
    expect(res.statusCode, res.body).toBe(200)
    const body = decode<{
      campaign: { slaughterPrice: number; preparations: unknown[]; slots: { id: number; left: number }[] }
      currency: string
    }>(res.body)
    expect(body.currency).toBe('XOF')
    expect(body.campaign.slaughterPrice).toBe(5_000)
    expect(body.campaign.preparations).toEqual([
      { preparationId: prepId, name: 'En quartiers', price: 3_000 },
    ])
    expect(body.campaign.slots.find((s) => s.id === collection)!.left).toBe(3)
    const later = await openCampaign(t, staff, {
      opensAt: iso(Date.now() + DAY),
      closesAt: iso(Date.now() + 2 * DAY),
    })
    const closed = await get(t, `/_api/campaigns/campaign?campaignId=${later.id}`)
    expect(closed.statusCode).toBe(404)
    expect(closed.json().error).toBe('Campagne non trouvée')
  })

  it('priced from the campaign: the balance grows, a slot’s place is taken and the old one given back', async () => {
    const { campaign, collection, delivery } = await campaignWithServices()
    const r = await booked(campaign.id)
    const res = await choose({
      reservationId: r.id,
      slaughter: true,
      preparationId: prepId,
      keepingNights: 2,
      slotId: delivery,
      recipientName: 'Awa Diop',
      recipientPhone: '77 123 45 67',
      recipientAddress: 'Villa 12, Sacré-Cœur 3',
    })
    expect(res.statusCode, res.body).toBe(200)
    const mine = decode<{ reservation: { total: number; balance: number; servicesAmount: number } }>(res.body)
    // 5 000 slaughter + 3 000 cutting + 2 × 1 000 keeping + 2 500 delivery
    expect(mine.reservation.servicesAmount).toBe(12_500)
    expect(mine.reservation.total).toBe(112_500)
    expect(mine.reservation.balance).toBe(112_500 - 30_000)
    expect((await publicView(t, r.payToken)).balance).toBe(82_500)
    const places = async (id: number) =>
      (await t.db.select().from(campaignSlots).where(eq(campaignSlots.id, id)))[0]!.booked
    expect(await places(delivery)).toBe(1)
    // Changing to collection: the delivery's place given back.
    const back = await choose({ reservationId: r.id, slaughter: true, keepingNights: 0, slotId: collection })
    expect(back.statusCode, back.body).toBe(200)
    expect(await places(delivery)).toBe(0)
    expect(await places(collection)).toBe(1)
    expect(decode<{ reservation: { total: number } }>(back.body).reservation.total).toBe(105_000)
    // The same slot again takes no second place.
    await choose({ reservationId: r.id, slaughter: false, slotId: collection })
    expect(await places(collection)).toBe(1)
  })

  it('refusals: a service not offered (French 400, nothing changes), before the deposit, another’s reservation', async () => {
    const { campaign } = await campaignWithServices(5, { slaughterPrice: null, keepingPerNight: null })
    const r = await booked(campaign.id)
    const slaughter = await choose({ reservationId: r.id, slaughter: true })
    expect(slaughter.statusCode).toBe(400)
    expect(slaughter.json().fieldErrors.slaughter).toEqual([
      'L’abattage n’est pas proposé pour cette campagne.',
    ])
    const keeping = await choose({ reservationId: r.id, keepingNights: 3 })
    expect(keeping.json().fieldErrors.keepingNights).toEqual([
      'La garde de l’animal n’est pas proposée pour cette campagne.',
    ])
    const elsewhere = await campaignWithServices()
    const slot = await choose({ reservationId: r.id, slotId: elsewhere.collection })
    expect(slot.json().fieldErrors.slotId).toEqual(['Ce créneau n’est pas proposé pour cette campagne.'])
    const own = await campaignWithServices()
    const prep = await choose({ reservationId: r.id, preparationId: prepId + 1000 })
    expect(prep.json().fieldErrors.preparationId).toEqual([
      'Cette découpe n’est pas proposée pour cette campagne.',
    ])
    const noAddress = await choose({ reservationId: r.id, slotId: own.delivery })
    expect(noAddress.statusCode).toBe(400)
    expect((await reservationRow(t, r.id)).servicesAmount).toBe(0)

    const a = await addAnimal(t, staff, campaign.id)
    const held = await reserveAnimal(t, client, a.id)
    const early = await choose({ reservationId: held.id })
    expect(early.statusCode).toBe(409)
    expect(early.json().error).toBe(
      'Payez d’abord l’acompte : les services se choisissent une fois l’acompte reçu.',
    )
    const stranger = await choose({ reservationId: r.id }, other)
    expect(stranger.statusCode).toBe(404)
    expect(stranger.json().error).toBe('Réservation non trouvée')
  })

  it('a change that would bring the total under what was paid is refused', async () => {
    const { campaign } = await campaignWithServices()
    const r = await booked(campaign.id)
    expect((await choose({ reservationId: r.id, slaughter: true, keepingNights: 10 })).statusCode).toBe(200)
    // Pays everything: 100 000 + 5 000 + 10 000.
    const attempt = await startPaying(t, r.payToken, 85_000)
    await providerPays(t, attempt)
    await confirm(t, attempt)
    expect((await reservationRow(t, r.id)).status).toBe('paid')
    const less = await choose({ reservationId: r.id, slaughter: true, keepingNights: 0 })
    expect(less.statusCode).toBe(400)
    expect(less.json().error).toBe(
      `Ce choix ramènerait le total à ${formatMoney(105_000)}, moins que les ${formatMoney(115_000)} déjà payés.`,
    )
    // More services: owing again, booked again.
    const more = await choose({
      reservationId: r.id,
      slaughter: true,
      keepingNights: 10,
      preparationId: prepId,
    })
    expect(more.statusCode, more.body).toBe(200)
    const row = await reservationRow(t, r.id)
    expect(row.status).toBe('booked')
    expect(row.price + row.servicesAmount - row.amountPaid).toBe(3_000)
  })

  it('50 clients for a slot’s last 3 places at once: exactly 3 get one, the others read 409 in French', async () => {
    const { campaign, collection } = await campaignWithServices(3)
    const rows = []
    for (let i = 0; i < 50; i++) {
      const u = await createUser(t.db, { country: 'SN' })
      const cookie = `${SESSION_COOKIE}=${(await createSession(t.db, u.id)).token}`
      const a = await addAnimal(t, staff, campaign.id)
      const r = await reserveAnimal(t, cookie, a.id)
      await t.db
        .update(campaignReservations)
        .set({ status: 'booked', amountPaid: r.depositAmount })
        .where(eq(campaignReservations.id, r.id))
      rows.push({ cookie, id: r.id })
    }
    const answers = await Promise.all(
      rows.map(({ cookie, id }) => choose({ reservationId: id, slotId: collection }, cookie)),
    )
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3)
    const refused = answers.filter((a) => a.statusCode !== 200)
    expect(new Set(refused.map((a) => a.statusCode))).toEqual(new Set([409]))
    expect(refused[0]!.json().error).toBe('Ce créneau est complet. Choisissez-en un autre.')
    const [slot] = await t.db.select().from(campaignSlots).where(eq(campaignSlots.id, collection))
    expect(slot!.booked).toBe(3)
    const holding = await t.db
      .select()
      .from(campaignReservations)
      .where(eq(campaignReservations.slotId, collection))
    expect(holding).toHaveLength(3)
  }, 120_000)

  it('the client’s own reservations; paying from the account; a new pay link replaces the old', async () => {
    const { campaign } = await campaignWithServices()
    const r = await booked(campaign.id)
    const mine = await get(t, '/_api/campaigns/mine', client)
    expect(mine.statusCode, mine.body).toBe(200)
    const list = decode<{ reservations: { id: number; balance: number; campaignName: string }[] }>(
      mine.body,
    ).reservations
    expect(list.find((x) => x.id === r.id)).toMatchObject({ balance: 70_000, campaignName: campaign.name })
    const theirs = decode<{ reservations: { id: number }[] }>(
      (await get(t, '/_api/campaigns/mine', other)).body,
    )
    expect(theirs.reservations.some((x) => x.id === r.id)).toBe(false)

    const pay = await post(
      t,
      '/_api/campaigns/pay-mine',
      { reservationId: r.id, amount: 20_000, wallet: 'Wave' },
      client,
    )
    expect(pay.statusCode, pay.body).toBe(200)
    const attempt = decode<{ attempt: Parameters<typeof confirm>[1] }>(pay.body).attempt
    await providerPays(t, attempt)
    await confirm(t, attempt)
    expect((await reservationRow(t, r.id)).amountPaid).toBe(50_000)
    const over = await post(
      t,
      '/_api/campaigns/pay-mine',
      { reservationId: r.id, amount: 60_000, wallet: 'Wave' },
      client,
    )
    expect(over.statusCode).toBe(400)
    expect(over.json().error).toBe(
      `Le montant dépasse ce qu’il reste à payer : il reste ${formatMoney(50_000)}.`,
    )
    const stranger = await post(
      t,
      '/_api/campaigns/pay-mine',
      { reservationId: r.id, amount: 5_000, wallet: 'Wave' },
      other,
    )
    expect(stranger.statusCode).toBe(404)

    const wallets = await get(t, `/_api/campaigns/wallets?token=${r.payToken}`)
    expect(wallets.statusCode, wallets.body).toBe(200)
    expect(decode<{ wallets: { wallet: string }[] }>(wallets.body).wallets.map((w) => w.wallet)).toContain(
      'Wave',
    )
    const link = await post(t, '/_api/campaigns/link', { reservationId: r.id, revoke: true }, client)
    expect(link.statusCode, link.body).toBe(200)
    const fresh = decode<{ payToken: string; payLink: string }>(link.body)
    expect(fresh.payLink).toMatch(/\/campagnes\/payer\?token=[A-Za-z0-9_-]{43}$/)
    expect((await publicView(t, fresh.payToken)).amountPaid).toBe(50_000)
    const old = await get(t, `/_api/campaigns/reservation?token=${r.payToken}`)
    expect(old.statusCode).toBe(404)
    expect(
      (await post(t, '/_api/campaigns/link', { reservationId: r.id, revoke: true }, other)).statusCode,
    ).toBe(404)
  })
})
