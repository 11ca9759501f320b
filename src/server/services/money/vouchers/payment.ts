import { createHash, randomBytes, randomInt } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import {
  amountToAsk,
  ATTEMPT_TTL_MS,
  nextCheckDelayMs,
  paymentProviderLabels,
  providerMinimum,
} from '@/shared/domain/payments'
import { VOUCHER_ALPHABET, VOUCHER_CODE_LENGTH, voucherAmountRefusal } from '@/shared/domain/vouchers'
import { formatMoney } from '@/shared/format'
import type { Db, Executor } from '@/server/db/client'
import { countries, giftVouchers, paymentAttempts, users } from '@/server/db/schema'
import { badRequest, notFound } from '@/server/http/errors'
import { enqueueAccountMessage } from '@/server/services/messages/outbox'
import { phoneOrRefuse } from '@/server/services/people/phones'
import { openAtProvider } from '../payments/attempts'
import type { Payments } from '../payments/connect'
import { walletsOfCountry } from '../payments/method'
import { type Attempt, type AttemptView, attemptView, recordPaymentEvent } from '../payments/records'

// docs/rules/gift-vouchers.md (decision 0078): a gift voucher is paid by one mobile money attempt,
// decided by the provider's status query alone (confirmation.ts), as a reservation's instalment.

export type Voucher = typeof giftVouchers.$inferSelect

export const lockVoucher = async (tx: Executor, id: number) => {
  const [v] = await tx.select().from(giftVouchers).where(eq(giftVouchers.id, id)).for('update')
  if (!v) throw notFound('Bon cadeau non trouvé')
  return v
}

/** A new code: 12 letters of the unambiguous alphabet, drawn by the system's random source. */
export const newVoucherCode = () =>
  Array.from(
    { length: VOUCHER_CODE_LENGTH },
    () => VOUCHER_ALPHABET[randomInt(VOUCHER_ALPHABET.length)],
  ).join('')

/** What is kept of a code: its sha256 (the code has ~55 random bits: no salt needed to look it up). */
export const voucherCodeHash = (code: string) => createHash('sha256').update(code).digest('hex')

export type BuyInput = {
  amount: number
  recipientName: string
  recipientPhone: string
  message?: string | null
  wallet: string
}

/**
 * docs/rules/gift-vouchers.md#buying: the voucher (pending) and its attempt, in the buyer's
 * country; then the provider's checkout, coming back to /bons-cadeaux?bon=<id>.
 */
