import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignReservations, preparations } from '../../src/server/db/schema'
import { hashToken } from '../../src/server/http/session'
import { countryByCode, decode, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import { addAnimal, addShare, iso, openCampaign, publicView, reserveAnimal } from './campaign-fixtures'

/**
 * docs/rules/campaigns.md: the calls of a campaign, public and staff's, each answer and French
 * refusal; the pay link's view holds nothing personal; another country's staff reach nothing.
 */
describe('campaigns: the calls', () => {
  let t: TestApp
  let staff: string
  let client: Awaited<ReturnType<typeof signedIn>>

  beforeAll(async () => {
    t = await createTestApp()
    staff = (await signedIn(t, 'admin', 'SN')).cookie
    client = await signedIn(t, 'client', 'SN')
  })
  afterAll(() => t.close())

  it('a campaign written by staff is listed while open, in its country only', async () => {
    const sn = await countryByCode(t.db, 'SN')
    const ml = await countryByCode(t.db, 'ML')
    const [prep] = await t.db
      .insert(preparations)
      .values({ countryId: sn.id, name: 'En quartiers' })
      .returning()
    const c = await openCampaign(t, staff, {
      slaughterPrice: 5000,
      keepingPerNight: 1000,
      preparations: [{ preparationId: prep!.id, price: 3000 }],
    })
    expect(c.countryId).toBe(sn.id)
    await openCampaign(t, staff, {
      opensAt: iso(Date.now() + 86_400_000),
      closesAt: iso(Date.now() + 2 * 86_400_000),
    })
    const open = decode<{ campaigns: { id: number; preparations: unknown[]; depositPercent: number }[] }>(
      (await get(t, `/_api/campaigns?countryId=${sn.id}`)).body,
    ).campaigns
    expect(open.map((x) => x.id)).toEqual([c.id])
    expect(open[0]!.preparations).toEqual([{ preparationId: prep!.id, name: 'En quartiers', price: 3000 }])
    expect(open[0]!.depositPercent).toBe(30)
    // The signed-in client's own country when none is named; none of another country's.
    const own = decode<{ campaigns: { id: number }[] }>((await get(t, '/_api/campaigns', client.cookie)).body)
    expect(own.campaigns.map((x) => x.id)).toEqual([c.id])
    const mali = decode<{ campaigns: unknown[] }>((await get(t, `/_api/campaigns?countryId=${ml.id}`)).body)
    expect(mali.campaigns).toEqual([])
  })

  it('the animals of an open campaign, public: id, tag, breed, weight, price, photos, status', async () => {
    const c = await openCampaign(t, staff)
    const a = await addAnimal(t, staff, c.id, 175_000)
    const res = await get(t, `/_api/campaigns/animals?campaignId=${c.id}`)
    expect(res.statusCode).toBe(200)
    const [animal] = decode<{ animals: Record<string, unknown>[] }>(res.body).animals
    expect(animal).toMatchObject({
      id: a.id,
      breed: 'Ladoum',
      weightKg: 60,
      price: 175_000,
      photos: [],
      status: 'available',
    })
    expect((await get(t, '/_api/campaigns/animals?campaignId=999999')).statusCode).toBe(404)
    const bad = await get(t, '/_api/campaigns/animals?campaignId=abc')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toBe('Identifiant de campagne invalide.')
  })

  it('a reservation: held, the deposit 30 % of the price, the pay link once, its token kept hashed', async () => {
    const c = await openCampaign(t, staff)
    const a = await addAnimal(t, staff, c.id, 150_000)
    const r = await reserveAnimal(t, client.cookie, a.id)
    expect(r).toMatchObject({
      status: 'held',
      depositAmount: 45_000,
      amountPaid: 0,
      balance: 150_000,
      total: 150_000,
    })
    expect(r.payToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(r.payLink).toBe(`${t.deps.payments.origin}/campagnes/payer?token=${r.payToken}`)
    const [row] = await t.db.select().from(campaignReservations).where(eq(campaignReservations.id, r.id))
    expect(row!.payTokenHash).toBe(hashToken(r.payToken))
    expect(JSON.stringify(row)).not.toContain(r.payToken)
    const animals = decode<{ animals: { id: number; status: string }[] }>(
      (await get(t, `/_api/campaigns/animals?campaignId=${c.id}`)).body,
    ).animals
    expect(animals.find((x) => x.id === a.id)!.status).toBe('held')
    // A fixed deposit, and a share.
    const fixed = await openCampaign(t, staff, { depositKind: 'fixed', depositFixed: 20_000 })
    const share = await addShare(t, staff, fixed.id, 3)
    const res = await post(t, '/_api/campaigns/reserve', { shareId: share.id }, client.cookie)
    expect(
      decode<{ reservation: { depositAmount: number; total: number } }>(res.body).reservation,
    ).toMatchObject({
      depositAmount: 20_000,
      total: 40_000,
    })
  })

  it('refuses in French: neither or both items, a visitor, staff, a campaign not open', async () => {
    const neither = await post(t, '/_api/campaigns/reserve', {}, client.cookie)
    expect(neither.statusCode).toBe(400)
    expect(neither.json().error).toBe('Choisissez un animal ou une part.')
    expect(
      (await post(t, '/_api/campaigns/reserve', { animalId: 1, shareId: 1 }, client.cookie)).statusCode,
    ).toBe(400)
    expect((await post(t, '/_api/campaigns/reserve', { animalId: 1 })).statusCode).toBe(401)
    expect((await post(t, '/_api/campaigns/reserve', { animalId: 1 }, staff)).statusCode).toBe(403)
    const later = await openCampaign(t, staff, {
      opensAt: iso(Date.now() + 86_400_000),
      closesAt: iso(Date.now() + 2 * 86_400_000),
    })
    const a = await addAnimal(t, staff, later.id)
    const closed = await post(t, '/_api/campaigns/reserve', { animalId: a.id }, client.cookie)
    expect(closed.statusCode).toBe(409)
    expect(closed.json().error).toBe('Les réservations de cette campagne ne sont pas encore ouvertes.')
  })

  it('the pay link shows the money, the due date and the animal; of the client, the first name only', async () => {
    const named = await signedIn(t, 'client', 'SN')
    await t.db.execute(
      // A full name, a phone: none of it may reach the link's page but the first name.
      `update users set display_name = 'Awa Ndiaye Diop', phone_number = '+221771234567' where id = ${named.user.id}`,
    )
    const c = await openCampaign(t, staff)
    const a = await addAnimal(t, staff, c.id, 200_000)
    const r = await reserveAnimal(t, named.cookie, a.id)
    const view = await publicView(t, r.payToken)
    expect(view).toMatchObject({
      status: 'held',
      firstName: 'Awa',
      total: 200_000,
      depositAmount: 60_000,
      amountPaid: 0,
      balance: 200_000,
      currency: 'XOF',
      animal: { breed: 'Ladoum', weightKg: 60, photos: [] },
      share: null,
    })
    expect(view.balanceDueAt).toBeInstanceOf(Date)
    const text = JSON.stringify(view)
    for (const personal of ['Ndiaye', 'Diop', '771234567', named.user.email])
      expect(text).not.toContain(personal)
    expect(Object.keys(view).sort()).toEqual(
      [
        'status',
        'campaignName',
        'firstName',
        'total',
        'depositAmount',
        'amountPaid',
        'balance',
        'balanceDueAt',
        'currency',
        'animal',
        'share',
      ].sort(),
    )
    const wrong = await get(t, `/_api/campaigns/reservation?token=${'x'.repeat(43)}`)
    expect(wrong.statusCode).toBe(404)
    expect(wrong.json().error).toBe('Ce lien de paiement n’est pas valide.')
    expect((await get(t, '/_api/campaigns/reservation?token=short')).statusCode).toBe(400)
  })

  it('staff validation: dates in order, a fixed deposit with its amount, a tag once per campaign', async () => {
    const backwards = await post(
      t,
      '/_api/admin/campaigns/create',
      {
        name: 'Korité',
        feastDate: '2027-03-10',
        opensAt: iso(Date.now() + 86_400_000),
        closesAt: iso(Date.now()),
        balanceDueAt: iso(Date.now()),
      },
      staff,
    )
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().fieldErrors.closesAt).toEqual([
      'La fermeture des commandes doit suivre leur ouverture.',
    ])
    const noAmount = await post(
      t,
      '/_api/admin/campaigns/create',
      {
        name: 'Korité',
        feastDate: '2027-03-10',
        opensAt: iso(Date.now()),
        closesAt: iso(Date.now() + 86_400_000),
        balanceDueAt: iso(Date.now()),
        depositKind: 'fixed',
      },
      staff,
    )
    expect(noAmount.json().fieldErrors.depositFixed).toEqual([
      'Un acompte fixe demande son montant (et seulement lui).',
    ])
    const c = await openCampaign(t, staff)
    await post(
      t,
      '/_api/admin/campaigns/animals/create',
      { campaignId: c.id, tag: 'B-1', breed: 'Touabire', weightKg: 50, price: 90_000 },
      staff,
    )
    const twice = await post(
      t,
      '/_api/admin/campaigns/animals/create',
      { campaignId: c.id, tag: 'b-1', breed: 'Touabire', weightKg: 50, price: 90_000 },
      staff,
    )
    expect(twice.statusCode).toBe(400)
    expect(twice.json().fieldErrors.tag).toEqual([
      'Ce numéro de boucle est déjà celui d’un autre animal de la campagne.',
    ])
  })

  it('another country’s staff reach nothing of a campaign: 404 as absent; root reaches all', async () => {
    const mali = (await signedIn(t, 'super_admin', 'ML')).cookie
    const root = (await signedIn(t, 'root', 'SN')).cookie
    const c = await openCampaign(t, staff)
    const a = await addAnimal(t, staff, c.id)
    await reserveAnimal(t, client.cookie, a.id)
    const calls: [string, Record<string, unknown>][] = [
      [
        '/_api/admin/campaigns/animals/create',
        { campaignId: c.id, tag: 'ML-1', breed: 'Bali-Bali', weightKg: 70, price: 1 },
      ],
      [
        '/_api/admin/campaigns/animals/update',
        { animalId: a.id, tag: 'X', breed: 'Bali-Bali', weightKg: 70, price: 1 },
      ],
      ['/_api/admin/campaigns/shares/create', { campaignId: c.id, name: 'Une moitié', price: 1, stock: 1 }],
      [
        '/_api/admin/campaigns/slots/create',
        {
          campaignId: c.id,
          kind: 'delivery',
          startsAt: iso(Date.now()),
          endsAt: iso(Date.now() + 3_600_000),
          capacity: 5,
        },
      ],
      [
        '/_api/admin/campaigns/update',
        {
          campaignId: c.id,
          name: 'Pris',
          feastDate: '2027-05-01',
          opensAt: iso(Date.now()),
          closesAt: iso(Date.now() + 1000),
          balanceDueAt: iso(Date.now()),
        },
      ],
    ]
    for (const [url, body] of calls) {
      const res = await post(t, url, body, mali)
      expect(res.statusCode, url).toBe(404)
    }
    expect((await get(t, `/_api/admin/campaigns/reservations?campaignId=${c.id}`, mali)).statusCode).toBe(404)
    const listed = decode<{ campaigns: { id: number }[] }>((await get(t, '/_api/admin/campaigns', mali)).body)
    expect(listed.campaigns.map((x) => x.id)).not.toContain(c.id)
    // The animal is untouched; its own country's staff and root read the reservation.
    const own = decode<{ reservations: { animalId: number; clientName: string }[] }>(
      (await get(t, `/_api/admin/campaigns/reservations?campaignId=${c.id}`, staff)).body,
    ).reservations
    expect(own.map((r) => r.animalId)).toEqual([a.id])
    expect((await get(t, `/_api/admin/campaigns/reservations?campaignId=${c.id}`, root)).statusCode).toBe(200)
    // A staff member creates in its own country whatever it names.
    const ml = await countryByCode(t.db, 'ML')
    const forced = await openCampaign(t, staff, { countryId: ml.id })
    expect(forced.countryId).toBe((await countryByCode(t.db, 'SN')).id)
  })
})
