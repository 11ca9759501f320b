import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { cashDueFor, cashReasonMessage, collectionNeedsReason, ecartOf } from '@/shared/domain/cash'
import { formatMoney } from '@/shared/format'
import { amountOwed } from '@/shared/domain/status-effects'
import type { PaymentStatus } from '@/shared/domain/order-status'
import type { PaymentMethod } from '@/shared/domain/payments'
import type { SessionUser } from '@/shared/schemas/auth'
import type { CashEntryView, DriverCashView } from '@/shared/schemas/cash'
import type { Executor } from '@/server/db/client'
import { cashEntries, countries, orders, users } from '@/server/db/schema'
import { badRequest, conflict, notFound } from '@/server/http/errors'
import { ORDER_NOT_FOUND } from '../orders/order-admin'
import { assertInScope } from '../scope'

// docs/rules/money.md#drivers-cash: the drivers' cash ledger, only appended to. A driver's balance is
// the sum of its entries. Every write locks the driver's row first (`lockDriver`), so that the
// entries of one driver are written one after the other: a handover's `held_before` is exactly
// the sum of the entries before it.

export const DRIVER_NOT_FOUND = 'Livreur introuvable.'
/** The reason written on a collection recorded by a status change from staff. */
export const STAFF_DELIVERED_REASON = 'Livraison enregistrée par le personnel, sans confirmation du livreur'

/**
 * Locks a user's row (the driver's) for the rest of the transaction; null if absent. FOR NO KEY
 * UPDATE: the cash writes of one driver wait for each other, while the foreign-key checks of rows
 * naming the driver (order events, entries: FOR KEY SHARE) do not wait, so that two confirmations
 * that both wrote an event naming the driver cannot deadlock on its row.
 */
async function lockDriver(tx: Executor, driverId: number) {
  const [row] = await tx
    .select({ id: users.id, countryId: users.countryId, role: users.role })
    .from(users)
    .where(eq(users.id, driverId))
    .for('no key update')
  return row ?? null
}

