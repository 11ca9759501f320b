import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cashEntries, orderItems, orders, paymentAttempts, paymentEvents } from '../../src/server/db/schema'
import type { FakeProviders } from '../../dev/fakes/payments'
import { reconcileDue } from '../../src/server/services/money/payments'
import { createOrder, createUser, decode, get, login, post, signedIn, statusChange } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * docs/rules/money.md#payments, "Bound to the order": every franc received is bound to its order's
 * total, whatever attempt brought it and whenever the order was weighed. Against the in-repo fakes.
 */
type Attempt = { id: number; reference: string; amount: number; status: string }

let t: TestApp
let fake: FakeProviders
let client: Awaited<ReturnType<typeof createUser>>
let cookie: string
let staff: string
let driver: Awaited<ReturnType<typeof signedIn>>

beforeAll(async () => {
  t = await createTestApp()
  fake = t.deps.payments.fake!
  client = await createUser(t.db, { country: 'SN' })
  cookie = await login(t, client.email)
  staff = (await signedIn(t, 'admin', 'SN')).cookie
  driver = await signedIn(t, 'delivery_driver', 'SN')
})
afterAll(() => t.close())
beforeEach(() => fake.set({}))

async function start(orderId: number, wallet: string, extra: Record<string, unknown> = {}) {
  const res = await post(t, '/_api/payments/start', { orderId, wallet, ...extra }, cookie)
  return { res, attempt: res.statusCode === 200 ? decode<{ attempt: Attempt }>(res.body).attempt : null }
}
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!
const attemptRow = async (id: number) =>
  (await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)))[0]!
const eventTypes = async (orderId: number) =>
  (
    await t.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, orderId))
      .orderBy(paymentEvents.id)
  ).map((e) => e.type)
async function pay(a: Attempt) {
  fake.decide(fake.payment(a.reference)!.id, 'pay')
  await t.deps.payments.idle()
}
/** 1.2 kg at 12 000 F the kg, weighed as ordered, in preparation: 14 400 F. */
async function weighedOrder() {
  const order = await createOrder(t.db, {
    user: client,
    status: 'in_preparation',
    lines: [{ price: 12_000, quantity: 1.2 }],
    driverId: driver.user.id,
  })
  await t.db.update(orderItems).set({ weighedQuantity: 1.2 }).where(eq(orderItems.orderId, order.id))
  return order
}
/** Staff weigh the order's one line again (POST /_api/admin/orders/weigh). */
async function weighAgain(orderId: number, kg: number) {
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId))
  const res = await post(
    t,
    '/_api/admin/orders/weigh',
    { orderId, lines: [{ itemId: item!.id, weighedQuantity: kg }] },
    staff,
  )
  expect(res.statusCode).toBe(200)
  return orderRow(orderId)
}

