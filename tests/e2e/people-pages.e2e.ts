import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { users } from '../../src/server/db/schema'
import { DESKTOP, loginAt, newPage, PHONE, seriousViolations, shot, e2eApp } from './harness'

const e = e2eApp()

async function asRoot(viewport = DESKTOP) {
  const s = await newPage(e, viewport)
  await loginAt(s.page, '/employee/login', 'root@etal.demo')
  await s.page.waitForURL('**/root/dashboard')
  return s
}
const visible = (page: Page, text: string | RegExp) =>
  expect.poll(() => page.getByText(text).first().isVisible()).toBe(true)

describe('staff pages of people and oversight', () => {
  it('/admin/dashboard: the login form signed out; an admin is sent to orders-only, root to its dashboard', async () => {
    const { page, context } = await newPage(e)
    await page.goto('/admin/dashboard')
    await visible(page, 'Espace administrateur')
    await shot(page, 'admin-dashboard-login-390')
    await loginAt(page, '/admin/dashboard', 'admin@etal.demo')
    await page.waitForURL('**/admin/orders-only')
    await page.goto('/dashboard')
    await page.waitForURL('**/admin/orders-only')
    await context.close()
    const root = await asRoot(PHONE)
    await root.page.goto('/admin/dashboard')
    await root.page.waitForURL('**/root/dashboard')
    await shot(root.page, 'root-dashboard-390')
    await root.page.goto('/dashboard')
    await visible(root.page, 'Tableau de bord Root')
    await root.context.close()
  })

  it('root dashboard: the start-after-end message, the country filter, the country details', async () => {
    const { page, context } = await asRoot()
    await page.getByLabel('Date de début').fill('2030-02-01')
    await page.getByLabel('Date de fin').fill('2030-01-01')
    await visible(page, 'La date de début doit être antérieure à la date de fin')
    await page.getByLabel('Date de fin').fill('2030-03-01')
    await expect
      .poll(() => page.getByText('La date de début doit être antérieure à la date de fin').count())
      .toBe(0)
    await expect.poll(() => page.locator('[data-stat="Commandes"]').textContent()).toBe('Commandes0')
    await page.getByLabel('Date de début').fill('')
    await page.getByLabel('Date de fin').fill('')
    await page.getByLabel('Pays', { exact: true }).selectOption({ label: 'Mali' })
    await expect.poll(() => page.locator('table').first().locator('tbody tr').count()).toBe(1)
    await page.getByRole('link', { name: 'Mali' }).click()
    await page.waitForURL('**/admin/country-details/Mali')
    await visible(page, 'Bakary Traoré')
    await shot(page, 'country-details-1280')
    await context.close()
  })

  it('country details: users, orders, products and cities of the country, a city toggled', async () => {
    const { page, context } = await asRoot()
    await page.goto('/admin/country-details/S%C3%A9n%C3%A9gal')
    await expect.poll(() => page.locator('[data-stat="Commandes"]').textContent()).toMatch(/^Commandes\d+$/)
    await visible(page, 'Moussa Diop')
    await page.getByRole('tab', { name: 'Commandes' }).click()
    await expect.poll(() => page.getByRole('tabpanel').locator('tbody tr').count()).toBeGreaterThan(0)
    await page.getByRole('tabpanel').getByLabel('Statut').selectOption('delivered')
    await expect
      .poll(async () => (await page.getByRole('tabpanel').locator('tbody').textContent()) ?? '')
      .not.toMatch(/En attente|Annulée/)
    await shot(page, 'country-details-orders-1280')
    await page.getByRole('tab', { name: 'Produits' }).click()
    await visible(page, 'Filet de bœuf')
    await page.getByRole('tab', { name: 'Villes' }).click()
    const city = page.getByRole('tabpanel').locator('tbody tr').first()
    const name = ((await city.locator('td').first().textContent()) ?? '').trim()
    await city.getByRole('switch').click()
    await visible(page, `La ville ${name} est maintenant inactive.`)
    await city.getByRole('switch').click()
    await visible(page, `La ville ${name} est maintenant active.`)
    await shot(page, 'country-details-cities-1280')
    await context.close()
  })

  it('users: an edit is shown at once and rolled back when refused; history opens from the row', async () => {
    const { page, context } = await asRoot()
    await page.goto('/root/users')
    await page.getByRole('button', { name: 'Modifier Aminata Ba' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Email').fill('admin@etal.demo')
    await dialog.getByRole('button', { name: 'Enregistrer' }).click()
    await visible(page, "Échec de la mise à jour de l'utilisateur: Cette adresse email est déjà utilisée.")
    await expect.poll(() => page.getByText('client@etal.demo').isVisible()).toBe(true)

    await page.getByRole('button', { name: 'Modifier Aminata Ba' }).click()
    await dialog.getByLabel('Pays').selectOption('Mali')
    expect(await dialog.getByLabel('Ville').inputValue()).toBe('')
    await dialog.getByLabel('Pays').selectOption('Sénégal')
    await dialog.getByLabel('Ville').fill('Rufisque')
    await dialog.getByLabel('Nom complet').fill('Aminata Ba Diop')
    await dialog.getByRole('button', { name: 'Enregistrer' }).click()
    await visible(page, 'Aminata Ba Diop')
    await visible(page, /Rufisque, Sénégal/)
    await page.getByRole('link', { name: 'Historique de Aminata Ba Diop' }).click()
    await visible(page, 'Historique de Aminata Ba Diop')
    await shot(page, 'user-history-1280')
    await context.close()
  })

  it('users: accounts sharing a phone number are marked, counted and listed alone on demand', async () => {
    // Two demo clients given one number, as before one account per number (a direct write).
    const shared = '+221 76 999 00 11'
    const emails = ['client@etal.demo', 'client.ml@etal.demo']
    const before = await e.t.db
      .select({ id: users.id, phone: users.phoneNumber })
      .from(users)
      .where(inArray(users.email, emails))
    await e.t.db.update(users).set({ phoneNumber: shared }).where(inArray(users.email, emails))
    try {
      for (const [viewport, name] of [
        [DESKTOP, '1280'],
        [PHONE, '390'],
      ] as const) {
        const { page, context } = await asRoot(viewport)
        await page.goto('/root/users')
        const banner = page.getByTestId('shared-phones')
        await expect
          .poll(() => banner.textContent())
          .toContain('2 comptes partagent leur numéro de téléphone avec un autre compte.')
        expect(await page.getByTestId('shares-phone').count()).toBe(2)
        await banner.getByRole('button', { name: 'Afficher ces comptes' }).click()
        await expect.poll(() => page.locator('[data-testid^="user-row-"]').count()).toBe(2)
        await shot(page, `users-shared-phones-${name}`)
        expect(await seriousViolations(page)).toEqual([])
        await banner.getByRole('button', { name: 'Afficher tous les comptes' }).click()
        await expect.poll(() => page.locator('[data-testid^="user-row-"]').count()).toBeGreaterThan(2)
        await context.close()
      }
    } finally {
      for (const u of before)
        await e.t.db.update(users).set({ phoneNumber: u.phone }).where(eq(users.id, u.id))
    }
  })

  it('an admin manages the clients and drivers of its country, not itself', async () => {
    const { page, context } = await newPage(e)
    await loginAt(page, '/employee/login', 'admin@etal.demo')
    await page.waitForURL('**/admin/orders-only')
    await page.goto('/admin/users-management')
    await visible(page, 'Ibrahima Fall')
    expect(await page.getByText('Moussa Diop').count()).toBe(0)
    expect(await page.getByText('Oumar Keïta').count()).toBe(0)
    await page.getByRole('switch', { name: 'Désactiver Ibrahima Fall' }).click()
    await visible(page, "Le statut de l'utilisateur a été mis à jour.")
    await page.getByRole('switch', { name: 'Activer Ibrahima Fall' }).click()
    await shot(page, 'users-management-390')
    await page.goto('/admin/users')
    await visible(page, /Access denied/)
    await context.close()
  })

  it('screens at both widths', async () => {
    for (const [vp, w] of [
      [PHONE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const { page, context } = await asRoot(vp)
      for (const [path, name, text] of [
        ['/root/users', 'root-users', 'Gestion des Utilisateurs (Root)'],
        ['/admin/users', 'admin-users-root', 'Ajouter un Livreur'],
        ['/admin/contact-messages', 'contact-messages', 'Statut'],
        ['/admin/create-delivery-driver', 'create-driver', 'Nouveau livreur'],
        ['/admin/country-details/S%C3%A9n%C3%A9gal', 'country-details-sn', 'Aminata Ba'],
      ] as const) {
        await page.goto(path)
        await visible(page, text)
        await shot(page, `${name}-${w}`)
      }
      await context.close()
    }
  })
})
