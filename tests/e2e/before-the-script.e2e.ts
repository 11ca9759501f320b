import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { e2eApp, loginAt, PHONE, seriousViolations, shot, waitingForReact } from './harness'

/**
 * "Ajouter" before the script (docs/rules/catalogue.md#before-the-script): with JavaScript off, a
 * tap on a product card's or a product page's "Ajouter" puts the product in the cart and the
 * header counts it; a browser whose script then runs takes the same cart over (the header drawn
 * as the server drew it, no hydration error) into the cart it keeps.
 */
const e = e2eApp()

const badge = (page: Page) => page.getByTestId('cart-badge')

/**
 * A phone page whose app code is held back, as a slow phone's link holds it: the page's own HTML
 * alone runs until `release()`. `asked`: the code's files the page asked for, in order.
 */
async function codeHeldBack() {
  const context = await e.browser.newContext({ baseURL: e.baseUrl, viewport: PHONE, locale: 'fr-FR' })
  const page = await context.newPage()
  page.setDefaultTimeout(30_000)
  let release!: () => void
  const released = new Promise<void>((done) => (release = done))
  const asked: string[] = []
  await page.route('**/assets/*.js', async (route) => {
    asked.push(new URL(route.request().url()).pathname)
    await released
    await route.continue()
  })
  return { context, page, release, asked }
}

