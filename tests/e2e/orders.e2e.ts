import { eq } from 'drizzle-orm'
import superjson from 'superjson'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { orders } from '../../src/server/db/schema'
import { formatMoney } from '../../src/shared/format'
import { createOrder, zonesOf } from '../factories'
import { demoUser as demoUserOf, DESKTOP, loginAt, newPage, PHONE, shot, e2eApp } from './harness'

const e = e2eApp()

/**
 * A person's number on a staff or driver screen is one tap away (docs/rules/people.md#phones): a tel:
 * link in international form and a WhatsApp link whose prefilled French text names the order.
 */
async function expectPhoneLinks(scope: Page | Locator, who: string | null, about: string) {
  const tel = scope.getByRole('link', { name: new RegExp(`^Appeler ${who ?? '.+'} au \\+`) }).first()
  await expect.poll(() => tel.getAttribute('href')).toMatch(/^tel:\+\d{8,}$/)
  const wa = scope.getByRole('link', { name: new RegExp(`^Écrire à ${who ?? '.+'} sur WhatsApp$`) }).first()
  const href = (await wa.getAttribute('href')) ?? ''
  expect(href).toMatch(/^https:\/\/wa\.me\/\d{8,}\?text=/)
  expect(new URL(href).searchParams.get('text')).toContain(about)
}

const demoUser = (email: string) => demoUserOf(e, email)

/**
 * A new order of the demo client, written straight into the database: the checkout is tested
 * apart, and this journey starts where the order exists.
 */
async function newOrderOfDemoClient() {
  const client = await demoUser('client@etal.demo')
  const zone = (await zonesOf(e.t.db, client.countryId!)).find((z) => z.zoneName === 'Almadies')!
  const order = await createOrder(e.t.db, {
    user: client,
    zone,
    lines: [
      { price: 6500, quantity: 1.5, name: 'Entrecôte de bœuf' },
      { price: 4000, quantity: 2, unitType: 'unit', name: 'Poulet fermier' },
    ],
  })
  return { client, order }
}