export async function buyVoucher(
  db: Db,
  payments: Payments,
  buyer: { id: number; countryId: number | null },
  input: BuyInput,
): Promise<{ voucherId: number; attempt: AttemptView }> {
  const refusal = voucherAmountRefusal(input.amount)
  if (refusal) throw badRequest(refusal, { amount: [refusal] })
  if (buyer.countryId === null) {
    const why = 'Choisissez d’abord votre pays dans votre compte.'
    throw badRequest(why, { wallet: [why] })
  }
  const [place] = await db
    .select({ id: countries.id, code: countries.code, currency: countries.currency })
    .from(countries)
    .where(eq(countries.id, buyer.countryId))
  if (!place) throw notFound('Pays non trouvé')
  const phone = phoneOrRefuse(input.recipientPhone, place.code, 'recipientPhone')
  const attempt = await db.transaction(async (tx) => {
    const offered = await walletsOfCountry(tx, payments, place.id)
    const choice = offered.find((w) => w.wallet === input.wallet)
    if (!choice) {
      const message =
        offered.length === 0
          ? 'Le paiement par mobile money n’est pas proposé dans ce pays.'
          : 'Choisissez un portefeuille mobile money proposé dans votre pays.'
      throw badRequest(message, { wallet: [message] })
    }
    const { amount } = amountToAsk(choice.provider, input.amount)
    if (amount < providerMinimum[choice.provider])
      throw badRequest(
        `Le minimum d’un paiement par ${paymentProviderLabels[choice.provider]} est de ${formatMoney(providerMinimum[choice.provider])}.`,
        { amount: ['Montant trop faible pour ce portefeuille.'] },
      )
    const [v] = await tx
      .insert(giftVouchers)
      .values({
        buyerId: buyer.id,
        countryId: place.id,
        amount: input.amount,
        recipientName: input.recipientName.trim(),
        recipientPhone: phone,
        message: input.message?.trim() || null,
      })
      .returning()
    const [row] = await tx
      .insert(paymentAttempts)
      .values({
        voucherId: v!.id,
        reference: `ETALB${v!.id}X${randomBytes(6).toString('hex').toUpperCase()}`,
        provider: choice.provider,
        wallet: choice.wallet,
        countryCode: place.code,
        amount,
        currency: place.currency,
        expiresAt: new Date(Date.now() + ATTEMPT_TTL_MS),
        nextCheckAt: new Date(Date.now() + nextCheckDelayMs(0)),
        createdBy: buyer.id,
      })
      .returning()
    await recordPaymentEvent(tx, {
      orderId: null,
      voucherId: v!.id,
      attemptId: row!.id,
      actorId: buyer.id,
      provider: choice.provider,
      type: 'attempt_created',
      detail: `${row!.reference} : ${formatMoney(amount)}`,
    })
    return row!
  })
  const opened = await openAtProvider(
    db,
    payments,
    attempt,
    `Bon cadeau ${attempt.voucherId}`,
    `/bons-cadeaux?bon=${attempt.voucherId}`,
  )
  return { voucherId: attempt.voucherId!, attempt: attemptView(opened, input.amount) }
}

/**
 * What the provider's status query says an attempt brought, for its voucher (its row locked by the
 * caller, then the attempt's): a pending voucher becomes paid, a code is drawn, its hash kept, and
 * the code leaves by SMS to the recipient (the buyer told too), all in this transaction. Money for
 * a voucher already paid (a second attempt) or cancelled is flagged to give back whole.
 */
export async function receiveOnVoucher(tx: Executor, a: Attempt, v: Voucher) {
  const event = (type: string, detail: string) =>
    recordPaymentEvent(tx, {
      orderId: null,
      voucherId: v.id,
      attemptId: a.id,
      provider: a.provider,
      type,
      detail,
    })
  if (v.status !== 'pending') {
    await tx
      .update(paymentAttempts)
      .set({ refundStatus: 'to_do', refundAmount: null, updatedAt: sql`now()` })
      .where(eq(paymentAttempts.id, a.id))
    return event('refund_to_do', 'bon cadeau déjà payé ou annulé : tout est à rendre')
  }
  const code = newVoucherCode()
  await tx
    .update(giftVouchers)
    .set({ status: 'paid', codeHash: voucherCodeHash(code), paidAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(giftVouchers.id, v.id))
  const [buyer] = await tx.select({ name: users.displayName }).from(users).where(eq(users.id, v.buyerId))
  await sendVoucherCode(tx, v, v.recipientPhone, code)
  await event('received', `bon cadeau de ${formatMoney(v.amount)} payé par ${buyer?.name ?? 'le client'}`)
}

/**
 * docs/rules/gift-vouchers.md#messages: a voucher's code by SMS to `phone` (the recipient's), and
 * the buyer told where it went; at payment, and again when staff send a new code.
 */
export async function sendVoucherCode(tx: Executor, v: Voucher, phone: string, code: string) {
  const facts = { amount: v.amount, recipient: v.recipientName, phone, note: v.message }
  await tx.execute(sql`
    insert into outbox_messages (user_id, kind, channel, recipient, facts)
    values (${v.buyerId}::int, 'voucher_gift', 'sms', ${phone}, ${JSON.stringify({ ...facts, code })}::jsonb)`)
  await enqueueAccountMessage(tx, v.buyerId, 'voucher_sent', null, facts)
}
