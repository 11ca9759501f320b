import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliverySlotBookings, deliverySlots, orders } from '../../src/server/db/schema'
import {
  SLOT_CLOSED_MESSAGE,
  SLOT_FULL_MESSAGE,
  SLOT_REACTIVATE_FULL_MESSAGE,
  SLOT_REQUIRED_MESSAGE,
} from '../../src/shared/domain/delivery-slots'
import { decode, get, post, signedIn, statusChange } from '../factories'
import { pgBase, pgTitle } from '../setup/postgres-only'
import {
  type Slot,
  t,
  root,
  snSuper,
  admin,
  client,
  dakar,
  makeSlot,
  addDays,
  available,
  order,
  useSlotsApp,
} from './delivery-slots-setup'

// Delivery slots (docs/rules/delivery.md#delivery-slots) at checkout: booked in checkout's one
// statement, freed by a cancellation; the races on PostgreSQL.
useSlotsApp()

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
