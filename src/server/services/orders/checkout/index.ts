import { lt } from 'drizzle-orm'
import type { SessionUser } from '@/shared/schemas/auth'
import type { Db, Executor } from '@/server/db/client'
import { idempotencyKeys } from '@/server/db/schema'
import { conflict, notFound } from '@/server/http/errors'
import { loadOrder } from '../orders'
import { holdAddressRoom } from '@/server/services/people/addresses'
import {
  checkAmounts,
  checkDelivery,
  checkLines,
  checkPoints,
  checkSaveAddress,
  checkSlot,
  tooManyAddresses,
} from './checks'
import { loadContext, readAccount, type Account, type CreateOrder } from './context'
import { holdCoupon } from './coupon'
import { holdCreditBalance } from '@/server/services/money/store-credit'
import { choosePayment, type PaymentChoice } from './payment'
import { subtotalOf } from './pricing'
import { isKeyClash, writeOrder, type OrderPlan } from './write'

export { orderLineValues } from './pricing'

/*
 * The checkout (POST /_api/orders/create), in named steps:
 *   context.ts  one read of everything the checks need (loadContext)
 *   checks.ts   pure checks of the input against it, each a French 4xx on its field
 *   pricing.ts  what each line costs, then the order's amounts
 *   payment.ts  how the order is paid
 *   write.ts    the one statement that writes the order, or nothing
 * and here the order of the steps, and what happens when the write finds the world changed.
 * Three statements in all, none inside a transaction's round trip: the session, the context,
 * the write (docs/decisions/0011); an order that saves its address adds one transaction, the
 * client's addresses locked and counted before the write (the limit under concurrency), and so
 * does an order with a coupon code, the coupon's row locked and judged before it (decision 0069),
 * and one that spends store credit, its balance's row locked before it (decision 0077).
 */

/**
 * Places an order (docs/rules/money.md#pricing, docs/rules/money.md#points, docs/rules/catalogue.md#stock,
 * docs/rules/delivery.md#delivery-slots).
 *
 * The order is priced with the account as the session read it; the write locks the user's row
 * and writes only if the discount is still the same and the balance still covers the points.
 * Otherwise it writes nothing and we look again: a twin request of the same key that committed
 * first (its order is the answer), not enough points (400), or a discount changed meanwhile
 * (priced again with the fresh account). Two checkouts of one user run one after the other on
 * the row lock; a retried key that reaches the key's insert clashes on its primary key, and the
 * twin's order is the answer.
 *
 * Stock: the write also locks today's sales rows of the products that have a daily quantity,
 * and writes only if every product is still in stock with room for its lines; it then draws
 * them down. Otherwise nothing is written, and the fresh look says which product ran out (409).
 * `drewStock`: the order drew from a daily quantity, so what the storefront shows as left
 * changed (the endpoint drops its cached answers).
 */
export async function placeOrder(
  db: Db,
  user: SessionUser,
  input: CreateOrder,
  // payments (docs/rules/money.md#payments): the method chosen, already checked against the country's wallets.
  opts: { idempotencyKey?: string; pointValue: number; payment?: PaymentChoice },
) {
  const key = opts.idempotencyKey
  const ctx = await loadContext(db, user, input, key)
  if (ctx.existingOrderId)
    return { order: await mustLoad(db, ctx.existingOrderId), created: false, drewStock: false }
  const delivery = checkDelivery(user, input, ctx)
  checkSaveAddress(input, ctx)
  const lines = checkLines(user, input, ctx)
  checkSlot(input, ctx, delivery.city.id, delivery.shopId)
  checkAmounts(subtotalOf(lines), delivery.zone)
  const plan: OrderPlan = {
    user,
    input,
    delivery,
    lines,
    payment: choosePayment(input, delivery, opts.payment),
    pointValue: opts.pointValue,
    key,
  }

  let account: Account = {
    loyaltyPoints: user.loyaltyPoints,
    customDiscountPercent: user.customDiscountPercent,
  }
  for (let attempt = 0; ; attempt++) {
    checkPoints(input.pointsToUse, account)
    let written: Awaited<ReturnType<typeof writeOrder>>
    try {
      const couponCode = input.couponCode || null
      // docs/rules/store-credit.md#spending: credit to spend, its balance's row held in the write's transaction.
      const spendsCredit = input.useCredit && ctx.creditBalance > 0
      written =
        input.saveAddress || couponCode || spendsCredit
          ? await db.transaction(async (tx) => {
              // "Enregistrer cette adresse": the limit counted again under the lock on the client's
              // addresses, in the write's transaction (docs/rules/people.md#delivery-addresses).
              if (input.saveAddress) await holdAddressRoom(tx, user.id, tooManyAddresses)
              // docs/rules/commerce.md#coupons: the coupon's row locked and judged in the same transaction.
              const coupon = couponCode ? await holdCoupon(tx, user, couponCode, lines, account) : null
              const credit = spendsCredit ? await holdCreditBalance(tx, user.id, delivery.country.id) : 0
              return writeOrder(tx, plan, account, coupon, credit)
            })
          : await writeOrder(db, plan, account, null)
    } catch (err) {
      if (!key || !isKeyClash(err)) throw err
      written = null
    }
    if (written) return { order: written.order, created: true, drewStock: written.drewStock }
    // Nothing written: see what changed since the session was read, stock first (409 naming
    // the product that ran out meanwhile).
    const again = await loadContext(db, user, input, key)
    if (again.existingOrderId)
      return { order: await mustLoad(db, again.existingOrderId), created: false, drewStock: false }
    checkLines(user, input, again)
    // The slot filled up (or closed) meanwhile: the statement booked nothing.
    checkSlot(input, again, delivery.city.id, delivery.shopId)
    const fresh = await readAccount(db, user.id)
    if (!fresh) throw notFound()
    if (attempt >= 2) throw conflict('Votre compte a changé pendant la commande. Réessayez.')
    account = fresh
  }
}

async function mustLoad(db: Executor, orderId: number) {
  const order = await loadOrder(db, orderId)
  if (!order) throw notFound('Commande non trouvée')
  return order
}

/** Checkout keys older than a day protect nothing any more: a client retries within minutes. */
export async function purgeOldIdempotencyKeys(db: Executor) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - 86_400_000)))
}
