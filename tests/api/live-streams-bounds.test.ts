import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '../../src/server/db/schema'
import { createProduct, decode, deliveryIn, post, postOrder, signedIn } from '../factories'
import { openStream } from '../setup/live-stream'
import { createTestApp, type TestApp } from '../setup/test-app'

/**
 * docs/rules/orders.md#live: the live streams are bounded (per account, per IP, in the process),
 * live at most so long, and end with their session. Over real HTTP; TRUST_PROXY lets each test
 * speak from an address of its own (X-Forwarded-For).
 */
type Stream = Awaited<ReturnType<typeof openStream>>
const open: Stream[] = []
const products = new Map<TestApp, Awaited<ReturnType<typeof createProduct>>>()

async function serve(env: Record<string, string>) {
  const t = await createTestApp({ TRUST_PROXY: 'true', LIVE_SESSION_CHECK_SECONDS: '1', ...env })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  return { t, base }
}

let ip = 0
/** A client address of the test's own. */
const nextIp = () => `198.51.100.${++ip}`

async function stream(base: string, cookie: string, from: string, lastEventId?: string) {
  const s = await openStream(base, cookie, lastEventId, { 'x-forwarded-for': from })
  open.push(s)
  return s
}

async function placeOrder(t: TestApp) {
  const client = await signedIn(t, 'client', 'SN')
  let product = products.get(t)
  if (!product) products.set(t, (product = await createProduct(t.db, { unitType: 'unit', minQuantity: 1 })))
  const res = await postOrder(
    t,
    { items: [{ productId: product.id, quantity: 1 }], ...(await deliveryIn(t.db, 'SN')), pointsToUse: 0 },
    client.cookie,
  )
  expect(res.statusCode, res.body).toBe(201)
  return decode<{ order: { id: number } }>(res.body).order.id
}

const hears = (s: Stream, orderId: number) => s.orders().some((e) => e.orderId === orderId)
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))
async function endsWithin(s: Stream, ms: number, what: string) {
  for (const end = Date.now() + ms; Date.now() < end; await wait(20)) if (s.ended()) return
  throw new Error(`${what}: the stream is still open after ${ms} ms`)
}

afterAll(async () => {
  await Promise.all(open.map((s) => s.close()))
})

