import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { e2eApp, loginAt, PHONE, plain, seriousViolations, shot, waitingForReact } from './harness'

/**
 * The steppers and the cart page before the script (docs/rules/catalogue.md#before-the-script,
 * docs/decisions/0081): with JavaScript off, a line added from a card is stepped up and down and
 * taken out under the card, the cart page lists the lines with their steppers, "Retirer" and the
 * subtotal, and the header's count follows; a browser whose script then runs keeps the stepped
 * quantities, and its steppers act without a reload.
 */
const e = e2eApp()

const badge = (page: Page) => page.getByTestId('cart-badge')
const count = async (page: Page) =>
  (await badge(page).count()) === 0 ? 0 : Number(await badge(page).textContent())
const cookieOf = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === 'etal_panier')?.value ?? ''

/** Clicks a button that posts its form, and waits for the page the server sends back. */
async function post(page: Page, name: string | RegExp, scope = page.locator('body')) {
  await Promise.all([page.waitForEvent('load'), scope.getByRole('button', { name }).first().click()])
}

describe('a phone without JavaScript', () => {
  it('adds, steps up, steps down and removes on /products and /cart; the header count follows', async () => {
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
    // The to-add stepper needs the script (its choice is not posted): not shown without it.
    expect(
      await cards
        .nth(0)
        .getByRole('group', { name: /^Quantité de / })
        .isVisible(),
    ).toBe(false)

    const names = [0, 1].map(async (i) => plain(await cards.nth(i).getByTestId('product-link').textContent()))
    const [first, second] = await Promise.all(names)
    await post(page, `Ajouter ${first} au panier`, cards.nth(0))
    await post(page, `Ajouter ${second} au panier`, cards.nth(1))
    expect(await count(page)).toBe(2)
    const line = cards.nth(0).getByTestId('card-cart-line')
    const shown = () => line.getByTestId('cookie-line-quantity').textContent()
    const added = await shown()

    // Under the card: + then −, back where it was; the count stays 2 (lines, not pieces).
    await post(page, `Augmenter la quantité de ${first}`, cards.nth(0))
    const stepped = await shown()
    expect(stepped).not.toBe(added)
    expect(await count(page)).toBe(2)
    await shot(page, 'before-script/steppers-card-390')
    await post(page, `Diminuer la quantité de ${first}`, cards.nth(0))
    expect(await shown()).toBe(added)
    // "Retirer" under the second card: one line left.
    await post(page, `Retirer ${second} du panier`, cards.nth(1))
    expect(await count(page)).toBe(1)
    expect(await cards.nth(1).getByTestId('card-cart-line').count()).toBe(0)

    // The cart page, drawn by the server from the cookie: the line, its steppers, the subtotal.
    await page.locator('header a[href="/cart"]').click()
    await page.waitForURL('**/cart')
    const cart = page.getByTestId('no-script-cart')
    await expect.poll(() => cart.isVisible()).toBe(true)
    const lines = cart.getByTestId('cart-line')
    expect(await lines.count()).toBe(1)
    expect(plain(await lines.first().textContent())).toContain(first)
    const subtotal = () => cart.getByTestId('cart-subtotal').textContent()
    const before = await subtotal()
    await post(page, `Augmenter la quantité de ${first}`, cart)
    expect(await subtotal()).not.toBe(before)
    expect(await lines.first().getByTestId('line-total').textContent()).toBe(await subtotal())
    expect(await count(page)).toBe(1)
    // The order needs the script: said here, where the script is not.
    expect(plain(await cart.getByTestId('needs-script').textContent())).toContain('JavaScript')
    expect(await cart.getByRole('link', { name: 'Passer commande' }).getAttribute('href')).toBe(
      '/client/login?redirect=%2Fcart',
    )
    await shot(page, 'before-script/cart-390')
    // axe runs in the page's own scripts, off here: the same markup, its <noscript> unwrapped,
    // read in a page with scripts.
    const markup = (await page.content())
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace('<noscript data-cart-page="">', '<div>')
      .replace('</section></noscript>', '</section></div>')
    const reader = await e.browser.newContext({ viewport: PHONE, locale: 'fr-FR' })
    const read = await reader.newPage()
    await read.setContent(markup)
    expect(await read.getByTestId('no-script-cart').isVisible()).toBe(true)
    expect(await seriousViolations(read)).toEqual([])
    await reader.close()
    await post(page, `Diminuer la quantité de ${first}`, cart)
    expect(await subtotal()).toBe(before)
    // The stepped cookie, kept for the script to take over.
    expect(await cookieOf(page)).toMatch(/^\d+-\d+-[\d.]+$/)
    const kept = await cookieOf(page)

    // The same profile with its script: the cart it keeps holds the stepped line.
    const withScript = await e.browser.newContext({
      baseURL: e.baseUrl,
      viewport: PHONE,
      locale: 'fr-FR',
      storageState: await context.storageState(),
    })
    const live = waitingForReact(await withScript.newPage())
    live.setDefaultTimeout(30_000)
    await live.goto('/products')
    expect(await count(live)).toBe(1)
    await expect
      .poll(async () => (await withScript.cookies()).some((c) => c.name === 'etal_panier'))
      .toBe(false)
    const moved = await live.evaluate(() => JSON.parse(localStorage.getItem('etal.shopping-cart') ?? '[]'))
    expect(moved.map((l: { name: string; quantity: number }) => [l.name, l.quantity])).toEqual([
      [first, Number(kept.split('-')[2])],
    ])
    await withScript.close()

    // "Retirer" on the cart page: the empty cart, no count.
    await post(page, `Retirer ${first} du panier`, cart)
    expect(plain(await cart.textContent())).toContain('Votre panier est vide')
    expect(await count(page)).toBe(0)
    expect(await cookieOf(page)).toBe('')
    await shot(page, 'before-script/cart-empty-390')
    await context.close()
  })

  it('with the script, /cart is the script’s page: the server’s cart is never shown', async () => {
    const context = await e.browser.newContext({ baseURL: e.baseUrl, viewport: PHONE, locale: 'fr-FR' })
    const page = waitingForReact(await context.newPage())
    page.setDefaultTimeout(30_000)
    await page.goto('/cart')
    // A visitor with the script: the cart asks to sign in first; the server's cart is never shown.
    await page.waitForURL('**/client/login?redirect=%2Fcart')
    expect(await page.getByTestId('no-script-cart').count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  })
})

describe('with the script', () => {
  it('the steppers act without a reload, and the cart agrees with the server’s count after hydration', async () => {
    const context = await e.browser.newContext({ baseURL: e.baseUrl, viewport: PHONE, locale: 'fr-FR' })
    const page = waitingForReact(await context.newPage())
    page.setDefaultTimeout(30_000)
    await loginAt(page, '/client/login', 'client@etal.demo')
    await page.waitForURL((u) => !u.pathname.startsWith('/client/login'))
    await page.goto('/products')
    // A mark on this document: a reload or a form posted to the server would lose it.
    const sameDocument = () => page.evaluate(() => (window as unknown as { mark?: number }).mark === 1)
    await page.evaluate(() => ((window as unknown as { mark?: number }).mark = 1))
    const card = page.getByTestId('product-card').first()
    const quantity = card.getByTestId('card-quantity')
    const start = await quantity.textContent()
    await card.getByRole('button', { name: 'Augmenter la quantité' }).click()
    await expect.poll(() => quantity.textContent()).not.toBe(start)
    await card.getByRole('button', { name: 'Diminuer la quantité' }).click()
    await expect.poll(() => quantity.textContent()).toBe(start)
    await card.getByRole('button', { name: /^Ajouter .* au panier$/ }).click()
    await expect.poll(() => count(page)).toBe(1)
    // The server's slots are never shown with a script.
    expect(await page.getByTestId('card-cart-line').count()).toBe(0)
    expect(await sameDocument()).toBe(true)

    await page.locator('header a[href="/cart"]').click()
    await page.waitForURL('**/cart')
    const line = page.getByTestId('cart-line').first()
    const lineQuantity = line.getByTestId('line-quantity')
    const was = await lineQuantity.textContent()
    await line.getByRole('button', { name: 'Augmenter la quantité' }).click()
    await expect.poll(() => lineQuantity.textContent()).not.toBe(was)
    await line.getByRole('button', { name: 'Diminuer la quantité' }).click()
    await expect.poll(() => lineQuantity.textContent()).toBe(was)
    expect(await page.getByTestId('no-script-cart').count()).toBe(0)
    expect(await sameDocument()).toBe(true)
    expect((await context.cookies()).some((c) => c.name === 'etal_panier')).toBe(false)
    await shot(page, 'before-script/cart-with-script-390')
    await context.close()
  })
})
