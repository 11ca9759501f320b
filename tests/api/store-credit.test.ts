import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { storeCreditBalances, storeCreditEntries } from '../../src/server/db/schema'
import { createProduct, decode, deliveryIn, get, post, postOrder, signedIn, statusChange } from '../factories'
import {
  attemptRow,
  client,
  cookie,
  pay,
  piecesOrder,
  staff,
  start,
  t,
  usePaymentsApp,
} from './payments-setup'

/**
 * Store credit (docs/rules/store-credit.md): a cancelled paid order refunded to credit at the
 * client's choice, spendable at once at checkout, given back when the order is cancelled, staff's
 * grants with a reason, the append-only ledger whose sum is the balance.
 */
usePaymentsApp()

type Statement = {
  balance: number
  entries: { amount: number; kind: string; reason: string; orderId: number | null; balanceAfter: number }[]
}
type Created = {
  order: { id: number; totalAmount: number; amountPaid: number; creditUsed: number; paymentStatus: string }
}

const statement = async (c = cookie) => decode<Statement>((await get(t, '/_api/account/credit', c)).body)
const cancel = (orderId: number) =>
  post(t, '/_api/admin/orders/update-status', statusChange(orderId, 'cancelled'), staff)
const grant = (userId: number, amount: number, reason = 'Geste commercial', by = staff) =>
  post(t, '/_api/admin/users/credit', { userId, amount, reason }, by)
const ledgerSum = async (userId: number) =>
  Number(
    (
      await t.db
        .select({ s: sql<number>`coalesce(sum(${storeCreditEntries.amount}), 0)` })
        .from(storeCreditEntries)
        .where(eq(storeCreditEntries.userId, userId))
    )[0]!.s,
  )
const balanceRow = async (userId: number) =>
  (await t.db.select().from(storeCreditBalances).where(eq(storeCreditBalances.userId, userId)))[0]?.balance ??
  0

/** A checkout of `quantity` pieces at 5 000 F (delivery fee of the first zone added). */
async function checkout(quantity: number, over: Record<string, unknown> = {}) {
  const product = await createProduct(t.db, {
    name: `Gigot ${Math.random()}`,
    pricePerUnit: 5000,
    unitType: 'unit',
    minQuantity: 1,
  })
  const body = {
    items: [{ productId: product.id, quantity }],
    ...(await deliveryIn(t.db, 'SN')),
    pointsToUse: 0,
    ...over,
  }
  return postOrder(t, body, cookie)
}

describe('a refund to credit', () => {
  it('gives a cancelled CinetPay payment back as credit at once, spendable on the next order', async () => {
    const order = await piecesOrder(14_000)
    const { attempt } = await start(order.id, 'Orange Money')
    await pay(attempt!)
    await cancel(order.id)
    expect((await attemptRow(attempt!.id)).refundStatus).toBe('to_do')
    const before = (await statement()).balance

    const res = await post(t, '/_api/orders/refund-to-credit', { orderId: order.id }, cookie)
    expect(res.statusCode).toBe(200)
    const answer = decode<{
      credited: number
      order: { refunds: { way: string; done: boolean; amount: number }[] }
    }>(res.body)
    expect(answer.credited).toBe(14_000)
    expect(answer.order.refunds).toEqual([
      expect.objectContaining({ way: 'credit', done: true, amount: 14_000 }),
    ])
    expect((await attemptRow(attempt!.id)).refundStatus).toBe('done')
    const after = await statement()
    expect(after.balance).toBe(before + 14_000)
    expect(after.entries[0]).toMatchObject({ amount: 14_000, kind: 'refund', orderId: order.id })
    expect(after.entries[0]!.reason).toContain(`commande #${order.id}`)

    // Twice: nothing waits any more; staff can no longer record it done by hand either.
    expect((await post(t, '/_api/orders/refund-to-credit', { orderId: order.id }, cookie)).statusCode).toBe(
      409,
    )
    const byHand = await post(
      t,
      '/_api/admin/orders/refund-done',
      { orderId: order.id, attemptId: attempt!.id },
      staff,
    )
    expect(byHand.statusCode).toBe(409)

    // Spendable at once: the next order takes it first, the rest is owed at the door.
    const next = decode<Created>((await checkout(4)).body).order
    const spent = Math.min(after.balance, next.totalAmount)
    expect(next.creditUsed).toBe(spent)
    expect(next.amountPaid).toBe(spent)
    expect((await statement()).balance).toBe(after.balance - spent)
    expect((await statement()).entries[0]).toMatchObject({ kind: 'spent', amount: -spent, orderId: next.id })
    expect(await ledgerSum(client.id)).toBe(await balanceRow(client.id))
  })

  it('refuses another client’s order (404), an order not cancelled (409), bad input (400)', async () => {
    const order = await piecesOrder(9_000)
    const { attempt } = await start(order.id, 'Orange Money')
    await pay(attempt!)
    expect((await post(t, '/_api/orders/refund-to-credit', { orderId: order.id }, cookie)).statusCode).toBe(
      409,
    )
    await cancel(order.id)
    const other = await signedIn(t, 'client', 'SN')
    expect(
      (await post(t, '/_api/orders/refund-to-credit', { orderId: order.id }, other.cookie)).statusCode,
    ).toBe(404)
    expect((await post(t, '/_api/orders/refund-to-credit', { orderId: 'x' }, cookie)).statusCode).toBe(400)
    expect((await attemptRow(attempt!.id)).refundStatus).toBe('to_do')
  })
})