describe('a phone without JavaScript', () => {
  it('adds from /products and from a product page; the script, once it runs, keeps the cart', async () => {
    const context = await e.browser.newContext({
      baseURL: e.baseUrl,
      viewport: PHONE,
      locale: 'fr-FR',
      javaScriptEnabled: false,
    })
    const page = await context.newPage()
    page.setDefaultTimeout(30_000)
    await page.goto('/products')
    const cards = page.getByTestId('product-card')
    await expect.poll(() => cards.count()).toBeGreaterThan(1)
    expect(await badge(page).count()).toBe(0)

    // A card's "Ajouter": the form posts, the server sends /products back with the count.
    const firstName = (await cards.nth(0).getByTestId('product-link').textContent())!.trim()
    await Promise.all([
      page.waitForURL('**/products'),
      cards
        .nth(0)
        .getByRole('button', { name: `Ajouter ${firstName} au panier` })
        .click(),
    ])
    await expect.poll(() => badge(page).textContent()).toBe('1')
    await shot(page, 'before-script/products-added-390')

    // A product page's "Ajouter", for another product: back on its page, two lines.
    const second = cards.nth(1).getByTestId('product-link')
    const secondName = (await second.textContent())!.trim()
    await second.click()
    await page.waitForURL('**/produits/**')
    const productUrl = page.url()
    await Promise.all([
      page.waitForURL(productUrl),
      page.getByRole('button', { name: `Ajouter ${secondName} au panier` }).click(),
    ])
    await expect.poll(() => badge(page).textContent()).toBe('2')
    await shot(page, 'before-script/product-page-added-390')

    // The same profile with its script: the header as the server drew it, then the cart moved
    // into the browser's own (the cookie cleared), which the cart page lists.
    const withScript = await e.browser.newContext({
      baseURL: e.baseUrl,
      viewport: PHONE,
      locale: 'fr-FR',
      storageState: await context.storageState(),
    })
    const live = waitingForReact(await withScript.newPage())
    live.setDefaultTimeout(30_000)
    await live.goto('/products')
    await expect.poll(() => badge(live).textContent()).toBe('2')
    await expect
      .poll(async () => (await withScript.cookies()).some((c) => c.name === 'etal_panier'))
      .toBe(false)
    const kept = await live.evaluate(() => JSON.parse(localStorage.getItem('etal.shopping-cart') ?? '[]'))
    expect(kept.map((l: { name: string }) => l.name).sort()).toEqual([firstName, secondName].sort())
    expect(await badge(live).textContent()).toBe('2')
    await shot(live, 'before-script/products-after-script-390')
    // The cart is a client's: a visitor opening it signs in first, the cart kept meanwhile.
    await live.locator('header a[href="/cart"]').click()
    await live.waitForURL('**/client/login?redirect=%2Fcart')
    expect(
      await live.evaluate(() => JSON.parse(localStorage.getItem('etal.shopping-cart') ?? '[]').length),
    ).toBe(2)
    await withScript.close()
    await context.close()
  })

  it('while the script is still on its way, "Ajouter" adds without a reload; the script then takes the cart over', async () => {
    const { context, page, release } = await codeHeldBack()
    await page.goto('/products', { waitUntil: 'domcontentloaded' })
    // A mark on this document: a reload (the form sent by the browser itself) would lose it.
    await page.evaluate(() => ((window as { mark?: number }).mark = 1))
    const sameDocument = () => page.evaluate(() => (window as { mark?: number }).mark === 1)
    const cards = page.getByTestId('product-card')
    const names: string[] = []
    for (const i of [0, 1]) {
      const name = (await cards.nth(i).getByTestId('product-link').textContent())!.trim()
      names.push(name)
      await cards
        .nth(i)
        .getByRole('button', { name: `Ajouter ${name} au panier` })
        .click()
      await expect.poll(() => badge(page).textContent()).toBe(String(i + 1))
      // Said in the page's status region, outside what React will hold.
      await expect.poll(() => page.getByRole('status').textContent()).toBe(`${name} a été ajouté au panier`)
    }
    expect(await sameDocument()).toBe(true)
    expect(await page.evaluate(() => document.getElementById('root')?.dataset.ready)).toBeUndefined()
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'before-script/early-added-390')

    // The code arrives: React hydrates the header as the last answer drew it (no hydration error,
    // which the harness fails on), then moves the cookie's lines into its own cart.
    release()
    await page.waitForFunction(() => document.getElementById('root')?.dataset.ready === 'true')
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'etal_panier')).toBe(false)
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('etal.shopping-cart') ?? '[]'))
    expect(kept.map((l: { name: string }) => l.name).sort()).toEqual([...names].sort())
    expect(await badge(page).textContent()).toBe('2')
    expect(await sameDocument()).toBe(true)
    await context.close()
  })

  it('while the script is on its way, a link to a page that needs it is held, then followed without a reload', async () => {
    const { context, page, release, asked } = await codeHeldBack()
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    await page.evaluate(() => ((window as { mark?: number }).mark = 1))
    const said = page.locator('section[aria-label="Messages"] [role="status"]')
    const signIn = page.locator('header a[href="/client/login"]:visible').first()
    await signIn.click()
    // Held: the page stays, says why, and marks the link busy; its code is not asked for twice.
    await expect.poll(() => said.textContent()).toBe('Chargement de la page…')
    expect(await signIn.getAttribute('aria-busy')).toBe('true')
    expect(new URL(page.url()).pathname).toBe('/')
    expect(await seriousViolations(page)).toEqual([])
    await shot(page, 'before-script/link-held-390')
    const askedBefore = new Set(asked)

    // The code arrives: the app goes to the sign-in page itself, in the same document.
    release()
    await page.waitForURL('**/client/login')
    await page.getByLabel('Email').waitFor()
    expect(await page.evaluate(() => (window as { mark?: number }).mark)).toBe(1)
    expect(await said.textContent()).toBe('')
    const again = asked.filter((path) => askedBefore.has(path))
    expect(again.length, 'each file of the code asked for once').toBe(askedBefore.size)
    await context.close()
  })

  it('with the script, "Ajouter" adds without a reload, as before', async () => {
    const context = await e.browser.newContext({ baseURL: e.baseUrl, viewport: PHONE, locale: 'fr-FR' })
    const page = waitingForReact(await context.newPage())
    page.setDefaultTimeout(30_000)
    // A client, who may buy: a visitor is asked to sign in first.
    await loginAt(page, '/client/login', 'client@etal.demo')
    await page.waitForURL((u) => !u.pathname.startsWith('/client/login'))
    await page.goto('/products')
    let reloaded = false
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true
    })
    const card = page.getByTestId('product-card').first()
    await card.getByRole('button', { name: /^Ajouter .* au panier$/ }).click()
    await expect.poll(() => badge(page).textContent()).toBe('1')
    expect(reloaded).toBe(false)
    expect((await context.cookies()).some((c) => c.name === 'etal_panier')).toBe(false)
    await context.close()
  })
})
