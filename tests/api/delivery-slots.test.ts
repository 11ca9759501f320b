import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { deliverySlots, orders } from '../../src/server/db/schema'
import { countryByCode, createOrder, decode, get, post, signedIn } from '../factories'
import {
  type Slot,
  t,
  root,
  snSuper,
  cmSuper,
  admin,
  client,
  dakar,
  douala,
  makeSlot,
  available,
  order,
  useSlotsApp,
} from './delivery-slots-setup'

// Delivery slots (docs/rules/delivery.md#delivery-slots) as staff manage them, delivery terms and
// time zones, the driver's list, a city without slots; checkout in delivery-slots-checkout.test.ts.
useSlotsApp()

describe('slots as staff manage them', () => {
  it('creates, lists and edits a city’s slots, in scope, with French messages', async () => {
    const slot = await makeSlot(snSuper, {
      cityId: dakar.id,
      startsAt: '10:00',
      endsAt: '12:00',
      capacity: 5,
      cutoffMinutes: 120,
    })
    expect(slot).toMatchObject({ startsAt: '10:00', endsAt: '12:00', capacity: 5, cutoffMinutes: 120 })

    const listed = decode<{ slots: Slot[]; timeZone: string }>(
      (await get(t, `/_api/admin/slots?cityId=${dakar.id}`, root)).body,
    )
    expect(listed.timeZone).toBe('Africa/Dakar')
    expect(listed.slots.map((s) => s.id)).toContain(slot.id)

    // Another country's super admin: 404 as absent, for the city and for the slot.
    expect((await get(t, `/_api/admin/slots?cityId=${dakar.id}`, cmSuper)).statusCode).toBe(404)
    const foreign = await post(t, '/_api/admin/slots/update', { id: slot.id, capacity: 3 }, cmSuper)
    expect(foreign.statusCode).toBe(404)
    // An admin reads them (its orders' filter) but may not change them; a client neither.
    expect((await get(t, `/_api/admin/slots?cityId=${dakar.id}`, admin)).statusCode).toBe(200)
    expect((await post(t, '/_api/admin/slots/update', { id: slot.id, capacity: 3 }, admin)).statusCode).toBe(
      403,
    )
    expect((await get(t, `/_api/admin/slots?cityId=${dakar.id}`, client.cookie)).statusCode).toBe(403)

    const bad = async (body: Record<string, unknown>, message: string) => {
      const res = await post(t, '/_api/admin/slots', body, snSuper)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().error).toBe(message)
    }
    const base = { cityId: dakar.id, startsAt: '15:00', endsAt: '17:00', capacity: 4, cutoffMinutes: 60 }
    await bad({ ...base, endsAt: '14:00' }, 'L’heure de fin doit être après l’heure de début.')
    await bad({ ...base, startsAt: '25:00' }, 'L’heure doit s’écrire HH:MM (ex. 10:00).')
    await bad({ ...base, capacity: 0 }, 'La capacité doit être un nombre entier entre 1 et 1000.')
    await bad(
      { ...base, cutoffMinutes: 5000 },
      'Le délai de clôture doit être un nombre entier de minutes entre 0 et 2880 (48 h).',
    )
    // The same start twice in one city: 409.
    const twice = await post(t, '/_api/admin/slots', { ...base, startsAt: '10:00' }, snSuper)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().error).toBe('Un créneau commence déjà à cette heure dans cette ville.')

    const edited = await post(t, '/_api/admin/slots/update', { id: slot.id, endsAt: '09:00' }, root)
    expect(edited.statusCode).toBe(400)
    const ok = await post(t, '/_api/admin/slots/update', { id: slot.id, capacity: 2 }, root)
    expect(decode<{ slot: Slot }>(ok.body).slot.capacity).toBe(2)
    // Deactivated: it leaves the checkout's choices.
    await post(t, '/_api/admin/slots/update', { id: slot.id, isActive: false }, root)
    expect((await available(dakar.id)).slots.some((s) => s.slotId === slot.id)).toBe(false)
    await t.db.delete(deliverySlots).where(eq(deliverySlots.id, slot.id))
  })

  it('reads local times in the country’s zone: a Douala slot at 10:00 is 09:00Z, a Dakar one 10:00Z', async () => {
    const slot = await makeSlot(cmSuper, {
      cityId: douala.id,
      startsAt: '10:00',
      endsAt: '12:00',
      capacity: 3,
      cutoffMinutes: 0,
    })
    const cm = await signedIn(t, 'client', 'CM')
    const answer = await available(douala.id, cm.cookie)
    expect(answer.timeZone).toBe('Africa/Douala')
    // Tomorrow and the day after at least (today's only while 10:00 is still ahead in Douala).
    expect(answer.slots.length).toBeGreaterThanOrEqual(2)
    for (const s of answer.slots) {
      expect(s.startsAt.toISOString()).toBe(`${s.date}T09:00:00.000Z`)
      expect(s.endsAt.toISOString()).toBe(`${s.date}T11:00:00.000Z`)
    }
    await t.db.delete(deliverySlots).where(eq(deliverySlots.id, slot.id))
  })
})