describe('spending at checkout', () => {
  it('an order the credit covers whole is paid; cancelling it gives the credit back; reactivating spends it again', async () => {
    expect((await grant(client.id, 30_000)).statusCode).toBe(200)
    const before = (await statement()).balance
    const res = await checkout(1)
    expect(res.statusCode).toBe(201)
    const order = decode<Created>(res.body).order
    expect(order.creditUsed).toBe(order.totalAmount)
    expect(order.paymentStatus).toBe('paid')

    await cancel(order.id)
    expect((await statement()).balance).toBe(before)
    expect((await statement()).entries[0]).toMatchObject({ kind: 'returned', amount: order.totalAmount })
    const page = decode<{ order: { refunds: { way: string; done: boolean }[] } }>(
      (await get(t, `/_api/orders/details?orderId=${order.id}`, cookie)).body,
    )
    expect(page.order.refunds).toEqual([expect.objectContaining({ way: 'credit', done: true })])

    const back = await post(
      t,
      '/_api/admin/orders/update-status',
      statusChange(order.id, 'pending', 'cancelled'),
      staff,
    )
    expect(back.statusCode).toBe(200)
    expect((await statement()).balance).toBe(before - order.totalAmount)
    expect(await ledgerSum(client.id)).toBe(await balanceRow(client.id))
  })

  it('"useCredit: false" keeps the credit; an order without credit pays nothing yet', async () => {
    const before = (await statement()).balance
    const order = decode<Created>((await checkout(1, { useCredit: false })).body).order
    expect(order.creditUsed).toBe(0)
    expect(order.amountPaid).toBe(0)
    expect((await statement()).balance).toBe(before)
  })

  it('five checkouts at once never spend more than the balance', async () => {
    const { user, cookie: buyer } = await signedIn(t, 'client', 'SN')
    await grant(user.id, 12_000)
    const product = await createProduct(t.db, {
      name: 'Merguez',
      pricePerUnit: 5000,
      unitType: 'unit',
      minQuantity: 1,
    })
    const body = {
      items: [{ productId: product.id, quantity: 1 }],
      ...(await deliveryIn(t.db, 'SN')),
      pointsToUse: 0,
    }
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => postOrder(t, body, buyer)))
    expect(answers.every((a) => a.statusCode === 201)).toBe(true)
    const used = answers.map((a) => decode<Created>(a.body).order.creditUsed)
    expect(used.reduce((a, b) => a + b, 0)).toBe(12_000)
    expect(await balanceRow(user.id)).toBe(0)
    expect(await ledgerSum(user.id)).toBe(0)
  })
})

describe('staff grants', () => {
  it('grants and withdraws with a reason the client reads; never below 0', async () => {
    const { user, cookie: own } = await signedIn(t, 'client', 'SN')
    const res = await grant(user.id, 5_000, 'Viande livrée en retard')
    expect(res.statusCode).toBe(200)
    expect(decode<Statement>(res.body).balance).toBe(5_000)
    expect((await statement(own)).entries[0]).toMatchObject({
      kind: 'grant',
      amount: 5_000,
      reason: 'Viande livrée en retard',
    })
    expect((await grant(user.id, -6_000, 'Erreur de saisie')).statusCode).toBe(409)
    expect((await grant(user.id, -2_000, 'Erreur de saisie')).statusCode).toBe(200)
    expect((await statement(own)).balance).toBe(3_000)
  })

  it('refuses bad input (400), a client of another country (404), a staff account (409), a client (403)', async () => {
    const { user } = await signedIn(t, 'client', 'SN')
    for (const [amount, reason] of [
      [0, 'Geste'],
      [1.5, 'Geste'],
      [100, 'ab'],
      ['10', 'Geste'],
    ] as const) {
      const res = await grant(user.id, amount as number, reason)
      expect(res.statusCode).toBe(400)
      expect((JSON.parse(res.body) as { error: string }).error).toMatch(/montant|raison/i)
    }
    const abroad = await signedIn(t, 'client', 'CI')
    expect((await grant(abroad.user.id, 1_000)).statusCode).toBe(404)
    const colleague = await signedIn(t, 'delivery_driver', 'SN')
    expect((await grant(colleague.user.id, 1_000)).statusCode).toBe(409)
    expect((await grant(user.id, 1_000, 'Geste', cookie)).statusCode).toBe(403)
    expect(await balanceRow(user.id)).toBe(0)
  })

  it('the ledger is append-only', async () => {
    const refused = (e: unknown) => String((e as { cause?: Error }).cause?.message ?? e)
    expect(
      refused(
        await t.db
          .update(storeCreditEntries)
          .set({ amount: 1 })
          .catch((e: unknown) => e),
      ),
    ).toMatch(/append-only/)
    expect(refused(await t.db.delete(storeCreditEntries).catch((e: unknown) => e))).toMatch(/append-only/)
  })
})
