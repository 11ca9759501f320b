import { and, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { giftVouchers, outboxMessages } from '../../src/server/db/schema'
import { voucherCodeHash } from '../../src/server/services/money/vouchers/payment'
import { createUser, decode, get, login, post } from '../factories'
import { type Attempt, cookie, pay, t } from './payments-setup'

/** Gift vouchers in the API tests (docs/rules/gift-vouchers.md): bought, paid at the fake, their code read from the outbox. */

export type Bought = { voucherId: number; attempt: Attempt }
export type Statement = { balance: number; entries: { amount: number; kind: string; reason: string }[] }

export const order = {
  amount: 10_000,
  recipientName: 'Awa',
  recipientPhone: '77 123 45 67',
  message: 'Bonne fête !',
  wallet: 'Wave',
}
export const buy = (over: Record<string, unknown> = {}, c = cookie) =>
  post(t, '/_api/vouchers/buy', { ...order, ...over }, c)
export const redeem = (code: string, c: string) => post(t, '/_api/vouchers/redeem', { code }, c)
export const errorOf = (res: { body: string }) => (JSON.parse(res.body) as { error: string }).error
export const credit = async (c: string) => decode<Statement>((await get(t, '/_api/account/credit', c)).body)
export const newClient = async (displayName = 'Fatou Diop') => {
  const u = await createUser(t.db, { country: 'SN', displayName })
  return { user: u, cookie: await login(t, u.email) }
}
export const giftMessage = async (voucherId: number) => {
  const [v] = await t.db.select().from(giftVouchers).where(eq(giftVouchers.id, voucherId))
  const rows = await t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, v!.buyerId), eq(outboxMessages.kind, 'voucher_gift')))
  return rows.find(
    (m) =>
      (m.facts as { code?: string }).code &&
      voucherCodeHash((m.facts as { code: string }).code) === v!.codeHash,
  )
}

/** Buys a voucher and pays it at the fake: its code, read from the outbox. */
export async function paidVoucher(over: Record<string, unknown> = {}) {
  const res = await buy(over)
  expect(res.statusCode, res.body).toBe(200)
  const bought = decode<Bought>(res.body)
  await pay(bought.attempt)
  const msg = await giftMessage(bought.voucherId)
  return { ...bought, code: (msg!.facts as { code: string }).code }
}
