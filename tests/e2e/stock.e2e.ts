import { mkdirSync } from 'node:fs'
import { and, eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { countries, products } from '../../src/server/db/schema'
import { DEMO_DAILY, DEMO_SOLD_OUT } from '../../src/server/seed/demo-data'
import { DESKTOP, loginAt, newPage, PHONE, seriousViolations, shot, e2eApp } from './harness'

const e = e2eApp()

const SHOTS = '/tmp/shots-stock'
async function look(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
  await shot(page, name)
}

const card = (page: Page, name: string) =>
  page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name, exact: true }) })

describe('what is in stock (docs/rules/catalogue.md#stock)', () => {
  it('a product marked out of stock shows "Épuisé", cannot be added, and the cart holding it says which line changed', async () => {
    const goat = 'Viande de chèvre'
    const client = await newPage(e, PHONE)
    await loginAt(client.page, '/client/login', 'client@etal.demo')
    await client.page.waitForURL((u) => !u.pathname.includes('/login'))
    await client.page.goto('/products')

    // The demo's stock: the liver sold out today, the leg of mutton with 3 kg left.
    await expect.poll(() => card(client.page, DEMO_SOLD_OUT).getByTestId('sold-out').isVisible()).toBe(true)
    expect(
      await card(client.page, DEMO_SOLD_OUT)
        .getByRole('button', { name: /Ajouter/ })
        .count(),
    ).toBe(0)
    expect(await card(client.page, DEMO_DAILY).getByTestId('stock-left').textContent()).toBe(
      'Plus que 3 kg aujourd’hui',
    )

    expect(await seriousViolations(client.page)).toEqual([])

    // The client puts goat and 3 kg of mutton in the cart.
    await card(client.page, goat)
      .getByRole('button', { name: `Ajouter ${goat} au panier` })
      .click()
    const mutton = card(client.page, DEMO_DAILY)
    // From its minimum of 1 kg by 0.5 kg, up to what is left and no further.
    const more = mutton.getByRole('button', { name: 'Augmenter la quantité' })
    for (let i = 0; i < 4; i++) await more.click()
    expect(await mutton.getByTestId('card-quantity').textContent()).toBe('3 kg')
    expect(await more.isDisabled()).toBe(true)
    await mutton.getByRole('button', { name: `Ajouter ${DEMO_DAILY} au panier` }).click()
    await look(client.page, 'stock-products-390')

    // The super_admin marks the goat out of stock for today from the products table.
    const staff = await newPage(e, DESKTOP)
    await loginAt(staff.page, '/employee/login', 'superadmin@etal.demo')
    await staff.page.waitForURL((u) => u.pathname === '/admin/dashboard')
    await staff.page.goto('/admin/products')
    await staff.page.getByRole('button', { name: `Stock de ${goat}` }).click()
    const dialog = staff.page.getByRole('dialog')
    await dialog.getByLabel('Épuisé aujourd’hui').check()
    await look(staff.page, 'stock-dialog-1280')
    expect(await seriousViolations(staff.page)).toEqual([])
    await dialog.getByRole('button', { name: 'Enregistrer' }).click()
    await expect
      .poll(() => staff.page.getByText(`« ${goat} » est maintenant affiché épuisé.`).isVisible())
      .toBe(true)
    await expect
      .poll(() =>
        staff.page.getByRole('row').filter({ hasText: goat }).getByText('Épuisé aujourd’hui').isVisible(),
      )
      .toBe(true)
    await look(staff.page, 'stock-admin-products-1280')

    // Meanwhile the day's mutton drops to 2 kg (another sale): its line may be lowered.
    const [sn] = await e.t.db.select().from(countries).where(eq(countries.code, 'SN'))
    await e.t.db
      .update(products)
      .set({ dailyQuantity: 2 })
      .where(and(eq(products.name, DEMO_DAILY), eq(products.countryId, sn!.id)))
    e.t.deps.storefrontCache.invalidate()

    // The storefront: the goat is sold out and cannot be added.
    await client.page.goto('/products')
    await expect.poll(() => card(client.page, goat).getByTestId('sold-out').isVisible()).toBe(true)
    expect(
      await card(client.page, goat)
        .getByRole('button', { name: /Ajouter/ })
        .count(),
    ).toBe(0)

    // The cart marks both lines and says why; confirming waits until they are dealt with.
    await client.page.goto('/cart')
    const lines = client.page.getByTestId('cart-line')
    await expect.poll(() => client.page.locator('[data-changed="true"]').count()).toBe(2)
    const goatLine = lines.filter({ hasText: goat })
    expect(await goatLine.getByTestId('line-issue').textContent()).toContain(`« ${goat} » est épuisé.`)
    const muttonLine = lines.filter({ hasText: DEMO_DAILY })
    expect(await muttonLine.getByTestId('line-issue').textContent()).toContain(
      `Il ne reste que 2 kg de « ${DEMO_DAILY} » aujourd'hui.`,
    )
    expect(await client.page.getByTestId('confirm-missing').textContent()).toBe(
      'Retirez ou réduisez les articles signalés pour confirmer.',
    )
    await look(client.page, 'stock-cart-390')
    expect(await seriousViolations(client.page)).toEqual([])
    await client.page.setViewportSize(DESKTOP)
    await look(client.page, 'stock-cart-1280')
    await client.page.setViewportSize(PHONE)

    await muttonLine.getByRole('button', { name: 'Passer à 2 kg' }).click()
    await expect.poll(() => muttonLine.getByTestId('line-quantity').textContent()).toBe('2 kg')
    await goatLine.getByRole('button', { name: 'Retirer l’article' }).click()
    await expect.poll(() => lines.count()).toBe(1)
    await expect.poll(() => client.page.locator('[data-changed="true"]').count()).toBe(0)
    await client.context.close()
    await staff.context.close()
  }, 120_000)
})
