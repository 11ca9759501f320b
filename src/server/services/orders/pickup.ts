import { timingSafeEqual } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import {
  PICKUP_CODE_ATTEMPTS,
  PICKUP_CODE_LOCKED,
  PICKUP_CODE_WRONG,
  PICKUP_NOT_READY,
} from '@/shared/domain/pickup'
import type { SessionUser } from '@/shared/schemas/auth'
import type { Db, Executor } from '@/server/db/client'
import { orders } from '@/server/db/schema'
import { conflict, HttpError, notFound } from '@/server/http/errors'
import type { StorefrontCache } from '../catalogue/storefront-cache'
import { scopeCountryId } from '../scope'
import { changeOrderStatus } from './order-status'
import { loadOrders } from './orders'

/*
 * Collection at the shop (docs/rules/pickup.md, decision 0074): the orders ready to collect, and
 * their hand-over, which needs the order's 4-digit code. The code is compared in constant time;
 * each wrong one is counted on the order in a transaction of its own (kept even though the
 * hand-over is refused), and the PICKUP_CODE_ATTEMPTS-th locks the hand-over until a super admin
 * (or root) reopens it: 10 000 codes cannot be tried.
 */

const NOT_FOUND = 'Commande à retirer introuvable.'

/** The pickup orders ready to collect ("À retirer") in the caller's country, by slot then number. */
export async function readyPickups(db: Executor, user: SessionUser) {
  const scope = scopeCountryId(user)
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.fulfilment, 'pickup'),
        eq(orders.status, 'in_delivery'),
        scope === null ? undefined : eq(orders.countryId, scope),
      ),
    )
    .orderBy(sql`${orders.slotStartsAt} asc nulls last`, asc(orders.id))
    .limit(200)
  return loadOrders(
    db,
    rows.map((r) => r.id),
  )
}

/** The pickup order, locked, in the caller's reach (else 404). */
async function lockPickup(tx: Executor, user: SessionUser, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
  const scope = scopeCountryId(user)
  if (!order || order.fulfilment !== 'pickup' || (scope !== null && scope !== order.countryId))
    throw notFound(NOT_FOUND)
  return order
}

const sameCode = (typed: string, stored: string | null) => {
  if (stored == null) return false
  const a = Buffer.from(typed.padEnd(8, ' ').slice(0, 8))
  const b = Buffer.from(stored.padEnd(8, ' ').slice(0, 8))
  return timingSafeEqual(a, b) && typed.length === stored.length
}

/**
 * Hands a ready pickup order over (docs/rules/pickup.md#hand-over): the code typed must be the
 * order's; payment at the counter is cash (recorded as paid) or mobile money already received
 * (the QR at the counter). Then the one status change makes it collected ('delivered').
 */
export async function handOver(
  db: Db,
  user: SessionUser,
  input: { orderId: number; code: string; payment: 'cash' | 'mobile_money' },
  storefront?: Pick<StorefrontCache, 'afterWrite'>,
) {
  const verdict = await db.transaction(async (tx) => {
    const order = await lockPickup(tx, user, input.orderId)
    if (order.status !== 'in_delivery') throw conflict(PICKUP_NOT_READY)
    if (order.pickupCodeAttempts >= PICKUP_CODE_ATTEMPTS)
      throw conflict(PICKUP_CODE_LOCKED, 'PICKUP_CODE_LOCKED')
    if (sameCode(input.code, order.pickupCode)) return { ok: true as const, order }
    const attempts = order.pickupCodeAttempts + 1
    await tx.update(orders).set({ pickupCodeAttempts: attempts }).where(eq(orders.id, order.id))
    return { ok: false as const, left: PICKUP_CODE_ATTEMPTS - attempts }
  })
  if (!verdict.ok) {
    const message = PICKUP_CODE_WRONG(verdict.left)
    throw new HttpError(400, 'PICKUP_CODE_WRONG', message, { code: [message] })
  }
  if (input.payment === 'mobile_money' && verdict.order.paymentStatus !== 'paid')
    throw conflict(
      'Le paiement mobile money de cette commande n’est pas encore reçu : attendez sa confirmation ou encaissez en espèces.',
    )
  return changeOrderStatus(
    db,
    user.id,
    input.orderId,
    'delivered',
    (locked) => {
      if (locked.status !== 'in_delivery') throw conflict(PICKUP_NOT_READY)
    },
    storefront,
    undefined,
    undefined,
    { codeChecked: true, counterCash: input.payment === 'cash' },
  )
}

/** A ready pickup order of the caller's reach (the counter's mobile money payment); else 404 or 409. */
export async function readyPickupInScope(db: Executor, user: SessionUser, orderId: number) {
  const [order] = await db
    .select({
      id: orders.id,
      fulfilment: orders.fulfilment,
      status: orders.status,
      countryId: orders.countryId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
  const scope = scopeCountryId(user)
  if (!order || order.fulfilment !== 'pickup' || (scope !== null && scope !== order.countryId))
    throw notFound(NOT_FOUND)
  if (order.status !== 'in_delivery') throw conflict(PICKUP_NOT_READY)
  return order
}

/** Reopens a hand-over locked by wrong codes (docs/rules/pickup.md#hand-over): the count back to 0. */
export async function resetPickupCode(db: Db, user: SessionUser, orderId: number) {
  await db.transaction(async (tx) => {
    const order = await lockPickup(tx, user, orderId)
    await tx.update(orders).set({ pickupCodeAttempts: 0 }).where(eq(orders.id, order.id))
  })
  const [order] = await loadOrders(db, [orderId])
  return order!
}

/** The client's own order with its collection code (its order page; no staff answer has it). */
export async function withPickupCode<T extends { id: number; fulfilment: string; pickupCode: string | null }>(
  db: Executor,
  order: T,
): Promise<T> {
  if (order.fulfilment !== 'pickup') return order
  const [row] = await db.select({ code: orders.pickupCode }).from(orders).where(eq(orders.id, order.id))
  return { ...order, pickupCode: row?.code ?? null }
}
