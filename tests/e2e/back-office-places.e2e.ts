import type { Page } from 'playwright-core'
import superjson from 'superjson'
import { describe, expect, it } from 'vitest'
import { DESKTOP, loginAt, newPage, PHONE, shot, e2eApp } from './harness'

const e = e2eApp()

const visible = (page: Page, text: string | RegExp) =>
  page.getByText(text).filter({ visible: true }).first().isVisible()
const json = async <T>(page: Page, url: string): Promise<{ status: number; body: T }> => {
  const res = await page.request.get(url)
  const raw = await res.json()
  return {
    status: res.status(),
    body: (url.startsWith('/_api/auth') ? raw : superjson.deserialize(raw)) as T,
  }
}

describe('who may open these pages', () => {
  it('gives an admin no menu entry and refuses it the pages; a super_admin has no countries page', async () => {
    const { page, context } = await newPage(e, DESKTOP)
    await loginAt(page, '/employee/login', 'admin@etal.demo')
    await page.waitForURL((u) => u.pathname === '/admin/orders-only')
    for (const entry of ['Pays', 'Villes', 'Zones', 'Produits']) {
      expect(await page.getByRole('link', { name: entry, exact: true }).count()).toBe(0)
    }
    await page.goto('/admin/zones')
    await expect
      .poll(() => visible(page, /Access denied\. Your role \(admin\) lacks required permissions\./))
      .toBe(true)
    await context.close()

    const sa = await newPage(e, DESKTOP)
    await loginAt(sa.page, '/employee/login', 'superadmin@etal.demo')
    await sa.page.waitForURL((u) => u.pathname === '/admin/dashboard')
    await sa.page.goto('/admin/cities')
    const menu = sa.page.getByRole('navigation', { name: "Menu d'administration" })
    await expect.poll(() => menu.getByRole('link', { name: 'Produits', exact: true }).count()).toBe(1)
    expect(await menu.getByRole('link', { name: 'Villes', exact: true }).count()).toBe(1)
    expect(await menu.getByRole('link', { name: 'Zones', exact: true }).count()).toBe(1)
    expect(await menu.getByRole('link', { name: 'Pays', exact: true }).count()).toBe(0)
    await sa.page.goto('/admin/countries')
    await expect
      .poll(() => visible(sa.page, /Access denied\. Your role \(super_admin\) lacks required permissions\./))
      .toBe(true)
    await sa.context.close()
  })
})