describe('money received on an old attempt, after the order was weighed again', () => {
  it('is counted, and the order owes the difference: asked of the client by a new attempt', async () => {
    const order = await weighedOrder()
    const old = (await start(order.id, 'Wave')).attempt!
    expect(old.amount).toBe(14_400)
    // Weighed again (18 000 F, beyond the tolerance: the client's agreement is needed).
    const weighed = await weighAgain(order.id, 1.5)
    expect(weighed.totalAmount).toBe(18_000)
    expect((await attemptRow(old.id)).status).toBe('expired')
    // The client pays the old checkout all the same: the money counts, the order is not paid.
    await pay(old)
    await reconcileDue(t.db, t.deps.payments)
    const after = await orderRow(order.id)
    expect((await attemptRow(old.id)).status).toBe('paid')
    expect(after).toMatchObject({ paymentStatus: 'pending', amountPaid: 14_400 })
    expect(await eventTypes(order.id)).toContain('partly_received')
    const state = decode<{ amountPaid: number; paymentStatus: string }>(
      (await get(t, `/_api/payments/status?orderId=${order.id}`, cookie)).body,
    )
    expect(state).toMatchObject({ amountPaid: 14_400, paymentStatus: 'pending' })
    // The rest: agreed and paid in one step, for 3 600 F only.
    const rest = (await start(order.id, 'Wave', { accept: true, total: 18_000 })).attempt!
    expect(rest.amount).toBe(3_600)
    await pay(rest)
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'paid', amountPaid: 18_000 })
    // The reconciliation compares both attempts with the order: they agree.
    const rec = decode<{ rows: { attemptId: number | null; issue: string | null }[] }>(
      (await get(t, '/_api/admin/payments/reconciliation', staff)).body,
    )
    const mine = rec.rows.filter((r) => r.attemptId === old.id || r.attemptId === rest.id)
    expect(mine.map((r) => r.issue)).toEqual([null, null])
  })

  it('or asked of the driver at the door: the order may leave, the driver collects the rest', async () => {
    const order = await weighedOrder()
    const old = (await start(order.id, 'Wave')).attempt!
    await weighAgain(order.id, 1.3) // 15 600 F, within the tolerance
    await pay(old)
    await reconcileDue(t.db, t.deps.payments)
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'pending', amountPaid: 14_400 })
    const reconciled = decode<{ rows: { attemptId: number | null; issue: string | null }[] }>(
      (await get(t, '/_api/admin/payments/reconciliation', staff)).body,
    ).rows.find((r) => r.attemptId === old.id)
    expect(reconciled?.issue).toBe('owing')
    const leave = await post(
      t,
      '/_api/admin/orders/update-status',
      statusChange(order.id, 'in_delivery'),
      staff,
    )
    expect(leave.statusCode).toBe(200)
    const confirm = await post(t, '/_api/delivery/confirm', { orderId: order.id }, driver.cookie)
    expect(confirm.statusCode).toBe(200)
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'paid', amountPaid: 15_600 })
    const entries = await t.db.select().from(cashEntries).where(eq(cashEntries.orderId, order.id))
    expect(entries.map((e) => [e.amount, e.amountDue])).toEqual([[1_200, 1_200]])
  })
})

describe('a total weighed again after payment', () => {
  it('higher: the order owes the difference again, and the driver asks for it', async () => {
    const order = await weighedOrder()
    await pay((await start(order.id, 'Wave')).attempt!)
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'paid', amountPaid: 14_400 })
    await weighAgain(order.id, 1.5) // 18 000 F
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'pending', amountPaid: 14_400 })
    expect(await eventTypes(order.id)).toContain('total_changed')
    await post(t, '/_api/admin/orders/record-agreement', { orderId: order.id, total: 18_000 }, staff)
    await post(t, '/_api/admin/orders/update-status', statusChange(order.id, 'in_delivery'), staff)
    // Nothing collected: the driver must say why (the rest, 3 600 F, is due).
    const nothing = await post(
      t,
      '/_api/delivery/confirm',
      { orderId: order.id, cashCollected: 0 },
      driver.cookie,
    )
    expect(nothing.statusCode).toBe(400)
    expect(nothing.body).toContain('3')
    const confirm = await post(t, '/_api/delivery/confirm', { orderId: order.id }, driver.cookie)
    expect(confirm.statusCode).toBe(200)
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'paid', amountPaid: 18_000 })
  })

  it('lower: the excess is flagged to give back, by hand, and the reconciliation shows it', async () => {
    const order = await weighedOrder()
    const paid = (await start(order.id, 'Wave')).attempt!
    await pay(paid)
    await weighAgain(order.id, 1.125) // 13 500 F
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'paid', amountPaid: 13_500 })
    expect(await attemptRow(paid.id)).toMatchObject({ refundStatus: 'to_do', refundAmount: 900 })
    const row = decode<{
      rows: { attemptId: number | null; issue: string | null; refundAmount: number | null }[]
    }>((await get(t, '/_api/admin/payments/reconciliation', staff)).body).rows.find(
      (r) => r.attemptId === paid.id,
    )
    expect(row).toMatchObject({ issue: 'refund', refundAmount: 900 })
    // Staff give the 900 F back by hand and say so.
    const done = await post(
      t,
      '/_api/admin/orders/refund-done',
      { orderId: order.id, attemptId: paid.id },
      staff,
    )
    expect(done.statusCode).toBe(200)
    expect((await attemptRow(paid.id)).refundStatus).toBe('done')
  })
})

