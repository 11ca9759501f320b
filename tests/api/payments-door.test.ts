import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { cashEntries, paymentAttempts } from '../../src/server/db/schema'
import { awaitingAgreement, createOrder, decode, get, post, signedIn, weighAsOrdered } from '../factories'
import { renderMessage } from '../../src/server/services/messages/render'
import { loadOrder } from '../../src/server/services/orders/orders'
import {
  type Attempt,
  t,
  client,
  cookie,
  staff,
  driver,
  piecesOrder,
  start,
  orderRow,
  eventsOf,
  pay,
  usePaymentsApp,
} from './payments-setup'

/**
 * Mobile money at the door and on a weighed order (docs/rules/money.md#payments): an order chosen
 * for mobile money leaves paid or switched to cash, its messages, the driver's QR code.
 */
usePaymentsApp()

describe('at the door', () => {
  it('an order chosen for mobile money leaves for delivery only paid, or switched to cash by staff with a reason', async () => {
    const order = await piecesOrder(6_500, { status: 'in_preparation' })
    await start(order.id, 'Wave')
    const refused = await post(
      t,
      '/_api/admin/orders/update-status',
      { orderId: order.id, status: 'in_delivery' },
      staff,
    )
    expect(refused.statusCode).toBe(409)
    const noReason = await post(
      t,
      '/_api/admin/orders/payment-cash',
      { orderId: order.id, reason: ' ' },
      staff,
    )
    expect(noReason.statusCode).toBe(400)
    const cash = await post(
      t,
      '/_api/admin/orders/payment-cash',
      { orderId: order.id, reason: 'Le client paie en espèces' },
      staff,
    )
    expect(cash.statusCode).toBe(200)
    expect((await orderRow(order.id)).paymentMethod).toBe('cash')
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({
      type: 'method_changed',
      detail: 'cash — Le client paie en espèces',
    })
    const leaves = await post(
      t,
      '/_api/admin/orders/update-status',
      { orderId: order.id, status: 'in_delivery' },
      staff,
    )
    expect(leaves.statusCode).toBe(200)
  })

  it('the "en route" message of a paid mobile money order asks for nothing at the door; a cash one names the amount', async () => {
    const paid = await piecesOrder(7_000)
    const { attempt } = await start(paid.id, 'Wave')
    await pay(attempt!)
    const cash = await piecesOrder(7_100)
    const text = async (id: number) =>
      renderMessage('out_for_delivery', (await loadOrder(t.db, id))!, { driverFirstName: 'Moussa' }).text
    expect(await text(paid.id)).toContain('Commande payée par mobile money : rien à régler à la livraison.')
    expect(await text(paid.id)).not.toContain('Montant à régler')
    expect(await text(cash.id)).toContain('Montant à régler à la livraison : 7\u202f100\u00a0F\u202fCFA.')
  })

  it('the weigh-in message of an order chosen for mobile money says "Payez maintenant …" on its page; a cash one does not', async () => {
    const mobile = await piecesOrder(7_200)
    await post(
      t,
      '/_api/payments/method',
      { orderId: mobile.id, method: 'mobile_money', wallet: 'Wave' },
      cookie,
    )
    const cash = await piecesOrder(7_300)
    const text = async (id: number) => renderMessage('order_weighed', (await loadOrder(t.db, id))!, {}).text
    expect(await text(mobile.id)).toContain(
      'Payez maintenant 7\u202f200\u00a0F\u202fCFA par mobile money sur la page de votre commande',
    )
    expect(await text(cash.id)).not.toContain('Payez')
  })

  it('the driver has it paid by QR code: the amount due is 0 and the ledger records nothing', async () => {
    const order = await piecesOrder(16_000, { status: 'in_delivery', driverId: driver.user.id })
    const res = await post(t, '/_api/delivery/payments/start', { orderId: order.id }, driver.cookie)
    expect(res.statusCode).toBe(200)
    const attempt = decode<{ attempt: Attempt }>(res.body).attempt
    expect(attempt.provider).toBe('cinetpay')
    await pay(attempt)
    const dash = decode<{ cash: { dues: { orderId: number; amountDue: number }[] } }>(
      (await get(t, '/_api/dashboard/delivery', driver.cookie)).body,
    )
    expect(dash.cash.dues.find((d) => d.orderId === order.id)?.amountDue).toBe(0)
    expect((await post(t, '/_api/delivery/confirm', { orderId: order.id }, driver.cookie)).statusCode).toBe(
      200,
    )
    expect(await t.db.select().from(cashEntries).where(eq(cashEntries.orderId, order.id))).toEqual([])
    // Another driver's order: 404.
    const other = await signedIn(t, 'delivery_driver', 'SN')
    expect(
      (await post(t, '/_api/delivery/payments/start', { orderId: order.id }, other.cookie)).statusCode,
    ).toBe(404)
  })
})

describe('a weighed order', () => {
  it('is paid once weighed; when the weighed total needs agreement, agreeing and paying are one step', async () => {
    const unweighed = await createOrder(t.db, {
      user: client,
      status: 'in_preparation',
      lines: [{ price: 4000, quantity: 1.5 }],
    })
    const early = await start(unweighed.id, 'Wave')
    expect(early.res.statusCode).toBe(409)
    const waiting = await awaitingAgreement(t.db, { user: client, lines: [{ price: 4000, quantity: 1.5 }] })
    expect((await start(waiting.id, 'Wave')).res.statusCode).toBe(409)
    // The agreement names the total read (docs/rules/orders.md#weigh-in): none is 400, another (weighed
    // again since) 409 with the new total, nothing changed either way.
    const total = (await orderRow(waiting.id)).totalAmount
    const unnamed = await start(waiting.id, 'Wave', { accept: true })
    expect(unnamed.res.statusCode).toBe(400)
    const stale = await start(waiting.id, 'Wave', { accept: true, total: total + 100 })
    expect(stale.res.statusCode).toBe(409)
    expect(stale.res.json().code).toBe('WEIGHED_TOTAL_CHANGED')
    expect((await orderRow(waiting.id)).weighApproval).toBe('awaiting')
    expect(await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, waiting.id))).toEqual(
      [],
    )
    const { res, attempt } = await start(waiting.id, 'Wave', { accept: true, total })
    expect(res.statusCode).toBe(200)
    expect((await orderRow(waiting.id)).weighApproval).toBe('accepted')
    await pay(attempt!)
    expect((await orderRow(waiting.id)).paymentStatus).toBe('paid')
    await weighAsOrdered(t.db, unweighed.id)
    expect((await start(unweighed.id, 'Wave')).res.statusCode).toBe(200)
  })
})
