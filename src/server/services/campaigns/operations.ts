import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { LIVE_RESERVATION, type ReservationStatus } from '@/shared/domain/campaigns'
import type { SessionUser } from '@/shared/schemas/auth'
import type { OperationRow } from '@/shared/schemas/campaign-operations'
import type { Executor } from '@/server/db/client'
import {
  campaignAnimals,
  campaignCashReceipts,
  campaignReservations,
  campaignShares,
  campaignSlots,
  campaigns,
  countries,
  paymentAttempts,
  preparations,
  users,
} from '@/server/db/schema'
import { byName } from '@/server/db/queries'
import { notFound } from '@/server/http/errors'
import { assertInScope } from '../scope'
import { campaignInScope } from './admin'
import { RESERVATION_NOT_FOUND, releaseExpiredHolds } from './items'

// docs/rules/campaigns-operations.md#the-list: a campaign's reservations as staff work them on the
// feast days, by slot then by tag (the slaughter's order), each with its client, services, slot,
// recipient, money and what is to give back.

export type OperationFilters = { status?: ReservationStatus; slotId?: number; overdue?: boolean }

const driver = alias(users, 'eve_driver')
const dueAt = sql<Date>`coalesce(${campaignReservations.dueAt}, ${campaigns.balanceDueAt})`
const balance = sql`${campaignReservations.price} + ${campaignReservations.servicesAmount} - ${campaignReservations.amountPaid}`
const overdueSql = sql`(${campaignReservations.status} in ('held', 'booked', 'ready') and ${balance} > 0 and ${dueAt} < now())`

/** A reservation of the caller's reach (its campaign's country), or 404; with its campaign. */
export async function reservationInScope(db: Executor, user: SessionUser, reservationId: number) {
  const [found] = await db
    .select({ r: campaignReservations, campaign: campaigns })
    .from(campaignReservations)
    .innerJoin(campaigns, eq(campaigns.id, campaignReservations.campaignId))
    .where(eq(campaignReservations.id, reservationId))
  if (!found) throw notFound(RESERVATION_NOT_FOUND)
  assertInScope(user, found.campaign.countryId, RESERVATION_NOT_FOUND)
  return found
}

/** The rows of a campaign's reservations matching `where`, in the slaughter's order. */
export async function operationRows(db: Executor, where: SQL | undefined): Promise<OperationRow[]> {
  const rows = await db
    .select({
      r: campaignReservations,
      tag: campaignAnimals.tag,
      breed: campaignAnimals.breed,
      shareName: campaignShares.name,
      clientName: users.displayName,
      clientPhone: users.phoneNumber,
      driverName: driver.displayName,
      cutting: preparations.name,
      dueAt: dueAt.mapWith((v: string | Date) => new Date(v)),
      overdue: overdueSql.mapWith(Boolean),
    })
    .from(campaignReservations)
    .innerJoin(campaigns, eq(campaigns.id, campaignReservations.campaignId))
    .innerJoin(users, eq(users.id, campaignReservations.userId))
    .leftJoin(campaignAnimals, eq(campaignAnimals.id, campaignReservations.animalId))
    .leftJoin(campaignShares, eq(campaignShares.id, campaignReservations.shareId))
    .leftJoin(campaignSlots, eq(campaignSlots.id, campaignReservations.slotId))
    .leftJoin(preparations, eq(preparations.id, campaignReservations.preparationId))
    .leftJoin(driver, eq(driver.id, campaignReservations.deliveryDriverId))
    .where(where)
    .orderBy(
      sql`${campaignSlots.startsAt} asc nulls last`,
      sql`length(${campaignAnimals.tag}) asc nulls last`,
      sql`lower(${campaignAnimals.tag}) asc nulls last`,
      asc(campaignReservations.id),
    )
  const ids = rows.map((x) => x.r.id)
  const [cash, refunds] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({
              reservationId: campaignCashReceipts.reservationId,
              amount:
                sql<number>`sum(${campaignCashReceipts.amount} - ${campaignCashReceipts.givenBack})`.mapWith(
                  Number,
                ),
            })
            .from(campaignCashReceipts)
            .where(inArray(campaignCashReceipts.reservationId, ids))
            .groupBy(campaignCashReceipts.reservationId),
          db
            .select()
            .from(paymentAttempts)
            .where(and(inArray(paymentAttempts.reservationId, ids), isNotNull(paymentAttempts.refundStatus)))
            .orderBy(asc(paymentAttempts.id)),
        ])
  return rows.map(({ r, ...x }) => {
    const total = r.price + r.servicesAmount
    return {
      id: r.id,
      status: r.status,
      tag: x.tag,
      breed: x.breed,
      shareName: x.shareName,
      clientName: x.clientName,
      clientPhone: x.clientPhone,
      slaughter: r.slaughter,
      cutting: x.cutting,
      keepingNights: r.keepingNights,
      slotId: r.slotId,
      recipientName: r.recipientName,
      recipientPhone: r.recipientPhone,
      recipientAddress: r.recipientAddress,
      total,
      depositAmount: r.depositAmount,
      amountPaid: r.amountPaid,
      cashPaid: cash.find((c) => c.reservationId === r.id)?.amount ?? 0,
      balance: total - r.amountPaid,
      dueAt: x.dueAt,
      overdue: x.overdue,
      pointsEarned: r.pointsEarned,
      keptAmount: r.keptAmount,
      refundAmount: r.refundAmount,
      refunds: refunds
        .filter((a) => a.reservationId === r.id)
        .map((a) => ({
          attemptId: a.id,
          provider: a.provider,
          wallet: a.wallet,
          amount: a.refundAmount ?? a.amount,
          refundStatus: a.refundStatus!,
        })),
      deliveryDriverId: r.deliveryDriverId,
      deliveryDriverName: x.driverName,
    }
  })
}

