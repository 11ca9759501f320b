import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { paymentNotifications } from '../../src/server/db/schema'
import type { FakeProviders } from '../../dev/fakes/payments'
import { createOrder, createUser, decode, get, login, post, signedIn } from '../factories'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * docs/rules/money.md#payments, "A refused key" and "Notifications kept": what the providers said,
 * kept for disputes, and a key they refuse told apart from an outage. Against the in-repo fakes.
 */
type Attempt = { id: number; reference: string; amount: number; status: string }

let t: TestApp
let fake: FakeProviders
let client: Awaited<ReturnType<typeof createUser>>
let cookie: string
let staff: string

beforeAll(async () => {
  t = await createTestApp()
  fake = t.deps.payments.fake!
  client = await createUser(t.db, { country: 'SN' })
  cookie = await login(t, client.email)
  staff = (await signedIn(t, 'admin', 'SN')).cookie
})
afterAll(() => t.close())
beforeEach(() => fake.set({}))

async function start(orderId: number, wallet: string, extra: Record<string, unknown> = {}) {
  const res = await post(t, '/_api/payments/start', { orderId, wallet, ...extra }, cookie)
  return { res, attempt: res.statusCode === 200 ? decode<{ attempt: Attempt }>(res.body).attempt : null }
}
async function pay(a: Attempt) {
  fake.decide(fake.payment(a.reference)!.id, 'pay')
  await t.deps.payments.idle()
}

describe('a key the provider refuses', () => {
  it('is a configuration fault: its own message, kept and shown to staff, logged once, cleared by a success', async () => {
    const logged: unknown[] = []
    const log = t.deps.payments.log
    t.deps.payments.log = { error: (obj: object) => logged.push(obj) }
    try {
      fake.set({ wrongKey: true })
      const orders2 = await Promise.all(
        [4_100, 4_200].map((p) =>
          createOrder(t.db, { user: client, lines: [{ price: p, quantity: 1, unitType: 'unit' }] }),
        ),
      )
      for (const o of orders2) {
        const { res } = await start(o.id, 'Wave')
        expect(res.statusCode).toBe(503)
        expect(res.json().error).toContain('indisponible')
        expect(res.json().error).not.toContain('ne répond pas')
      }
      expect(logged).toHaveLength(1)
      const rec = decode<{ faults: { message: string }[] }>(
        (await get(t, '/_api/admin/payments/reconciliation', staff)).body,
      )
      expect(rec.faults.map((f) => f.message)).toEqual([
        expect.stringContaining('Clé Wave refusée pour le Sénégal'),
      ])
      const onOrder = decode<{ faults: unknown[] }>(
        (await get(t, `/_api/admin/orders/payments?orderId=${orders2[0]!.id}`, staff)).body,
      )
      expect(onOrder.faults).toHaveLength(1)
      fake.set({})
      expect((await start(orders2[1]!.id, 'Wave')).res.statusCode).toBe(200)
      const after = decode<{ faults: unknown[] }>(
        (await get(t, '/_api/admin/payments/reconciliation', staff)).body,
      )
      expect(after.faults).toEqual([])
    } finally {
      t.deps.payments.log = log
    }
  })
})

describe('the notifications as received', () => {
  it('are kept (raw body, signature, event), shown on the staff order page, and never changed', async () => {
    const order = await createOrder(t.db, {
      user: client,
      lines: [{ price: 3_300, quantity: 1, unitType: 'unit' }],
    })
    await pay((await start(order.id, 'Wave')).attempt!)
    const kept = await t.db
      .select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.orderId, order.id))
    expect(kept).toHaveLength(1)
    expect(kept[0]).toMatchObject({
      provider: 'wave',
      eventType: 'checkout.session.completed',
      countryCode: 'SN',
    })
    expect(kept[0]!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}/)
    expect(JSON.parse(kept[0]!.rawBody).type).toBe('checkout.session.completed')
    const page = decode<{ notifications: { eventType: string; rawBody: string }[] }>(
      (await get(t, `/_api/admin/orders/payments?orderId=${order.id}`, staff)).body,
    )
    expect(page.notifications.map((n) => n.eventType)).toEqual(['checkout.session.completed'])
    await expect(
      t.db
        .update(paymentNotifications)
        .set({ rawBody: 'x' })
        .where(eq(paymentNotifications.orderId, order.id)),
    ).rejects.toThrow()
    await expect(
      t.db.delete(paymentNotifications).where(eq(paymentNotifications.orderId, order.id)),
    ).rejects.toThrow()
  })

  it('a CinetPay notification replayed a hundred times makes one status query', async () => {
    const order = await createOrder(t.db, {
      user: client,
      lines: [{ price: 2_500, quantity: 1, unitType: 'unit' }],
    })
    const a = (await start(order.id, 'Orange Money')).attempt!
    const cinetpay = t.deps.payments.providers.cinetpay!
    const status = cinetpay.status.bind(cinetpay)
    let asked = 0
    cinetpay.status = (x) => {
      asked++
      return status(x)
    }
    try {
      const n = fake.cinetpayNotification(fake.payment(a.reference)!)
      for (let i = 0; i < 100; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/_api/payments/notify/cinetpay',
          headers: n.headers,
          payload: n.body,
        })
        expect(res.statusCode).toBe(200)
      }
      await t.deps.payments.idle()
      expect(asked).toBe(1)
    } finally {
      cinetpay.status = status
    }
  })

  it('their routes have a limit per client address', async () => {
    const limited = await createTestApp({ PAYMENT_NOTIFY_PER_MINUTE: '3' })
    try {
      const codes: number[] = []
      for (let i = 0; i < 4; i++)
        codes.push(
          (
            await limited.app.inject({
              method: 'POST',
              url: '/_api/payments/notify/cinetpay',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: 'cpm_trans_id=X',
            })
          ).statusCode,
        )
      expect(codes).toEqual([401, 401, 401, 429])
    } finally {
      await limited.close()
    }
  })
})
