import type { SessionUser } from '@/shared/schemas/auth'
import type { Executor } from '@/server/db/client'
import { couponRefusal, judgeCoupon } from '@/server/services/money/coupons'
import type { Account } from './context'
import { priceCheckout, type CheckoutLine } from './pricing'

/** The coupon an order uses, judged under its row lock: what the write records. */
export type HeldCoupon = { id: number; code: string; discount: number; phone: string | null }

/**
 * The checkout's code (docs/rules/commerce.md#coupons, decision 0069): the coupon's row locked in
 * the order's transaction, so checkouts of one code run one after the other and each judges the
 * budget and the client's uses as the previous one left them; its verdict on the goods after
 * the account's own discount. A refusal is thrown (409 when the budget is spent, else 400), the
 * lock is released with the transaction.
 */
export async function holdCoupon(
  tx: Executor,
  user: SessionUser,
  code: string,
  lines: readonly CheckoutLine[],
  account: Account,
): Promise<HeldCoupon> {
  const base = priceCheckout(lines, account, 0, 1, { deliveryFee: 0, freeDeliveryFrom: null })
  const goods = base.subtotal - base.discountAmount
  const { coupon, phone, verdict } = await judgeCoupon(tx, user, code, goods, true)
  if (!verdict.ok) throw couponRefusal(verdict)
  return { id: coupon!.id, code: coupon!.code, discount: verdict.discount, phone }
}
