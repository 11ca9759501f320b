import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { contactMessages, orders, products } from '../../src/server/db/schema'
import { createContactMessage, createOrder } from '../factories'
import { demoUser, DESKTOP, loginAt, newPage, PHONE, plain, seriousViolations, shot, e2eApp } from './harness'

/**
 * Staff work faster: the contact inbox marks what was opened and answers in one
 * tap; the assign-driver page shows each driver's load; the driver's round of the day has one
 * maps link; the product import updates the catalogue with a preview of what changes.
 */
const e = e2eApp()

const look = (page: Page, name: string) => shot(page, `staff-faster/${name}`)

describe('the contact inbox', () => {
  for (const [viewport, width] of [
    [DESKTOP, 1280],
    [PHONE, 390],
  ] as const)
    it(`opening a message marks it read, and it has Répondre by e-mail and WhatsApp (${width} px)`, async () => {
      const client = await demoUser(e, 'client@etal.demo')
      const m = await createContactMessage(e.t.db, {
        email: client.email,
        subject: `Livraison samedi ${width}`,
      })
      const { page, context } = await newPage(e, viewport)
      await loginAt(page, '/employee/login', 'root@etal.demo')
      await page.waitForURL((u) => u.pathname === '/root/dashboard')
      await page.goto('/admin/contact-messages')
      const row = page.getByTestId(`message-row-${m.id}`)
      await expect
        .poll(async () => plain(await row.getByTestId('message-status').textContent()))
        .toBe('Nouveau')
      await row.getByRole('button', { name: `Voir le message #${m.id}` }).click()
      const dialog = page.getByRole('dialog')
      const mail = dialog.getByRole('link', { name: `Répondre à ${m.name} par e-mail` })
      await expect.poll(() => mail.isVisible()).toBe(true)
      expect(await mail.getAttribute('href')).toMatch(
        new RegExp(`^mailto:${client.email}\\?subject=Re%20%3A%20`),
      )
      const wa = dialog.getByRole('link', { name: `Répondre à ${m.name} sur WhatsApp` })
      expect(await wa.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+\?text=Bonjour/)
      await look(page, `contact-open-${width}`)
      expect(await seriousViolations(page)).toEqual([])
      await expect
        .poll(
          async () =>
            (await e.t.db.select().from(contactMessages).where(eq(contactMessages.id, m.id)))[0]!.status,
        )
        .toBe('read')
      await dialog.getByRole('button', { name: 'Fermer' }).last().click()
      await expect.poll(async () => plain(await row.getByTestId('message-status').textContent())).toBe('Lu')
      await context.close()
    }, 180_000)
})

describe('drivers', () => {
  it('the assign-driver page shows each driver’s load; the driver sees its round with one maps link', async () => {
    const driver = await demoUser(e, 'livreur@etal.demo')
    const client = await demoUser(e, 'client@etal.demo')
    const slotted = async (start: string, end: string) => {
      const o = await createOrder(e.t.db, { user: client, status: 'in_delivery', driverId: driver.id })
      await e.t.db
        .update(orders)
        .set({ slotStartsAt: new Date(start), slotEndsAt: new Date(end), slotTimeZone: 'Africa/Dakar' })
        .where(eq(orders.id, o.id))
      return o
    }
    const today = new Date().toISOString().slice(0, 10)
    const late = await slotted(`${today}T16:00:00Z`, `${today}T18:00:00Z`)
    const early = await slotted(`${today}T08:00:00Z`, `${today}T10:00:00Z`)
    const waiting = await createOrder(e.t.db, { user: client, status: 'in_preparation' })

    for (const [viewport, width] of [
      [DESKTOP, 1280],
      [PHONE, 390],
    ] as const) {
      const { page, context } = await newPage(e, viewport)
      await loginAt(page, '/employee/login', 'admin@etal.demo')
      await page.waitForURL((u) => u.pathname === '/admin/orders-only')
      await page.goto(`/admin/orders/${waiting.id}/assign-driver`)
      const load = page.getByTestId(`driver-load-${driver.id}`)
      await expect.poll(() => load.isVisible()).toBe(true)
      const text = plain(await load.textContent())
      expect(text).toMatch(/^\d+ commandes assignées : \d+ en livraison/)
      expect(text).toContain('08:00–10:00')
      expect(text.indexOf('08:00–10:00')).toBeLessThan(text.indexOf('16:00–18:00'))
      await look(page, `assign-driver-${width}`)
      expect(await seriousViolations(page)).toEqual([])
      await context.close()
    }

    for (const [viewport, width] of [
      [PHONE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const d = await newPage(e, viewport)
      await loginAt(d.page, '/delivery/login', 'livreur@etal.demo')
      await d.page.waitForURL((u) => u.pathname === '/dashboard')
      const round = d.page.getByTestId('driver-round')
      await expect.poll(() => round.isVisible()).toBe(true)
      const stops = plain(await round.textContent())
      expect(stops.indexOf(`#${early.id}`)).toBeLessThan(stops.indexOf(`#${late.id}`))
      const href = await round.getByTestId('route-link').getAttribute('href')
      const url = new URL(href!)
      expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/')
      expect(url.searchParams.get('waypoints')).toContain('12 rue des Tests')
      await look(d.page, `driver-round-${width}`)
      expect(await seriousViolations(d.page)).toEqual([])
      await d.context.close()
    }
  }, 300_000)
})

describe('product import', () => {
  it('updates a product the file names, with a preview of what changes', async () => {
    const { page, context } = await newPage(e, DESKTOP)
    await loginAt(page, '/employee/login', 'superadmin@etal.demo')
    await page.waitForURL((u) => u.pathname === '/admin/dashboard')
    const superAdmin = await demoUser(e, 'superadmin@etal.demo')
    const [product] = await e.t.db
      .select()
      .from(products)
      .where(eq(products.countryId, superAdmin.countryId!))
      .limit(1)
    await page.goto('/admin/products')
    await page.getByRole('button', { name: 'Importer un CSV' }).click()
    const dialog = page.getByRole('dialog', { name: 'Importer des produits' })
    const price = product!.pricePerUnit + 500
    const csv = [
      'N° produit;Nom;Prix (F CFA);Unité',
      `${product!.id};${product!.name};${price};${product!.unitType === 'kg' ? 'kg' : 'unité'}`,
      ';Plateau grillades;15000;unité',
    ].join('\r\n')
    await dialog
      .getByLabel('Fichier CSV')
      .setInputFiles({ name: 'produits.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await dialog.getByRole('button', { name: 'Vérifier le fichier' }).click()
    const summary = dialog.getByTestId('import-summary')
    await expect.poll(() => summary.isVisible()).toBe(true)
    expect(plain(await summary.textContent())).toBe('Aucune erreur : 1 nouveau produit, 1 mis à jour.')
    const table = plain(await dialog.getByRole('table', { name: 'Produits à importer' }).textContent())
    expect(table).toContain('Mis à jour')
    expect(table).toContain('Prix :')
    await look(page, 'import-update-1280')
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Importer (1 nouveau produit, 1 mis à jour)' }).click()
    await expect.poll(() => page.getByText('1 produit importé, 1 mis à jour.').isVisible()).toBe(true)
    const [after] = await e.t.db.select().from(products).where(eq(products.id, product!.id))
    expect(after!.pricePerUnit).toBe(price)
    await context.close()
  }, 180_000)
})
