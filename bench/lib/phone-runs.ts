import type { Browser, Page } from 'playwright-core'
import { CLIENT, newContext, signIn, throttledPage, WATCH, wireCounter } from './phone-setup'

// The phone bench's runs (bench/phone.ts): /products and its first tap, and a whole checkout.

/**
 * /products, signed in, empty cache: first product visible; first tap on "Ajouter" that works.
 *
 * The tap is a finger's: a touch at the centre of the first card's "Ajouter", sent as the phone's
 * screen sends it (CDP Input.dispatchTouchEvent, which the browser turns into a click), every
 * 250 ms from when the button is on screen until the header counts it. Not Playwright's `tap()`,
 * which first checks on the page's main thread that the button is visible, stable over two
 * frames and the target of the touch: several round trips a finger does not make, each waiting
 * behind the page's long tasks while its code loads (about 0.4 s of each attempt on a
 * 4× slower CPU: docs/decisions/0088).
 */
export async function productsRun(browser: Browser, base: string) {
  const context = await newContext(browser, base)
  try {
    await signIn(context, base)
    await context.addInitScript({ content: WATCH })
    const p = await throttledPage(context)
    const { page } = p
    const screen = await context.newCDPSession(page)
    await page.goto('/products', { waitUntil: 'commit' })
    const until = Date.now() + 90_000
    // The watched times, and the centre of the first "Ajouter" while it is on screen.
    const state = () =>
      page.evaluate(() => {
        const kept = (window as unknown as { __phone: { product: number | null; added: number | null } })
          .__phone
        const button = document.querySelector('[aria-label^="Ajouter "][aria-label$=" au panier"]')
        const r = button?.getBoundingClientRect()
        const at =
          r && r.width > 0 && r.top >= 0 && r.bottom <= innerHeight
            ? { x: r.left + r.width / 2, y: r.top + r.height / 2 }
            : null
        return { ...kept, at }
      })
    while (Date.now() < until) {
      const s = await state().catch(() => undefined)
      if (s?.added != null) break
      if (s?.at) {
        const touch = [{ x: s.at.x, y: s.at.y }]
        await screen
          .send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: touch })
          .catch(() => undefined)
        await screen
          .send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
          .catch(() => undefined)
      }
      await page.waitForTimeout(250)
    }
    const s = await state()
    const bytes = p.counter.bytes
    await screen.detach().catch(() => undefined)
    await p.close()
    return { product: s.product, added: s.added, bytes }
  } finally {
    await context.close()
  }
}

/** One whole checkout in `page`: home → sign in → two items → delivery → confirmation. */
async function checkout(page: Page) {
  const started = Date.now()
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  const login = page.locator('a[href="/client/login"]:visible').first()
  await login.waitFor({ state: 'visible' })
  await login.tap()
  await page.waitForURL('**/client/login')
  await page.getByLabel('Email').fill(CLIENT.email)
  await page.getByLabel('Mot de passe').fill(CLIENT.password)
  await page.getByRole('button', { name: /se connecter/i }).tap()
  await page.waitForURL((u) => !u.pathname.startsWith('/client/login'))
  // The header's links as a phone shows them (its second row; the desktop's row is hidden): a
  // tap, as a client would, never a new page load.
  await page.locator('a[href="/products"]:visible').first().tap()
  await page.waitForURL('**/products')
  const adds = page.getByRole('button', { name: /^Ajouter .* au panier$/ })
  const badge = page.getByTestId('cart-badge')
  for (const [i, want] of [
    [0, '1'],
    [1, '2'],
  ] as const) {
    await adds.nth(i).tap()
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="cart-badge"]')?.textContent === n,
      want,
    )
  }
  await badge.waitFor()
  await page.locator('a[href="/cart"]:visible').first().tap()
  await page.waitForURL('**/cart')
  const city = page.getByLabel('Ville')
  await page.waitForFunction(
    () => (document.querySelector('select[id], select') as HTMLSelectElement | null) !== null,
  )
  await city.locator('option').nth(1).waitFor({ state: 'attached' })
  await city.selectOption({ index: 1 })
  const zone = page.getByLabel('Zone')
  await zone.locator('option').nth(1).waitFor({ state: 'attached' })
  await zone.selectOption({ index: 1 })
  await page.getByLabel('Adresse de livraison').fill('Villa 12, route des Almadies')
  const confirm = page.getByRole('button', { name: 'Confirmer la commande' })
  await page.waitForFunction(() =>
    [...document.querySelectorAll('button')].some(
      (b) => b.textContent?.includes('Confirmer la commande') && !b.disabled,
    ),
  )
  await confirm.tap()
  await page.waitForURL(/\/order-confirmation\/\d+$/)
  await page.getByRole('heading').first().waitFor()
  // What the confirmation page still loads after its first paint.
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined)
  return Date.now() - started
}

/**
 * What the relay counted but the phone never received: a download a tap on a link cut short
 * before its answer reached the page (the pages work before their code is in, decision 0083) was
 * written whole by the server into the relay, on loopback, where a phone's network would have
 * carried none of it. Each is taken off at its size on the wire (the path's, by times asked).
 */
function notReceived(
  wire: { byRequest: Map<string, number>; timesAsked: Map<string, number> },
  page: { cutShort(): { path: string }[]; finishedByPath(): Map<string, number> },
) {
  const cut = new Map<string, number>()
  for (const c of page.cutShort()) cut.set(c.path, (cut.get(c.path) ?? 0) + 1)
  const finished = page.finishedByPath()
  let bytes = 0
  for (const [path, times] of cut) {
    const key = `GET ${path}`
    const asked = wire.timesAsked.get(key) ?? 0
    // Only those the server was asked for: one cut while it waited for a connection never left.
    const reached = Math.min(times, Math.max(0, asked - (finished.get(path) ?? 0)))
    bytes += (reached * (wire.byRequest.get(key) ?? 0)) / Math.max(1, asked)
  }
  return bytes
}

/** A checkout on a first visit (empty cache), then again in the same context (warm cache, signed out). */
export async function checkoutRun(browser: Browser, base: string) {
  const wire = await wireCounter(base)
  const context = await newContext(browser, wire.base)
  try {
    const first = await throttledPage(context)
    const firstMs = await checkout(first.page)
    const firstWire = wire.take()
    const firstNotReceived = notReceived(firstWire, first)
    if (process.env.PHONE_LIST === '1')
      for (const [path, bytes] of [...firstWire.byRequest].sort((a, b) => b[1] - a[1]))
        console.log(`  first visit ${path} ${bytes} (${firstWire.timesAsked.get(path) ?? 0}×)`)
    await first.close()
    await context.clearCookies()
    const second = await throttledPage(context)
    const secondMs = await checkout(second.page)
    const secondWire = wire.take()
    const secondNotReceived = notReceived(secondWire, second)
    await second.close()
    return {
      firstBytes: firstWire.received - firstNotReceived,
      firstCut: first.cutShort().length,
      firstNotReceived,
      firstSent: firstWire.sent,
      firstRequests: firstWire.requests,
      firstMs,
      secondBytes: secondWire.received - secondNotReceived,
      secondRequests: secondWire.requests,
      secondMs,
      firstLargest: [...firstWire.byRequest].sort((a, b) => b[1] - a[1]).slice(0, 8),
    }
  } finally {
    await context.close()
    await wire.close()
  }
}
