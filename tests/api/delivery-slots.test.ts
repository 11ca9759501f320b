import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cities, deliverySlotBookings, deliverySlots, orders } from '../../src/server/db/schema'
import {
  SLOT_CLOSED_MESSAGE,
  SLOT_FULL_MESSAGE,
  SLOT_REACTIVATE_FULL_MESSAGE,
  SLOT_REQUIRED_MESSAGE,
} from '../../src/shared/domain/delivery-slots'
import {
  countryByCode,
  createOrder,
  createProduct,
  decode,
  deliveryIn,
  get,
  post,
  postOrder,
  signedIn,
  statusChange,
} from '../factories'
import { pgBase, pgTitle } from '../setup/postgres-only'
import { createTestApp, type TestApp } from '../setup/test-app'

/* docs/rules/delivery.md#delivery-slots: slots managed by staff in scope, offered for the next days,
 * booked in checkout's one statement, freed by a cancellation. */

type Available = {
  timeZone: string
  slots: { slotId: number; date: string; startsAt: Date; endsAt: Date; capacity: number; remaining: number }[]
}
type Slot = {
  id: number
  cityId: number
  startsAt: string
  endsAt: string
  capacity: number
  cutoffMinutes: number
}

let t: TestApp
let root: string
let snSuper: string
let cmSuper: string
let admin: string
let client: Awaited<ReturnType<typeof signedIn>>
let dakar: { id: number }
let douala: { id: number }
let delivery: Awaited<ReturnType<typeof deliveryIn>>
let product: { id: number }

async function cityNamed(countryCode: string, name: string) {
  const country = await countryByCode(t.db, countryCode)
  const [city] = await t.db
    .select()
    .from(cities)
    .where(and(eq(cities.countryId, country.id), eq(cities.name, name)))
  return city!
}

async function makeSlot(cookie: string, body: Record<string, unknown>) {
  const res = await post(t, '/_api/admin/slots', body, cookie)
  expect(res.statusCode, res.body).toBe(201)
  return decode<{ slot: Slot }>(res.body).slot
}

/** '2026-11-25', 1 → '2026-11-26'. */
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

const available = async (cityId: number, cookie = client.cookie) =>
  decode<Available>((await get(t, `/_api/orders/slots?cityId=${cityId}`, cookie)).body)

const order = (slot: { id: number; date: string } | null | undefined, cookie = client.cookie) =>
  postOrder(
    t,
    { items: [{ productId: product.id, quantity: 1.5 }], ...delivery, pointsToUse: 0, slot },
    cookie,
  )

beforeAll(async () => {
  t = await createTestApp()
  root = (await signedIn(t, 'root', 'SN')).cookie
  snSuper = (await signedIn(t, 'super_admin', 'SN')).cookie
  cmSuper = (await signedIn(t, 'super_admin', 'CM')).cookie
  admin = (await signedIn(t, 'admin', 'SN')).cookie
  client = await signedIn(t, 'client', 'SN')
  delivery = await deliveryIn(t.db, 'SN')
  dakar = await cityNamed('SN', delivery.deliveryCity)
  douala = await cityNamed('CM', 'Douala')
  product = await createProduct(t.db, { pricePerUnit: 6000, unitType: 'kg' })
})
afterAll(() => t.close())

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

