import { readFileSync } from 'node:fs'
import { get } from 'node:http'
import { resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientDist } from '../../src/server/app'
import { DESKTOP, loginAt, newPage, PHONE, shot, startE2E, type E2E } from './harness'

/**
 * / and /products arrive with their products in the HTML, and the browser takes them over
 * without asking for them again (docs/decisions/0020).
 */
let e: E2E
let senegal: number
beforeAll(async () => {
  e = await startE2E()
  const res = await fetch(`${e.baseUrl}/_api/countries`)
  const { json } = (await res.json()) as { json: { countries: { id: number; name: string }[] } }
  senegal = json.countries.find((c) => c.name === 'Sénégal')!.id
})
afterAll(() => e?.close())

/** Watches a page: the storefront reads it makes, and what React says about hydration. */
function watch(page: Page) {
  const reads: string[] = []
  const sessions: string[] = []
  const hydration: string[] = []
  page.on('request', (r) => {
    if (/\/_api\/(products|featured)\b/.test(new URL(r.url()).pathname)) reads.push(r.url())
    if (new URL(r.url()).pathname === '/_api/auth/session') sessions.push(r.url())
  })
  page.on('console', (m) => {
    if (
      (m.type() === 'error' || m.type() === 'warning') &&
      /hydrat|did not match|react\.dev\/errors\/(418|419|421|422|423|425)\b/i.test(m.text())
    )
      hydration.push(m.text())
  })
  page.on('pageerror', (err) => hydration.push(String(err)))
  return { reads, sessions, hydration }
}
/** React holds the page once #root says it is ready (main.tsx). */
const hydrated = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.getElementById('root')!.dataset.ready === 'true')).toBe(true)

