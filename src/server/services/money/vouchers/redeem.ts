import { and, count, eq, gt, sql } from 'drizzle-orm'
import { firstNameOf } from '@/shared/domain/campaigns'
import { normaliseVoucherCode, VOUCHER_ALPHABET, VOUCHER_CODE_LENGTH } from '@/shared/domain/vouchers'
import { formatMoney } from '@/shared/format'
import type { Db } from '@/server/db/client'
import { giftVoucherMisses, giftVouchers, users } from '@/server/db/schema'
import { badRequest, conflict, HttpError, notFound } from '@/server/http/errors'
import { moveCredit } from '../store-credit'
import { voucherCodeHash } from './payment'

// docs/rules/gift-vouchers.md#using-a-voucher: whoever types a paid voucher's code adds its amount
// to its store credit in the voucher's country, once.

/** Wrong codes one account may type in a quarter of an hour before it must wait. */
export const VOUCHER_MISSES_MAX = 5
const MISS_WINDOW = sql`now() - interval '15 minutes'`

export const VOUCHER_CODE_FORM =
  'Ce code n’a pas la forme d’un code de bon cadeau : 12 lettres et chiffres, comme « ACDE-FGHJ-KMNP ».'
export const VOUCHER_UNKNOWN = 'Aucun bon cadeau ne correspond à ce code. Vérifiez-le dans le SMS reçu.'
export const VOUCHER_TOO_MANY =
  'Trop de codes erronés : réessayez dans un quart d’heure, ou contactez la boutique.'

const alphabet = new RegExp(`^[${VOUCHER_ALPHABET}]{${VOUCHER_CODE_LENGTH}}$`)

async function missesOf(db: Db, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(giftVoucherMisses)
    .where(and(eq(giftVoucherMisses.userId, userId), gt(giftVoucherMisses.createdAt, MISS_WINDOW)))
  return Number(row?.n ?? 0)
}

/**
 * Adds a paid voucher to `userId`'s store credit: the voucher moves paid → redeemed by one
 * conditional update and the credit is written in the same transaction, so two at once (or the
 * same twice) make exactly one credit; the other reads 409. A code of the wrong form is 400, an
 * unknown one 404, each counted (in a transaction of its own): past 5 in 15 minutes, 429.
 */
export async function redeemVoucher(db: Db, userId: number, raw: string) {
  if ((await missesOf(db, userId)) >= VOUCHER_MISSES_MAX)
    throw new HttpError(429, 'TOO_MANY_REQUESTS', VOUCHER_TOO_MANY)
  const code = normaliseVoucherCode(raw)
  const miss = async () => {
    await db.insert(giftVoucherMisses).values({ userId })
  }
  if (!alphabet.test(code)) {
    await miss()
    throw badRequest(VOUCHER_CODE_FORM, { code: [VOUCHER_CODE_FORM] })
  }
  const hash = voucherCodeHash(code)
  const result = await db.transaction(async (tx) => {
    const [v] = await tx
      .update(giftVouchers)
      .set({ status: 'redeemed', redeemedBy: userId, redeemedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(giftVouchers.codeHash, hash), eq(giftVouchers.status, 'paid')))
      .returning()
    if (!v) {
      const [other] = await tx
        .select({ status: giftVouchers.status })
        .from(giftVouchers)
        .where(eq(giftVouchers.codeHash, hash))
      if (!other) return null
      if (other.status === 'redeemed') throw conflict('Ce bon cadeau a déjà été utilisé.')
      if (other.status === 'cancelled') throw conflict('Ce bon cadeau a été annulé.')
      throw conflict('Ce bon cadeau n’est pas encore payé : réessayez dans quelques minutes.')
    }
    const [buyer] = await tx.select({ name: users.displayName }).from(users).where(eq(users.id, v.buyerId))
    const balance = await moveCredit(tx, {
      userId,
      countryId: v.countryId,
      amount: v.amount,
      kind: 'voucher',
      reason: `Bon cadeau de ${firstNameOf(buyer?.name) || 'un proche'}`,
      actorId: userId,
    })
    return { amount: v.amount, balance, from: firstNameOf(buyer?.name) }
  })
  if (!result) {
    await miss()
    throw notFound(VOUCHER_UNKNOWN)
  }
  return {
    ...result,
    message: `${formatMoney(result.amount)} ajoutés à votre avoir.`,
  }
}
