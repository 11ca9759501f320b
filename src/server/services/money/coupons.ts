import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import { COUPON_UNKNOWN, couponVerdict, type CouponTerms, type CouponVerdict } from '@/shared/domain/coupons'
import type { SessionUser } from '@/shared/schemas/auth'
import {
  PERCENT_MESSAGE,
  type AdminCoupon,
  type adminCouponsQuery,
  type createCouponInput,
  type updateCouponInput,
} from '@/shared/schemas/coupons'
import type { z } from '@/shared/schemas/zod'
import { cappedCount, containsFolded } from '@/server/db/queries'
import type { Executor } from '@/server/db/client'
import { countries, coupons } from '@/server/db/schema'
import { badRequest, HttpError, notFound } from '@/server/http/errors'
import { scopeCountryId } from '@/server/services/scope'
import { internationalPhone } from '@/server/services/people/phones'
import { uniquely } from '@/server/services/delivery/places'

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/*
 * Coupons (docs/rules/commerce.md#coupons): staff's codes per country, and what one is worth to a
 * client. The checkout's use of a code, under the coupon's row lock, is in
 * orders/checkout/coupon.ts; a cancelled order gives its use back (orders/order-status.ts).
 */

export const COUPON_NOT_FOUND = 'Code promo introuvable.'
export const COUPON_TAKEN = 'Un code promo portant ce code existe déjà dans ce pays.'

const columns = {
  id: coupons.id,
  countryId: coupons.countryId,
  countryName: countries.name,
  code: coupons.code,
  kind: coupons.kind,
  value: coupons.value,
  maxUses: coupons.maxUses,
  maxAmount: coupons.maxAmount,
  perClient: coupons.perClient,
  minOrder: coupons.minOrder,
  validFrom: coupons.validFrom,
  validTo: coupons.validTo,
  firstOrderOnly: coupons.firstOrderOnly,
  stoppedAt: coupons.stoppedAt,
  usesCount: coupons.usesCount,
  amountSpent: coupons.amountSpent,
  createdAt: coupons.createdAt,
}

const selectCoupons = (db: Executor, where: SQL | undefined) =>
  db.select(columns).from(coupons).innerJoin(countries, eq(countries.id, coupons.countryId)).where(where)

/** One coupon of the caller's reach; another country's answers 404, as if absent. */
export async function findCouponInScope(db: Executor, user: SessionUser, id: number): Promise<AdminCoupon> {
  const scope = scopeCountryId(user)
  const [row] = await selectCoupons(
    db,
    and(eq(coupons.id, id), scope === null ? undefined : eq(coupons.countryId, scope)),
  )
  if (!row) throw notFound(COUPON_NOT_FOUND)
  return row
}

export async function listCoupons(db: Executor, user: SessionUser, q: z.output<typeof adminCouponsQuery>) {
  const scope = scopeCountryId(user)
  const where = and(
    scope === null ? undefined : eq(coupons.countryId, scope),
    q.search ? containsFolded(coupons.code, q.search) : undefined,
  )
  const rows = await selectCoupons(db, where)
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
  const total = await cappedCount(db, db.select({ id: coupons.id }).from(coupons).where(where).$dynamic())
  return { coupons: rows, total }
}

export async function createCoupon(
  db: Executor,
  user: SessionUser,
  input: z.output<typeof createCouponInput>,
) {
  const scope = scopeCountryId(user)
  const countryId = scope ?? input.countryId
  if (countryId == null)
    throw badRequest('Choisissez le pays du code promo.', {
      countryId: ['Choisissez le pays du code promo.'],
    })
  if (scope !== null && input.countryId != null && input.countryId !== scope)
    throw notFound('Pays introuvable.')
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId))
  if (!country) throw notFound('Pays introuvable.')
  const [row] = await uniquely(COUPON_TAKEN, () =>
    db
      .insert(coupons)
      .values({
        countryId,
        code: input.code,
        kind: input.kind,
        value: input.value,
        maxUses: input.maxUses ?? null,
        maxAmount: input.maxAmount ?? null,
        perClient: input.perClient ?? null,
        minOrder: input.minOrder ?? null,
        validFrom: input.validFrom ?? null,
        validTo: input.validTo ?? null,
        firstOrderOnly: input.firstOrderOnly ?? false,
        createdBy: user.id,
      })
      .returning({ id: coupons.id }),
  )
  return findCouponInScope(db, user, row!.id)
}