describe('an order from placement to doorstep', () => {
  it('super_admin prepares and assigns it, the driver confirms it, the client is paid up with points', async () => {
    const { client, order } = await newOrderOfDemoClient()
    const points = Math.floor(order.totalAmount / 100)
    expect(order.totalAmount).toBe(17_750)

    // The super_admin finds the new order by its number.
    const staff = await newPage(e, DESKTOP)
    await loginAt(staff.page, '/employee/login', 'superadmin@etal.demo')
    await staff.page.waitForURL((u) => u.pathname === '/admin/dashboard')
    await staff.page.goto('/admin/orders')
    await expect.poll(() => staff.page.getByTestId(`order-row-${order.id}`).isVisible()).toBe(true)
    await shot(staff.page, 'orders-admin-1280')
    await staff.page.getByPlaceholder('Rechercher par ID, client...').fill(String(order.id))
    await expect
      .poll(() =>
        staff.page.locator('[data-testid^="order-row-"]:not([data-testid="order-row-slot"])').count(),
      )
      .toBe(1)
    await staff.page.getByTestId(`order-row-${order.id}`).getByRole('link', { name: 'Détails' }).click()
    await staff.page.waitForURL(`**/admin/orders/${order.id}`)

    // Moves it to in_preparation.
    await staff.page.getByLabel('Changer le statut').selectOption('in_preparation')
    await expect.poll(() => staff.page.getByText('Statut mis à jour : En préparation').isVisible()).toBe(true)
    await expect
      .poll(() => staff.page.getByText('Statut : En attente → En préparation').isVisible())
      .toBe(true)
    await shot(staff.page, 'order-detail-1280')
    // One tap to reach the client (docs/rules/people.md#phones): a tel: link and a WhatsApp link
    // whose prefilled text names the order.
    await expectPhoneLinks(staff.page, client.displayName, `commande n° ${order.id}`)

    // Assigns the demo driver.
    await staff.page.getByRole('link', { name: 'Assigner', exact: true }).click()
    await staff.page.waitForURL(`**/admin/orders/${order.id}/assign-driver`)
    const assign = staff.page.getByRole('button', { name: 'Assigner le livreur' })
    await expect.poll(() => staff.page.getByText('Ibrahima Fall').isVisible()).toBe(true)
    expect(await assign.isDisabled()).toBe(true)
    await shot(staff.page, 'assign-driver-1280')
    await expectPhoneLinks(staff.page, 'Ibrahima Fall', `commande n° ${order.id}`)
    await staff.page.getByRole('radio', { name: /Ibrahima Fall/ }).check()
    await assign.click()
    await expect.poll(() => staff.page.getByText('Livreur assigné avec succès !').isVisible()).toBe(true)
    await staff.page.waitForURL(`**/admin/orders/${order.id}`)
    await expect.poll(() => staff.page.getByText('Livreur assigné : Ibrahima Fall').isVisible()).toBe(true)
    expect((await e.t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe(
      'in_preparation',
    )

    // Weighs the kg line as ordered (docs/rules/orders.md#weigh-in): only then may it leave. The
    // field starts empty (an unweighed line is never recorded as weighed): the butcher types it.
    await staff.page.getByLabel('Poids pesé — Entrecôte de bœuf (kg)').fill('1,5')
    await staff.page.getByRole('button', { name: 'Enregistrer la pesée' }).click()
    await expect.poll(() => staff.page.getByText('Pesée enregistrée.').isVisible()).toBe(true)

    // Sets in_delivery.
    await staff.page.getByLabel('Changer le statut').selectOption('in_delivery')
    await expect.poll(() => staff.page.getByText('Statut mis à jour : En livraison').isVisible()).toBe(true)
    await staff.context.close()

    // The driver signs in, sees the order on its dashboard and confirms it.
    const driver = await newPage(e, PHONE)
    await loginAt(driver.page, '/delivery/login', 'livreur@etal.demo')
    await driver.page.waitForURL((u) => u.pathname === '/dashboard')
    const card = driver.page.getByTestId(`delivery-order-${order.id}`)
    await expect.poll(() => card.isVisible()).toBe(true)
    expect(await card.textContent()).toContain(formatMoney(17_750))
    await shot(driver.page, 'delivery-dashboard-390')
    await expectPhoneLinks(card, null, `commande n° ${order.id}`)
    expect(
      await card.getByRole('link', { name: /^Ouvrir l’adresse dans les cartes/ }).getAttribute('href'),
    ).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/)
    await card.getByRole('button', { name: 'Confirmer la livraison' }).click()
    // A confirmation step first: nothing is sent until the driver says yes.
    await expect.poll(() => driver.page.getByRole('dialog').isVisible()).toBe(true)
    await shot(driver.page, 'delivery-confirm-390')
    expect((await e.t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('in_delivery')
    await driver.page.getByRole('button', { name: 'Oui, confirmer' }).click()
    await expect
      .poll(() => driver.page.getByText(`Livraison de la commande #${order.id} confirmée.`).isVisible())
      .toBe(true)
    await expect.poll(async () => (await card.textContent()) ?? '').toContain('Montant encaissé')
    expect(await card.getByRole('button', { name: 'Confirmer la livraison' }).count()).toBe(0)
    await driver.context.close()

    // The client: the order is delivered and paid, the points are credited. The client
    // dashboard page is tested apart: its call answers for it.
    const [row] = await e.t.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row).toMatchObject({ status: 'delivered', paymentStatus: 'paid', pointsEarned: points })
    const shopper = await newPage(e, PHONE)
    await loginAt(shopper.page, '/client/login', 'client@etal.demo')
    await shopper.page.waitForURL((u) => u.pathname === '/dashboard')
    const dashboard = superjson.parse<{
      loyaltyPoints: number
      orders: { id: number; status: string; paymentStatus: string; pointsEarned: number }[]
    }>(await (await shopper.page.request.get('/_api/dashboard/client')).text())
    expect(dashboard.loyaltyPoints).toBe(client.loyaltyPoints + points)
    expect(dashboard.orders.find((o) => o.id === order.id)).toMatchObject({
      status: 'delivered',
      paymentStatus: 'paid',
      pointsEarned: points,
    })
    await shopper.context.close()
  })
})

describe('the screens at phone and desktop widths', () => {
  it('admin: orders-only, order detail, assign driver; super_admin: orders management', async () => {
    const { client, order } = await newOrderOfDemoClient()
    const admin = await newPage(e, PHONE)
    await loginAt(admin.page, '/employee/login', 'admin@etal.demo')
    await admin.page.waitForURL((u) => u.pathname === '/admin/orders-only')
    await expect.poll(() => admin.page.getByTestId(`order-row-${order.id}`).isVisible()).toBe(true)
    expect(await admin.page.getByText('Sénégal').filter({ visible: true }).count()).toBeGreaterThan(0)
    // details link only: no assign link on this list
    expect(await admin.page.getByRole('link', { name: 'Assigner' }).count()).toBe(0)
    await shot(admin.page, 'orders-only-390')
    await admin.page.goto(`/admin/orders/${order.id}`)
    await expect.poll(() => admin.page.getByText('Aucun livreur assigné').isVisible()).toBe(true)
    await shot(admin.page, 'order-detail-390')
    await admin.page.goto(`/admin/orders/${order.id}/assign-driver`)
    await expect.poll(() => admin.page.getByText('Ibrahima Fall').isVisible()).toBe(true)
    await shot(admin.page, 'assign-driver-390')
    await admin.page.goto('/admin/orders/999999')
    await expect.poll(() => admin.page.getByText('Commande non trouvée').isVisible()).toBe(true)
    expect(
      await admin.page.getByText("La commande avec l'ID #999999 n'a pas pu être trouvée.").isVisible(),
    ).toBe(true)
    await shot(admin.page, 'order-not-found-390')
    // a Malian order is out of the Senegalese admin's reach: as absent
    const ml = await demoUser('client.ml@etal.demo')
    const mlOrder = await createOrder(e.t.db, { user: ml })
    await admin.page.goto(`/admin/orders/${mlOrder.id}`)
    await expect.poll(() => admin.page.getByText('Commande non trouvée').isVisible()).toBe(true)
    await admin.context.close()

    const manager = await newPage(e, PHONE)
    await loginAt(manager.page, '/employee/login', 'superadmin@etal.demo')
    await manager.page.waitForURL((u) => u.pathname === '/admin/dashboard')
    // Enough orders for two pages of 15: the pager of docs/rules/api.md#answers, and the filters reset it.
    for (let i = 0; i < 10; i++) await newOrderOfDemoClient()
    await manager.page.goto('/admin/orders')
    await expect.poll(() => manager.page.getByText('Page 1 sur 2').isVisible()).toBe(true)
    await shot(manager.page, 'orders-admin-390')
    await manager.page.getByRole('button', { name: 'Suivant' }).click()
    await expect.poll(() => manager.page.getByText('Page 2 sur 2').isVisible()).toBe(true)
    // The demo's orders, the journey's and the 10 here, in Sénégal: what is past the first 15 on page 2.
    const senegal = await e.t.db.select().from(orders).where(eq(orders.countryId, client.countryId!))
    expect(senegal.length).toBeGreaterThan(15)
    expect(senegal.length).toBeLessThanOrEqual(30)
    await expect
      .poll(() =>
        manager.page.locator('[data-testid^="order-row-"]:not([data-testid="order-row-slot"])').count(),
      )
      .toBe(senegal.length - 15)
    expect(await manager.page.getByRole('button', { name: 'Suivant' }).isDisabled()).toBe(true)
    // Delivered: the demo's (two of them today, their cash in the driver's hands) and the journey's.
    const delivered = senegal.filter((o) => o.status === 'delivered').length
    expect(delivered).toBeGreaterThan(1)
    await manager.page.getByLabel('Statut').selectOption('delivered')
    await expect.poll(() => manager.page.getByText(/Page \d sur/).count()).toBe(0)
    await expect
      .poll(() =>
        manager.page.locator('[data-testid^="order-row-"]:not([data-testid="order-row-slot"])').count(),
      )
      .toBe(delivered)
    await manager.page.getByPlaceholder('Rechercher par ID, client...').fill('personne inconnue')
    await expect.poll(() => manager.page.getByText('Aucune commande trouvée').isVisible()).toBe(true)
    // City, then zone: the zone list opens once a city is chosen and resets when it changes.
    await manager.page.getByPlaceholder('Rechercher par ID, client...').fill('')
    await manager.page.getByLabel('Statut').selectOption('')
    const zone = manager.page.getByLabel('Zone')
    expect(await zone.isDisabled()).toBe(true)
    await manager.page.getByLabel('Ville').selectOption({ label: 'Dakar' })
    await expect.poll(() => zone.isDisabled()).toBe(false)
    await expect.poll(() => zone.locator('option', { hasText: 'Almadies' }).count()).toBe(1)
    await zone.selectOption({ label: 'Almadies' })
    // the journey's order and the 11 of this test are in Almadies, with the demo's there
    const almadies = senegal.filter((o) => o.zoneName === 'Almadies').length
    expect(almadies).toBeGreaterThanOrEqual(12)
    await expect.poll(() => manager.page.getByText(`${almadies} commandes`).isVisible()).toBe(true)
    await shot(manager.page, 'orders-admin-filters-390')
    await manager.page.getByLabel('Ville').selectOption({ label: 'Thiès' })
    await expect.poll(() => zone.inputValue()).toBe('')
    await expect.poll(() => manager.page.getByText('Aucune commande trouvée').isVisible()).toBe(true)
    await manager.context.close()

    const driver = await newPage(e, DESKTOP)
    await loginAt(driver.page, '/employee/login', 'livreur@etal.demo')
    await driver.page.waitForURL((u) => u.pathname === '/delivery/dashboard')
    await expect.poll(() => driver.page.getByText('Livrées').first().isVisible()).toBe(true)
    await shot(driver.page, 'delivery-dashboard-1280')
    await driver.context.close()
  })
})
