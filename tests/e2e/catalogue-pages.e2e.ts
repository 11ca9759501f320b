import { sql } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRODUCTS_PAGE_SIZE } from '../../src/shared/catalogue-pages'
import { countryByCode } from '../factories'
import {
  DESKTOP,
  francs,
  loginAt,
  newPage,
  PHONE,
  seriousViolations,
  shot,
  startE2E,
  type E2E,
} from './harness'

/**
 * A catalogue larger than a page (docs/rules/catalogue.md#catalogue, docs/decisions/0045): /products
 * arrives with its first page only, the next come as the list is scrolled or with 'Voir plus de
 * produits' (a keyboard, a browser without IntersectionObserver), a search finds a product no
 * page loaded yet, and the cart, which holds a product of no loaded page, still prices its line
 * and says its stock.
 */
let e: E2E
const IMPORTED = 100
const NEEDLE = 'Zébu fumé de Kayes'
beforeAll(async () => {
  e = await startE2E()
  const sn = (await countryByCode(e.t.db, 'SN')).id
  await e.t.db.execute(sql`
    insert into products (name, description, price_per_unit, unit_type, min_quantity, country_id, is_active)
    select 'Article importé n°' || lpad(n::text, 3, '0'), 'Importé pour le test.', 1000 + n, 'unit', 1, ${sn}::int, true
    from generate_series(1, ${IMPORTED}::int) n`)
  // Last in the catalogue's order: on no page a phone loads by itself.
  await e.t.db.execute(sql`
    insert into products (name, description, price_per_unit, unit_type, min_quantity, country_id, is_active)
    values (${NEEDLE}, 'Séché et fumé.', 7300, 'kg', 0.5, ${sn}::int, true)`)
  e.t.deps.storefrontCache.invalidate() // written straight to the database
})
afterAll(() => e?.close())

const cards = (page: Page) => page.getByTestId('product-card')

describe('a catalogue read a page at a time, at 390 px', () => {
  it('shows the first page from the HTML, loads more on scroll, finds beyond it, and the cart prices its line', async () => {
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/client/login', 'client@etal.demo')
    await page.waitForURL('**/dashboard')

    const products: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/_api/products') products.push(new URL(r.url()).search)
    })
    const response = await page.goto('/products')
    // The HTML holds the first page only: 24 cards, not 108.
    expect((await response!.text()).match(/data-testid="product-card"/g)).toHaveLength(PRODUCTS_PAGE_SIZE)
    await expect.poll(() => cards(page).count()).toBe(PRODUCTS_PAGE_SIZE)
    expect(products, 'the first page is not read again').toEqual([])
    await shot(page, 'catalogue-pages-first-390')

    // Scrolling to the end of the list reads the next page, and the one after while in view.
    await page.getByRole('button', { name: 'Voir plus de produits' }).scrollIntoViewIfNeeded()
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(2 * PRODUCTS_PAGE_SIZE)
    expect(products[0]).toContain('cursor=')
    const names = await cards(page).locator('h2').allTextContents()
    expect(new Set(names).size).toBe(names.length)
    await page.mouse.wheel(0, 100_000)
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(3 * PRODUCTS_PAGE_SIZE)
    expect((await seriousViolations(page)).join('\n')).toBe('')

    // A search for what no loaded page holds: answered by the server. The page is opened afresh,
    // since scrolling may have loaded the catalogue to its end.
    await page.goto('/products')
    await expect.poll(() => cards(page).count()).toBe(PRODUCTS_PAGE_SIZE)
    expect(await cards(page).filter({ hasText: NEEDLE }).count()).toBe(0)
    await page.getByLabel('Rechercher un produit').fill('zebu fume')
    await expect.poll(() => cards(page).count()).toBe(1)
    expect(await cards(page).locator('h2').textContent()).toBe(NEEDLE)
    expect(products.some((q) => q.includes('search=zebu'))).toBe(true)
    await shot(page, 'catalogue-pages-search-390')
    await cards(page)
      .getByRole('button', { name: `Ajouter ${NEEDLE} au panier` })
      .click()
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1')

    // A search nothing matches: the storefront's empty text.
    await page.getByLabel('Rechercher un produit').fill('mouton entier de Tombouctou')
    await expect.poll(() => page.getByText('Aucun produit trouvé').isVisible()).toBe(true)

    // The cart reads its own products by id, not the catalogue's pages.
    products.length = 0
    await page.goto('/cart')
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1)
    const line = page.getByTestId('cart-line')
    expect(await line.textContent()).toContain(NEEDLE)
    // 1 kg (a card's first quantity) at 7,300 F the kg.
    expect(await line.getByTestId('line-quantity').textContent()).toBe('1 kg')
    expect(francs(await line.getByTestId('line-total').textContent())).toBe(7300)
    await expect.poll(() => products.some((q) => q.startsWith('?ids='))).toBe(true)
    // Sold out meanwhile: the line says so, from that read.
    await e.t.db.execute(sql`update products set out_of_stock = true where name = ${NEEDLE}`)
    e.t.deps.storefrontCache.invalidate()
    await page.reload()
    await expect.poll(() => page.getByTestId('line-issue').textContent()).toContain(NEEDLE)
    await shot(page, 'catalogue-pages-cart-390')
    await e.t.db.execute(sql`update products set out_of_stock = false where name = ${NEEDLE}`)
    e.t.deps.storefrontCache.invalidate()
    await context.close()
  })

  it('without IntersectionObserver, or with the keyboard: ‘Voir plus de produits’ reads the next page', async () => {
    const { page, context } = await newPage(e, PHONE)
    await context.addInitScript(() => {
      // A browser without the observer: the button alone loads more.
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver
    })
    await page.goto('/products')
    await expect.poll(() => cards(page).count()).toBe(PRODUCTS_PAGE_SIZE)
    // A press before React has taken the page over would be lost (or posted, for "Ajouter").
    await page.waitForFunction(() => document.getElementById('root')?.dataset.ready === 'true')
    const more = page.getByRole('button', { name: 'Voir plus de produits' })
    await more.scrollIntoViewIfNeeded()
    await more.focus()
    await page.keyboard.press('Enter')
    // One page per press, exactly: nothing loads by itself.
    await expect.poll(() => cards(page).count()).toBe(2 * PRODUCTS_PAGE_SIZE)
    // The focus stays on the button, for the next page.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Voir plus de produits')
    await page.keyboard.press('Enter')
    await expect.poll(() => cards(page).count()).toBe(3 * PRODUCTS_PAGE_SIZE)
    await shot(page, 'catalogue-pages-more-390')
    await page.setViewportSize(DESKTOP)
    await shot(page, 'catalogue-pages-more-1280')
    await context.close()
  })
})
