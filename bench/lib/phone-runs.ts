import type { Browser, Page } from 'playwright-core'
import { CLIENT, newContext, signIn, throttledPage, WATCH, wireCounter } from './phone-setup'

// The phone bench's runs (bench/phone.ts): /products and its first tap, and a whole checkout.

/**
 * /products, signed in, empty cache: first product visible; first tap on "Ajouter" that works.
 *
 * The tap is a finger's: the moment the first product shows, the page's watch tells the bench
 * where the first card's "Ajouter" is (a CDP binding), and the bench presses and releases there
 * (CDP Input.dispatchMouseEvent), again every second, as a client taps again when nothing seems
 * to happen, until the header counts it (another binding). Nothing waits on the page's main thread
 * but the press itself, as a finger's does (docs/decisions/0089):
 * - not Playwright's `tap()`, whose checks (visible, stable over two frames, the touch's target)
 *   are round trips behind the page's long tasks while its code loads (decision 0088);
 * - not an evaluation of the page before each press, which waits behind them too;
 * - not CDP's touch (Input.dispatchTouchEvent), which Chromium holds until the renderer's next
 *   frame before it even finds the target ("we make sure the compositor is up to date"), 250 to
 *   450 ms while the page lays out on the 4× slower CPU: a screen's touch waits for no frame. The
 *   press reaches the button by the same hit test, and its click posts the same form.
 */
export async function productsRun(browser: Browser, base: string) {
  const context = await newContext(browser, base)
  try {
    await signIn(context, base)
    await context.addInitScript({ content: WATCH })
    const p = await throttledPage(context)
    const { page } = p
    const screen = await context.newCDPSession(page)
    // The page's two calls, as CDP bindings of this session: each call is an event sent by the
    // browser straight to the bench (Playwright's exposeFunction took up to 1.4 s to relay one).
    let seen: ((at: { x: number; y: number } | null) => void) | undefined
    // Where the button is, or null if the first product never showed within the run's 90 s.
    const saw = new Promise<{ x: number; y: number } | null>((ok) => (seen = ok))
    const gaveUp = setTimeout(() => seen?.(null), 90_000)
    let counted = false
    screen.on('Runtime.bindingCalled', (e) => {
      if (e.name === '__phoneCounted') counted = true
      if (e.name === '__phoneSaw') seen?.(JSON.parse(e.payload) as { x: number; y: number })
    })
    await screen.send('Runtime.enable')
    await screen.send('Runtime.addBinding', { name: '__phoneSaw' })
    await screen.send('Runtime.addBinding', { name: '__phoneCounted' })
    await page.goto('/products', { waitUntil: 'commit' })
    const until = Date.now() + 90_000
    const at = await saw
    clearTimeout(gaveUp)
    const press = at && ({ x: at.x, y: at.y, button: 'left', buttons: 1, clickCount: 1 } as const)
    const presses: Promise<unknown>[] = []
    while (press && !counted && Date.now() < until) {
      presses.push(
        screen.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...press }).catch(() => undefined),
        screen
          .send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...press, buttons: 0 })
          .catch(() => undefined),
      )
      for (let waited = 0; waited < 1000 && !counted; waited += 50) await page.waitForTimeout(50)
    }
    await Promise.all(presses)
    // The times, read once the page is still (a tap before the early script posts the form the
    // browser's way, and the page comes back: its watch keeps the times across).
    const read = () =>
      page.evaluate(
        () => (window as unknown as { __phone: { product: number | null; added: number | null } }).__phone,
      )
    const s = await read().catch(async () => {
      await page.waitForLoadState('domcontentloaded')
      return read()
    })
    const bytes = p.counter.bytes
    await screen.detach().catch(() => undefined)
    await p.close()
    return { product: s.product, added: s.added, bytes, taps: presses.length / 2 }
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