/**
 * Changes a coupon's terms. A budget may not be set below what is already used (the check
 * constraint would refuse it: a French 400 first); the uses and the francs spent never change here.
 */
export async function updateCoupon(
  db: Executor,
  user: SessionUser,
  input: z.output<typeof updateCouponInput>,
) {
  const { id, ...changes } = input
  const current = await findCouponInScope(db, user, id)
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined))
  if (Object.keys(set).length === 0) return current
  const next = { ...current, ...set } as AdminCoupon
  if (next.kind === 'percent' && next.value > 100)
    throw badRequest(PERCENT_MESSAGE, { value: [PERCENT_MESSAGE] })
  if (next.validFrom && next.validTo && next.validTo < next.validFrom)
    throw badRequest('La date de fin doit suivre la date de début.', {
      validTo: ['La date de fin doit suivre la date de début.'],
    })
  if (next.maxUses != null && next.maxUses < current.usesCount) {
    const m = `Ce code a déjà servi ${current.usesCount} fois : le maximum ne peut pas être plus bas.`
    throw badRequest(m, { maxUses: [m] })
  }
  if (next.maxAmount != null && next.maxAmount < current.amountSpent) {
    const m = `Ce code a déjà donné ${current.amountSpent} F : le budget ne peut pas être plus bas.`
    throw badRequest(m, { maxAmount: [m] })
  }
  await db
    .update(coupons)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(coupons.id, id))
  return findCouponInScope(db, user, id)
}

