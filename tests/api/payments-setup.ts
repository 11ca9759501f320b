import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { orders, paymentAttempts, paymentEvents } from '../../src/server/db/schema'
import type { FakeProviders } from '../../dev/fakes/payments'
import { createOrder, createUser, decode, login, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * What the mobile money files share (payments.test.ts, payments-faults, payments-door,
 * payments-refunds): the app against the in-repo fakes of CinetPay and Wave (dev/fakes/payments),
 * a client, staff and a driver of Senegal, and the steps of a payment.
 */
export type Attempt = {
  id: number
  reference: string
  provider: 'cinetpay' | 'wave'
  amount: number
  currency: string
  rounding: number
  status: string
  checkoutUrl: string | null
  refundStatus: string | null
}
export type State = { paymentStatus: string; paymentMethod: string; attempt: Attempt | null }

export let t: TestApp
export let fake: FakeProviders
export let client: Awaited<ReturnType<typeof createUser>>
export let cookie: string
export let staff: string
export let driver: Awaited<ReturnType<typeof signedIn>>

/**
 * Each file's own app (its database and fakes) and callers. Called at the top of each file: the
 * API files share their worker's modules (vitest.config.ts), so the hooks are registered per file.
 */
export function usePaymentsApp() {
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
}

/** An order of pieces (payable at once) of `total` francs. */
export const piecesOrder = (total = 12_100, extra: Partial<Parameters<typeof createOrder>[1]> = {}) =>
  createOrder(t.db, { user: client, lines: [{ price: total, quantity: 1, unitType: 'unit' }], ...extra })

export async function start(orderId: number, wallet: string, extra: Record<string, unknown> = {}) {
  const res = await post(t, '/_api/payments/start', { orderId, wallet, ...extra }, cookie)
  return { res, attempt: res.statusCode === 200 ? decode<{ attempt: Attempt }>(res.body).attempt : null }
}
export const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!
export const attemptRow = async (id: number) =>
  (await t.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)))[0]!
export const eventsOf = (orderId: number) =>
  t.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)).orderBy(paymentEvents.id)
export const sessionOf = (a: Attempt) => fake.payment(a.reference)!
/** The client pays (or refuses) on the provider's page; every notification it sends is then answered and acted on. */
export async function pay(a: Attempt, outcome: 'pay' | 'refuse' = 'pay') {
  fake.decide(sessionOf(a).id, outcome)
  await t.deps.payments.idle()
}
/** The worker's next question is due now (instead of waiting for it). */
export const dueNow = (attemptId: number) =>
  t.db
    .update(paymentAttempts)
    .set({ nextCheckAt: sql`now() - interval '1 second'` })
    .where(eq(paymentAttempts.id, attemptId))
