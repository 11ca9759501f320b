import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db/client'
import { outboxMessages, users } from '../../src/server/db/schema'
import { drainOutbox, type OutboxOptions } from '../../src/server/services/messages/outbox'
import { outboxOptions, smtpSender } from '../../src/server/services/messages/smtp'
import { changeOrderStatus } from '../../src/server/services/orders/order-status'
import { weighOrder } from '../../src/server/services/orders/weighin'
import { orderItems } from '../../src/server/db/schema'
import { createProduct, createUser, decode, deliveryIn, get, postOrder, signedIn } from '../factories'
import { startSmtpInbox, type SmtpInbox } from '../setup/smtp-inbox'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * The outbox (docs/rules/orders.md#messages): an order's life sends its messages to a real SMTP server
 * running in this process, exactly once each, also with two workers draining at once and after
 * the server was down for a while.
 */
let t: TestApp
let smtp: SmtpInbox

const options = (): OutboxOptions => ({
  sender: smtpSender(smtp.url),
  from: 'Étal <commandes@etal.example>',
  retryBaseMs: 1,
})

beforeAll(async () => {
  t = await createTestApp()
  smtp = await startSmtpInbox()
})
afterAll(async () => {
  await smtp.stop()
  await t.close()
})
afterEach(async () => {
  smtp.reset()
  // Each test drains only its own orders' messages.
  await t.db.delete(outboxMessages)
})

async function placeOrder() {
  const client = await signedIn(t, 'client', 'SN')
  await t.db.update(users).set({ displayName: 'Awa Diop' }).where(eq(users.id, client.user.id))
  const product = await createProduct(t.db, {
    name: 'Gigot d’agneau',
    pricePerUnit: 9000,
    unitType: 'kg',
    minQuantity: 0.5,
  })
  const res = await postOrder(
    t,
    { ...(await deliveryIn(t.db, 'SN')), items: [{ productId: product.id, quantity: 1.5 }], pointsToUse: 0 },
    client.cookie,
  )
  expect(res.statusCode, res.body).toBe(201)
  return { client, orderId: decode<{ order: { id: number } }>(res.body).order.id }
}

const messagesOf = (orderId: number) =>
  t.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, orderId)).orderBy(outboxMessages.id)

