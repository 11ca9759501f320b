import { describe, expect, it } from 'vitest'
import { DESKTOP, loginAt, newPage, PHONE, plain, seriousViolations, shot, e2eApp } from './harness'

// docs/rules/delivery.md#fees-before-the-cart: the delivery terms under the catalogue's header, each
// zone's fee in the cart, and the weigh-in's tolerance said for kg lines (docs/rules/orders.md#weigh-in).

const e = e2eApp()

describe('fees before the cart', () => {
  for (const [viewport, name] of [
    [PHONE, '390'],
    [DESKTOP, '1280'],
  ] as const) {
    it(`at ${name} px: the catalogue says what delivery costs; the cart each zone's fee and the weigh-in's tolerance`, async () => {
      const { page, context } = await newPage(e, viewport)
      await loginAt(page, '/client/login', 'client@etal.demo')
      await page.waitForURL('**/dashboard')
      await page.goto('/products')
      const line = page.getByTestId('delivery-terms')
      await expect.poll(async () => plain(await line.textContent())).toMatch(/^Livraison à .*Dakar.* : /)
      expect(plain(await line.textContent())).toContain('F CFA')
      await shot(page, `fees-catalogue-${name}`)
      expect(await seriousViolations(page)).toEqual([])

      await page.getByLabel('Rechercher un produit').fill('filet de')
      const card = page.getByTestId('product-card').filter({ hasText: 'Filet de bœuf' })
      await expect.poll(() => card.count()).toBe(1)
      await card.getByRole('button', { name: 'Ajouter Filet de bœuf au panier' }).click()
      await page.goto('/cart')
      await expect.poll(() => page.getByLabel('Ville').locator('option').count()).toBeGreaterThan(1)
      await page.getByLabel('Ville').selectOption({ label: 'Dakar' })
      const fees = page.getByTestId('zone-fees')
      await expect.poll(async () => plain(await fees.textContent())).toContain('Plateau : 1 000 F CFA')
      await expect
        .poll(async () => plain(await page.getByTestId('weigh-note').textContent()))
        .toBe(
          'La viande au kilo est pesée à la préparation : le total peut varier de 10 % au plus. Au-delà, nous vous demandons votre accord avant la livraison.',
        )
      await shot(page, `fees-cart-${name}`)
      expect(await seriousViolations(page)).toEqual([])
      await context.close()
    })
  }
})
