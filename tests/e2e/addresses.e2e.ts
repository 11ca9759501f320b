import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { deliveryAddresses, orders } from '../../src/server/db/schema'
import { createUser, PASSWORD } from '../factories'
import {
  demoUser,
  DESKTOP,
  loginAt,
  newPage,
  PHONE,
  plain,
  seriousViolations,
  shot,
  e2eApp,
  waitingForReact,
} from './harness'

// docs/rules/people.md#delivery-addresses: a client saves its address while ordering (with a
// landmark and its phone's location, on a tap), finds it preselected the next time, and the
// driver reads the landmark and opens the spot in its maps; the account page lists, adds, edits
// and removes addresses.

const e = e2eApp()

// Keur Massar, where the client says it is when it taps "Utiliser ma position actuelle".
const SPOT = { latitude: 14.781235, longitude: -17.312346 }
const MAPS = `https://www.google.com/maps/search/?api=1&query=${SPOT.latitude},${SPOT.longitude}`
const LANDMARK = 'En face de la pharmacie Keur Massar'

async function addFilet(page: Page) {
  await page.goto('/products')
  await page.getByLabel('Rechercher un produit').fill('filet de')
  await expect.poll(() => page.getByTestId('product-card').count()).toBe(1)
  const card = page.getByTestId('product-card').filter({ hasText: 'Filet de bœuf' })
  await card.getByRole('button', { name: 'Augmenter la quantité' }).click()
  await card.getByRole('button', { name: 'Ajouter Filet de bœuf au panier' }).click()
  await page.goto('/cart')
}

async function signedInClient(viewport = PHONE) {
  const client = await createUser(e.t.db, { role: 'client', country: 'SN', displayName: 'Awa Diop' })
  const context = await e.browser.newContext({
    baseURL: e.baseUrl,
    viewport,
    locale: 'fr-FR',
    // The browser asks before it gives the position; the test's person says yes.
    geolocation: SPOT,
    permissions: ['geolocation'],
  })
  const page = waitingForReact(await context.newPage())
  page.setDefaultTimeout(15_000)
  await loginAt(page, '/client/login', client.email, PASSWORD)
  await page.waitForURL('**/dashboard')
  return { client, context, page }
}