/** Stops a coupon for good: no order takes it from now on; its orders keep their discount. */
export async function stopCoupon(db: Executor, user: SessionUser, id: number) {
  await findCouponInScope(db, user, id)
  await db
    .update(coupons)
    .set({ stoppedAt: sql`coalesce(${coupons.stoppedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(coupons.id, id))
  return findCouponInScope(db, user, id)
}

/** A coupon as the verdict reads it, with the country's day and the client's history. */
export type CouponState = CouponTerms & { id: number; code: string; today: string; countryCode: string }

/**
 * The coupon of this code in the country (any case), its state and the country's day; with
 * `lock`, its row is locked until the transaction ends (the checkout's budget, decision 0069).
 */
export async function readCoupon(db: Executor, countryId: number, code: string, lock = false) {
  const rows = await db.execute(sql`
    select c.id, c.code, c.kind, c.value, c.max_uses as "maxUses", c.max_amount as "maxAmount",
      c.per_client as "perClient", c.min_order as "minOrder", c.valid_from::text as "validFrom",
      c.valid_to::text as "validTo", c.first_order_only as "firstOrderOnly", c.stopped_at is not null as stopped,
      c.uses_count as "usesCount", c.amount_spent as "amountSpent",
      (now() at time zone co.time_zone)::date::text as today, co.code as "countryCode"
    from coupons c join countries co on co.id = c.country_id
    where c.country_id = ${countryId} and lower(c.code) = lower(${code})
    ${lock ? sql`for update of c` : sql``}`)
  return rowsOf<CouponState>(rows)[0] ?? null
}

/**
 * What the client has done that the coupon counts: its uses of the coupon by its phone (or the
 * order's), and whether it has an order not cancelled (by its account or its phone).
 */
export async function clientHistory(
  db: Executor,
  couponId: number,
  userId: number,
  phones: (string | null)[],
) {
  const known = phones.filter((p): p is string => !!p)
  const list = `{${known.map((p) => `"${p.replace(/"/g, '')}"`).join(',')}}`
  const rows = await db.execute(sql`
    select
      (select count(*)::int from coupon_uses u where u.coupon_id = ${couponId} and u.returned_at is null
        and u.client_phone = any(${list}::text[])) as "phoneUses",
      exists (select 1 from orders o where etal_sells(o.status) and (o.user_id = ${userId}
        or o.user_id in (select id from users where phone_number = any(${list}::text[])))) as "hasOrdered"`)
  const row = rowsOf<{ phoneUses: number; hasOrdered: boolean }>(rows)[0]!
  return { phoneUses: Number(row.phoneUses), hasOrdered: !!row.hasOrdered }
}

/** The verdict for a client's goods (after its own discount), the coupon read (and locked) first. */
export async function judgeCoupon(
  db: Executor,
  user: Pick<SessionUser, 'id' | 'countryId' | 'phoneNumber'>,
  code: string,
  goods: number,
  lock = false,
): Promise<{ coupon: CouponState | null; phone: string | null; verdict: CouponVerdict }> {
  const coupon = user.countryId == null ? null : await readCoupon(db, user.countryId, code, lock)
  if (!coupon)
    return { coupon: null, phone: null, verdict: { ok: false, status: 400, message: COUPON_UNKNOWN } }
  // The account's number in its one form (docs/rules/people.md#phones); one kept before that
  // rule, as it is.
  const raw = user.phoneNumber?.trim() || null
  const phone = raw && (internationalPhone(raw, coupon.countryCode) ?? raw)
  const history = await clientHistory(db, coupon.id, user.id, [phone])
  return { coupon, phone, verdict: couponVerdict(coupon, { goods, today: coupon.today, phone, ...history }) }
}

/** A refusal of the checkout's code, on its field: 409 when the budget is spent, else 400. */
export function couponRefusal(verdict: Extract<CouponVerdict, { ok: false }>) {
  return new HttpError(verdict.status, 'COUPON_REFUSED', verdict.message, { couponCode: [verdict.message] })
}

/**
 * A cancelled order gives its coupon's use back: the budget (a use, its francs) and the client's
 * count are free again, under the coupon's row lock. The order keeps its discount as written.
 */
export async function giveBackCoupon(tx: Executor, orderId: number) {
  await tx.execute(sql`
    with live as (
      update coupon_uses set returned_at = now() where order_id = ${orderId} and returned_at is null
      returning coupon_id, amount
    )
    update coupons c set uses_count = c.uses_count - 1, amount_spent = c.amount_spent - live.amount, updated_at = now()
    from live where c.id = live.coupon_id`)
}

/**
 * An order taken out of cancelled uses its coupon again, if the budget still has room for it
 * (stopped or expired since does not matter: the client had it); else 409, nothing changed.
 */
export async function retakeCoupon(tx: Executor, orderId: number) {
  const [use] = rowsOf<{ id: number; couponId: number; amount: number }>(
    await tx.execute(sql`select id, coupon_id as "couponId", amount from coupon_uses
      where order_id = ${orderId} and returned_at is not null`),
  )
  if (!use) return
  const taken = rowsOf<{ id: number }>(
    await tx.execute(sql`update coupons set uses_count = uses_count + 1, amount_spent = amount_spent + ${use.amount}, updated_at = now()
      where id = ${use.couponId} and (max_uses is null or uses_count < max_uses)
        and (max_amount is null or amount_spent + ${use.amount} <= max_amount)
      returning id`),
  )
  if (taken.length === 0)
    throw new HttpError(
      409,
      'COUPON_REFUSED',
      'Le code promo de cette commande n’a plus de budget : impossible de la réactiver.',
    )
  await tx.execute(sql`update coupon_uses set returned_at = null where id = ${use.id}`)
}