describe('an order’s life, told by e-mail', () => {
  it('sends received, weighed, out for delivery (driver’s first name and phone), delivered (points) and cancelled, once each', async () => {
    const { client, orderId } = await placeOrder()
    const staff = await createUser(t.db, { role: 'admin', country: 'SN' })
    const driver = await createUser(t.db, {
      role: 'delivery_driver',
      country: 'SN',
      displayName: 'Moussa Ndiaye',
    })
    // Written in the checkout's own statement: there before anything is drained.
    expect((await messagesOf(orderId)).map((m) => [m.kind, m.state])).toEqual([['order_received', 'waiting']])
    // The worker runs every 2 s: the message goes out before the butcher weighs.
    expect(await drainOutbox(t.db, options())).toMatchObject({ sent: 1 })

    await changeOrderStatus(t.db, staff.id, orderId, 'in_preparation')
    // 1,5 kg ordered, 1,55 kg on the scale: 13 500 F → 13 950 F, within the tolerance.
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId))
    await weighOrder(t.db, staff.id, orderId, [{ itemId: line!.id, weighedQuantity: 1.55 }])
    await t.db.execute(`update orders set delivery_driver_id = ${driver.id} where id = ${orderId}`)
    await changeOrderStatus(t.db, staff.id, orderId, 'in_delivery')
    await changeOrderStatus(t.db, driver.id, orderId, 'delivered')
    const other = await placeOrder()
    await changeOrderStatus(t.db, staff.id, other.orderId, 'cancelled')

    const drained = await drainOutbox(t.db, options())
    expect(drained).toEqual({ sent: 5, retried: 0, failed: 0, notSent: 0, lost: 0 })
    // Nothing left: a second drain sends nothing again.
    expect(await drainOutbox(t.db, options())).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
      notSent: 0,
      lost: 0,
    })

    const mine = smtp.mails.filter((m) => m.to === client.user.email)
    expect(mine.map((m) => m.subject)).toEqual([
      `Étal : commande n° ${orderId} reçue`,
      `Étal : commande n° ${orderId} pesée, nouveau montant`,
      `Étal : commande n° ${orderId} en route`,
      `Étal : commande n° ${orderId} livrée`,
    ])
    expect(mine[0]!.text).toContain('Bonjour Awa,')
    expect(mine[0]!.text).toContain('Gigot d’agneau : 1,5 kg — 13\u202f500\u00a0F\u202fCFA')
    expect(mine[1]!.text).toContain(
      'Gigot d’agneau : commandé 1,5 kg — pesé 1,55 kg — 13\u202f950\u00a0F\u202fCFA',
    )
    expect(mine[1]!.text).toContain('Montant à la commande : 13\u202f500\u00a0F\u202fCFA')
    expect(mine[2]!.text).toContain('Votre livreur, Moussa (+221 77 000 00 00), est en route.')
    expect(mine[3]!.text).toContain('Vous avez gagné 139 points de fidélité.')
    expect(smtp.mails.find((m) => m.to === other.client.user.email && /annulée/.test(m.subject))).toBeTruthy()
    expect(new Set(smtp.mails.map((m) => m.messageId)).size).toBe(6)

    const rows = await messagesOf(orderId)
    expect(rows.map((r) => [r.kind, r.state, r.attempts])).toEqual([
      ['order_received', 'sent', 1],
      ['order_weighed', 'sent', 1],
      ['out_for_delivery', 'sent', 1],
      ['delivered', 'sent', 1],
    ])
    expect(rows.every((r) => r.sentAt && r.subject && r.body)).toBe(true)
  })

  it('sends each message once when two workers drain at the same time', async () => {
    // Another connection to the same database stands for a second instance (on PostgreSQL, a
    // second pool; on the embedded database, the same one).
    const second = t.deps.database.kind === 'postgres' ? openDatabase(t.config.DATABASE_URL) : null
    try {
      const orders = []
      for (let i = 0; i < 6; i++) orders.push(await placeOrder())
      const results = await Promise.all([
        drainOutbox(t.db, options()),
        drainOutbox(second?.db ?? t.db, options()),
        drainOutbox(t.db, options()),
      ])
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(6)
      const subjects = smtp.mails.map((m) => m.subject).sort()
      expect(subjects).toEqual(orders.map((o) => `Étal : commande n° ${o.orderId} reçue`).sort())
    } finally {
      await second?.close()
    }
  })

  it('sends each message once from two instances draining in turn against a slow mail server (docs/security/outside-attack.md item 3)', async () => {
    // Each instance drains every 100 ms, as its housekeeping does every 2 s; the server takes
    // 1.5 s a message and a claim lasts 1 s: only the renewed claim of each message keeps the
    // other instance from sending it too. Before: the first instance's one lease covered its
    // whole batch, ran out while it was still sending, and the other sent the rest again.
    smtp.slowMs = 1_500
    const second = t.deps.database.kind === 'postgres' ? openDatabase(t.config.DATABASE_URL) : null
    try {
      const orders = []
      for (let i = 0; i < 6; i++) orders.push(await placeOrder())
      const waiting = async () =>
        (await t.db.select().from(outboxMessages).where(eq(outboxMessages.state, 'waiting'))).length
      // Until nothing waits, or a message arrived twice (no need to go on).
      const instance = async (db: typeof t.db) => {
        const total = { sent: 0, lost: 0 }
        while ((await waiting()) > 0 && smtp.mails.length <= orders.length) {
          const r = await drainOutbox(db, { ...options(), leaseMs: 1_000 }, 1)
          total.sent += r.sent
          total.lost += r.lost
          await new Promise((r) => setTimeout(r, 100))
        }
        return total
      }
      const [a, b] = await Promise.all([instance(t.db), instance(second?.db ?? t.db)])
      expect(a.sent + b.sent).toBe(6)
      const perMessageId = new Map<string, number>()
      for (const m of smtp.mails) perMessageId.set(m.messageId, (perMessageId.get(m.messageId) ?? 0) + 1)
      expect([...perMessageId.values()]).toEqual([1, 1, 1, 1, 1, 1])
      expect(smtp.mails.map((m) => m.subject).sort()).toEqual(
        orders.map((o) => `Étal : commande n° ${o.orderId} reçue`).sort(),
      )
      const rows = await t.db.select().from(outboxMessages)
      expect(rows.map((r) => [r.state, r.attempts])).toEqual(rows.map(() => ['sent', 1]))
    } finally {
      await second?.close()
    }
  }, 60_000)

  it('keeps a message while the server is down, tries again later, and sends it once it is back', async () => {
    const { client, orderId } = await placeOrder()
    const where = smtp.port
    await smtp.stop()
    const down = await drainOutbox(t.db, { ...options(), retryBaseMs: 60_000 })
    expect(down).toMatchObject({ sent: 0, retried: 1 })
    const [waiting] = await messagesOf(orderId)
    expect(waiting).toMatchObject({ state: 'waiting', attempts: 1 })
    expect(waiting!.lastError).toMatch(/^Serveur d’e-mail injoignable/)
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000)
    // Not due yet: the server coming back changes nothing before the next attempt's time.
    await smtp.start(where)
    expect(await drainOutbox(t.db, options())).toMatchObject({ sent: 0 })
    await t.db
      .update(outboxMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outboxMessages.orderId, orderId))
    expect(await drainOutbox(t.db, options())).toMatchObject({ sent: 1 })
    expect(smtp.mails.filter((m) => m.to === client.user.email)).toHaveLength(1)
    const [sent] = await messagesOf(orderId)
    expect(sent).toMatchObject({ state: 'sent', attempts: 2, lastError: null })
  })

  it('gives up at once on an address the server refuses, with its reason', async () => {
    const { client, orderId } = await placeOrder()
    smtp.refuse = (to) => (to === client.user.email ? 'Boîte inconnue' : null)
    expect(await drainOutbox(t.db, options())).toMatchObject({ failed: 1 })
    const [failed] = await messagesOf(orderId)
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 })
    expect(failed!.lastError).toMatch(/^Refusé par le serveur d’e-mail : 550/)
  })

  it('without SMTP_URL sends nothing and keeps what would have been sent', async () => {
    const { orderId } = await placeOrder()
    expect(await drainOutbox(t.db, { sender: null, from: 'x@y.z' })).toMatchObject({ notSent: 1 })
    const [kept] = await messagesOf(orderId)
    expect(kept).toMatchObject({ state: 'not_sent', subject: `Étal : commande n° ${orderId} reçue` })
    expect(kept!.body).toContain('Nous avons bien reçu votre commande')
    expect(smtp.mails).toHaveLength(0)
  })

  it('in development, shows each message it cannot send whole in the log, and keeps it not sent', async () => {
    const { client, orderId } = await placeOrder()
    const lines: string[] = []
    const { options: dev } = outboxOptions(
      { NODE_ENV: 'development', SMTP_FROM: 'x@y.z', OUTBOX_RETRY_MS: 1000 },
      { info: (line) => lines.push(line) },
    )
    expect(await drainOutbox(t.db, dev)).toMatchObject({ notSent: 1 })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(`E-mail non envoyé (aucun SMTP_URL), pour ${client.user.email}`)
    expect(lines[0]).toContain(`Étal : commande n° ${orderId} reçue`)
    expect(lines[0]).toContain('Nous avons bien reçu votre commande')
    expect((await messagesOf(orderId))[0]).toMatchObject({ state: 'not_sent' })
    // Outside development (tests, production) nothing is shown.
    for (const NODE_ENV of ['test', 'production'] as const)
      expect(
        outboxOptions({ NODE_ENV, SMTP_FROM: 'x@y.z', OUTBOX_RETRY_MS: 1000 }, { info: () => {} }).options
          .show,
      ).toBeUndefined()
  })
})

describe('GET /_api/admin/orders/messages', () => {
  it('shows staff of the order’s country each message and its state; others get 404', async () => {
    const { orderId } = await placeOrder()
    await drainOutbox(t.db, { sender: null, from: 'x@y.z' })
    const admin = await signedIn(t, 'admin', 'SN')
    const res = await get(t, `/_api/admin/orders/messages?orderId=${orderId}`, admin.cookie)
    expect(res.statusCode, res.body).toBe(200)
    const { messages } = decode<{ messages: { kind: string; state: string; lastError: string | null }[] }>(
      res.body,
    )
    expect(messages).toMatchObject([{ kind: 'order_received', state: 'not_sent' }])
    const mali = await signedIn(t, 'admin', 'ML')
    expect((await get(t, `/_api/admin/orders/messages?orderId=${orderId}`, mali.cookie)).statusCode).toBe(404)
    const client = await signedIn(t, 'client', 'SN')
    expect((await get(t, `/_api/admin/orders/messages?orderId=${orderId}`, client.cookie)).statusCode).toBe(
      403,
    )
    expect((await get(t, `/_api/admin/orders/messages?orderId=abc`, admin.cookie)).statusCode).toBe(400)
  })
})
