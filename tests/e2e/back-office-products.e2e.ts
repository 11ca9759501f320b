import type { Page } from 'playwright-core'
import superjson from 'superjson'
import { describe, expect, it } from 'vitest'
import { DESKTOP, loginAt, newPage, PHONE, shot, e2eApp } from './harness'
import { fillPlateauDelivery } from './cart-steps'

const e = e2eApp()

const visible = (page: Page, text: string | RegExp) =>
  page.getByText(text).filter({ visible: true }).first().isVisible()
type Product = {
  id: number
  name: string
  isActive: boolean
  countryName: string
  unitType: string
  minQuantity: number
}
const adminProducts = async (page: Page, query = '') =>
  superjson.deserialize<{ products: Product[] }>(
    await (await page.request.get(`/_api/admin/products${query}`)).json(),
  ).products
const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) })

describe('super_admin: its country’s catalogue', () => {
  it('creates a kg product (inactive), activates it; its country is fixed', async () => {
    const { page, context } = await newPage(e, DESKTOP)
    await loginAt(page, '/employee/login', 'superadmin@etal.demo')
    await page.waitForURL((u) => u.pathname === '/admin/dashboard')
    await page.goto('/admin/products')
    await expect.poll(() => visible(page, 'Filet de bœuf')).toBe(true)
    expect(await page.getByText('Statistiques par pays').count()).toBe(0)
    expect(await page.getByLabel('Tout sélectionner').count()).toBe(0)
    expect(await page.getByText('Mouton entier').count()).toBe(0)
    await shot(page, 'admin-products-super-1280')

    await page.getByRole('button', { name: 'Ajouter un produit' }).click()
    const dialog = page.getByRole('dialog')
    expect(await dialog.getByLabel('Pays').inputValue()).toBe('Sénégal')
    expect(await dialog.getByLabel('Pays').isDisabled()).toBe(true)
    await dialog.getByRole('button', { name: 'Ajouter le produit' }).click()
    await expect.poll(() => visible(page, 'Le nom doit contenir au moins 3 caractères.')).toBe(true)
    expect(await visible(page, 'Le prix doit être un nombre entier positif.')).toBe(true)
    await dialog.getByLabel('Nom du produit').fill('Entrecôte de bœuf')
    await dialog.getByLabel('Prix (F CFA)').fill('8000')
    await dialog.getByLabel('Unité').selectOption('kg')
    await dialog.getByLabel('Quantité minimale').fill('0.7')
    await expect.poll(() => dialog.getByLabel('Catégorie').locator('option').count()).toBeGreaterThan(1)
    await dialog.getByLabel('Catégorie').selectOption({ label: 'Bœuf' })
    await dialog.getByRole('button', { name: 'Ajouter le produit' }).click()
    await expect.poll(() => visible(page, 'La quantité minimale doit être un multiple de 0,5 kg.')).toBe(true)
    await dialog.getByLabel('Quantité minimale').fill('1.5')
    expect(await dialog.getByLabel('Actif (visible et commandable dans la boutique)').isChecked()).toBe(false)
    await shot(page, 'admin-product-dialog-1280')
    await dialog.getByRole('button', { name: 'Ajouter le produit' }).click()
    await expect.poll(() => visible(page, 'Le produit "Entrecôte de bœuf" a été créé.')).toBe(true)
    await expect.poll(() => row(page, 'Entrecôte de bœuf').getByText('Inactif').isVisible()).toBe(true)
    expect(await row(page, 'Entrecôte de bœuf').getByText('1,5 kg').isVisible()).toBe(true)
    expect(await row(page, 'Entrecôte de bœuf').getByText('Bœuf', { exact: true }).isVisible()).toBe(true)
    await page.getByRole('switch', { name: 'Activer le produit Entrecôte de bœuf' }).click()
    await expect.poll(() => visible(page, 'Le produit "Entrecôte de bœuf" est maintenant actif.')).toBe(true)
    await expect
      .poll(() => row(page, 'Entrecôte de bœuf').getByText('Actif', { exact: true }).isVisible())
      .toBe(true)
    const created = (await adminProducts(page)).find((p) => p.name === 'Entrecôte de bœuf')!
    expect(created).toMatchObject({
      isActive: true,
      countryName: 'Sénégal',
      unitType: 'kg',
      minQuantity: 1.5,
    })
    await context.close()

    // A client of Sénégal finds it in the catalogue and buys 2 kg of it through the storefront.
    const shopper = await newPage(e, PHONE)
    const sp = shopper.page
    await loginAt(sp, '/client/login', 'client@etal.demo')
    await sp.waitForURL((u) => u.pathname === '/dashboard')
    await sp.goto('/products')
    await sp.getByLabel('Rechercher un produit').fill('entrecôte')
    await expect.poll(() => sp.getByTestId('product-card').count()).toBe(1)
    const card = sp.getByTestId('product-card').filter({ hasText: 'Entrecôte de bœuf' })
    await card.getByRole('button', { name: 'Augmenter la quantité' }).click()
    await card.getByRole('button', { name: 'Ajouter Entrecôte de bœuf au panier' }).click()
    await expect.poll(() => visible(sp, 'Entrecôte de bœuf a été ajouté au panier')).toBe(true)
    await sp.goto('/cart')
    await fillPlateauDelivery(sp, 'Rue 12, Plateau')
    await sp.getByRole('button', { name: 'Confirmer la commande' }).click()
    await sp.waitForURL(/\/order-confirmation\/\d+$/)
    await expect.poll(() => sp.getByTestId('order-line').count()).toBe(1)
    const line = ((await sp.getByTestId('order-line').first().textContent()) ?? '').replace(/\s+/g, ' ')
    expect(line).toContain('Entrecôte de bœuf')
    expect(line).toContain('2 kg × 8 000 F CFA')
    expect(line).toContain('16 000 F CFA')
    await shot(sp, 'client-bought-kg-product-390')
    await shopper.context.close()
  })
})