describe('the first HTML', () => {
  it('shows the chosen country’s products and prices with JavaScript disabled', async () => {
    const context = await e.browser.newContext({
      baseURL: e.baseUrl,
      viewport: PHONE,
      javaScriptEnabled: false,
    })
    await context.addCookies([{ name: 'etal-country', value: String(senegal), url: e.baseUrl }])
    const page = await context.newPage()
    await page.goto('/products')
    const cards = page.getByTestId('product-card')
    expect(await cards.count()).toBe(8)
    const texts = (await cards.allTextContents()).map((s) => s.replace(/\s+/g, ' '))
    expect(texts.every((t) => t.includes('Sénégal') && /\d F CFA/.test(t))).toBe(true)
    expect(texts.join()).toContain('Filet de bœuf')
    await shot(page, 'first-html-no-js-390')
    await page.setViewportSize(DESKTOP)
    await shot(page, 'first-html-no-js-1280')
    await context.close()
  })

  it('is hydrated without a second read of the products nor a mismatch, and "Ajouter" works at once', async () => {
    const { page, context } = await newPage(e, PHONE)
    await context.addCookies([{ name: 'etal-country', value: String(senegal), url: e.baseUrl }])
    const seen = watch(page)
    await page.goto('/products')
    await hydrated(page)
    // A visitor's page holds its session (none): drawn signed out, nothing asked.
    await page.waitForLoadState('networkidle')
    expect(seen.sessions).toEqual([])
    expect(await page.getByRole('link', { name: 'Connexion' }).count()).toBeGreaterThan(0)
    await page.getByRole('button', { name: 'Ajouter Filet de bœuf au panier' }).click()
    // A visitor is sent to sign in, the product kept for after (lib/pending-cart-add.tsx).
    await page.waitForURL('**/client/login?redirect=*')
    await expect.poll(() => page.getByText('sera ajouté à votre panier').isVisible()).toBe(true)

    await page.goto('/')
    await hydrated(page)
    expect(await page.getByTestId('product-card').count()).toBeGreaterThan(0)
    expect(seen.hydration).toEqual([])
    expect(seen.reads).toEqual([])
    await context.close()
  })

  it('/products waits only for the catalogue’s code: its cards and "Ajouter", not the sign-in form nor the cart’s delivery form', async () => {
    // The code a phone downloads before /products answers a tap is the loader's list in the
    // page (docs/rules/phones-offline.md#phone-first-load): the checkout's other steps come later.
    const html = await (await fetch(`${e.baseUrl}/products`)).text()
    const files = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? [])]
    expect(files.length).toBeGreaterThan(1)
    const code = (await Promise.all(files.map(async (f) => (await fetch(`${e.baseUrl}${f}`)).text()))).join(
      '\n',
    )
    // Booleans: a failure names what was found, not the page's whole code.
    expect(/`Ajouter \$\{\w+\.name\} au panier`/.test(code), 'the card’s button').toBe(true)
    expect(code.includes('La connexion a échoué'), 'the sign-in form').toBe(false)
    expect(code.includes('Adresse de livraison'), 'the cart’s delivery form').toBe(false)
  })

  it('the service worker, the app’s shell and the offline page, which a first visit downloads, are sent as the build compressed them', async () => {
    // scripts/precompress.mjs: quality 11 by the build rather than the server's faster compression.
    for (const file of ['sw.js', 'index.html', 'offline.html']) {
      // node:http, which leaves the body as it was sent (fetch would decompress it).
      const { encoding, body } = await new Promise<{ encoding?: string; body: Buffer }>((ok, fail) =>
        get(`${e.baseUrl}/${file}`, { headers: { 'accept-encoding': 'br' } }, (res) => {
          const parts: Buffer[] = []
          res.on('data', (c: Buffer) => parts.push(c))
          res.on('end', () => ok({ encoding: res.headers['content-encoding'], body: Buffer.concat(parts) }))
        }).on('error', fail),
      )
      expect(encoding, file).toBe('br')
      expect(body.equals(readFileSync(resolve(clientDist, `${file}.br`))), file).toBe(true)
    }
  })

  it('a signed-in client who taps "Ajouter" before its session has answered gets the product, not the sign-in', async () => {
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/client/login', 'client@etal.demo')
    await page.waitForURL('**/dashboard')
    // A slow phone: the session's read answers long after the page is drawn and hydrated.
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    await page.route('**/_api/auth/session', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/products')
    await hydrated(page)
    await page.getByRole('button', { name: 'Ajouter Filet de bœuf au panier' }).click()
    release()
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1')
    expect(new URL(page.url()).pathname).toBe('/products')
    expect(await page.getByText('Vous devez être connecté').count()).toBe(0)
    await context.close()
  })

  it('asks for the session with the page, by its preload, and once', async () => {
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/client/login', 'client@etal.demo')
    await page.waitForURL('**/dashboard')
    await page.waitForLoadState('networkidle')
    // What /products asks for the session, from its HTML on: the link's preload (a fetch the
    // page's HTML starts, which Chromium calls "other"), and no read of the app's own after it.
    const sessions: string[] = []
    let loaded = false
    page.on('request', (r) => {
      if (r.resourceType() === 'document') loaded = true
      else if (loaded && new URL(r.url()).pathname === '/_api/auth/session') sessions.push(r.resourceType())
    })
    await page.goto('/products')
    await hydrated(page)
    await page.waitForLoadState('networkidle')
    expect(await page.getByText('Bonjour').count()).toBeGreaterThan(0)
    expect(sessions).toEqual(['other'])
    await context.close()
  })

  it('a signed-in client and staff pages hydrate without a mismatch; the client adds to its cart; staff see no shopping button, even before the code', async () => {
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/client/login', 'client@etal.demo')
    await page.waitForURL('**/dashboard')
    const seen = watch(page)
    await page.goto('/products')
    await hydrated(page)
    await expect.poll(() => page.getByTestId('catalogue-country').textContent()).toContain('Sénégal')
    await expect.poll(() => page.getByRole('button', { name: 'Déconnexion' }).count()).toBeGreaterThan(0)
    await page.getByRole('button', { name: 'Ajouter Filet de bœuf au panier' }).click()
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1')
    expect(seen.reads).toEqual([])
    // The home page and a product's page too, each the first page of a new visit (nothing in the
    // browser's cache): their parts hydrated after the session's answer came are hydrated as the
    // server drew them, then signed in (lib/session.ts, holdDrawnSession).
    for (const path of ['/', '/produits/1-filet-de-boeuf']) {
      const visit = await e.browser.newContext({
        baseURL: e.baseUrl,
        viewport: PHONE,
        storageState: await context.storageState(),
      })
      const fresh = await visit.newPage()
      const freshSeen = watch(fresh)
      await fresh.goto(path)
      await hydrated(fresh)
      await expect.poll(() => fresh.getByRole('button', { name: 'Déconnexion' }).count()).toBeGreaterThan(0)
      await fresh.waitForLoadState('networkidle')
      expect(freshSeen.hydration, path).toEqual([])
      await visit.close()
    }
    expect(seen.hydration).toEqual([])
    await context.close()

    const staff = await newPage(e, DESKTOP)
    await loginAt(staff.page, '/employee/login', 'admin@etal.demo')
    await staff.page.waitForURL('**/admin/**')
    const staffSeen = watch(staff.page)
    await staff.page.goto('/admin/orders-only')
    await hydrated(staff.page)
    await expect.poll(() => staff.page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0)
    // Staff open /products: the first HTML, before any code, has no shopping button for them.
    const before = await e.browser.newContext({
      baseURL: e.baseUrl,
      viewport: PHONE,
      javaScriptEnabled: false,
      storageState: await staff.context.storageState(),
    })
    const noJs = await before.newPage()
    await noJs.goto('/products')
    expect(await noJs.getByTestId('product-card').count()).toBeGreaterThan(0)
    expect(await noJs.getByRole('button', { name: /^Ajouter .* au panier$/ }).count()).toBe(0)
    expect(await noJs.getByText('Commande réservée aux clients').count()).toBeGreaterThan(0)
    // Nor does its header: no cart, no shop links (the header follows the same kind of caller).
    expect(await noJs.getByRole('link', { name: /^Panier/ }).count()).toBe(0)
    expect(await noJs.getByRole('link', { name: 'Produits', exact: true }).count()).toBe(0)
    await before.close()
    // And hydrated, the same page without a mismatch.
    await staff.page.goto('/products')
    await hydrated(staff.page)
    await expect.poll(() => staff.page.getByText('Commande réservée aux clients').count()).toBeGreaterThan(0)
    expect(await staff.page.getByRole('button', { name: /^Ajouter .* au panier$/ }).count()).toBe(0)
    expect(await staff.page.getByRole('link', { name: /^Panier/ }).count()).toBe(0)
    expect(seen.hydration).toEqual([])
    expect(staffSeen.hydration).toEqual([])
    await staff.context.close()
  })
})
