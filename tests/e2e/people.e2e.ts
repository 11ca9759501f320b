import { and, eq } from 'drizzle-orm'
import superjson from 'superjson'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cities, contactMessages, countries, users, zones } from '../../src/server/db/schema'
import { DESKTOP, loginAt, newPage, shot, startE2E, type E2E } from './harness'

let e: E2E
beforeAll(async () => {
  e = await startE2E()
})
afterAll(() => e?.close())

describe('people and oversight (issue 6)', () => {
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
    await expect.poll(() => dialog.getByText("Le nom d'affichage doit contenir au moins 2 caractères.").isVisible()).toBe(true)
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
    await expect.poll(() => sa.page.getByRole('link', { name: 'Créer un livreur' }).first().isVisible()).toBe(true)
    await shot(sa.page, 'admin-dashboard-390')
    await sa.page.goto('/admin/create-delivery-driver')
    await sa.page.getByLabel('Nom complet').fill('Moussa Livreur')
    await sa.page.getByLabel('Email').fill('moussa.livreur@etal.test')
    await sa.page.getByLabel('Mot de passe').fill('motdepasse-livreur')
    await sa.page.getByLabel('Téléphone').fill('+223 70 99 88 77')
    await sa.page.getByLabel('Ville').fill('Bamako')
    expect(await sa.page.getByLabel('Pays').inputValue()).toBe('Mali')
    await sa.page.getByRole('button', { name: 'Créer le livreur' }).click()
    await expect.poll(() => sa.page.getByText('L\'utilisateur "Moussa Livreur" a été créé avec succès.').isVisible()).toBe(true)
    await shot(sa.page, 'create-driver-390')
    const [driver] = await e.t.db.select().from(users).where(eq(users.email, 'moussa.livreur@etal.test'))
    expect(driver).toMatchObject({ role: 'delivery_driver', isActive: true })
    await sa.page.goto('/admin/users')
    await expect.poll(() => sa.page.getByText('moussa.livreur@etal.test').isVisible()).toBe(true)
    await shot(sa.page, 'admin-users-390')
    await sa.context.close()
  })

  it('root sets a client’s discount to 10 % and the client’s next order is 10 % cheaper', async () => {
    const c = await newPage(e)
    await loginAt(c.page, '/client/login', 'client@etal.demo')
    await c.page.waitForURL('**/dashboard')
    // The same order before and after: the storefront's endpoint prices it (issue 3).
    const products = superjson.parse<{ products: { id: number; countryName: string; unitType: string; isActive: boolean }[] }>(
      await (await c.page.request.get('/_api/products')).text(),
    ).products
    const p = products.find((x) => x.countryName === 'Sénégal' && x.unitType === 'unit')!
    const [place] = await e.t.db
      .select({ zoneId: zones.id, city: cities.name })
      .from(zones)
      .innerJoin(cities, eq(cities.id, zones.cityId))
      .innerJoin(countries, eq(countries.id, cities.countryId))
      .where(and(eq(countries.name, 'Sénégal'), eq(zones.isActive, true), eq(cities.isActive, true)))
      .limit(1)
    const order = async () => {
      const res = await c.page.request.post('/_api/orders/create', {
        data: {
          items: [{ productId: p.id, quantity: 3 }],
          deliveryAddress: 'Rue 10',
          deliveryCity: place!.city,
          deliveryCountry: 'Sénégal',
          deliveryPhone: '+221 77 000 00 00',
          zoneId: place!.zoneId,
        },
      })
      expect(res.status()).toBe(201)
      return superjson.parse<{ order: { subtotalAmount: number; discountAmount: number; totalAmount: number } }>(await res.text()).order
    }
    const before = await order()
    expect(before.discountAmount).toBe(0)

    const { page, context } = await newPage(e, DESKTOP)
    await loginAt(page, '/employee/login', 'root@etal.demo')
    await page.waitForURL('**/root/dashboard')
    await page.goto('/root/users')
    await expect.poll(() => page.getByText('Gestion des Utilisateurs (Root)').isVisible()).toBe(true)
    await page.getByRole('button', { name: 'Rabais de Aminata Ba' }).click()
    await page.getByLabel('Rabais (%)').fill('101')
    await page.getByRole('button', { name: 'Enregistrer' }).click()
    await expect.poll(() => page.getByText('Le rabais doit être compris entre 0 et 100.').isVisible()).toBe(true)
    await page.getByLabel('Rabais (%)').fill('10')
    await page.getByRole('button', { name: 'Enregistrer' }).click()
    await expect.poll(() => page.getByText('Rabais de Aminata Ba fixé à 10 %.').isVisible()).toBe(true)
    await expect.poll(() => page.getByTestId(/user-row-/).filter({ hasText: 'client@etal.demo' }).getByText('10 %').isVisible()).toBe(true)
    await shot(page, 'root-users-1280')
    await context.close()

    const after = await order()
    expect(after.subtotalAmount).toBe(before.subtotalAmount)
    expect(after.discountAmount).toBe(Math.round(before.subtotalAmount / 10))
    expect(after.totalAmount).toBe(before.totalAmount - after.discountAmount)
    await c.context.close()
  })

  it('a visitor’s contact message appears to root as new, is read, processed and deleted', async () => {
    const visitor = await newPage(e)
    const sent = await visitor.page.request.post('/_api/contact', {
      data: { name: 'Awa Visiteuse', email: 'awa@exemple.sn', subject: 'Livraison à Thiès', message: 'Livrez-vous à Thiès le dimanche ?' },
    })
    expect(sent.status()).toBe(201)
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
    await expect.poll(() => page.getByRole('dialog').getByText('Livrez-vous à Thiès le dimanche ?').isVisible()).toBe(true)
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
    await expect.poll(() => page.getByText('Cette action est irréversible.', { exact: false }).isVisible()).toBe(true)
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click()
    await expect.poll(() => row.count()).toBe(0)
    expect(await e.t.db.select().from(contactMessages).where(eq(contactMessages.subject, 'Livraison à Thiès'))).toEqual([])
    await context.close()
  })
})