describe('root: countries, cities and zones', () => {
  it('creates a country, a city and a zone; they reach the storefront’s choices', async () => {
    const { page, context } = await newPage(e, DESKTOP)
    await loginAt(page, '/employee/login', 'root@etal.demo')
    await page.waitForURL((u) => u.pathname === '/root/dashboard')

    // Countries: the menu leads there; an empty form shows the spec's messages.
    await page.goto('/admin/countries')
    await expect.poll(() => visible(page, 'Sénégal')).toBe(true)
    for (const entry of ['Pays', 'Villes', 'Zones', 'Produits']) {
      expect(
        await page
          .getByRole('navigation', { name: "Menu d'administration" })
          .getByRole('link', { name: entry, exact: true })
          .count(),
      ).toBe(1)
    }
    await shot(page, 'admin-countries-1280')
    await page.getByRole('button', { name: 'Ajouter un pays' }).click()
    await page.getByRole('button', { name: 'Ajouter le pays' }).click()
    await expect.poll(() => visible(page, 'Le nom du pays doit contenir au moins 2 caractères.')).toBe(true)
    expect(await visible(page, 'Le code doit contenir exactement 2 lettres.')).toBe(true)
    expect(await visible(page, 'Au moins un fournisseur Mobile Money est requis.')).toBe(true)
    await page.getByLabel('Nom du pays').fill('Ghana')
    await page.getByLabel('Code', { exact: true }).fill('gh')
    expect(await page.getByLabel('Code', { exact: true }).inputValue()).toBe('GH')
    await page.getByLabel('Devise').fill('ghs')
    await page.getByLabel('Indicatif').fill('+233')
    await page.getByLabel('Fournisseur 1', { exact: true }).fill('MTN MoMo')
    await page.getByRole('button', { name: 'Ajouter un fournisseur' }).click()
    await page.getByLabel('Fournisseur 2', { exact: true }).fill('Vodafone Cash')
    await shot(page, 'admin-country-dialog-1280')
    await page.getByRole('button', { name: 'Ajouter le pays' }).click()
    await expect.poll(() => visible(page, 'Le pays "Ghana" a été créé.')).toBe(true)
    await expect.poll(() => visible(page, 'MTN MoMo, Vodafone Cash')).toBe(true)
    // The list is read again after the toast: its new row arrives a moment later.
    await expect.poll(() => page.getByRole('row', { name: /Ghana/ }).getByText('GHS').isVisible()).toBe(true)

    // Cities: add Accra in Ghana.
    await page
      .getByRole('navigation', { name: "Menu d'administration" })
      .getByRole('link', { name: 'Villes', exact: true })
      .click()
    await expect.poll(() => visible(page, 'Dakar')).toBe(true)
    await page.getByRole('button', { name: 'Ajouter une ville' }).click()
    await page.getByRole('button', { name: 'Ajouter la ville' }).click()
    await expect.poll(() => visible(page, 'Le nom de la ville est requis.')).toBe(true)
    expect(await visible(page, 'Le pays est requis.')).toBe(true)
    await page.getByLabel('Nom de la ville').fill('Accra')
    await page.getByRole('dialog').getByLabel('Pays').selectOption('Ghana')
    await page.getByRole('button', { name: 'Ajouter la ville' }).click()
    await expect.poll(() => visible(page, 'La ville "Accra" a été créée.')).toBe(true)
    // The dialog leaves with an animation: until it is gone its own 'Pays' is on the page too.
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    await page.getByLabel('Pays', { exact: true }).selectOption('Ghana')
    await expect.poll(() => page.getByRole('row').count()).toBe(2)
    await shot(page, 'admin-cities-1280')

    // Zones: create Osu in Accra, a duplicate answers 409, the server-side search finds it.
    await page.goto('/admin/zones')
    await expect.poll(() => visible(page, 'Page 1 sur')).toBe(true)
    await page.getByRole('button', { name: 'Créer une zone' }).click()
    await page.getByLabel('Nom de la zone').fill('Osu')
    await page.getByRole('dialog').getByLabel('Ville').selectOption({ label: 'Accra (Ghana)' })
    await page.getByRole('button', { name: 'Créer la zone' }).click()
    await expect.poll(() => visible(page, 'La zone "Osu" a été créée.')).toBe(true)
    await page.getByRole('button', { name: 'Créer une zone' }).click()
    await page.getByLabel('Nom de la zone').fill('osu')
    await page.getByRole('dialog').getByLabel('Ville').selectOption({ label: 'Accra (Ghana)' })
    await page.getByRole('button', { name: 'Créer la zone' }).click()
    await expect
      .poll(() =>
        visible(page, 'Erreur lors de la création: Une zone portant ce nom existe déjà dans cette ville.'),
      )
      .toBe(true)
    await page.keyboard.press('Escape')
    await page.getByLabel('Rechercher une zone').fill('osu')
    await expect.poll(() => page.getByRole('row').count()).toBe(2)
    expect(await page.getByRole('row', { name: /Osu/ }).getByText('Ghana').isVisible()).toBe(true)
    await shot(page, 'admin-zones-search-1280')
    // Its switch says what it did, off then on again (the form's save says "enregistrée").
    await page.getByRole('switch', { name: 'Désactiver la zone Osu' }).click()
    await expect.poll(() => visible(page, 'La zone "Osu" est maintenant inactive.')).toBe(true)
    await page.getByRole('switch', { name: 'Activer la zone Osu' }).click()
    await expect.poll(() => visible(page, 'La zone "Osu" est maintenant active.')).toBe(true)

    // The storefront's checkout cascade (its public calls) now offers Ghana › Accra › Osu.
    const countries = await json<{ countries: { id: number; name: string; dialCode: string }[] }>(
      page,
      '/_api/countries',
    )
    const ghana = countries.body.countries.find((c) => c.name === 'Ghana')!
    expect(ghana.dialCode).toBe('+233')
    const cities = await json<{ cities: { id: number; name: string }[] }>(
      page,
      `/_api/cities?countryId=${ghana.id}`,
    )
    expect(cities.body.cities.map((c) => c.name)).toEqual(['Accra'])
    const zonesOf = async () =>
      (
        await json<{ zones: { name: string }[] }>(
          page,
          `/_api/zones/by-city?cityId=${cities.body.cities[0]!.id}`,
        )
      ).body.zones.map((z) => z.name)
    expect(await zonesOf()).toEqual(['Osu'])

    // A client of Ghana sees them in its checkout cascade: Ghana › Accra › Osu (a client is
    // offered only its own country, docs/rules/delivery.md#places). Root puts a Ghana product on sale
    // and the client registers in Ghana, both through the public calls.
    const post = (p: Page, url: string, body: unknown) =>
      p.evaluate(
        async ([u, b]) => {
          const res = await fetch(u as string, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(b),
          })
          return res.ok ? res.status : `${res.status} ${await res.text()}`
        },
        [url, body] as const,
      )
    expect(
      await post(page, '/_api/admin/products', {
        name: 'Pintade d’Accra',
        pricePerUnit: 4500,
        unitType: 'unit',
        minQuantity: 1,
        countryId: ghana.id,
        isActive: true,
      }),
    ).toBe(201)
    const shopper = await newPage(e, PHONE)
    await shopper.page.goto('/')
    expect(
      await post(shopper.page, '/_api/auth/register_with_password', {
        email: 'client.gh@etal.demo',
        password: 'Ghana-2026!',
        displayName: 'Kofi Mensah',
        phoneNumber: '+233 20 123 4567',
        city: 'Accra',
        country: 'Ghana',
      }),
    ).toBe(201)
    await shopper.page.goto('/products')
    await shopper.page.getByLabel('Rechercher un produit').fill('pintade')
    await expect.poll(() => shopper.page.getByTestId('product-card').count()).toBe(1)
    await shopper.page.getByRole('button', { name: 'Ajouter Pintade d’Accra au panier' }).click()
    await expect.poll(() => visible(shopper.page, 'Pintade d’Accra a été ajouté au panier')).toBe(true)
    const cascade = async () => {
      await shopper.page.goto('/cart')
      // Its own country only, chosen already.
      await expect
        .poll(() => shopper.page.getByLabel('Pays').locator('option').allTextContents())
        .toEqual(['Choisissez un pays', 'Ghana'])
      await shopper.page.getByLabel('Pays').selectOption({ label: 'Ghana' })
      await expect
        .poll(() => shopper.page.getByLabel('Ville').locator('option').allTextContents())
        .toEqual(['Choisissez une ville', 'Accra'])
      await shopper.page.getByLabel('Ville').selectOption({ label: 'Accra' })
      await expect.poll(() => shopper.page.getByLabel('Zone').isDisabled()).toBe(false)
      return shopper.page.getByLabel('Zone').locator('option').allTextContents()
    }
    expect(await cascade()).toEqual(['Choisissez une zone', 'Osu'])
    await shot(shopper.page, 'checkout-cascade-ghana-390')

    // Deactivated here, gone from the cascade at once: Accra has no active zone left, so it is
    // no longer offered, and the form says why.
    // Its answer is waited for, not its toast: the first switch's "inactive" toast may still show.
    const switched = page.waitForResponse((r) => r.url().endsWith('/_api/admin/zones/update'))
    await page.getByRole('switch', { name: 'Désactiver la zone Osu' }).click()
    expect((await switched).status()).toBe(200)
    await expect.poll(() => visible(page, 'La zone "Osu" est maintenant inactive.')).toBe(true)
    expect(await zonesOf()).toEqual([])
    await shopper.page.goto('/cart')
    await expect
      .poll(() => visible(shopper.page, 'Aucune ville de ce pays n’est desservie pour le moment.'))
      .toBe(true)
    expect(await shopper.page.getByLabel('Ville').locator('option').allTextContents()).toEqual([
      'Choisissez une ville',
    ])
    await shot(shopper.page, 'checkout-no-city-390')

    // Edit the country, then deactivate it: it leaves the storefront's countries at once.
    await page.goto('/admin/countries')
    await page.getByRole('button', { name: 'Modifier Ghana' }).click()
    expect(await page.getByLabel('Nom du pays').inputValue()).toBe('Ghana')
    await page.getByLabel('Devise').fill('ghc')
    await page.getByRole('button', { name: 'Enregistrer' }).click()
    await expect.poll(() => visible(page, 'Le pays "Ghana" a été mis à jour.')).toBe(true)
    await expect.poll(() => page.getByRole('row', { name: /Ghana/ }).getByText('GHC').isVisible()).toBe(true)
    await page.getByRole('switch', { name: 'Désactiver le pays Ghana' }).click()
    await expect.poll(() => visible(page, 'Le pays "Ghana" est maintenant inactif.')).toBe(true)
    await expect
      .poll(() => page.getByRole('row', { name: /Ghana/ }).getByText('Inactif').isVisible())
      .toBe(true)
    const after = await json<{ countries: { name: string }[] }>(page, '/_api/countries')
    expect(after.body.countries.map((c) => c.name)).not.toContain('Ghana')
    // The Ghana client is no longer offered a country to deliver to.
    await shopper.page.goto('/cart')
    await expect
      .poll(() => shopper.page.getByLabel('Pays').locator('option').allTextContents())
      .toEqual(['Choisissez un pays'])
    await shopper.context.close()
    await context.close()
  })

  it('pages zones by 20 and filters them, at phone width', async () => {
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/employee/login', 'superadmin@etal.demo')
    await page.waitForURL((u) => u.pathname === '/admin/dashboard')
    await page.goto('/admin/zones')
    await expect.poll(() => visible(page, 'Plateau')).toBe(true)
    // A super_admin sees only Sénégal: 6 zones, one page.
    expect(await page.getByRole('row').count()).toBe(7)
    expect(await page.getByText('Mali').count()).toBe(0)
    await page.getByRole('switch', { name: 'Désactiver la zone Almadies' }).click()
    await expect.poll(() => visible(page, 'La zone "Almadies" est maintenant inactive.')).toBe(true)
    await page.getByLabel('Statut').selectOption('inactive')
    await expect.poll(() => page.getByRole('row').count()).toBe(2)
    await shot(page, 'admin-zones-390')
    await page.getByRole('switch', { name: 'Activer la zone Almadies' }).click()
    await expect.poll(() => visible(page, 'Aucune zone trouvée')).toBe(true)
    await page.goto('/admin/cities')
    await expect.poll(() => visible(page, 'Thiès')).toBe(true)
    await shot(page, 'admin-cities-390')
    await context.close()

    const root = await newPage(e, PHONE)
    await loginAt(root.page, '/employee/login', 'root@etal.demo')
    await root.page.waitForURL((u) => u.pathname === '/root/dashboard')
    await root.page.goto('/admin/zones')
    await expect.poll(() => visible(root.page, 'Page 1 sur 2')).toBe(true)
    expect(await root.page.getByRole('row').count()).toBe(21)
    await root.page.getByRole('button', { name: 'Suivant' }).click()
    await expect.poll(() => visible(root.page, 'Page 2 sur 2')).toBe(true)
    await shot(root.page, 'admin-zones-page2-390')
    await root.page.goto('/admin/countries')
    await expect.poll(() => visible(root.page, 'Sénégal')).toBe(true)
    await shot(root.page, 'admin-countries-390')
    await root.context.close()
  })
})
