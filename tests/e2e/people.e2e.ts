import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { contactMessages, orders, users } from '../../src/server/db/schema'
import { DESKTOP, loginAt, newPage, shot, e2eApp } from './harness'

const e = e2eApp()

describe('people and oversight', () => {
  it('root creates a super_admin for Mali, who signs in and creates a driver', async () => {
    const { page, context } = await newPage(e, DESKTOP)
    await loginAt(page, '/employee/login', 'root@etal.demo')
    await page.waitForURL('**/root/dashboard')
    await expect.poll(() => page.getByText('Répartition par pays').isVisible()).toBe(true)
    await expect.poll(() => page.getByRole('link', { name: 'Sénégal' }).isVisible()).toBe(true)
    await shot(page, 'root-dashboard-1280')

    await page.getByRole('button', { name: 'Créer un super admin' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Créer le super admin' }).click()
    await expect
      .poll(() => dialog.getByText("Le nom d'affichage doit contenir au moins 2 caractères.").isVisible())
      .toBe(true)
    await dialog.getByLabel('Nom complet').fill('Sali Coulibaly')
    await dialog.getByLabel('Email').fill('sali@etal.test')
    await dialog.getByLabel('Mot de passe').fill('motdepasse-mali')
    await dialog.getByLabel('Téléphone').fill('+223 70 12 34 56')
    await dialog.getByLabel('Pays').selectOption('Mali')
    await dialog.getByLabel('Ville').fill('Bamako')
    await dialog.getByRole('button', { name: 'Créer le super admin' }).click()
    await expect.poll(() => page.getByText('Super admin créé avec succès !').isVisible()).toBe(true)
    await page.getByLabel('Rechercher un super admin').fill('sali')
    await expect.poll(() => page.getByText('sali@etal.test').isVisible()).toBe(true)
    await context.close()

    const sa = await newPage(e)
    await loginAt(sa.page, '/admin/dashboard', 'sali@etal.test', 'motdepasse-mali')
    await expect.poll(() => sa.page.getByText('Pays : Mali').isVisible()).toBe(true)
    await expect
      .poll(() => sa.page.getByRole('link', { name: 'Créer un livreur' }).first().isVisible())
      .toBe(true)
    await shot(sa.page, 'admin-dashboard-390')
    await sa.page.goto('/admin/create-delivery-driver')
    await sa.page.getByLabel('Nom complet').fill('Moussa Livreur')
    await sa.page.getByLabel('Email').fill('moussa.livreur@etal.test')
    await sa.page.getByLabel('Mot de passe').fill('motdepasse-livreur')
    await sa.page.getByLabel('Téléphone').fill('+223 70 99 88 77')
    await sa.page.getByLabel('Ville').fill('Bamako')
    expect(await sa.page.getByLabel('Pays').inputValue()).toBe('Mali')
    await sa.page.getByRole('button', { name: 'Créer le livreur' }).click()
    await expect
      .poll(() => sa.page.getByText('L\'utilisateur "Moussa Livreur" a été créé avec succès.').isVisible())
      .toBe(true)
    await shot(sa.page, 'create-driver-390')
    const [driver] = await e.t.db.select().from(users).where(eq(users.email, 'moussa.livreur@etal.test'))
    expect(driver).toMatchObject({ role: 'delivery_driver', isActive: true })
    await sa.page.goto('/admin/users')
    await expect.poll(() => sa.page.getByText('moussa.livreur@etal.test').isVisible()).toBe(true)
    await shot(sa.page, 'admin-users-390')
    await sa.context.close()
  })

  it('root sets a client’s discount to 10 % and the client’s next order is 10 % cheaper', async () => {
    const { page, context } = await newPage(e, DESKTOP)
    await loginAt(page, '/employee/login', 'root@etal.demo')
    await page.waitForURL('**/root/dashboard')
    await page.goto('/root/users')
    await expect.poll(() => page.getByText('Gestion des Utilisateurs (Root)').isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Rabais de Aminata Ba' }).click()
    await page.getByLabel('Rabais (%)').fill('101')
    await page.getByRole('button', { name: 'Enregistrer' }).click()
    await expect
      .poll(() => page.getByText('Le rabais doit être compris entre 0 et 100.').isVisible())
      .toBe(true)
    await page.getByLabel('Rabais (%)').fill('10')
    await page.getByRole('button', { name: 'Enregistrer' }).click()
    await expect.poll(() => page.getByText('Rabais de Aminata Ba fixé à 10\u00a0%.').isVisible()).toBe(true)
    await expect
      .poll(() =>
        page
          .getByTestId(/user-row-/)
          .filter({ hasText: 'client@etal.demo' })
          .getByText('10 %')
          .isVisible(),
      )
      .toBe(true)
    await shot(page, 'root-users-1280')
    await context.close()

    // The client orders 2 × 'Poulet fermier entier' (4 500 F each) through the storefront.
    const c = await newPage(e)
    await loginAt(c.page, '/client/login', 'client@etal.demo')
    await c.page.waitForURL('**/dashboard')
    await c.page.goto('/products')
    await c.page.getByLabel('Rechercher un produit').fill('poulet fermier')
    await expect.poll(() => c.page.getByTestId('product-card').count()).toBe(1)
    const card = c.page.getByTestId('product-card').filter({ hasText: 'Poulet fermier entier' })
    await card.getByRole('button', { name: 'Augmenter la quantité' }).click()
    await card.getByRole('button', { name: 'Ajouter Poulet fermier entier au panier' }).click()
    await c.page.goto('/cart')
    await expect.poll(() => c.page.getByLabel('Ville').locator('option').count()).toBeGreaterThan(1)
    await c.page.getByLabel('Ville').selectOption({ label: 'Dakar' })
    await expect.poll(() => c.page.getByLabel('Zone').locator('option').count()).toBeGreaterThan(1)
    await c.page.getByLabel('Zone').selectOption({ index: 1 })
    await c.page.getByLabel('Adresse de livraison').fill('Villa 3, Sicap')
    await c.page.getByRole('button', { name: 'Confirmer la commande' }).click()
    await c.page.waitForURL(/\/order-confirmation\/\d+$/)
    const orderId = Number(new URL(c.page.url()).pathname.split('/').pop())
    await expect
      .poll(async () =>
        ((await c.page.getByTestId('total').first().textContent()) ?? '').replace(/\s+/g, ' '),
      )
      .toBe('8 100 F CFA')
    await shot(c.page, 'discounted-order-390')
    const [order] = await e.t.db.select().from(orders).where(eq(orders.id, orderId))
    expect(order).toMatchObject({
      subtotalAmount: 9000,
      discountPercent: 10,
      discountAmount: 900,
      totalAmount: 8100,
    })
    await c.context.close()
  })

  it('a visitor’s contact message appears to root as new, is read, processed and deleted', async () => {
    const visitor = await newPage(e)
    await visitor.page.goto('/contact')
    await visitor.page.getByLabel('Nom').fill('Awa Visiteuse')
    await visitor.page.getByLabel('Email').fill('awa@exemple.sn')
    await visitor.page.getByLabel('Sujet').fill('Livraison à Thiès')
    await visitor.page.getByLabel('Message').fill('Livrez-vous à Thiès le dimanche ?')
    await visitor.page.getByRole('button', { name: 'Envoyer le message' }).click()
    await expect.poll(() => visitor.page.getByText('Message envoyé !').isVisible()).toBe(true)
    await visitor.context.close()

    const { page, context } = await newPage(e)
    await loginAt(page, '/employee/login', 'root@etal.demo')
    await page.waitForURL('**/root/dashboard')
    await page.goto('/admin/contact-messages')
    const row = page.locator('tr', { hasText: 'Livraison à Thiès' })
    await expect.poll(() => row.getByTestId('message-status').textContent()).toBe('Nouveau')
    await expect.poll(() => row.isVisible()).toBe(true)
    // A new message cannot be deleted.
    expect(await row.getByRole('button', { name: /Supprimer/ }).count()).toBe(0)
    await row.getByRole('button', { name: /Voir le message/ }).click()
    await expect
      .poll(() => page.getByRole('dialog').getByText('Livrez-vous à Thiès le dimanche ?').isVisible())
      .toBe(true)
    await shot(page, 'contact-message-view-390')
    await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).first().click()

    await row.getByRole('combobox').selectOption('read')
    await expect.poll(() => page.getByText(/mis à jour avec le statut "Lu"/).isVisible()).toBe(true)
    await row.getByRole('combobox').selectOption('processed')
    await expect.poll(() => row.getByTestId('message-status').textContent()).toBe('Traité')
    await page.getByLabel('Statut', { exact: true }).selectOption('processed')
    await expect.poll(() => row.isVisible()).toBe(true)
    await shot(page, 'contact-messages-390')
    await row.getByRole('button', { name: /Supprimer/ }).click()
    await expect
      .poll(() => page.getByText('Cette action est irréversible.', { exact: false }).isVisible())
      .toBe(true)
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click()
    await expect.poll(() => row.count()).toBe(0)
    expect(
      await e.t.db.select().from(contactMessages).where(eq(contactMessages.subject, 'Livraison à Thiès')),
    ).toEqual([])
    await context.close()
  })
})