describe('delivery terms and time zones as staff edit them', () => {
  it('sets a zone’s fee, minimum and threshold with French messages; the storefront answer carries them', async () => {
    const created = await post(
      t,
      '/_api/admin/zones',
      { name: 'Zone tarifée', cityId: dakar.id, deliveryFee: 1500, minOrderAmount: 10_000 },
      snSuper,
    )
    expect(created.statusCode, created.body).toBe(201)
    const zone = decode<{ zone: { id: number } }>(created.body).zone
    expect(decode(created.body).zone).toMatchObject({
      deliveryFee: 1500,
      minOrderAmount: 10_000,
      freeDeliveryFrom: null,
    })
    const bad = async (body: Record<string, unknown>, message: string) => {
      const res = await post(t, '/_api/admin/zones/update', { id: zone.id, ...body }, snSuper)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().error).toBe(message)
    }
    const feeMessage = 'Les frais de livraison doivent être un nombre entier de francs entre 0 et 1 000 000.'
    await bad({ deliveryFee: -1 }, feeMessage)
    await bad({ deliveryFee: 1.5 }, feeMessage)
    await bad({ deliveryFee: 1_000_001 }, feeMessage)
    await bad(
      { minOrderAmount: 50_000_001 },
      'La commande minimum doit être un nombre entier de francs entre 0 et 50 000 000.',
    )
    await bad(
      { freeDeliveryFrom: -5 },
      'Le seuil de livraison offerte doit être un nombre entier de francs entre 0 et 50 000 000.',
    )
    const ok = await post(
      t,
      '/_api/admin/zones/update',
      { id: zone.id, deliveryFee: 0, minOrderAmount: null, freeDeliveryFrom: 20_000 },
      snSuper,
    )
    expect(decode(ok.body).zone).toMatchObject({
      deliveryFee: 0,
      minOrderAmount: null,
      freeDeliveryFrom: 20_000,
    })
    // Another country's super admin cannot change it.
    expect(
      (await post(t, '/_api/admin/zones/update', { id: zone.id, deliveryFee: 5 }, cmSuper)).statusCode,
    ).toBe(404)
    const publicZones = decode<{
      zones: { id: number; deliveryFee: number; freeDeliveryFrom: number | null }[]
    }>((await get(t, `/_api/zones/by-city?cityId=${dakar.id}`)).body).zones
    expect(publicZones.find((z) => z.id === zone.id)).toMatchObject({
      deliveryFee: 0,
      freeDeliveryFrom: 20_000,
    })
    await post(t, '/_api/admin/zones/update', { id: zone.id, isActive: false }, snSuper)
  })

  it('lets root set a country’s time zone, a known IANA name only', async () => {
    const sn = await countryByCode(t.db, 'SN')
    const wrong = await post(t, '/_api/admin/countries/update', { id: sn.id, timeZone: 'Mars/Olympus' }, root)
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error).toBe('Fuseau horaire inconnu (ex. Africa/Dakar).')
    const ok = await post(t, '/_api/admin/countries/update', { id: sn.id, timeZone: 'Africa/Abidjan' }, root)
    expect(decode(ok.body).country).toMatchObject({ timeZone: 'Africa/Abidjan' })
    await post(t, '/_api/admin/countries/update', { id: sn.id, timeZone: 'Africa/Dakar' }, root)
  })
})

describe('the driver’s list', () => {
  it('comes by slot, earliest first, orders without a slot last', async () => {
    const driver = await signedIn(t, 'delivery_driver', 'SN')
    const made = []
    for (let i = 0; i < 3; i++)
      made.push(
        await createOrder(t.db, { user: client.user, status: 'in_delivery', driverId: driver.user.id }),
      )
    // The first made has the latest slot, the second the earliest, the third none.
    await t.db
      .update(orders)
      .set({ slotStartsAt: new Date('2030-01-02T15:00:00Z') })
      .where(eq(orders.id, made[0]!.id))
    await t.db
      .update(orders)
      .set({ slotStartsAt: new Date('2030-01-02T10:00:00Z') })
      .where(eq(orders.id, made[1]!.id))
    const answer = decode<{ inDeliveryOrders: { id: number }[] }>(
      (await get(t, '/_api/dashboard/delivery', driver.cookie)).body,
    )
    expect(answer.inDeliveryOrders.map((o) => o.id)).toEqual([made[1]!.id, made[0]!.id, made[2]!.id])
  })
})

describe('a city without slots', () => {
  it('takes orders without a slot', async () => {
    expect(await t.db.select().from(deliverySlots).where(eq(deliverySlots.cityId, dakar.id))).toHaveLength(0)
    const res = await order(null)
    expect(res.statusCode, res.body).toBe(201)
    expect(decode<{ order: { slotId: number | null } }>(res.body).order.slotId).toBeNull()
  })
})
