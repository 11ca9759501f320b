import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { SLOT_DAYS_OFFERED, SLOT_REACTIVATE_FULL_MESSAGE } from '@/shared/domain/delivery-slots'
import type { SessionUser } from '@/shared/schemas/auth'
import type { AdminSlot, AvailableSlot } from '@/shared/schemas/slots'
import type { Executor } from '@/server/db/client'
import { cities, countries, deliverySlots } from '@/server/db/schema'
import { conflict, notFound } from '@/server/http/errors'
import { assertInScope } from '../scope'

/*
 * Delivery slots (docs/rules/delivery.md#delivery-slots). A slot is a window of local time; its instants on
 * a day are computed by PostgreSQL, `(day + time) at time zone <the country's zone>`, never by
 * hand-written offsets. Places are counted in delivery_slot_bookings, one row a slot and day.
 */

const slotNotFound = 'Créneau introuvable.'

const slotColumns = {
  id: deliverySlots.id,
  cityId: deliverySlots.cityId,
  shopId: deliverySlots.shopId,
  startsAt: deliverySlots.startsAt,
  endsAt: deliverySlots.endsAt,
  capacity: deliverySlots.capacity,
  cutoffMinutes: deliverySlots.cutoffMinutes,
  isActive: deliverySlots.isActive,
  createdAt: deliverySlots.createdAt,
}

/** '10:00:00' → '10:00': slots are set to the minute. */
const toAdminSlot = (row: AdminSlot): AdminSlot => ({
  ...row,
  startsAt: row.startsAt.slice(0, 5),
  endsAt: row.endsAt.slice(0, 5),
})

export async function listSlots(db: Executor, cityId: number, isActive?: boolean, shopId?: number) {
  const rows = await db
    .select(slotColumns)
    .from(deliverySlots)
    .where(
      and(
        eq(deliverySlots.cityId, cityId),
        // docs/rules/pickup.md#collection-slots: a shop's slots, or the city's delivery slots.
        shopId === undefined ? isNull(deliverySlots.shopId) : eq(deliverySlots.shopId, shopId),
        isActive === undefined ? undefined : eq(deliverySlots.isActive, isActive),
      ),
    )
    .orderBy(asc(deliverySlots.startsAt), asc(deliverySlots.id))
  return rows.map(toAdminSlot)
}

/** The time zone a city's slots are read in: its country's. */
export async function cityTimeZone(db: Executor, cityId: number) {
  const [row] = await db
    .select({ timeZone: countries.timeZone })
    .from(cities)
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(eq(cities.id, cityId))
  return row?.timeZone ?? null
}

/** A slot the caller may act on; outside its country: 404, as absent. */
export async function findSlotInScope(db: Executor, user: SessionUser, id: number) {
  const [row] = await db
    .select({ slot: slotColumns, countryId: cities.countryId })
    .from(deliverySlots)
    .innerJoin(cities, eq(cities.id, deliverySlots.cityId))
    .where(eq(deliverySlots.id, id))
  if (!row) throw notFound(slotNotFound)
  assertInScope(user, row.countryId, slotNotFound)
  return toAdminSlot(row.slot)
}

/**
 * The slots a client may pick in a city: each active slot on each of the next
 * SLOT_DAYS_OFFERED local days (today first) that has not reached its cut-off, with its places
 * left (0: full, shown but not taken). One statement; the days are the country's.
 */
export async function availableSlots(db: Executor, cityId: number, shopId: number | null = null) {
  const timeZone = await cityTimeZone(db, cityId)
  if (!timeZone) return { timeZone: 'UTC', slots: [] }
  const { rows } = (await db.execute(sql`
    select s.id as "slotId", d.day::text as date,
      (d.day + s.starts_at) at time zone co.time_zone as "startsAt",
      (d.day + s.ends_at) at time zone co.time_zone as "endsAt",
      s.capacity, greatest(s.capacity - coalesce(b.booked, 0), 0)::int as remaining
    from delivery_slots s
    join cities ci on ci.id = s.city_id
    join countries co on co.id = ci.country_id
    cross join lateral (
      select (now() at time zone co.time_zone)::date + g as day
      from generate_series(0, ${SLOT_DAYS_OFFERED - 1}::int) g
    ) d
    left join delivery_slot_bookings b on b.slot_id = s.id and b.day = d.day
    where s.city_id = ${cityId} and s.shop_id is not distinct from ${shopId}::int and s.is_active and ci.is_active
      and etal_slot_open(s, d.day, co.time_zone, ${SLOT_DAYS_OFFERED}::int)
    order by 3, s.id`)) as unknown as {
    rows: (Omit<AvailableSlot, 'startsAt' | 'endsAt'> & { startsAt: Date | string; endsAt: Date | string })[]
  }
  const slots: AvailableSlot[] = rows.map((r) => ({
    slotId: Number(r.slotId),
    date: r.date,
    startsAt: new Date(r.startsAt),
    endsAt: new Date(r.endsAt),
    capacity: Number(r.capacity),
    remaining: Number(r.remaining),
  }))
  return { timeZone, slots }
}

type SlotHolder = { id: number; slotId: number | null; slotDate: string | null }

/** A cancelled order gives its place back (docs/rules/delivery.md#delivery-slots); in changeOrderStatus's transaction. */
export async function releaseSlotPlace(tx: Executor, order: SlotHolder) {
  if (order.slotId == null || order.slotDate == null) return
  await tx.execute(sql`
    update delivery_slot_bookings set booked = booked - 1
    where slot_id = ${order.slotId} and day = ${order.slotDate}::date and booked > 0`)
}

/**
 * An order leaving "cancelled" takes its place again, only while the slot has room (the same
 * conditional increment as checkout's); a full slot answers 409 and the change is rolled back.
 */
export async function retakeSlotPlace(tx: Executor, order: SlotHolder) {
  if (order.slotId == null || order.slotDate == null) return
  const { rows } = (await tx.execute(sql`
    insert into delivery_slot_bookings as bk (slot_id, day, booked)
    select s.id, ${order.slotDate}::date, 1 from delivery_slots s where s.id = ${order.slotId}
    on conflict (slot_id, day) do update set booked = bk.booked + 1
      where bk.booked < (select s.capacity from delivery_slots s where s.id = ${order.slotId})
    returning slot_id`)) as unknown as { rows: unknown[] }
  if (rows.length === 0) throw conflict(SLOT_REACTIVATE_FULL_MESSAGE)
}
