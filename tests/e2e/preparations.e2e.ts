import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orderItems, productPreparations, products } from '../../src/server/db/schema'
import { DESKTOP, e2eApp, loginAt, newPage, PHONE, plain, seriousViolations, shot, SHOTS } from './harness'

/**
 * Preparations per line (docs/rules/orders.md#preparations): at 390 px a client orders "Gigot de
 * mouton, 1,5 kg, découpé en morceaux" (+300 F CFA/kg); staff read it on the weigh card's cut
 * list, weigh it, and the receipt says it. Staff set what a product offers in the back-office's
 * product dialog, and the storefront offers it (docs/rules/catalogue.md#preparations).
 */
const e = e2eApp()

describe('a preparation per line', () => {
  it(
    'a client orders a leg cut in pieces; the butcher reads it on the weigh slip and the receipt',
    { timeout: 240_000 },
    async () => {
      const client = await newPage(e, PHONE)
      const page = client.page
      await loginAt(page, '/client/login', 'client@etal.demo')
      await page.waitForURL('**/dashboard')
      await page.goto('/products')
      await page.getByLabel('Rechercher un produit').fill('gigot')
      await expect.poll(() => page.getByTestId('product-card').count()).toBe(1)
      const card = page.getByTestId('product-card').filter({ hasText: 'Gigot de mouton' })
      const picker = card.getByLabel('Préparation de Gigot de mouton')
      // The product's default is picked until the client picks another.
      expect(await picker.locator('option:checked').textContent()).toBe('Entier')
      await picker.selectOption({ label: 'Découpé en morceaux (+300 F CFA/kg)' })
      await card.getByRole('button', { name: 'Augmenter la quantité' }).click()
      await card.getByRole('button', { name: 'Ajouter Gigot de mouton au panier' }).click()
      await expect.poll(() => page.getByText('Gigot de mouton a été ajouté au panier').isVisible()).toBe(true)
      await shot(page, 'preparations-card-390')

      await page.goto('/cart')
      await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1)
      const line = page.getByTestId('cart-line')
      expect(plain(await line.getByTestId('line-quantity').textContent())).toBe('1,5 kg')
      expect(
        plain(await line.getByTestId('preparation-picker').locator('option:checked').textContent()),
      ).toBe('Découpé en morceaux (+300 F CFA/kg)')
      // (6 500 + 300) × 1,5 = 10 200
      expect(plain(await line.getByTestId('line-total').textContent())).toBe('10 200 F CFA')
      await page.getByLabel('Ville').selectOption({ label: 'Dakar' })
      await expect.poll(() => page.getByLabel('Zone').locator('option').count()).toBeGreaterThan(1)
      await page.getByLabel('Zone').selectOption({ label: 'Médina' })
      await page.getByLabel('Adresse de livraison').fill('Rue 6 x 11')
      expect(await seriousViolations(page)).toEqual([])
      await shot(page, 'preparations-cart-390')
      const confirm = page.getByRole('button', { name: 'Confirmer la commande' })
      await expect.poll(() => confirm.isDisabled()).toBe(false)
      await confirm.click()
      await page.waitForURL(/\/order-confirmation\/\d+$/)
      const orderId = Number(new URL(page.url()).pathname.split('/').pop())
      await expect.poll(() => page.getByTestId('order-line').count()).toBe(1)
      expect(plain(await page.getByTestId('order-line').textContent())).toContain(
        'Préparation : Découpé en morceaux (+300 F CFA/kg)',
      )
      const [stored] = await e.t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId))
      expect(stored).toMatchObject({
        productName: 'Gigot de mouton',
        quantity: 1.5,
        preparationName: 'Découpé en morceaux',
        preparationPrice: 300,
        unitPrice: 6800,
        totalPrice: 10_200,
      })
      await shot(page, 'preparations-confirmation-390')

      for (const [viewport, width] of [
        [DESKTOP, 1280],
        [PHONE, 390],
      ] as const) {
        const staff = await newPage(e, viewport)
        await loginAt(staff.page, '/employee/login', 'superadmin@etal.demo')
        await staff.page.waitForURL((u) => u.pathname === '/admin/dashboard')
        await staff.page.goto(`/admin/orders/${orderId}`)
        if (width === 1280) {
          await staff.page.getByLabel('Changer le statut').selectOption('in_preparation')
          await expect
            .poll(() => staff.page.getByText('Statut mis à jour : En préparation').isVisible())
            .toBe(true)
        }
        // The weigh slip: what to cut, then the weight of the line, named with its preparation.
        const cuts = staff.page.getByTestId('cut-list')
        await expect.poll(() => cuts.isVisible()).toBe(true)
        expect(plain(await cuts.textContent())).toContain('1,5 kg · Gigot de mouton · Découpé en morceaux')
        const weight = staff.page.getByLabel('Poids pesé — Gigot de mouton — Découpé en morceaux (kg)')
        if (width === 1280) {
          await weight.fill('1,62')
          await staff.page.getByRole('button', { name: 'Enregistrer la pesée' }).click()
          await expect.poll(() => staff.page.getByText('Pesée enregistrée.').isVisible()).toBe(true)
        } else expect(await weight.isVisible()).toBe(true)
        // The page as it stays: the toasts (a few seconds each) gone first.
        await expect
          .poll(() => staff.page.locator('[data-sonner-toast]').count(), { timeout: 15_000 })
          .toBe(0)
        expect(await seriousViolations(staff.page)).toEqual([])
        await shot(staff.page, `preparations-weigh-slip-${width}`)

        await staff.page.getByRole('link', { name: 'Imprimer le reçu' }).click()
        await staff.page.waitForURL(`**/admin/orders/${orderId}/receipt`)
        const receipt = staff.page.getByRole('article', { name: `Reçu de la commande n° ${orderId}` })
        await expect.poll(() => receipt.isVisible()).toBe(true)
        const text = plain(await receipt.textContent())
        expect(text).toContain('Gigot de mouton')
        expect(text).toContain('Préparation : Découpé en morceaux (+300 F CFA/kg)')
        // (6 500 + 300) × 1,62 = 11 016
        expect(text).toContain('pesé 1,62 kg')
        expect(text).toContain('11 016 F CFA')
        await shot(staff.page, `preparations-receipt-${width}`)
        await staff.context.close()
      }

      // The cart at 1280 px, for a look.
      const wide = await newPage(e, DESKTOP)
      await loginAt(wide.page, '/client/login', 'client@etal.demo')
      await wide.page.waitForURL('**/dashboard')
      await wide.page.goto('/products')
      await wide.page.getByLabel('Rechercher un produit').fill('gigot')
      await expect.poll(() => wide.page.getByTestId('product-card').count()).toBe(1)
      await wide.page.getByRole('button', { name: 'Ajouter Gigot de mouton au panier' }).click()
      await wide.page.goto('/cart')
      await expect.poll(() => wide.page.getByTestId('cart-line').count()).toBe(1)
      await shot(wide.page, 'preparations-cart-1280')
      await wide.context.close()
      await client.context.close()
    },
  )

  it(
    'staff set a product’s preparations in its dialog at 390 px; the storefront then offers them',
    { timeout: 240_000 },
    async () => {
      const NAME = 'Viande de chèvre'
      const [goat] = await e.t.db.select().from(products).where(eq(products.name, NAME))
      // The demo's goat offers nothing: its card has no picker until staff set one.
      expect(
        await e.t.db.select().from(productPreparations).where(eq(productPreparations.productId, goat!.id)),
      ).toEqual([])

      const staff = await newPage(e, PHONE)
      await loginAt(staff.page, '/employee/login', 'superadmin@etal.demo')
      await staff.page.waitForURL((u) => u.pathname === '/admin/dashboard')
      await staff.page.goto('/admin/products')
      await staff.page.getByRole('button', { name: `Modifier ${NAME}` }).click()
      const dialog = staff.page.getByRole('dialog', { name: 'Modifier le produit' })
      const field = dialog.getByTestId('product-preparations')
      // The country's list, each one a box to tick.
      await expect.poll(() => field.getByRole('checkbox').count()).toBe(8)
      await field.getByRole('checkbox', { name: 'Découpé en morceaux' }).check()
      await field.getByRole('checkbox', { name: 'Haché' }).check()
      await field.getByLabel('Prix de Haché (F CFA/kg)').fill('250')
      await field.getByRole('radio', { name: 'Par défaut (Découpé en morceaux)' }).check()
      await field.scrollIntoViewIfNeeded()
      expect(await seriousViolations(staff.page)).toEqual([])
      // The screen as staff see it: a full-page shot stretches the page under the fixed dialog.
      await staff.page.screenshot({ path: `${SHOTS}/preparations-product-dialog-390.png` })
      await dialog.getByRole('button', { name: 'Enregistrer' }).click()
      await expect
        .poll(() => staff.page.getByText(`Le produit "${NAME}" a été mis à jour.`).isVisible())
        .toBe(true)
      await expect.poll(() => dialog.isVisible()).toBe(false)
      const stored = await e.t.db
        .select({ price: productPreparations.price, isDefault: productPreparations.isDefault })
        .from(productPreparations)
        .where(eq(productPreparations.productId, goat!.id))
      expect(stored.sort((a, b) => a.price - b.price)).toEqual([
        { price: 0, isDefault: true },
        { price: 250, isDefault: false },
      ])
      await staff.context.close()

      // A client's card offers them: the default picked, the other with its price per kg.
      const client = await newPage(e, PHONE)
      await loginAt(client.page, '/client/login', 'client@etal.demo')
      await client.page.waitForURL('**/dashboard')
      await client.page.goto('/products')
      await client.page.getByLabel('Rechercher un produit').fill('chèvre')
      await expect.poll(() => client.page.getByTestId('product-card').count()).toBe(1)
      const picker = client.page.getByTestId('product-card').getByLabel(`Préparation de ${NAME}`)
      await expect.poll(() => picker.isVisible()).toBe(true)
      expect((await picker.locator('option').allTextContents()).map(plain)).toEqual([
        'Découpé en morceaux',
        'Haché (+250 F CFA/kg)',
      ])
      expect(await picker.locator('option:checked').textContent()).toBe('Découpé en morceaux')
      await shot(client.page, 'preparations-storefront-offered-390')
      await client.context.close()
    },
  )
})