/** A driver's balance: the sum of its entries. */
export async function cashBalance(db: Executor, driverId: number) {
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${cashEntries.amount}), 0)`.mapWith(Number) })
    .from(cashEntries)
    .where(eq(cashEntries.driverId, driverId))
  return row?.balance ?? 0
}

/** What was collected for each order, net of the corrections written against it. */
async function collectedFor(db: Executor, orderIds: number[]) {
  const found = new Map<number, number>()
  if (orderIds.length === 0) return found
  const rows = await db
    .select({
      orderId: cashEntries.orderId,
      net: sql<number>`sum(${cashEntries.amount})`.mapWith(Number),
    })
    .from(cashEntries)
    .where(
      and(inArray(cashEntries.orderId, orderIds), inArray(cashEntries.type, ['collected', 'correction'])),
    )
    .groupBy(cashEntries.orderId)
  for (const r of rows) if (r.orderId != null) found.set(r.orderId, r.net)
  return found
}

type DeliveredOrder = {
  id: number
  countryId: number
  totalAmount: number
  amountPaid: number
  deliveryDriverId: number | null
  paymentMethod?: PaymentMethod
  paymentStatus?: PaymentStatus
}

export const PAID_BY_MOBILE_MONEY =
  'Cette commande est déjà payée par mobile money : il n’y a rien à encaisser. Ne prenez pas d’argent au client.'

/** docs/rules/money.md#payments: an order paid by mobile money asks the driver for nothing. */
export const paidByMobileMoney = (o: { paymentMethod?: PaymentMethod; paymentStatus?: PaymentStatus }) =>
  o.paymentMethod === 'mobile_money' && o.paymentStatus === 'paid'

/** What a change to delivered collects: the entry to write (null: none), and what is then paid. */
export type Collection = {
  entry: { driverId: number; amount: number; amountDue: number; reason: string | null } | null
  amountPaid: number
}

/**
 * The collection of a change to delivered (src/server/services/orders/order-status.ts), decided before
 * anything is written (docs/rules/money.md#drivers-cash, #partly-paid): the order's driver is taken
 * to hold the cash due (its total, less what was paid of it already). The driver's confirmation
 * says what it took (`cash`), the amount due when it says nothing, another amount with a reason
 * (less than due leaves the order partly paid). Staff marking an order delivered (no `cash`)
 * record the amount due against the order's driver; an order without a driver records nothing,
 * is taken as paid, and shows in the daily report as delivered without cash (decision 0026).
 */
export function planCollection(
  order: DeliveredOrder,
  cash?: { amount?: number; reason?: string },
): Collection {
  const driverId = order.deliveryDriverId
  // Paid by mobile money: the driver collects nothing, the ledger records nothing; a driver saying
  // it took cash for it is refused (that money would be owed back to the client, docs/rules/money.md#payments).
  if (paidByMobileMoney(order)) {
    if (cash?.amount !== undefined && cash.amount > 0)
      throw badRequest(PAID_BY_MOBILE_MONEY, { cashCollected: [PAID_BY_MOBILE_MONEY] })
    return { entry: null, amountPaid: Math.max(order.amountPaid, order.totalAmount) }
  }
  if (driverId == null) return { entry: null, amountPaid: Math.max(order.amountPaid, order.totalAmount) }
  const due = cashDueFor(order.totalAmount, order.amountPaid)
  const byDriver = cash !== undefined
  const amount = cash?.amount ?? due
  const reason = cash?.reason?.trim() || (byDriver ? null : STAFF_DELIVERED_REASON)
  if (collectionNeedsReason(amount, due, reason)) {
    const message = cashReasonMessage(formatMoney(due))
    throw badRequest(message, { cashReason: [message] })
  }
  // Staff marking an order delivered whose cash is already collected: nothing more is due.
  if (!byDriver && due === 0) return { entry: null, amountPaid: order.amountPaid }
  return { entry: { driverId, amount, amountDue: due, reason }, amountPaid: order.amountPaid + amount }
}

/**
 * Writes a collection decided by `planCollection` (or a later payment's, `collectRest`), in the
 * caller's transaction, after the order's and the client's locks: the driver's lock comes next.
 */
export async function recordCollection(
  tx: Executor,
  order: Pick<DeliveredOrder, 'id' | 'countryId'>,
  actorId: number,
  entry: Collection['entry'],
) {
  if (!entry) return
  await lockDriver(tx, entry.driverId)
  await tx.insert(cashEntries).values({
    driverId: entry.driverId,
    countryId: order.countryId,
    orderId: order.id,
    type: 'collected',
    amount: entry.amount,
    amountDue: entry.amountDue,
    reason: entry.reason,
    actorId,
  })
}

/**
 * decision 0082: a campaign reservation's cash collected by its driver on the eve, in the caller's
 * transaction, after the reservation's and the client's locks: the driver's lock comes next.
 */
export async function recordReservationCollection(
  tx: Executor,
  reservation: { id: number; countryId: number },
  driverId: number,
  amount: number,
) {
  await lockDriver(tx, driverId)
  await tx.insert(cashEntries).values({
    driverId,
    countryId: reservation.countryId,
    reservationId: reservation.id,
    type: 'collected',
    amount,
    amountDue: amount,
    actorId: driverId,
  })
}

/** The driver of a staff call, in the caller's reach (another country's answers 404), locked. */
async function driverInScope(tx: Executor, user: SessionUser, driverId: number) {
  const driver = await lockDriver(tx, driverId)
  if (driver?.role !== 'delivery_driver') throw notFound(DRIVER_NOT_FOUND)
  assertInScope(user, driver.countryId, DRIVER_NOT_FOUND)
  if (driver.countryId == null)
    throw conflict('Ce livreur n’a pas de pays : impossible d’enregistrer sa caisse.')
  return { ...driver, countryId: driver.countryId }
}

/**
 * A handover ("remise"): the driver hands `amount` over to staff. The entry keeps the balance
 * just before (`held_before`); the difference is its écart. The balance goes down by what was
 * handed over, whatever it held: a shortfall stays owed, a surplus takes it below zero
 * (decision 0026).
 */
export async function recordHandover(
  db: Executor,
  user: SessionUser,
  input: { driverId: number; amount: number; note?: string },
) {
  const id = await db.transaction(async (tx) => {
    const driver = await driverInScope(tx, user, input.driverId)
    const heldBefore = await cashBalance(tx, driver.id)
    const [row] = await tx
      .insert(cashEntries)
      .values({
        driverId: driver.id,
        countryId: driver.countryId,
        type: 'handover',
        amount: -input.amount,
        heldBefore,
        reason: input.note?.trim() || null,
        actorId: user.id,
      })
      .returning({ id: cashEntries.id })
    return row!.id
  })
  return entryAnswer(db, id)
}

/** A correction: a new entry, signed, with its reason, optionally against one of the driver's country's orders. */
export async function recordCorrection(
  db: Executor,
  user: SessionUser,
  input: { driverId: number; amount: number; reason: string; orderId?: number },
) {
  const id = await db.transaction(async (tx) => {
    const driver = await driverInScope(tx, user, input.driverId)
    if (input.orderId !== undefined) {
      const [order] = await tx
        .select({ countryId: orders.countryId })
        .from(orders)
        .where(eq(orders.id, input.orderId))
      if (!order || order.countryId !== driver.countryId) throw notFound(ORDER_NOT_FOUND)
    }
    const [row] = await tx
      .insert(cashEntries)
      .values({
        driverId: driver.id,
        countryId: driver.countryId,
        orderId: input.orderId ?? null,
        type: 'correction',
        amount: input.amount,
        reason: input.reason.trim(),
        actorId: user.id,
      })
      .returning({ id: cashEntries.id })
    return row!.id
  })
  return entryAnswer(db, id)
}

const driverUser = alias(users, 'cash_driver')
const actorUser = alias(users, 'cash_actor')
const entryColumns = {
  id: cashEntries.id,
  type: cashEntries.type,
  driverId: cashEntries.driverId,
  driverName: driverUser.displayName,
  orderId: cashEntries.orderId,
  reservationId: cashEntries.reservationId,
  amount: cashEntries.amount,
  amountDue: cashEntries.amountDue,
  heldBefore: cashEntries.heldBefore,
  reason: cashEntries.reason,
  actorName: actorUser.displayName,
  createdAt: cashEntries.createdAt,
  time: sql<string>`to_char(${cashEntries.createdAt} at time zone ${countries.timeZone}, 'HH24:MI')`,
}
const entriesQuery = (db: Executor) =>
  db
    .select(entryColumns)
    .from(cashEntries)
    .innerJoin(driverUser, eq(driverUser.id, cashEntries.driverId))
    .innerJoin(actorUser, eq(actorUser.id, cashEntries.actorId))
    .innerJoin(countries, eq(countries.id, cashEntries.countryId))

type EntryRow = Omit<CashEntryView, 'ecart'>
const entryView = (r: EntryRow): CashEntryView => ({
  ...r,
  ecart: r.heldBefore == null ? null : ecartOf(-r.amount, r.heldBefore),
})

async function entryAnswer(db: Executor, id: number) {
  const [row] = await entriesQuery(db).where(eq(cashEntries.id, id))
  const entry = entryView(row!)
  return { entry, balance: await cashBalance(db, entry.driverId) }
}

/** How many of its latest entries a driver's dashboard shows. */
const DRIVER_ENTRIES_SHOWN = 20

/** The driver's own cash: its balance, what each order in delivery asks, its latest entries. */
export async function driverCash(
  db: Executor,
  driverId: number,
  inDelivery: {
    id: number
    totalAmount: number
    amountPaid: number
    paymentMethod?: PaymentMethod
    paymentStatus?: PaymentStatus
  }[],
  delivered: { id: number; totalAmount: number; amountPaid: number; paymentStatus: PaymentStatus }[],
): Promise<DriverCashView> {
  const collected = await collectedFor(
    db,
    [...inDelivery, ...delivered].map((o) => o.id),
  )
  const rows = await entriesQuery(db)
    .where(eq(cashEntries.driverId, driverId))
    .orderBy(desc(cashEntries.id))
    .limit(DRIVER_ENTRIES_SHOWN)
  return {
    balance: await cashBalance(db, driverId),
    dues: inDelivery.map((o) => ({
      orderId: o.id,
      amountDue: paidByMobileMoney(o) ? 0 : cashDueFor(o.totalAmount, o.amountPaid),
    })),
    collected: delivered.map((o) => ({ orderId: o.id, amount: collected.get(o.id) ?? 0 })),
    // docs/rules/money.md#partly-paid: its delivered orders that still owe, the rest to collect.
    owed: delivered
      .filter((o) => o.paymentStatus === 'partly_paid')
      .map((o) => ({ orderId: o.id, amountOwed: amountOwed(o) })),
    entries: rows.map(entryView),
  }
}

export { entriesQuery, entryView }
