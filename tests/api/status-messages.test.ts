import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { orders, outboxMessages } from '../../src/server/db/schema'
import { drainOutbox } from '../../src/server/services/messages/outbox'
import {
  createOrder,
  createUser,
  decode,
  get,
  login,
  post,
  signedIn,
  statusChange,
  weighAsOrdered,
} from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * What a change of status tells the client (the screen-by-screen walk-through; docs/rules/orders.md#messages and
 * #order-status): cancelling needs a reason, which the client reads on its order and in the
 * cancellation message; a correction (a step back, or out of cancelled) tells it nothing; no
 * status is told twice.
 */
let t: TestApp
let staff: string
beforeAll(async () => {
  t = await createTestApp()
  staff = (await signedIn(t, 'admin', 'SN')).cookie
})
afterAll(() => t.close())
afterEach(async () => {
  await t.db.delete(outboxMessages)
})

const setStatus = (orderId: number, status: string, extra: object = {}) =>
  post(t, '/_api/admin/orders/update-status', { ...statusChange(orderId, status), ...extra }, staff)
const kinds = async (orderId: number) =>
  (
    await t.db
      .select({ kind: outboxMessages.kind })
      .from(outboxMessages)
      .where(eq(outboxMessages.orderId, orderId))
      .orderBy(outboxMessages.id)
  ).map((m) => m.kind)
/** The messages as they would be sent (no SMTP server: each kept "not sent" with its text). */
async function texts(orderId: number) {
  await drainOutbox(t.db, { sender: null, from: 'Étal <commandes@etal.example>' })
  return t.db
    .select({ kind: outboxMessages.kind, subject: outboxMessages.subject, body: outboxMessages.body })
    .from(outboxMessages)
    .where(eq(outboxMessages.orderId, orderId))
    .orderBy(outboxMessages.id)
}
async function order(status: 'pending' | 'in_preparation' | 'in_delivery' | 'delivered' = 'pending') {
  const client = await createUser(t.db, { country: 'SN', displayName: 'Awa Diop' })
  const o = await createOrder(t.db, {
    user: client,
    status,
    lines: [{ price: 3000, quantity: 1, unitType: 'unit' }],
  })
  await weighAsOrdered(t.db, o.id)
  return { client, order: o }
}

describe('cancelling', () => {
  it('refuses a cancellation without a reason, in French on the field, and changes nothing', async () => {
    const { order: o } = await order()
    for (const reason of [undefined, '', '   ']) {
      const res = await post(
        t,
        '/_api/admin/orders/update-status',
        { orderId: o.id, status: 'cancelled', ...(reason !== undefined && { reason }) },
        staff,
      )
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fieldErrors: { reason: ['Indiquez la raison de l’annulation : le client la lira.'] },
      })
    }
    const tooLong = await setStatus(o.id, 'cancelled', { reason: 'x'.repeat(301) })
    expect(tooLong.statusCode).toBe(400)
    // A reason belongs to a cancellation only.
    const stray = await setStatus(o.id, 'in_preparation', { reason: 'Pourquoi pas' })
    expect(stray.statusCode).toBe(400)
    expect(stray.json().fieldErrors.reason).toEqual(['Seule une annulation a une raison.'])
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id))
    expect(row).toMatchObject({ status: 'pending', cancelReason: null })
    expect(await kinds(o.id)).toEqual([])
  })

  it('keeps the reason, shows it on the client’s order and writes it in the cancellation message', async () => {
    const { client, order: o } = await order()
    const reason = 'Le mouton commandé n’est plus disponible aujourd’hui.'
    const res = await setStatus(o.id, 'cancelled', { reason: `  ${reason} ` })
    expect(res.statusCode, res.body).toBe(200)
    expect(decode<{ order: { cancelReason: string } }>(res.body).order.cancelReason).toBe(reason)
    const mine = await get(t, `/_api/orders/details?orderId=${o.id}`, await login(t, client.email))
    expect(decode<{ order: { status: string; cancelReason: string } }>(mine.body).order).toMatchObject({
      status: 'cancelled',
      cancelReason: reason,
    })
    const [message] = await texts(o.id)
    expect(message).toMatchObject({ kind: 'cancelled', subject: `Étal : commande n° ${o.id} annulée` })
    expect(message!.body).toContain(`Raison de l’annulation : ${reason}`)
    // Reactivated: a correction, no message, and no reason any more.
    const back = await setStatus(o.id, 'pending', { from: 'cancelled' })
    expect(back.statusCode, back.body).toBe(200)
    expect(decode<{ order: { cancelReason: string | null } }>(back.body).order.cancelReason).toBeNull()
    expect(await kinds(o.id)).toEqual(['cancelled'])
  })
})

describe('corrections tell the client nothing', () => {
  it('a delivered order moved back to delivery, then delivered again: one "en route", one "livrée"', async () => {
    const { order: o } = await order('in_preparation')
    for (const status of ['in_delivery', 'delivered', 'in_delivery', 'delivered'])
      expect((await setStatus(o.id, status)).statusCode).toBe(200)
    expect(await kinds(o.id)).toEqual(['out_for_delivery', 'delivered'])
  })

  it('a step back (delivery to preparation, preparation to pending) sends nothing; the step forward again sends nothing new', async () => {
    const { order: o } = await order('in_preparation')
    for (const status of ['in_delivery', 'in_preparation', 'pending', 'in_preparation', 'in_delivery'])
      expect((await setStatus(o.id, status)).statusCode).toBe(200)
    expect(await kinds(o.id)).toEqual(['out_for_delivery'])
  })

  it('out of cancelled is a correction; after it, the next real step is told, and a second cancellation too', async () => {
    const { order: o } = await order('in_preparation')
    let from = 'in_preparation'
    for (const status of ['cancelled', 'in_preparation', 'in_delivery', 'cancelled']) {
      expect((await setStatus(o.id, status, { from })).statusCode, status).toBe(200)
      from = status
    }
    expect(await kinds(o.id)).toEqual(['cancelled', 'out_for_delivery', 'cancelled'])
  })
})

describe('the address in the messages', () => {
  it('reads right whatever the address: "à l’adresse : …", never "au Rue 12 x"', async () => {
    const { order: o } = await order('in_preparation')
    await t.db.update(orders).set({ deliveryAddress: 'Rue 12 x' }).where(eq(orders.id, o.id))
    expect((await setStatus(o.id, 'in_delivery')).statusCode).toBe(200)
    const [message] = await texts(o.id)
    expect(message!.body).toContain('à l’adresse : Rue 12 x')
    expect(message!.body).not.toMatch(/\bau Rue\b/)
  })
})
