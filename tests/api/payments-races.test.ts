import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../src/server/db/client'
import { orderEvents, orders, paymentAttempts, paymentEvents } from '../../src/server/db/schema'
import { confirmAttempt, reconcileDue } from '../../src/server/services/money/payments'
import { createOrder, createUser, decode, login, post } from '../factories'
import { pgBase, pgTitle } from '../setup/postgres-only'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * docs/rules/money.md#payments on PostgreSQL: two instances (two pools on one database, asking the same
 * provider) confirming and reconciling the same attempt at once change it once
 * (tests/api/payments.test.ts proves the same within one process, on PGlite too).
 */
describe.skipIf(!pgBase)(pgTitle('mobile money races on PostgreSQL'), () => {
  let t: TestApp
  let other: Database
  let cookie: string
  let client: Awaited<ReturnType<typeof createUser>>

  beforeAll(async () => {
    t = await createTestApp()
    other = openDatabase(t.config.DATABASE_URL)
    client = await createUser(t.db, { country: 'SN' })
    cookie = await login(t, client.email)
  })
  afterAll(async () => {
    await other.close()
    await t.close()
  })

  async function paidAtProvider(total: number, wallet: string) {
    const order = await createOrder(t.db, {
      user: client,
      lines: [{ price: total, quantity: 1, unitType: 'unit' }],
    })
    const res = await post(t, '/_api/payments/start', { orderId: order.id, wallet }, cookie)
    const attempt = decode<{ attempt: { id: number; reference: string; provider: 'wave' | 'cinetpay' } }>(
      res.body,
    ).attempt
    t.deps.payments.fake!.set({ silent: true })
    t.deps.payments.fake!.decide(t.deps.payments.fake!.payment(attempt.reference)!.id, 'pay')
    t.deps.payments.fake!.set({})
    return { order, attempt }
  }

  it('twenty confirmations from two instances at once: one change, one event', async () => {
    const { order, attempt } = await paidAtProvider(20_000, 'Wave')
    const dbs = [t.db, other.db]
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        confirmAttempt(dbs[i % 2]!, t.deps.payments, 'wave', attempt.reference, 'notification'),
      ),
    )
    expect(results.filter((r) => r.changed)).toHaveLength(1)
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id))
    expect(events.filter((e) => e.type === 'paid')).toHaveLength(1)
    const history = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))
    expect(history.filter((e) => e.type === 'payment')).toHaveLength(1)
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row!.paymentStatus).toBe('paid')
  })

  it('two workers at once: each due attempt is asked about by one of them', async () => {
    const made = [await paidAtProvider(21_000, 'Orange Money'), await paidAtProvider(22_000, 'Wave')]
    for (const m of made)
      await t.db
        .update(paymentAttempts)
        .set({ nextCheckAt: new Date(Date.now() - 1000) })
        .where(eq(paymentAttempts.id, m.attempt.id))
    const [a, b] = await Promise.all([
      reconcileDue(t.db, t.deps.payments),
      reconcileDue(other.db, t.deps.payments),
    ])
    expect(a.checked + b.checked).toBe(2)
    for (const m of made) {
      const [row] = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, m.attempt.id))
      expect(row!.checks).toBe(1)
      expect(row!.status).toBe('paid')
    }
  })
})
