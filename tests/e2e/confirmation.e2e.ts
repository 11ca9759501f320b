import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { doorRefusals, orders } from '../../src/server/db/schema'
import { createOrder } from '../factories'
import { demoUser, loginAt, newPage, PHONE, plain, seriousViolations, shot, e2eApp } from './harness'

// docs/rules/confirmation.md: staff see the delivery phone's record and "À confirmer" on an order
// paid at the door from a phone refused before; it goes into preparation only once staff record the
// client's word given on the phone.

const e = e2eApp()

describe('confirmed before the knife', () => {
  it('at 390 px: staff see the counts and "À confirmer", confirm by phone, then prepare', async () => {
    const u = await demoUser(e, 'client@etal.demo')
    const client = { id: u.id, displayName: u.displayName, countryId: u.countryId }
    const driver = await demoUser(e, 'livreur@etal.demo')
    const phone = '+221 77 600 00 09'
    const refused = await createOrder(e.t.db, { user: client, status: 'cancelled' })
    await e.t.db.update(orders).set({ deliveryPhone: phone }).where(eq(orders.id, refused.id))
    await e.t.db
      .insert(doorRefusals)
      .values({ orderId: refused.id, phone, reason: 'absent', driverId: driver.id })
    const order = await createOrder(e.t.db, { user: client })
    await e.t.db
      .update(orders)
      .set({ deliveryPhone: phone, needsConfirmation: true })
      .where(eq(orders.id, order.id))

    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/employee/login', 'superadmin@etal.demo')
    await page.waitForURL((url) => url.pathname === '/admin/dashboard')
    // The list marks it too.
    await page.goto('/admin/orders')
    await expect
      .poll(() => page.getByTestId(`order-row-${order.id}`).getByTestId('order-row-to-confirm').isVisible())
      .toBe(true)
    await page.goto(`/admin/orders/${order.id}`)
    const panel = page.getByTestId('confirmation-panel')
    await expect
      .poll(async () => plain(await panel.textContent()))
      .toContain('Livrées : 0 · Refusées à la porte : 1')
    expect(plain(await panel.textContent())).toContain('À confirmer')
    await shot(page, 'confirmation-to-confirm-390')
    expect(await seriousViolations(page)).toEqual([])

    // Unconfirmed, the server refuses the preparation and says why.
    await page.getByLabel('Changer le statut').selectOption('in_preparation')
    await expect
      .poll(() => page.getByText('Commande à confirmer par le client avant la préparation.').isVisible())
      .toBe(true)

    await page.getByRole('button', { name: 'Confirmé par téléphone' }).click()
    await expect.poll(async () => plain(await panel.textContent())).toContain('Confirmée par téléphone')
    await page.getByLabel('Changer le statut').selectOption('in_preparation')
    await expect.poll(() => page.getByText('Statut mis à jour : En préparation').isVisible()).toBe(true)
    await shot(page, 'confirmation-confirmed-390')
    await page.setViewportSize({ width: 1280, height: 900 })
    await shot(page, 'confirmation-confirmed-1280')
    const [row] = await e.t.db.select().from(orders).where(eq(orders.id, order.id))
    expect([row!.status, row!.confirmedBy]).toEqual(['in_preparation', 'phone'])
    await context.close()
  })

  it('at 390 px: a driver records "Refusé à la porte" with a reason, which counts for the phone', async () => {
    const client = await demoUser(e, 'client@etal.demo')
    const driver = await demoUser(e, 'livreur@etal.demo')
    const order = await createOrder(e.t.db, { user: client, status: 'in_delivery', driverId: driver.id })
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/delivery/login', 'livreur@etal.demo')
    await page.waitForURL((url) => url.pathname === '/dashboard')
    const card = page.getByTestId(`delivery-order-${order.id}`)
    await card.getByRole('button', { name: 'Refusé à la porte' }).click()
    const dialog = page.getByRole('dialog', { name: 'Refusé à la porte ?' })
    await dialog.waitFor()
    // Without a reason nothing is sent: the field says why.
    await dialog.getByRole('button', { name: 'Enregistrer le refus' }).click()
    await dialog.getByText('Choisissez la raison du refus.').waitFor()
    await dialog.getByLabel('Raison').selectOption('absent')
    await dialog.getByLabel('Précision (facultatif)').fill('Personne au portail')
    await shot(page, 'refused-at-door-390')
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Enregistrer le refus' }).click()
    await expect.poll(() => card.count()).toBe(0)
    const rows = await e.t.db.select().from(doorRefusals).where(eq(doorRefusals.orderId, order.id))
    expect(rows.map((r) => [r.reason, r.note, r.driverId])).toEqual([
      ['absent', 'Personne au portail', driver.id],
    ])
    const [row] = await e.t.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row!.status).toBe('cancelled')
    await context.close()
  })
})
