import { asc, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cashEntries } from '../../src/server/db/schema'
import { createOrder, createUser, decode, get, post, signedIn } from '../factories'
import { pgBase, pgTitle } from '../setup/postgres-only'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * docs/rules/money.md#drivers-cash, as a property: whatever the sequence of deliveries (confirmed by
 * the driver with the amount due or another, or marked delivered by staff), handovers and
 * corrections, the driver's balance is the sum of its entries and of what the model expects,
 * each handover's `held_before` is exactly the sum of the entries before it, and the daily
 * report adds up. On PostgreSQL the same operations also run all at once.
 */
type Op =
  | { kind: 'confirm'; total: number; amount: number | null }
  | { kind: 'staff-delivered'; total: number }
  | { kind: 'handover'; amount: number }
  | { kind: 'correction'; amount: number }

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('confirm' as const),
    total: fc.integer({ min: 1, max: 200_000 }),
    amount: fc.option(fc.integer({ min: 0, max: 250_000 }), { nil: null }),
  }),
  fc.record({ kind: fc.constant('staff-delivered' as const), total: fc.integer({ min: 1, max: 200_000 }) }),
  fc.record({ kind: fc.constant('handover' as const), amount: fc.integer({ min: 1, max: 300_000 }) }),
  fc.record({
    kind: fc.constant('correction' as const),
    amount: fc.integer({ min: -100_000, max: 100_000 }).filter((n) => n !== 0),
  }),
)

let t: TestApp
let admin: string
let client: Awaited<ReturnType<typeof createUser>>

async function setup() {
  t = await createTestApp()
  admin = (await signedIn(t, 'admin', 'SN')).cookie
  client = await createUser(t.db, { country: 'SN' })
}

/** The order an operation needs, written before the operations run. */
async function prepare(driverId: number, o: Op) {
  if (o.kind === 'confirm' || o.kind === 'staff-delivered') {
    return createOrder(t.db, {
      user: client,
      status: o.kind === 'confirm' ? 'in_delivery' : 'in_preparation',
      driverId,
      lines: [{ price: o.total, quantity: 1, unitType: 'unit' }],
    })
  }
  return null
}

/** Runs one operation through the API; answers what it did to the balance (0 if refused). */
async function run(driver: { id: number; cookie: string }, o: Op, orderId: number | null) {
  if (o.kind === 'confirm') {
    const body =
      o.amount === null
        ? { orderId }
        : {
            orderId,
            cashCollected: o.amount,
            ...(o.amount !== o.total ? { cashReason: 'Écart constaté' } : {}),
          }
    const res = await post(t, '/_api/delivery/confirm', body, driver.cookie)
    expect(res.statusCode, res.body).toBe(200)
    return { delta: o.amount ?? o.total }
  }
  if (o.kind === 'staff-delivered') {
    const res = await post(t, '/_api/admin/orders/update-status', { orderId, status: 'delivered' }, admin)
    expect(res.statusCode, res.body).toBe(200)
    return { delta: o.total }
  }
  const path = o.kind === 'handover' ? '/_api/admin/cash/handover' : '/_api/admin/cash/correction'
  const body =
    o.kind === 'handover'
      ? { driverId: driver.id, amount: o.amount }
      : { driverId: driver.id, amount: o.amount, reason: 'Correction de caisse' }
  const res = await post(t, path, body, admin)
  expect(res.statusCode, res.body).toBe(200)
  const answer = decode<{ entry: { heldBefore: number | null; ecart: number | null } }>(res.body)
  return { delta: o.kind === 'handover' ? -o.amount : o.amount, heldBefore: answer.entry.heldBefore }
}

/** The ledger's invariants for one driver, against the model's balance. */
async function checkLedger(driver: { id: number; cookie: string }, expected: number) {
  const rows = await t.db
    .select()
    .from(cashEntries)
    .where(eq(cashEntries.driverId, driver.id))
    .orderBy(asc(cashEntries.id))
  let running = 0
  for (const r of rows) {
    if (r.type === 'handover') expect(r.heldBefore, `entry ${r.id}`).toBe(running)
    running += r.amount
  }
  expect(running).toBe(expected)
  const dash = decode<{ cash: { balance: number } }>(
    (await get(t, '/_api/dashboard/delivery', driver.cookie)).body,
  )
  expect(dash.cash.balance).toBe(expected)
  const report = decode<{
    drivers: {
      driverId: number
      opening: number
      collected: number
      corrections: number
      handedOver: number
      ecart: number
      closing: number
      balance: number
    }[]
  }>((await get(t, '/_api/admin/cash/report', admin)).body)
  const row = report.drivers.find((d) => d.driverId === driver.id)!
  expect(row.balance).toBe(expected)
  expect(row.closing).toBe(expected)
  expect(row.opening + row.collected + row.corrections - row.handedOver).toBe(row.closing)
  const handovers = rows.filter((r) => r.type === 'handover')
  const collections = rows.filter((r) => r.type === 'collected')
  // docs/rules/money.md#partly-paid: the écart counts the collections' gaps and the handovers'.
  expect(row.ecart).toBe(
    handovers.reduce((s, r) => s + (-r.amount - r.heldBefore!), 0) +
      collections.reduce((s, r) => s + (r.amount - r.amountDue!), 0),
  )
}

async function newDriver() {
  const d = await signedIn(t, 'delivery_driver', 'SN')
  return { id: d.user.id, cookie: d.cookie }
}

describe('the drivers’ cash ledger, one operation after another', () => {
  beforeAll(setup, 60_000)
  afterAll(() => t?.close())

  it('the balance is the sum of the entries and of the model; each handover holds the balance before it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const driver = await newDriver()
        let model = 0
        for (const o of ops) {
          const order = await prepare(driver.id, o)
          const done = await run(driver, o, order?.id ?? null)
          if (o.kind === 'handover') expect(done.heldBefore).toBe(model)
          model += done.delta
        }
        await checkLedger(driver, model)
      }),
      { numRuns: 20 },
    )
  }, 240_000)
})

describe.skipIf(!pgBase)(pgTitle('the drivers’ cash ledger, operations at once on PostgreSQL'), () => {
  beforeAll(setup, 60_000)
  afterAll(() => t?.close())

  it('concurrent confirmations, handovers and corrections of one driver: the same invariants', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 2, maxLength: 16 }), async (ops) => {
        const driver = await newDriver()
        const orders = await Promise.all(ops.map((o) => prepare(driver.id, o)))
        const done = await Promise.all(ops.map((o, i) => run(driver, o, orders[i]?.id ?? null)))
        await checkLedger(
          driver,
          done.reduce((s, d) => s + d.delta, 0),
        )
      }),
      { numRuns: 15 },
    )
  }, 240_000)
})