/** One reservation's row, as the list shows it (the answer of every action). */
export async function operationRow(db: Executor, reservationId: number) {
  const [row] = await operationRows(db, eq(campaignReservations.id, reservationId))
  if (!row) throw notFound(RESERVATION_NOT_FOUND)
  return row
}

/** The list's filters as SQL, for the page and its CSV alike. */
function filtersWhere(campaignId: number, f: OperationFilters) {
  return and(
    eq(campaignReservations.campaignId, campaignId),
    // The held reservations whose deposit never came are no work for the feast days.
    f.status ? eq(campaignReservations.status, f.status) : sql`${campaignReservations.status} <> 'expired'`,
    f.slotId ? eq(campaignReservations.slotId, f.slotId) : undefined,
    f.overdue ? overdueSql : undefined,
  )
}

/** A campaign's reservations for its staff (its country; root any), by slot then tag. */
export async function campaignOperations(
  db: Executor,
  user: SessionUser,
  campaignId: number,
  f: OperationFilters,
) {
  const c = await campaignInScope(db, user, campaignId)
  await releaseExpiredHolds(db, campaignId)
  const [country] = await db
    .select({ currency: countries.currency, timeZone: countries.timeZone })
    .from(countries)
    .where(eq(countries.id, c.countryId))
  const slots = await db
    .select()
    .from(campaignSlots)
    .where(eq(campaignSlots.campaignId, campaignId))
    .orderBy(asc(campaignSlots.startsAt), asc(campaignSlots.id))
  return {
    campaign: {
      id: c.id,
      name: c.name,
      feastDate: c.feastDate,
      balanceDueAt: c.balanceDueAt,
      refundableUntil: c.refundableUntil,
      cancellationFee: c.cancellationFee,
      currency: country?.currency ?? 'XOF',
      timeZone: country?.timeZone ?? 'Africa/Abidjan',
    },
    slots: slots.map((s) => ({
      id: s.id,
      kind: s.kind,
      startsAt: s.startsAt,
      endsAt: s.endsAt,
      capacity: s.capacity,
      booked: s.booked,
    })),
    reservations: await operationRows(db, filtersWhere(campaignId, f)),
    // docs/rules/campaigns-operations.md#delivery-on-the-eve: whom a delivery can be given to.
    drivers: await db
      .select({ id: users.id, displayName: users.displayName })
      .from(users)
      .where(
        and(eq(users.role, 'delivery_driver'), eq(users.isActive, true), eq(users.countryId, c.countryId)),
      )
      .orderBy(...byName(users.displayName), asc(users.id)),
  }
}

/** Whether a reservation still counts for its animal (and may take money). */
export const isLive = (status: ReservationStatus) => LIVE_RESERVATION.includes(status)
