import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { orders, outboxMessages } from '../../src/server/db/schema'
import { drainOutbox } from '../../src/server/services/messages/outbox'
import { renderMessage } from '../../src/server/services/messages/render'
import { renderOrderSms } from '../../src/server/services/messages/render-sms'
import { formatMoney } from '../../src/shared/format'
import { changeOrderStatus } from '../../src/server/services/orders/order-status'
import { loadOrder } from '../../src/server/services/orders/orders'
import { createProduct, createUser, decode, deliveryIn, postOrder, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/*
 * What a message says is owed is what the order still owes (docs/rules/money.md#partly-paid,
 * `stillOwed`): nothing for an order paid by mobile money, the rest for one that received part,
 * the total otherwise; a delivered order that still owes says how much.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
afterEach(() => t.db.delete(outboxMessages))

const nbsp = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ')

async function pieceOrder(price: number) {
  const client = await signedIn(t, 'client', 'SN')
  const product = await createProduct(t.db, { pricePerUnit: price, unitType: 'unit', minQuantity: 1 })
  const res = await postOrder(
    t,
    { ...(await deliveryIn(t.db, 'SN')), items: [{ productId: product.id, quantity: 1 }], pointsToUse: 0 },
    client.cookie,
  )
  expect(res.statusCode, res.body).toBe(201)
  const id = decode<{ order: { id: number } }>(res.body).order.id
  return (await loadOrder(t.db, id))!
}

/** The e-mails the outbox would send for `orderId`, drained with no mail server. */
async function mailsOf(orderId: number) {
  const shown: { subject: string; text: string }[] = []
  await drainOutbox(t.db, { sender: null, from: 'x@y.z', show: (m) => shown.push(m) })
  const mine = await t.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, orderId))
  return shown.filter((m) => mine.some((k) => k.subject === m.subject)).map((m) => nbsp(m.text))
}

describe('the money a message says is owed', () => {
  it('"en route": nothing for a paid order, the rest for one partly received, the total for cash', async () => {
    const staff = await createUser(t.db, { role: 'admin', country: 'SN' })
    const paid = await pieceOrder(10_000)
    const partly = await pieceOrder(10_000)
    const cash = await pieceOrder(10_000)
    const state = { paymentMethod: 'mobile_money' as const, status: 'in_delivery' as const }
    await t.db
      .update(orders)
      .set({ ...state, paymentStatus: 'paid', amountPaid: paid.totalAmount })
      .where(eq(orders.id, paid.id))
    await t.db
      .update(orders)
      .set({ ...state, paymentStatus: 'pending', amountPaid: 6_000 })
      .where(eq(orders.id, partly.id))
    const sms = async (id: number) =>
      nbsp(renderOrderSms('out_for_delivery', (await loadOrder(t.db, id))!, { driverFirstName: 'Moussa' }))

    expect(await sms(paid.id)).toContain('Déjà payée, rien à régler.')
    expect(await sms(paid.id)).not.toContain('Montant')
    expect(await sms(partly.id)).toContain(`Montant à régler: ${money(partly.totalAmount - 6_000)}.`)
    expect(await sms(cash.id)).toContain(`Montant à régler: ${money(cash.totalAmount)}.`)

    // Through the status change and the outbox, as the client receives it.
    await changeOrderStatus(t.db, staff.id, cash.id, 'in_preparation')
    await changeOrderStatus(t.db, staff.id, cash.id, 'in_delivery')
    expect((await mailsOf(cash.id)).join('\n')).toContain(
      `Montant à régler à la livraison : ${money(cash.totalAmount)}.`,
    )
  })

  it('"livrée" of a partly paid order says the rest still owed; of a paid one, nothing', async () => {
    const order = await pieceOrder(10_000)
    await t.db
      .update(orders)
      .set({ status: 'delivered', paymentStatus: 'partly_paid', amountPaid: 7_000 })
      .where(eq(orders.id, order.id))
    const rest = money(order.totalAmount - 7_000)
    expect(nbsp(renderOrderSms('delivered', (await loadOrder(t.db, order.id))!, {}))).toContain(
      `Reste à régler: ${rest}.`,
    )
    expect(nbsp(renderMessage('delivered', (await loadOrder(t.db, order.id))!, {}).text)).toContain(
      `Reste à régler : ${rest} (déjà reçu : ${money(7_000)}).`,
    )
    await t.db
      .update(orders)
      .set({ paymentStatus: 'paid', amountPaid: order.totalAmount })
      .where(eq(orders.id, order.id))
    expect(renderOrderSms('delivered', (await loadOrder(t.db, order.id))!, {})).not.toContain('Reste')
  })
})

const money = (n: number) => nbsp(formatMoney(n))
