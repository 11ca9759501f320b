import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { SessionUser } from '@/shared/schemas/auth'
import type { AdminVoucher, adminVouchersQuery } from '@/shared/schemas/vouchers'
import type { z } from '@/shared/schemas/zod'
import type { Db, Executor } from '@/server/db/client'
import { cappedCount, containsFolded } from '@/server/db/queries'
import { countries, giftVouchers, paymentEvents, users } from '@/server/db/schema'
import { conflict } from '@/server/http/errors'
import { phoneOrRefuse } from '@/server/services/people/phones'
import { assertInScope, scopeCountryId } from '@/server/services/scope'
import { recordPaymentEvent } from '../payments/records'
import { lockVoucher, newVoucherCode, sendVoucherCode, voucherCodeHash } from './payment'

// docs/rules/gift-vouchers.md#staff: the country's vouchers as staff see them (never a code), and a
// paid voucher's code sent again (a new code: the old one stops working).

/** The payment event that says staff sent a voucher's code again (counted in the list). */
export const CODE_RESENT = 'code_resent'
const VOUCHER_NOT_FOUND = 'Bon cadeau non trouvé'

const buyer = alias(users, 'buyer')
const redeemer = alias(users, 'redeemer')
const columns = {
  v: giftVouchers,
  countryName: countries.name,
  buyerName: buyer.displayName,
  buyerPhone: buyer.phoneNumber,
  redeemedByName: redeemer.displayName,
  resends: sql<number>`(select count(*)::int from ${paymentEvents} e
    where e.voucher_id = ${giftVouchers.id} and e.type = ${CODE_RESENT})`,
}
type Row = {
  v: typeof giftVouchers.$inferSelect
  countryName: string
  buyerName: string
  buyerPhone: string | null
  redeemedByName: string | null
  resends: number
}

const selectVouchers = (db: Executor) =>
  db
    .select(columns)
    .from(giftVouchers)
    .innerJoin(countries, eq(countries.id, giftVouchers.countryId))
    .innerJoin(buyer, eq(buyer.id, giftVouchers.buyerId))
    .leftJoin(redeemer, eq(redeemer.id, giftVouchers.redeemedBy))
    .$dynamic()

const view = ({ v, ...x }: Row): AdminVoucher => ({
  id: v.id,
  countryName: x.countryName,
  amount: v.amount,
  status: v.status,
  buyerName: x.buyerName,
  buyerPhone: x.buyerPhone ?? null,
  recipientName: v.recipientName,
  recipientPhone: v.recipientPhone,
  message: v.message,
  createdAt: v.createdAt.toISOString(),
  paidAt: v.paidAt?.toISOString() ?? null,
  redeemedAt: v.redeemedAt?.toISOString() ?? null,
  redeemedByName: x.redeemedByName ?? null,
  resends: Number(x.resends),
})

/** A search names someone (the recipient, the buyer) or, with four digits or more, a phone. */
function searchOf(raw: string | undefined): SQL | undefined {
  const search = raw?.trim()
  if (!search) return undefined
  const digits = search.replace(/\D/g, '')
  return or(
    containsFolded(giftVouchers.recipientName, search),
    containsFolded(buyer.displayName, search),
    digits.length >= 4
      ? sql`regexp_replace(${giftVouchers.recipientPhone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`
      : undefined,
  )
}

/** The vouchers, newest first: root all countries', staff their own. */
export async function listVouchers(db: Executor, user: SessionUser, q: z.output<typeof adminVouchersQuery>) {
  const scope = scopeCountryId(user)
  const where = and(
    scope === null ? undefined : eq(giftVouchers.countryId, scope),
    q.status ? eq(giftVouchers.status, q.status) : undefined,
    searchOf(q.search),
  )
  const rows = await selectVouchers(db)
    .where(where)
    .orderBy(desc(giftVouchers.createdAt), desc(giftVouchers.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
  const total = await cappedCount(
    db,
    db
      .select({ id: giftVouchers.id })
      .from(giftVouchers)
      .innerJoin(buyer, eq(buyer.id, giftVouchers.buyerId))
      .where(where)
      .$dynamic(),
  )
  return { vouchers: rows.map(view), total }
}

/**
 * A paid voucher's code sent again, by staff of its country (another's 404): a new code is drawn
 * and its hash replaces the old (the old code, lost or seen by someone else, stops working); the
 * SMS leaves to the recipient's phone, corrected if staff give another; the buyer is told where
 * it went, and the payment events keep who did it and the phones before and after. Used or
 * cancelled: 409. All in one transaction, the voucher locked: a redemption at the same moment
 * either comes first (then 409 here) or after (then only the new code works).
 */
export async function resendVoucherCode(db: Db, user: SessionUser, id: number, rawPhone: string) {
  return db.transaction(async (tx) => {
    const v = await lockVoucher(tx, id)
    assertInScope(user, v.countryId, VOUCHER_NOT_FOUND)
    if (v.status === 'redeemed')
      throw conflict('Ce bon cadeau a déjà été utilisé : son code ne peut plus être renvoyé.')
    if (v.status === 'cancelled') throw conflict('Ce bon cadeau a été annulé.')
    if (v.status !== 'paid')
      throw conflict('Ce bon cadeau n’est pas encore payé : son code sera envoyé dès le paiement reçu.')
    const [place] = await tx
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.id, v.countryId))
    const phone = phoneOrRefuse(rawPhone, place?.code, 'recipientPhone')
    const code = newVoucherCode()
    await tx
      .update(giftVouchers)
      .set({ codeHash: voucherCodeHash(code), recipientPhone: phone, updatedAt: sql`now()` })
      .where(eq(giftVouchers.id, id))
    await sendVoucherCode(tx, v, phone, code)
    await recordPaymentEvent(tx, {
      orderId: null,
      voucherId: id,
      actorId: user.id,
      type: CODE_RESENT,
      detail:
        phone === v.recipientPhone
          ? `nouveau code envoyé par SMS au ${phone}`
          : `nouveau code envoyé par SMS au ${phone} (au lieu du ${v.recipientPhone})`,
    })
    const [row] = await selectVouchers(tx).where(eq(giftVouchers.id, id))
    return view(row!)
  })
}
