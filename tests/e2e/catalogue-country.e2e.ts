import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DESKTOP, loginAt, newPage, PHONE, shot, e2eApp } from './harness'

/**
 * Each one sees its own country's catalogue (docs/rules/catalogue.md#catalogue), and the product
 * search ignores accents, case and ligatures (docs/rules/catalogue.md#search).
 */
const e = e2eApp()

const cards = (page: Page) => page.getByTestId('product-card')
const cardTexts = async (page: Page) =>
  (await cards(page).allTextContents()).map((s) => s.replace(/\s+/g, ' '))
/** Every card's country badge, once the cards shown are all of one country. */
async function onlyCountry(page: Page, country: string, others: string[]) {
  await expect
    .poll(async () => {
      const texts = await cardTexts(page)
      return (
        texts.length > 0 && texts.every((t) => t.includes(country) && others.every((o) => !t.includes(o)))
      )
    })
    .toBe(true)
}
const activeCountries = async (page: Page) =>
  page.evaluate(async () =>
    (
      (await (await fetch('/_api/countries')).json()) as { json: { countries: { name: string }[] } }
    ).json.countries.map((c) => c.name),
  )

describe("a visitor's country", () => {
  it('is chosen once among the active countries, kept on the device across a reload, and changed on the home page', async () => {
    const { page, context } = await newPage(e, PHONE)
    await page.goto('/products')
    // Before any choice: every country's products.
    await expect.poll(() => cards(page).count()).toBeGreaterThan(8)
    const select = page.getByLabel('Votre pays')
    await expect.poll(() => select.isEnabled()).toBe(true)
    expect(await select.locator('option:checked').textContent()).toBe('Tous les pays')
    const options = await select.locator('option').allTextContents()
    expect(options).toEqual(['Tous les pays', ...(await activeCountries(page))])
    expect(options.slice(1)).toEqual([...options.slice(1)].sort(new Intl.Collator('fr').compare))

    await select.selectOption({ label: 'Sénégal' })
    await onlyCountry(page, 'Sénégal', ['Mali', "Côte d'Ivoire", 'Cameroun'])
    await expect.poll(() => cards(page).count()).toBe(8)
    await shot(page, 'catalogue-country-products-390')

    // Remembered on this device: a reload shows Senegal's catalogue again.
    await page.reload()
    await expect
      .poll(() => page.getByLabel('Votre pays').locator('option:checked').textContent())
      .toBe('Sénégal')
    await onlyCountry(page, 'Sénégal', ['Mali'])
    await expect.poll(() => cards(page).count()).toBe(8)

    // The home page's products follow it, and it can be changed there.
    await page.goto('/')
    await expect
      .poll(() => page.getByLabel('Votre pays').locator('option:checked').textContent())
      .toBe('Sénégal')
    await onlyCountry(page, 'Sénégal', ['Mali'])
    await page.getByLabel('Votre pays').selectOption({ label: 'Mali' })
    await onlyCountry(page, 'Mali', ['Sénégal'])
    await shot(page, 'catalogue-country-home-390')
    await page.goto('/products')
    await onlyCountry(page, 'Mali', ['Sénégal'])
    await expect.poll(() => cards(page).count()).toBe(4)

    // Back to every country.
    await page.getByLabel('Votre pays').selectOption({ label: 'Tous les pays' })
    await expect.poll(() => cards(page).count()).toBeGreaterThan(8)
    expect(await page.evaluate(() => document.cookie)).not.toContain('etal-country=')
    await context.close()
  })

  it('finds the Bœuf products from "boeuf", and the accented names typed plain', async () => {
    const { page, context } = await newPage(e, DESKTOP)
    await page.goto('/products')
    await expect.poll(() => page.getByLabel('Votre pays').isEnabled()).toBe(true)
    await page.getByLabel('Votre pays').selectOption({ label: 'Sénégal' })
    await onlyCountry(page, 'Sénégal', ['Mali'])
    const search = page.getByLabel('Rechercher un produit')
    await search.fill('boeuf')
    await expect
      .poll(async () => (await cards(page).getByRole('heading').allTextContents()).sort())
      .toEqual(['Brochettes de bœuf (x10)', 'Filet de bœuf', 'Foie de bœuf', 'Viande de bœuf à braiser'])
    await shot(page, 'catalogue-search-boeuf-1280')
    await search.fill('COTELETTE')
    await expect
      .poll(async () => cards(page).getByRole('heading').allTextContents())
      .toEqual(['Côtelettes d’agneau'])
    await search.fill("d'agneau")
    await expect
      .poll(async () => cards(page).getByRole('heading').allTextContents())
      .toEqual(['Côtelettes d’agneau'])
    await search.fill('chevre')
    await expect
      .poll(async () => cards(page).getByRole('heading').allTextContents())
      .toEqual(['Viande de chèvre'])
    await search.fill('')
    await shot(page, 'catalogue-country-products-1280')
    await page.goto('/')
    await onlyCountry(page, 'Sénégal', ['Mali'])
    await shot(page, 'catalogue-country-home-1280')
    await context.close()
  })
})

describe("a signed-in client's country", () => {
  it("is its account's: a Senegal client sees only Senegal's products, whatever the device had chosen", async () => {
    const { page, context } = await newPage(e, PHONE)
    await page.goto('/')
    const mali = await page.evaluate(async () => {
      const { json } = (await (await fetch('/_api/countries')).json()) as {
        json: { countries: { id: number; name: string }[] }
      }
      return json.countries.find((c) => c.name === 'Mali')!.id
    })
    await page.evaluate((id) => (document.cookie = `etal-country=${id}; Path=/`), mali)
    await loginAt(page, '/client/login', 'client@etal.demo')
    await page.waitForURL('**/dashboard')
    await page.goto('/products')
    await onlyCountry(page, 'Sénégal', ['Mali', "Côte d'Ivoire", 'Cameroun'])
    await expect.poll(() => cards(page).count()).toBe(8)
    // No chooser: the account's country, said.
    const country = page.getByTestId('catalogue-country')
    await expect.poll(() => country.textContent()).toContain('Votre pays : Sénégal')
    expect(await page.getByLabel('Votre pays').count()).toBe(0)
    // Another country's product is not offered at all.
    await page.getByLabel('Rechercher un produit').fill('mouton entier')
    await expect.poll(() => page.getByText('Aucun produit trouvé').isVisible()).toBe(true)
    await page.getByLabel('Rechercher un produit').fill('')
    await shot(page, 'catalogue-client-products-390')
    await page.goto('/')
    await onlyCountry(page, 'Sénégal', ['Mali'])
    // The device now remembers the client's country, for the next visit.
    const kept = await page.evaluate(() => /(?:^|; )etal-country=(\d+)/.exec(document.cookie)?.[1])
    expect(kept).toBeDefined()
    expect(kept).not.toBe(String(mali))
    await context.close()
  })
})