describe('one open attempt per order', () => {
  it('ten taps on "Payer" at once make one attempt, each answered with it', async () => {
    const order = await createOrder(t.db, {
      user: client,
      lines: [{ price: 7_000, quantity: 1, unitType: 'unit' }],
    })
    fake.set({ delayMs: 400 })
    const answers = await Promise.all(Array.from({ length: 10 }, () => start(order.id, 'Wave')))
    expect(answers.map((a) => a.res.statusCode)).toEqual(Array(10).fill(200))
    expect(new Set(answers.map((a) => a.attempt!.reference)).size).toBe(1)
    const rows = await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id))
    expect(rows).toHaveLength(1)
    // The reconciliation lists every attempt of the day, an unpaid one too, with its state.
    const rec = decode<{ rows: { attemptId: number | null; status: string | null; issue: string | null }[] }>(
      (await get(t, '/_api/admin/payments/reconciliation', staff)).body,
    )
    expect(rec.rows.find((r) => r.attemptId === rows[0]!.id)).toMatchObject({
      status: 'pending',
      issue: null,
    })
  })

  it('a new attempt (another wallet) closes the old one, at Wave too', async () => {
    const order = await createOrder(t.db, {
      user: client,
      lines: [{ price: 6_000, quantity: 1, unitType: 'unit' }],
    })
    const wave = (await start(order.id, 'Wave')).attempt!
    const orange = (await start(order.id, 'Orange Money')).attempt!
    expect(orange.reference).not.toBe(wave.reference)
    expect((await attemptRow(wave.id)).status).toBe('expired')
    expect(fake.payment(wave.reference)!.state).toBe('expired')
    // The database holds the rule too: a second open attempt is refused.
    await expect(
      t.db.update(paymentAttempts).set({ status: 'pending' }).where(eq(paymentAttempts.id, wave.id)),
    ).rejects.toThrow()
  })

  it('CinetPay takes no payment under 100 F: the client is told to pay cash', async () => {
    const order = await createOrder(t.db, {
      user: client,
      lines: [{ price: 95, quantity: 1, unitType: 'unit' }],
    })
    const { res } = await start(order.id, 'Orange Money')
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toContain('minimum')
    expect(await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id))).toEqual([])
  })
})

describe('the worker after an attempt expired', () => {
  it('keeps asking, less and less often, for 48 hours: money taken late reaches its order', async () => {
    const order = await createOrder(t.db, {
      user: client,
      lines: [{ price: 5_000, quantity: 1, unitType: 'unit' }],
    })
    const a = (await start(order.id, 'Wave')).attempt!
    fake.set({ silent: true })
    // Given up: expired an hour ago, the provider still said nothing.
    await t.db
      .update(paymentAttempts)
      .set({ status: 'expired', expiresAt: sql`now() - interval '1 hour'`, nextCheckAt: sql`now()` })
      .where(eq(paymentAttempts.id, a.id))
    await pay(a)
    expect((await orderRow(order.id)).paymentStatus).not.toBe('paid')
    await reconcileDue(t.db, t.deps.payments)
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'paid', amountPaid: 5_000 })
  })

  it('stops asking 48 hours after expiry', async () => {
    const order = await createOrder(t.db, {
      user: client,
      lines: [{ price: 5_100, quantity: 1, unitType: 'unit' }],
    })
    const a = (await start(order.id, 'Wave')).attempt!
    await t.db
      .update(paymentAttempts)
      .set({ status: 'expired', expiresAt: sql`now() - interval '49 hours'`, nextCheckAt: sql`now()` })
      .where(eq(paymentAttempts.id, a.id))
    await reconcileDue(t.db, t.deps.payments)
    expect((await attemptRow(a.id)).nextCheckAt.getUTCFullYear()).toBe(9999)
  })
})

describe('the driver at the door of an order paid by mobile money', () => {
  it('cannot record cash for it: refused, nothing written', async () => {
    const order = await createOrder(t.db, {
      user: client,
      lines: [{ price: 8_000, quantity: 1, unitType: 'unit' }],
      driverId: driver.user.id,
    })
    await pay((await start(order.id, 'Wave')).attempt!)
    await post(t, '/_api/admin/orders/update-status', statusChange(order.id, 'in_delivery'), staff)
    const res = await post(
      t,
      '/_api/delivery/confirm',
      { orderId: order.id, cashCollected: 8_000, cashReason: 'payé en espèces' },
      driver.cookie,
    )
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('déjà payée par mobile money')
    expect((await orderRow(order.id)).status).toBe('in_delivery')
    expect(await t.db.select().from(cashEntries).where(eq(cashEntries.orderId, order.id))).toEqual([])
    expect((await post(t, '/_api/delivery/confirm', { orderId: order.id }, driver.cookie)).statusCode).toBe(
      200,
    )
  })
})
