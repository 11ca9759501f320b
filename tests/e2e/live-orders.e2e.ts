import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { countries, products } from '../../src/server/db/schema'
import { deliveryIn, PASSWORD } from '../factories'
import { DEMO_PASSWORD, DESKTOP, loginAt, newPage, PHONE, seriousViolations, shot, e2eApp } from './harness'

// docs/rules/orders.md#live: the staff order list, open, shows an order placed meanwhile without
// a reload, and the menu's badge counts it.

const e = e2eApp()

/** The demo client places an order through the API, as its phone would. */
async function clientOrders() {
  void PASSWORD
  const login = await fetch(`${e.baseUrl}/_api/auth/login_with_password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'client@etal.demo', password: DEMO_PASSWORD }),
  })
  expect(login.status).toBe(200)
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('etal_session='))!
    .split(';')[0]!
  const [sn] = await e.t.db.select().from(countries).where(eq(countries.code, 'SN'))
  const [product] = await e.t.db
    .select()
    .from(products)
    .where(and(eq(products.countryId, sn!.id), eq(products.unitType, 'unit'), eq(products.isActive, true)))
    .limit(1)
  const res = await fetch(`${e.baseUrl}/_api/orders/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      items: [{ productId: product!.id, quantity: product!.minQuantity }],
      ...(await deliveryIn(e.t.db, 'SN')),
      pointsToUse: 0,
    }),
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { json: { order: { id: number } } }).json.order.id
}

describe('live orders', () => {
  for (const [viewport, name] of [
    [PHONE, '390'],
    [DESKTOP, '1280'],
  ] as const) {
    it(`at ${name} px: an order placed while the staff list is open appears without a reload, with the badge`, async () => {
      const { page, context } = await newPage(e, viewport)
      await loginAt(page, '/employee/login', 'superadmin@etal.demo')
      await page.waitForURL((u) => u.pathname === '/admin/dashboard')
      // The stream is open (its answer has begun) before the order is placed.
      const streaming = page.waitForResponse(
        (r) => r.url().includes('/_api/live/orders') && r.status() === 200,
      )
      await page.goto('/admin/orders')
      await page.getByRole('heading', { level: 1 }).waitFor()
      await streaming
      let reloaded = false
      page.on('framenavigated', (f) => {
        if (f === page.mainFrame()) reloaded = true
      })
      const orderId = await clientOrders()
      const row = page.locator(`a[href="/admin/orders/${orderId}"]`).first()
      const started = Date.now()
      await row.waitFor({ state: 'attached', timeout: 5_000 })
      expect(Date.now() - started).toBeLessThan(5_000)
      expect(reloaded).toBe(false)
      const badge = page.getByTestId('new-orders-badge')
      await expect.poll(() => badge.textContent()).toContain('1')
      expect(await badge.textContent()).toMatch(/1\s*nouvelle commande/)
      await shot(page, `live-orders-list-${name}`)
      expect(await seriousViolations(page)).toEqual([])
      await context.close()
    })
  }

  it('a new order rings once, and shows the browser’s notification while the tab is in the background', async () => {
    const { page, context } = await newPage(e, DESKTOP)
    // What the browser does with the chime and the notification is recorded, not heard or shown:
    // the oscillators the ring starts, and the notifications made once permission is given.
    await context.addInitScript(() => {
      const w = window as unknown as {
        __rings: number
        __notes: { title: string; body?: string }[]
        __hidden: boolean
      }
      w.__rings = 0
      w.__notes = []
      w.__hidden = false
      const start = OscillatorNode.prototype.start
      OscillatorNode.prototype.start = function (...args: Parameters<typeof start>) {
        w.__rings++
        return start.apply(this, args)
      }
      class FakeNotification {
        static permission: NotificationPermission = 'default'
        static requestPermission() {
          FakeNotification.permission = 'granted'
          return Promise.resolve('granted' as NotificationPermission)
        }
        onclick: (() => void) | null = null
        constructor(title: string, options?: NotificationOptions) {
          w.__notes.push({ title, body: options?.body })
        }
        close() {}
      }
      Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true })
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => (w.__hidden ? 'hidden' : 'visible'),
      })
    })
    await loginAt(page, '/employee/login', 'superadmin@etal.demo')
    await page.waitForURL((u) => u.pathname === '/admin/dashboard')
    const streaming = page.waitForResponse((r) => r.url().includes('/_api/live/orders') && r.status() === 200)
    await page.goto('/admin/orders')
    await page.getByRole('heading', { level: 1 }).waitFor()
    await streaming
    // "Activer les alertes": the staff member's yes, a gesture that also lets the page play sound.
    await page.getByRole('button', { name: 'Activer les alertes' }).click()
    await expect.poll(() => page.getByRole('button', { name: 'Activer les alertes' }).count()).toBe(0)
    const state = () =>
      page.evaluate(() => {
        const w = window as unknown as { __rings: number; __notes: { title: string; body?: string }[] }
        return { rings: w.__rings, notes: w.__notes }
      })
    // In front: it rings (two tones, one chime), no notification.
    const first = await clientOrders()
    await page.locator(`a[href="/admin/orders/${first}"]`).first().waitFor({ state: 'attached' })
    await expect.poll(async () => (await state()).rings).toBe(2)
    expect((await state()).notes).toEqual([])
    // In the background: it rings again and the notification names the order.
    await page.evaluate(() => {
      ;(window as unknown as { __hidden: boolean }).__hidden = true
    })
    const second = await clientOrders()
    await expect
      .poll(async () => (await state()).notes)
      .toEqual([{ title: 'Nouvelle commande', body: `Commande #${second}` }])
    expect((await state()).rings).toBe(4)
    await context.close()
  })
})
