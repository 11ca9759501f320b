import { FIRST_PAGE_DATA_ID } from '@/shared/first-page'
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { clientDist } from '@/server/app'
import { eq } from 'drizzle-orm'
import { products } from '@/server/db/schema'
import { formatMoney } from '@/shared/format'
import { productPath } from '@/shared/product-links'
import { axeViolations, DESKTOP, loginAt, newPage, PHONE, plain, shot, e2eApp } from './harness'

/**
 * Installable and usable offline (docs/rules/phones-offline.md#offline, docs/decisions/0021): the built app's
 * service worker keeps the last catalogue seen, the cart stays on the device, a page the device
 * has no copy of shows the offline page, and a new version of the worker takes over at the next
 * visit.
 */
const e = e2eApp()

const cards = (page: Page) => page.getByTestId('product-card')
const cacheHolds = (page: Page, cache: string, path: string) =>
  page.evaluate(
    async ([name, p]) => (await (await caches.open(name)).keys()).some((r) => new URL(r.url).pathname === p),
    [cache, path] as const,
  )

const cacheNames = (page: Page, cache: string) =>
  page.evaluate(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url), cache)

describe('offline', () => {
  it('shows the last catalogue seen, keeps the cart, and shows the offline page for a page never seen', async () => {
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/client/login', 'client@etal.demo')
    await page.waitForURL('**/dashboard')
    // The worker installs after the first page's load and takes it over; that page, loaded before
    // it, hands over what it had fetched (src/client/lib/service-worker.ts).
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    await expect.poll(() => cacheHolds(page, 'etal-pages', '/client/login')).toBe(true)
    // The stylesheet the offline app links is the page's inlined copy, never downloaded again
    // (docs/decisions/0028).
    const stylesheet = await page.evaluate(() =>
      document.querySelector('style[data-href]')?.getAttribute('data-href'),
    )
    expect(stylesheet).toMatch(/^\/assets\/index-.*\.css$/)
    await expect.poll(() => cacheHolds(page, 'etal-assets', stylesheet!)).toBe(true)
    // Under the worker, / is still the server's page with its products, never the precached
    // index.html (which has none).
    await page.goto('/')
    expect(await page.evaluate((id) => document.getElementById(id) !== null, FIRST_PAGE_DATA_ID)).toBe(true)

    await page.goto('/products')
    await expect.poll(() => cards(page).count()).toBe(8)
    await expect.poll(() => cacheHolds(page, 'etal-pages', '/products')).toBe(true)
    // The page arrived with its catalogue in its HTML (docs/decisions/0020): its kept copy holds
    // the products, without a read of /_api/products (a navigation inside the app would keep that).
    expect(
      await page.evaluate(async () => (await (await caches.open('etal-pages')).match('/products'))?.text()),
    ).toContain(FIRST_PAGE_DATA_ID)
    expect(await cacheHolds(page, 'etal-account', '/_api/auth/session')).toBe(true)
    const names = await cards(page).locator('h2, h3').allTextContents()
    const first = names[0]!
    await cards(page)
      .first()
      .getByRole('button', { name: `Ajouter ${first} au panier` })
      .click()
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1')

    await context.setOffline(true)
    await page.reload()
    // The page and its products from the worker's copies; the cart from the device.
    await expect.poll(() => cards(page).count()).toBe(names.length)
    expect(await cards(page).locator('h2, h3').allTextContents()).toEqual(names)
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1')
    await shot(page, 'offline-products-390')

    // The cart, never opened online: the app itself, with the line kept on the device.
    await page.goto('/cart')
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1)
    expect(await page.getByTestId('cart-line').textContent()).toContain(first)

    // A page of an account, never kept: the offline page, in French, which says what works.
    await page.goto('/orders')
    await expect
      .poll(() => page.getByRole('heading', { name: 'Vous êtes hors connexion' }).isVisible())
      .toBe(true)
    const offlineText = (await page.locator('main').textContent())!.replace(/\s+/g, ' ')
    expect(offlineText).toContain('parcourir le dernier catalogue consulté')
    expect(offlineText).toContain('votre panier : il reste enregistré sur cet appareil')
    expect(offlineText).toContain('passer commande : il faut une connexion')
    expect(await page.title()).toBe('Hors connexion · Étal')
    expect((await axeViolations(page)).map((v) => v.id)).toEqual([])
    await shot(page, 'offline-page-390')
    await page.setViewportSize(DESKTOP)
    await shot(page, 'offline-page-1280')

    // Back online, a page comes from the network again; signing out drops the pages kept.
    await context.setOffline(false)
    await page.setViewportSize(PHONE)
    await page.goto('/orders')
    await expect.poll(() => page.getByRole('heading', { name: 'Vous êtes hors connexion' }).count()).toBe(0)
    const catalogueKept = await cacheNames(page, 'etal-catalogue')
    await page.getByRole('button', { name: 'Déconnexion' }).click()
    await expect.poll(() => page.getByRole('link', { name: 'Connexion' }).count()).toBeGreaterThan(0)
    // (The worker may open them again, empty: what matters is what they hold.)
    expect(await cacheNames(page, 'etal-pages')).toEqual([])
    expect(await cacheNames(page, 'etal-account')).toEqual([])
    // The public catalogue is nobody's: it stays.
    expect(await cacheNames(page, 'etal-catalogue')).toEqual(expect.arrayContaining(catalogueKept))
    await context.close()
  })

  it('keeps a product’s own page visited online: opened again offline, by its address or from the catalogue', async () => {
    // Found by a walk-through: the catalogue opened offline, a product's page visited just before
    // did not (only the storefront's pages were kept).
    // Two products of the catalogue's first page, as a visitor's /products links them.
    const listed = await (await fetch(`${e.baseUrl}/products`)).text()
    const ids = [...new Set([...listed.matchAll(/href="\/produits\/(\d+)-/g)].map((m) => Number(m[1])))]
    const productOf = async (id: number) => {
      const [row] = await e.t.db.select().from(products).where(eq(products.id, id))
      return { name: row!.name, path: productPath(row!), price: plain(formatMoney(row!.pricePerUnit)) }
    }
    const first = await productOf(ids[0]!)
    const second = await productOf(ids[1]!)
    const drawn = async (page: Page, p: typeof first) => {
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(p.name)
      await expect
        .poll(async () => plain(await page.getByTestId('product-page').textContent()))
        .toContain(p.price)
    }
    const { page, context } = await newPage(e, PHONE)
    // The first page of the visit is the product's (a shared link): loaded before the worker,
    // it hands its own HTML over once the worker has taken it.
    await page.goto(first.path)
    await drawn(page, first)
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    await expect.poll(() => cacheHolds(page, 'etal-pages', first.path)).toBe(true)
    // Another product's page, opened under the worker, and the catalogue.
    await page.goto(second.path)
    await drawn(page, second)
    await expect.poll(() => cacheHolds(page, 'etal-pages', second.path)).toBe(true)
    await page.goto('/products')
    await expect.poll(() => cards(page).count()).toBeGreaterThan(0)

    await context.setOffline(true)
    await page.goto(first.path)
    await drawn(page, first)
    await page.reload()
    await drawn(page, first)
    await shot(page, 'offline-product-page-390')
    await page.goto(second.path)
    await drawn(page, second)
    // From the catalogue's kept copy, by the card's link: the page's code and data kept too.
    await page.goto('/products')
    await expect.poll(() => cards(page).count()).toBeGreaterThan(0)
    await page.locator(`a[data-testid="product-link"][href="${first.path}"]`).click()
    await page.waitForURL(`**${first.path}`)
    await drawn(page, first)
    expect(await page.getByRole('heading', { name: 'Vous êtes hors connexion' }).count()).toBe(0)
    await context.close()
  })

  it('shows the offline page, with its links, for a public page never visited (/contact, /register), opened or reached by a link', async () => {
    // Found by the screen-by-screen walk-through: the app shell opened them, then could not load their code: a bare
    // "Impossible de charger la page" card with no header nor link.
    const { page, context } = await newPage(e, PHONE)
    await page.goto('/')
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    await context.setOffline(true)
    const offlinePage = async (path: string) => {
      await expect
        .poll(() => page.getByRole('heading', { name: 'Vous êtes hors connexion' }).isVisible())
        .toBe(true)
      expect(new URL(page.url()).pathname).toBe(path)
      expect(await page.getByText('Impossible de charger la page').count()).toBe(0)
      expect(await page.getByRole('link', { name: 'Voir le catalogue' }).isVisible()).toBe(true)
      expect(await page.getByRole('link', { name: 'Étal, accueil' }).isVisible()).toBe(true)
    }
    for (const path of ['/contact', '/register']) {
      await page.goto(path)
      await offlinePage(path)
      await shot(page, `offline-never-visited${path.replace('/', '-')}-390`)
    }
    // Inside the app (the home page, from its copy), a link to a page never loaded.
    await page.setViewportSize(DESKTOP)
    await page.goto('/')
    await expect.poll(() => page.getByRole('link', { name: 'Contact' }).first().isVisible()).toBe(true)
    await page.getByRole('link', { name: 'Contact' }).first().click()
    await offlinePage('/contact')
    await context.close()
  })

  it('takes a new version of the worker at the next visit, without a reload ritual', async () => {
    const { page, context } = await newPage(e, PHONE)
    await page.goto('/')
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    // Chromium's own verdict: the manifest, its icons and the worker make the shop installable
    // (a test's browser context is incognito, which alone forbids installing).
    const cdp = await context.newCDPSession(page)
    await expect
      .poll(async () =>
        (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors
          .map((e) => e.errorId)
          .filter((id) => id !== 'in-incognito'),
      )
      .toEqual([])
    const sw = await page.request.get('/sw.js')
    expect(sw.headers()['cache-control']).toBe('no-cache')
    expect(sw.headers()['content-type']).toMatch(/^(application|text)\/javascript/)

    // A new build's worker: other bytes at the same URL, and its Brotli copy beside it, as the
    // build writes both (scripts/precompress.mjs).
    const file = resolve(clientDist, 'sw.js')
    const original = readFileSync(file, 'utf8')
    const originalBr = readFileSync(`${file}.br`)
    try {
      const next = `${original}\nself.addEventListener('activate',e=>e.waitUntil(caches.open('etal-test-new-version')))\n`
      writeFileSync(file, next)
      writeFileSync(`${file}.br`, brotliCompressSync(next))
      await page.goto('/products')
      // Installed, activated and controlling this very tab, with no worker left waiting.
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const reg = await navigator.serviceWorker.getRegistration()
            return (
              (await caches.has('etal-test-new-version')) &&
              reg?.waiting === null &&
              reg.active !== null &&
              navigator.serviceWorker.controller?.state === 'activated'
            )
          }),
        )
        .toBe(true)
      await expect.poll(() => cards(page).count()).toBeGreaterThan(8)
    } finally {
      writeFileSync(file, original)
      writeFileSync(`${file}.br`, originalBr)
    }
    await context.close()
  })
})
