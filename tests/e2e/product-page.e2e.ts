import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { formatMoney } from '../../src/shared/format'
import { DESKTOP, loginAt, newPage, PHONE, seriousViolations, shot, e2eApp } from './harness'

/**
 * A product's own page (docs/rules/catalogue.md#product-page) in Chromium at 390 px: a client
 * opens it from its card, finds the WhatsApp share link with the name, price and address, adds
 * the product to its cart from it; the page passes axe-core. Looked at in 390 and 1280 px.
 */
const e = e2eApp({ PUBLIC_ORIGIN: 'https://etal.example' })

const LOOKED_AT = process.env.PRODUCT_PAGE_SHOTS
async function look(page: Page, name: string) {
  await shot(page, name)
  if (LOOKED_AT) {
    mkdirSync(LOOKED_AT, { recursive: true })
    await page.screenshot({ path: `${LOOKED_AT}/${name}.png`, fullPage: true })
  }
}
const plain = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim()

describe('a product’s page', () => {
  it('opened from its card at 390 px: share link, add to cart, no serious axe violation', async () => {
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/client/login', 'client@etal.demo')
    await page.waitForURL('**/dashboard')
    await page.goto('/products')
    await page.getByLabel('Rechercher un produit').fill('filet de')
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(1)
    await page.getByTestId('product-card').getByRole('link', { name: 'Filet de bœuf' }).click()
    await page.waitForURL(/\/produits\/\d+-filet-de-boeuf$/)
    const path = new URL(page.url()).pathname
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Filet de bœuf')
    await expect.poll(() => page.title()).toBe('Filet de bœuf · Étal')

    // The share link: wa.me with the name, the price and the page's address on PUBLIC_ORIGIN.
    const href = (await page.getByTestId('share-whatsapp').getAttribute('href'))!
    expect(href.startsWith('https://wa.me/?text=')).toBe(true)
    const text = decodeURIComponent(href.slice('https://wa.me/?text='.length))
    expect(plain(text)).toContain('Filet de bœuf')
    expect(plain(text)).toContain(plain(formatMoney(9000)))
    expect(text).toContain(`https://etal.example${path}`)
    expect(await page.getByTestId('share-whatsapp').textContent()).toBe('Partager sur WhatsApp')

    // axe before the toast (and the cart's badge) of the add, which are the header's, not the page's.
    await page.waitForLoadState('networkidle')
    expect(await seriousViolations(page)).toEqual([])
    expect(await page.locator('h1').count()).toBe(1)

    await page.getByRole('button', { name: 'Augmenter la quantité' }).click()
    await page.getByRole('button', { name: 'Ajouter Filet de bœuf au panier' }).click()
    await expect.poll(() => page.getByText('Filet de bœuf a été ajouté au panier').isVisible()).toBe(true)
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1')
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('etal.shopping-cart') ?? '[]'))
    expect(cart).toMatchObject([{ name: 'Filet de bœuf', quantity: 1.5 }])
    await look(page, 'product-page-client-390')
    await context.close()
  })

  it('opened from a shared link by a visitor, at 390 and 1280 px: drawn from the HTML, old slug redirected', async () => {
    for (const [viewport, width] of [
      [PHONE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const { page, context } = await newPage(e, viewport)
      await page.goto('/products')
      const href = (await page.getByTestId('product-link').first().getAttribute('href'))!
      const id = /^\/produits\/(\d+)-/.exec(href)![1]
      // An old slug: the server answers 301 to the current address.
      await page.goto(`/produits/${id}-un-ancien-nom`)
      expect(new URL(page.url()).pathname).toBe(href)
      await expect.poll(() => page.getByTestId('product-page').isVisible()).toBe(true)
      await page.waitForLoadState('networkidle')
      expect(await seriousViolations(page)).toEqual([])
      await look(page, `product-page-visitor-${width}`)
      await context.close()
    }
  })
})