describe('checkout with slots', () => {
  let slot: Slot
  beforeAll(async () => {
    slot = await makeSlot(root, {
      cityId: dakar.id,
      startsAt: '10:00',
      endsAt: '12:00',
      capacity: 2,
      cutoffMinutes: 120,
    })
  })
  afterAll(async () => {
    await t.db.delete(orders).where(eq(orders.slotId, slot.id))
    await t.db.delete(deliverySlotBookings)
    await t.db.delete(deliverySlots).where(eq(deliverySlots.cityId, dakar.id))
  })

  it('offers the next days with their places, and needs a slot where the city has some', async () => {
    const answer = await available(dakar.id)
    expect(answer.timeZone).toBe('Africa/Dakar')
    const days = [...new Set(answer.slots.map((s) => s.date))]
    // Today (if 10:00 less 2 h is still ahead), tomorrow and the day after.
    expect(days.length).toBeGreaterThanOrEqual(2)
    expect(days.length).toBeLessThanOrEqual(3)
    for (const s of answer.slots) {
      expect(s.startsAt.toISOString()).toBe(`${s.date}T10:00:00.000Z`)
      expect(s.remaining).toBe(2)
    }
    const res = await order(undefined)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      error: SLOT_REQUIRED_MESSAGE,
      fieldErrors: { slot: [SLOT_REQUIRED_MESSAGE] },
    })
    // The availability answer is a client's.
    expect((await get(t, `/_api/orders/slots?cityId=${dakar.id}`, admin)).statusCode).toBe(403)
  })

  it('stores the slot taken, refuses past, closed and full slots, and a cancellation frees a place', async () => {
    const offered = (await available(dakar.id)).slots
    const last = offered[offered.length - 1]!
    const choice = { id: slot.id, date: last.date }
    const first = await order(choice)
    expect(first.statusCode, first.body).toBe(201)
    const placed = decode<{ order: Record<string, unknown> }>(first.body).order
    expect(placed).toMatchObject({
      slotId: slot.id,
      slotDate: last.date,
      slotStartsAt: last.startsAt,
      slotEndsAt: last.endsAt,
      slotTimeZone: 'Africa/Dakar',
    })
    expect((await available(dakar.id)).slots.find((s) => s.date === last.date)!.remaining).toBe(1)

    expect((await order(choice)).statusCode).toBe(201)
    const full = await order(choice)
    expect(full.statusCode).toBe(409)
    expect(full.json().error).toBe(SLOT_FULL_MESSAGE)

    // Yesterday, a day past those offered, and a cut-off already reached (48 h before tomorrow 10:00).
    const yesterday = addDays(last.date, -3)
    for (const date of [yesterday, '2099-01-01']) {
      const res = await order({ id: slot.id, date })
      expect(res.statusCode).toBe(400)
      expect(res.json().fieldErrors).toEqual({ slot: [SLOT_CLOSED_MESSAGE] })
    }
    const late = await makeSlot(root, {
      cityId: dakar.id,
      startsAt: '18:00',
      endsAt: '20:00',
      capacity: 5,
      cutoffMinutes: 2880,
    })
    const tomorrow = addDays(last.date, -1)
    const closed = await order({ id: late.id, date: tomorrow })
    expect(closed.json().error).toBe(SLOT_CLOSED_MESSAGE)
    // Another city's slot, an unknown one.
    const other = await order({ id: 2_000_000, date: last.date })
    expect(other.json().error).toBe('Créneau de livraison introuvable pour cette ville.')
    expect((await order({ id: slot.id, date: '2026-02-30' })).json().error).toBe('Date de créneau invalide.')

    // Cancelling frees the place; taking the order back when the slot is full again is refused.
    const orderId = placed.id as number
    const cancel = await post(
      t,
      '/_api/admin/orders/update-status',
      statusChange(orderId, 'cancelled'),
      snSuper,
    )
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect((await available(dakar.id)).slots.find((s) => s.date === last.date)!.remaining).toBe(1)
    expect((await order(choice)).statusCode).toBe(201)
    const reactivate = { orderId, status: 'pending', from: 'cancelled' }
    const back = await post(t, '/_api/admin/orders/update-status', reactivate, snSuper)
    expect(back.statusCode).toBe(409)
    expect(back.json().error).toBe(SLOT_REACTIVATE_FULL_MESSAGE)
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, orderId))
    expect(kept!.status).toBe('cancelled')
    // Room again: it takes its place back.
    await t.db.update(deliverySlots).set({ capacity: 3 }).where(eq(deliverySlots.id, slot.id))
    const again = await post(t, '/_api/admin/orders/update-status', reactivate, snSuper)
    expect(again.statusCode).toBe(200)
    const [booking] = await t.db
      .select()
      .from(deliverySlotBookings)
      .where(and(eq(deliverySlotBookings.slotId, slot.id), eq(deliverySlotBookings.day, last.date)))
    expect(booking!.booked).toBe(3)
  })

  it('filters and sorts the staff list by slot, and answers the slot to every order view', async () => {
    const offered = (await available(dakar.id)).slots
    const day = offered[offered.length - 1]!.date
    const res = await get(t, `/_api/admin/orders?slotDate=${day}&slotId=${slot.id}&sort=slot`, snSuper)
    expect(res.statusCode, res.body).toBe(200)
    const list = decode<{ orders: { slotDate: string; slotId: number }[]; total: number }>(res.body)
    expect(list.total).toBe(3)
    expect(list.orders.every((o) => o.slotDate === day && o.slotId === slot.id)).toBe(true)
    const none = decode<{ total: number }>(
      (await get(t, `/_api/admin/orders?slotDate=2030-01-01`, snSuper)).body,
    )
    expect(none.total).toBe(0)
    expect((await get(t, `/_api/admin/orders?slotDate=hier`, snSuper)).json().error).toBe(
      'Date de créneau invalide.',
    )
    const mine = decode<{ orders: { slotTimeZone: string | null }[] }>(
      (await get(t, '/_api/orders', client.cookie)).body,
    )
    expect(mine.orders.some((o) => o.slotTimeZone === 'Africa/Dakar')).toBe(true)
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

describe.skipIf(!pgBase)(pgTitle('slot races on PostgreSQL'), () => {
  it('30 clients racing for a slot of 3 places: exactly 3 orders, the others 409', async () => {
    const slot = await makeSlot(root, {
      cityId: dakar.id,
      startsAt: '11:00',
      endsAt: '13:00',
      capacity: 3,
      cutoffMinutes: 0,
    })
    const date = (await available(dakar.id)).slots.find((s) => s.slotId === slot.id)!.date
    const clients: Awaited<ReturnType<typeof signedIn>>[] = []
    for (let i = 0; i < 30; i++) clients.push(await signedIn(t, 'client', 'SN'))
    const answers = await Promise.all(clients.map((c) => order({ id: slot.id, date }, c.cookie)))
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 201)).toHaveLength(3)
    expect(codes.filter((c) => c === 409)).toHaveLength(27)
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().error).toBe(SLOT_FULL_MESSAGE)
    const placed = await t.db.select().from(orders).where(eq(orders.slotId, slot.id))
    expect(placed).toHaveLength(3)
    const [booking] = await t.db
      .select()
      .from(deliverySlotBookings)
      .where(eq(deliverySlotBookings.slotId, slot.id))
    expect(booking!.booked).toBe(3)
  }, 60_000)
})