describe('bounds per account and per IP, the end with the session', () => {
  let t: TestApp
  let base: string
  beforeAll(async () => {
    ;({ t, base } = await serve({ LIVE_STREAMS_PER_ACCOUNT: '3', LIVE_STREAMS_PER_IP: '4' }))
  })
  afterAll(async () => {
    await t?.close()
  })

  it('a stream beyond the account’s bound closes its oldest, and the others keep listening', async () => {
    const { cookie } = await signedIn(t, 'admin', 'SN')
    const streams = []
    // From as many addresses: the account's bound, not the IP's.
    for (let i = 0; i < 4; i++) streams.push(await stream(base, cookie, nextIp()))
    const [oldest, ...rest] = streams
    for (const s of streams) expect(s.res.status).toBe(200)
    await endsWithin(oldest!, 3_000, 'the oldest of the account')
    expect(oldest!.events.map((e) => e.event)).toContain('replaced')
    const orderId = await placeOrder(t)
    for (const s of rest) await s.until(() => hears(s, orderId), 'the newer streams hear the order')
    expect(rest.some((s) => s.ended())).toBe(false)
    expect(hears(oldest!, orderId)).toBe(false)
  })

  it('a stream beyond the IP’s bound closes the oldest of that IP, whoever it was', async () => {
    const from = nextIp()
    const streams = []
    for (let i = 0; i < 5; i++)
      streams.push(await stream(base, (await signedIn(t, 'admin', 'SN')).cookie, from))
    const [oldest, ...rest] = streams
    await endsWithin(oldest!, 3_000, 'the oldest of the IP')
    const orderId = await placeOrder(t)
    for (const s of rest) await s.until(() => hears(s, orderId), 'the newer streams hear the order')
    expect(hears(oldest!, orderId)).toBe(false)
  })

  /** Opens a stream, proves it hears an order, runs `change`, and proves it ends and hears no more. */
  async function endsWithItsSession(cookie: string, change: () => Promise<void>) {
    const s = await stream(base, cookie, nextIp())
    const before = await placeOrder(t)
    await s.until(() => hears(s, before), 'the order before the change')
    await change()
    await endsWithin(s, 3_000, 'after the change')
    const heard = s.orders().length
    const after = await placeOrder(t)
    await wait(400)
    expect(hears(s, after)).toBe(false)
    expect(s.orders()).toHaveLength(heard)
  }

  it('a stream ends at its session’s sign-out (POST /_api/auth/logout)', async () => {
    const { cookie } = await signedIn(t, 'admin', 'SN')
    await endsWithItsSession(cookie, async () => {
      expect((await post(t, '/_api/auth/logout', {}, cookie)).statusCode).toBe(200)
    })
  })

  it('a stream ends when staff deactivate its account', async () => {
    const root = await signedIn(t, 'root', 'SN')
    const admin = await signedIn(t, 'admin', 'SN')
    await endsWithItsSession(admin.cookie, async () => {
      const res = await post(
        t,
        '/_api/admin/users/toggle-status',
        { userId: admin.user.id, isActive: false },
        root.cookie,
      )
      expect(res.statusCode, res.body).toBe(200)
    })
  })

  it('a stream ends when its admin is made a client', async () => {
    const root = await signedIn(t, 'root', 'SN')
    const { user, cookie } = await signedIn(t, 'admin', 'SN')
    await endsWithItsSession(cookie, async () => {
      const res = await post(
        t,
        '/_api/admin/users/update',
        {
          userId: user.id,
          email: user.email,
          displayName: user.displayName,
          phoneNumber: user.phoneNumber,
          city: user.city,
          country: 'Sénégal',
          role: 'client',
        },
        root.cookie,
      )
      expect(res.statusCode, res.body).toBe(200)
    })
  })

  it('a stream whose session is gone from the database (another instance’s sign-out) ends within seconds', async () => {
    const { user, cookie } = await signedIn(t, 'delivery_driver', 'SN')
    const s = await stream(base, cookie, nextIp())
    expect(s.res.status).toBe(200)
    await t.db.delete(sessions).where(eq(sessions.userId, user.id))
    await endsWithin(s, 3_500, 'its session deleted')
  })
})

describe('the process’s bound and the longest life', () => {
  let t: TestApp
  let base: string
  beforeAll(async () => {
    ;({ t, base } = await serve({ LIVE_STREAMS_MAX: '2', LIVE_STREAM_MAX_LIFE_SECONDS: '3' }))
  })
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()))
    // The refused stream's connection may be kept alive by the client: the server does not wait on it.
    t?.app.server.closeAllConnections()
    await t?.close()
  })

  it('a stream beyond the process’s bound is refused 503 with Retry-After, in French', async () => {
    const first = await stream(base, (await signedIn(t, 'admin', 'SN')).cookie, nextIp())
    const second = await stream(base, (await signedIn(t, 'admin', 'SN')).cookie, nextIp())
    expect([first.res.status, second.res.status]).toEqual([200, 200])
    const third = await stream(base, (await signedIn(t, 'admin', 'SN')).cookie, nextIp())
    expect(third.res.status).toBe(503)
    expect(third.res.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await third.res.json()).toEqual({
      error: expect.stringContaining('surchargé'),
      code: 'SERVICE_UNAVAILABLE',
    })
    await Promise.all([first.close(), second.close()])
    await wait(100)
    const again = await stream(base, (await signedIn(t, 'admin', 'SN')).cookie, nextIp())
    expect(again.res.status).toBe(200)
    await again.close()
  })

  it('a stream ends after its longest life, and reconnecting with its last id is sent what it missed', async () => {
    const { cookie } = await signedIn(t, 'admin', 'SN')
    const s = await stream(base, cookie, nextIp())
    expect(s.res.status).toBe(200)
    await endsWithin(s, 6_000, 'its longest life')
    // No order came while it was open: the id it was given at its opening is its browser's.
    const lastId = s.lastEventId()
    expect(lastId).toMatch(/^\d+$/)
    const missed = await placeOrder(t)
    const again = await stream(base, cookie, nextIp(), lastId)
    await again.until(() => hears(again, missed), 'the order placed between the two')
    await again.close()
  })
})