describe('addresses that work without street names', () => {
  it('at 390 px: saved while ordering, preselected the next time, read by the driver with a maps link', async () => {
    const { client, context, page } = await signedInClient()
    await addFilet(page)
    // No saved address yet: the typed form, with the landmark, the position and "Enregistrer".
    await expect.poll(() => page.getByLabel('Ville').locator('option').count()).toBeGreaterThan(1)
    expect(await page.getByTestId('saved-addresses').count()).toBe(0)
    await page.getByLabel('Ville').selectOption({ label: 'Dakar' })
    await expect.poll(() => page.getByLabel('Zone').locator('option').count()).toBeGreaterThan(1)
    await page.getByLabel('Zone').selectOption({ label: 'Almadies' })
    await page.getByLabel('Adresse de livraison').fill('Cité Fadia, villa 12')
    await page.getByLabel('Repère (facultatif)').fill(LANDMARK)
    await page.getByLabel('Autre téléphone (facultatif)').fill('70 555 12 34')
    await page.getByRole('button', { name: 'Utiliser ma position actuelle' }).click()
    await expect.poll(() => page.getByTestId('delivery-point-value').textContent()).toContain('14.78124')
    await page.getByLabel('Enregistrer cette adresse pour mes prochaines commandes').check()
    expect(await page.getByLabel('Nom de l’adresse').inputValue()).toBe('Maison')
    await shot(page, 'addresses-cart-new-390')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Confirmer la commande' }).click()
    await page.waitForURL(/\/order-confirmation\/\d+$/)
    const first = Number(new URL(page.url()).pathname.split('/').pop())
    await expect
      .poll(async () => plain(await page.locator('main').textContent()))
      .toContain(`Repère : ${LANDMARK}`)
    expect(await page.getByTestId('map-point-link').getAttribute('href')).toBe(MAPS)

    const saved = await e.t.db.select().from(deliveryAddresses).where(eq(deliveryAddresses.userId, client.id))
    expect(saved).toHaveLength(1)
    expect(saved[0]).toMatchObject({
      label: 'Maison',
      landmark: LANDMARK,
      secondPhone: '+221 70 555 12 34',
      ...SPOT,
    })

    // The next order: "Maison" first and chosen; only the phone and notes are asked.
    await addFilet(page)
    const maison = page.getByRole('radio', { name: /Maison/ })
    await expect.poll(() => maison.isChecked()).toBe(true)
    expect(await page.getByLabel('Ville').count()).toBe(0)
    await shot(page, 'addresses-cart-saved-390')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Confirmer la commande' }).click()
    await page.waitForURL(/\/order-confirmation\/\d+$/)
    const second = Number(new URL(page.url()).pathname.split('/').pop())
    expect(second).not.toBe(first)
    const [stored] = await e.t.db.select().from(orders).where(eq(orders.id, second))
    expect(stored).toMatchObject({
      deliveryAddress: 'Cité Fadia, villa 12',
      zoneName: 'Almadies',
      deliveryLandmark: LANDMARK,
      deliverySecondPhone: '+221 70 555 12 34',
      deliveryLatitude: SPOT.latitude,
      deliveryLongitude: SPOT.longitude,
    })
    await context.close()

    // The driver's card: the landmark, and the spot in its maps.
    const driver = await demoUser(e, 'livreur@etal.demo')
    await e.t.db
      .update(orders)
      .set({ status: 'in_delivery', deliveryDriverId: driver.id })
      .where(eq(orders.id, second))
    const d = await newPage(e, PHONE)
    await loginAt(d.page, '/delivery/login', 'livreur@etal.demo')
    await d.page.waitForURL((u) => u.pathname === '/dashboard')
    const card = d.page.getByTestId(`delivery-order-${second}`)
    await expect.poll(() => card.isVisible()).toBe(true)
    expect(plain(await card.getByTestId('delivery-landmark').textContent())).toBe(`Repère : ${LANDMARK}`)
    expect(await card.getByTestId('map-point-link').getAttribute('href')).toBe(MAPS)
    expect(plain(await card.textContent())).toContain('Autre téléphone')
    await card.scrollIntoViewIfNeeded()
    await shot(d.page, 'addresses-driver-390')
    await d.context.close()
  })

  for (const [viewport, name] of [
    [PHONE, '390'],
    [DESKTOP, '1280'],
  ] as const) {
    it(`at ${name} px: the account page lists, adds, edits and removes addresses; axe-clean`, async () => {
      const { client, context, page } = await signedInClient(viewport)
      await page.getByRole('button', { name: 'Ajouter une adresse' }).click()
      const dialog = page.getByRole('dialog', { name: 'Ajouter une adresse' })
      await dialog.waitFor()
      // Bad input: French messages on the fields, nothing written.
      await dialog.getByRole('button', { name: 'Ajouter l’adresse' }).click()
      await dialog.getByText('Donnez un nom à cette adresse (ex. Maison, Bureau).').waitFor()
      await dialog.getByText('La ville est requise.').waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await dialog.getByLabel('Nom de l’adresse').fill('Bureau')
      await expect.poll(() => dialog.getByLabel('Ville').locator('option').count()).toBeGreaterThan(1)
      await dialog.getByLabel('Ville').selectOption({ label: 'Dakar' })
      await expect.poll(() => dialog.getByLabel('Zone').locator('option').count()).toBeGreaterThan(1)
      await dialog.getByLabel('Zone').selectOption({ label: 'Plateau' })
      await dialog.getByLabel('Adresse', { exact: true }).fill('Immeuble Kër Gi, 3e étage')
      await dialog.getByLabel('Repère (facultatif)').fill('Derrière la grande mosquée')
      await dialog.getByLabel('Autre téléphone (facultatif)').fill('12')
      await dialog.getByRole('button', { name: 'Utiliser ma position actuelle' }).click()
      await dialog.getByText('Position enregistrée').waitFor()
      await dialog.getByRole('button', { name: 'Ajouter l’adresse' }).click()
      // The server reads the phone: refused on its field, nothing written.
      await dialog.getByText(/^Numéro de téléphone invalide/).waitFor()
      expect(
        await e.t.db.select().from(deliveryAddresses).where(eq(deliveryAddresses.userId, client.id)),
      ).toEqual([])
      await shot(page, `addresses-dialog-${name}`)
      await dialog.getByLabel('Autre téléphone (facultatif)').fill('76 000 11 22')
      await dialog.getByRole('button', { name: 'Ajouter l’adresse' }).click()
      await dialog.waitFor({ state: 'detached' })
      const item = page.getByRole('list', { name: 'Adresses enregistrées' }).getByRole('listitem')
      await expect.poll(() => item.count()).toBe(1)
      expect(plain(await item.textContent())).toContain('Repère : Derrière la grande mosquée')
      expect(plain(await item.textContent())).toContain('+221 76 000 11 22')
      // Once the toast has gone (it is the toaster's, as everywhere).
      await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' })
      await shot(page, `addresses-account-${name}`)
      expect(await seriousViolations(page)).toEqual([])

      // Edit: the label changes.
      await item.getByRole('button', { name: 'Modifier l’adresse Bureau' }).click()
      const edit = page.getByRole('dialog', { name: 'Modifier l’adresse « Bureau »' })
      await edit.getByLabel('Nom de l’adresse').fill('Travail')
      await edit.getByRole('button', { name: 'Enregistrer' }).click()
      await edit.waitFor({ state: 'detached' })
      await expect.poll(async () => plain(await item.textContent())).toContain('Travail')

      // The checkout offers it first, chosen.
      await addFilet(page)
      await expect.poll(() => page.getByRole('radio', { name: /Travail/ }).isChecked()).toBe(true)
      await shot(page, `addresses-cart-${name}`)
      await page.goto('/dashboard')
      await expect.poll(() => item.count()).toBe(1)

      // Remove: asked first; "Annuler" keeps it.
      await item.getByRole('button', { name: 'Supprimer l’adresse Travail' }).click()
      const confirm = page.getByRole('alertdialog', { name: 'Supprimer l’adresse « Travail » ?' })
      await confirm.waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await confirm.getByRole('button', { name: 'Annuler' }).click()
      expect(await item.count()).toBe(1)
      await item.getByRole('button', { name: 'Supprimer l’adresse Travail' }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click()
      await expect.poll(() => item.count()).toBe(0)
      await page.getByText('Aucune adresse enregistrée.', { exact: false }).waitFor()
      await context.close()
    })
  }
})