describe('root: stats, filters, bulk actions, delete', () => {
  it('bulk-deactivates two products, moves one, deletes one', async () => {
    const { page, context } = await newPage(e, DESKTOP)
    await loginAt(page, '/employee/login', 'root@etal.demo')
    await page.waitForURL((u) => u.pathname === '/root/dashboard')
    await page.goto('/admin/products')
    await expect.poll(() => visible(page, 'Mouton entier')).toBe(true)

    await page.getByRole('button', { name: 'Statistiques par pays' }).click()
    const stats = page.getByRole('table', { name: 'Statistiques par pays' })
    await expect.poll(() => stats.getByRole('row').count()).toBe(5)
    expect(await stats.getByRole('row', { name: /Mali/ }).textContent()).toContain('4')

    await page.getByLabel('Filtrer par pays').selectOption('Mali')
    await expect.poll(() => page.getByRole('table', { name: 'Produits' }).getByRole('row').count()).toBe(5)
    await page.getByLabel('Sélectionner Mouton entier').check()
    await page.getByLabel('Sélectionner Poulet bicyclette').check()
    await expect.poll(() => visible(page, '2 produit(s) sélectionné(s)')).toBe(true)
    await shot(page, 'admin-products-root-bulk-1280')
    await page
      .getByRole('region', { name: 'Actions en masse' })
      .getByRole('button', { name: 'Désactiver' })
      .click()
    await expect.poll(() => visible(page, '2 produit(s) désactivé(s).')).toBe(true)
    await expect.poll(() => row(page, 'Mouton entier').getByText('Inactif').isVisible()).toBe(true)
    expect(await row(page, 'Poulet bicyclette').getByText('Inactif').isVisible()).toBe(true)
    expect(await page.getByRole('region', { name: 'Actions en masse' }).count()).toBe(0)
    const activeMali = (await adminProducts(page, '?country=mali&status=active')).map((p) => p.name)
    expect(activeMali).not.toContain('Mouton entier')
    expect(activeMali).not.toContain('Poulet bicyclette')
    // The storefront's catalogue no longer lists them.
    const visitor = await newPage(e, DESKTOP)
    await visitor.page.goto('/products')
    await expect.poll(() => visitor.page.getByTestId('product-card').count()).toBeGreaterThan(8)
    const names = await visitor.page.getByTestId('product-card').allTextContents()
    expect(names.some((n) => n.includes('Viande de bœuf avec os'))).toBe(true)
    expect(names.some((n) => n.includes('Mouton entier'))).toBe(false)
    expect(names.some((n) => n.includes('Poulet bicyclette'))).toBe(false)
    await visitor.page.getByLabel('Rechercher un produit').fill('mouton entier')
    await expect.poll(() => visible(visitor.page, 'Aucun produit trouvé')).toBe(true)
    await visitor.context.close()

    await page.getByLabel('Filtrer par statut').selectOption('active')
    await expect.poll(() => page.getByRole('table', { name: 'Produits' }).getByRole('row').count()).toBe(3)

    // Move one to Sénégal.
    await page.getByLabel('Sélectionner Viande de bœuf avec os').check()
    await page.getByLabel('Pays de destination').selectOption('Sénégal')
    await page.getByRole('button', { name: 'Déplacer', exact: true }).click()
    await expect.poll(() => visible(page, '1 produit(s) déplacé(s) vers Sénégal.')).toBe(true)
    await expect.poll(() => page.getByRole('table', { name: 'Produits' }).getByRole('row').count()).toBe(2)

    // Delete, with the irreversible confirmation.
    await page.getByRole('button', { name: 'Supprimer Capitaine de bœuf (faux-filet)' }).click()
    await expect.poll(() => visible(page, 'Supprimer ce produit ?')).toBe(true)
    await shot(page, 'admin-products-delete-1280')
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click()
    await expect
      .poll(() => visible(page, 'Le produit "Capitaine de bœuf (faux-filet)" a été supprimé.'))
      .toBe(true)
    await expect.poll(() => visible(page, 'Aucun produit ne correspond aux filtres')).toBe(true)
    expect((await adminProducts(page)).map((p) => p.name)).not.toContain('Capitaine de bœuf (faux-filet)')
    await context.close()
  })

  it('looks right at phone width', async () => {
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/employee/login', 'root@etal.demo')
    await page.waitForURL((u) => u.pathname === '/root/dashboard')
    await page.goto('/admin/products')
    await expect.poll(() => visible(page, 'Filet de bœuf')).toBe(true)
    await page.getByRole('button', { name: 'Statistiques par pays' }).click()
    await expect.poll(() => page.getByRole('table', { name: 'Statistiques par pays' }).isVisible()).toBe(true)
    await page.getByLabel('Sélectionner Filet de bœuf').check()
    await shot(page, 'admin-products-root-390')
    await page.getByRole('button', { name: 'Ajouter un produit' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Ajouter le produit' }).click()
    await page.getByRole('dialog').getByLabel('Nom du produit').fill('Côte de veau')
    await page.getByRole('dialog').getByLabel('Prix (F CFA)').fill('7000')
    await page.getByRole('dialog').getByRole('button', { name: 'Ajouter le produit' }).click()
    await expect.poll(() => visible(page, 'Veuillez sélectionner un pays.')).toBe(true)
    await shot(page, 'admin-product-dialog-390')
    await context.close()
  })
})
