import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { campaignAnimals, campaignSlots, productPhotos } from '../../src/server/db/schema'
import {
  collectUnusedPhotos,
  UNUSED_PHOTO_GRACE_MS,
} from '../../src/server/services/catalogue/photos/product-photo'
import type { AdminCampaignDetail } from '../../src/shared/schemas/campaign-setup'
import { decode, get, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'
import { addAnimal, addShare, iso, openCampaign, reserveAnimal } from './campaign-fixtures'
import { uploadRequest } from './photo-fixture'

const DAY = 86_400_000

/**
 * docs/rules/campaigns-staff.md#setting-up: staff read a campaign of their country whole (every
 * animal whatever its state, the slots' capacities), edit its shares and slots, give its animals
 * photos; another country's answers 404 and changes nothing.
 */
describe('campaigns: the staff’s setup', () => {
  let t: TestApp
  let staff: string
  let other: string
  let campaignId: number

  beforeAll(async () => {
    t = await createTestApp({ API_RATE_PER_MINUTE: '1000000' })
    staff = (await signedIn(t, 'admin', 'SN')).cookie
    other = (await signedIn(t, 'admin', 'CI')).cookie
    campaignId = (await openCampaign(t, staff)).id
  })
  afterAll(() => t.close())

  const detail = async (cookie = staff) => {
    const res = await get(t, `/_api/admin/campaigns/detail?campaignId=${campaignId}`, cookie)
    return { res, body: res.statusCode === 200 ? decode<AdminCampaignDetail>(res.body) : null }
  }
  async function slot(capacity = 10) {
    const res = await post(
      t,
      '/_api/admin/campaigns/slots/create',
      {
        campaignId,
        kind: 'delivery',
        startsAt: iso(Date.now() + 20 * DAY),
        endsAt: iso(Date.now() + 20 * DAY + 3 * 3_600_000),
        capacity,
        price: 2_000,
      },
      staff,
    )
    expect(res.statusCode, res.body).toBe(200)
    return decode<{ slot: { id: number } }>(res.body).slot
  }

  it('reads the campaign whole: a reserved animal too, the slots’ capacity and places taken', async () => {
    const a = await addAnimal(t, staff, campaignId, 120_000)
    await reserveAnimal(t, (await signedIn(t, 'client', 'SN')).cookie, a.id)
    const s = await slot(8)
    const { body } = await detail()
    expect(body!.currency).toBe('XOF')
    expect(body!.animals.find((x) => x.id === a.id)?.status).toBe('held')
    expect(body!.slots.find((x) => x.id === s.id)).toMatchObject({ capacity: 8, booked: 0, price: 2_000 })
    expect((await detail(other)).res.statusCode).toBe(404)
  })

  it('edits a share: its name, price and stock', async () => {
    const share = await addShare(t, staff, campaignId, 4)
    const res = await post(
      t,
      '/_api/admin/campaigns/shares/update',
      { shareId: share.id, name: 'Une moitié', price: 75_000, stock: 2 },
      staff,
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(decode<{ share: unknown }>(res.body).share).toEqual({
      id: share.id,
      name: 'Une moitié',
      price: 75_000,
      stock: 2,
    })
    const bad = await post(
      t,
      '/_api/admin/campaigns/shares/update',
      { shareId: share.id, name: 'X', price: 0, stock: -1 },
      staff,
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fieldErrors).toMatchObject({
      name: ['Le nom de la part est requis (une moitié, un quart…).'],
      stock: ['Le stock ne peut pas être négatif.'],
    })
    const foreign = await post(
      t,
      '/_api/admin/campaigns/shares/update',
      { shareId: share.id, name: 'Volé', price: 1_000, stock: 1 },
      other,
    )
    expect(foreign.statusCode).toBe(404)
    const { body } = await detail()
    expect(body!.campaign.shares.find((x) => x.id === share.id)?.name).toBe('Une moitié')
  })

  it('edits a slot; its capacity never below the places taken, its end after its start', async () => {
    const s = await slot(10)
    await t.db.update(campaignSlots).set({ booked: 6 }).where(eq(campaignSlots.id, s.id))
    const edit = (over: Record<string, unknown>, cookie = staff) =>
      post(
        t,
        '/_api/admin/campaigns/slots/update',
        {
          slotId: s.id,
          kind: 'collection',
          startsAt: iso(Date.now() + 21 * DAY),
          endsAt: iso(Date.now() + 21 * DAY + 3_600_000),
          capacity: 7,
          price: 0,
          ...over,
        },
        cookie,
      )
    const ok = await edit({})
    expect(ok.statusCode, ok.body).toBe(200)
    expect(decode<{ slot: unknown }>(ok.body).slot).toMatchObject({
      kind: 'collection',
      capacity: 7,
      booked: 6,
    })
    const under = await edit({ capacity: 5 })
    expect(under.statusCode).toBe(400)
    expect(under.json().fieldErrors.capacity).toEqual([
      'La capacité ne peut pas descendre sous les 6 places déjà réservées.',
    ])
    const backwards = await edit({ endsAt: iso(Date.now() + 20 * DAY) })
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().fieldErrors.endsAt).toEqual(['La fin du créneau doit suivre son début.'])
    expect((await edit({}, other)).statusCode).toBe(404)
    const [row] = await t.db.select().from(campaignSlots).where(eq(campaignSlots.id, s.id))
    expect(row!.capacity).toBe(7)
  })

  it('gives an animal photos with the products’ machinery, ten at most, kept by the collection', async () => {
    const a = await addAnimal(t, staff, campaignId)
    const up = await t.app.inject({
      ...(await uploadRequest('/_api/admin/campaigns/animals/photo', { animalId: a.id })),
      headers: { 'content-type': 'application/octet-stream', cookie: staff },
    })
    expect(up.statusCode, up.body).toBe(200)
    const [key] = decode<{ animal: { photos: string[] } }>(up.body).animal.photos
    expect(key).toMatch(/^[0-9a-f]{32}$/)
    expect((await t.app.inject({ url: `/images/products/${key}/160.webp` })).statusCode).toBe(200)
    // A photo an animal shows is never collected, however old its mark.
    await t.db
      .update(productPhotos)
      .set({ unusedSince: new Date(0) })
      .where(eq(productPhotos.key, key!))
    await collectUnusedPhotos(t.db, t.deps.photos, new Date(Date.now() + UNUSED_PHOTO_GRACE_MS + 60_000))
    expect(await t.db.select().from(productPhotos).where(eq(productPhotos.key, key!))).toHaveLength(1)

    const foreign = await t.app.inject({
      ...(await uploadRequest('/_api/admin/campaigns/animals/photo', { animalId: a.id })),
      headers: { 'content-type': 'application/octet-stream', cookie: other },
    })
    expect(foreign.statusCode).toBe(404)

    const removed = await post(
      t,
      '/_api/admin/campaigns/animals/photo/remove',
      { animalId: a.id, key },
      staff,
    )
    expect(removed.statusCode, removed.body).toBe(200)
    expect(decode<{ animal: { photos: string[] } }>(removed.body).animal.photos).toEqual([])

    const ten = Array.from({ length: 10 }, (_, i) => i.toString(16).repeat(32))
    await t.db.update(campaignAnimals).set({ photoKeys: ten }).where(eq(campaignAnimals.id, a.id))
    const eleventh = await t.app.inject({
      ...(await uploadRequest('/_api/admin/campaigns/animals/photo', { animalId: a.id })),
      headers: { 'content-type': 'application/octet-stream', cookie: staff },
    })
    expect(eleventh.statusCode).toBe(400)
    expect(eleventh.json().error).toBe('Dix photos au plus par animal : retirez-en une d’abord.')
  })
})
