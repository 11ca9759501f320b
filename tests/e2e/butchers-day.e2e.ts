import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { cashEntries, orders } from '../../src/server/db/schema'
import { formatMoney } from '../../src/shared/format'
import { createOrder } from '../factories'
import { demoUser, DESKTOP, francs, loginAt, newPage, plain, PHONE, shot, e2eApp } from './harness'
import { fillPlateauDelivery } from './cart-steps'

/**
 * A butcher's day from end to end (docs/rules/delivery.md#delivery-fees, #delivery-slots, #weigh-in,
 * #drivers-cash): a client orders 1,5 kg with a fee and a slot; staff weigh 1,62 kg and the total
 * changes within the tolerance; a second order, heavier than the tolerance allows, waits for the
 * client's agreement and gets it; the driver delivers both and records the cash; staff record
 * the handover; the daily report adds up.
 */
const e = e2eApp()

async function toStatus(page: Page, status: 'in_preparation' | 'in_delivery', label: string) {
  await page.getByLabel('Changer le statut').selectOption(status)
  await expect.poll(() => page.getByText(`Statut mis à jour : ${label}`).isVisible()).toBe(true)
}

describe('a butcher’s day', () => {
  it('orders with a fee and a slot, weighed, agreed, delivered, paid in cash, handed over, reported', async () => {
    const driver = await demoUser(e, 'livreur@etal.demo')
    const clientRow = await demoUser(e, 'client@etal.demo')

    // 1. The client orders 1,5 kg of fillet in Plateau (fee 1 000 F) for a slot.
    const client = await newPage(e, PHONE)
    await loginAt(client.page, '/client/login', 'client@etal.demo')
    await client.page.waitForURL('**/dashboard')
    await client.page.goto('/products')
    await client.page.getByLabel('Rechercher un produit').fill('filet de')
    const card = client.page.getByTestId('product-card').filter({ hasText: 'Filet de bœuf' })
    await expect.poll(() => card.count()).toBe(1)
    await card.getByRole('button', { name: 'Augmenter la quantité' }).click()
    await card.getByRole('button', { name: 'Ajouter Filet de bœuf au panier' }).click()
    await client.page.goto('/cart')
    await fillPlateauDelivery(client.page)
    await expect
      .poll(async () => plain(await client.page.getByTestId('delivery-fee').first().textContent()))
      .toBe('1 000 F CFA')
    const slot = client.page.locator('input[name=delivery-slot]:not([disabled])').first()
    await expect.poll(() => slot.count()).toBe(1)
    await slot.check()
    await client.page.getByRole('button', { name: 'Confirmer la commande' }).click()
    await client.page.waitForURL(/\/order-confirmation\/\d+$/)
    const firstId = Number(new URL(client.page.url()).pathname.split('/').pop())
    const [placed] = await e.t.db.select().from(orders).where(eq(orders.id, firstId))
    expect(placed).toMatchObject({ deliveryFeeAmount: 1000, totalAmount: 14_500 })
    expect(placed!.slotId).not.toBeNull()

    // A second order of the day, 1,5 kg of leg and 2 merguez (11 500 F), already in preparation.
    const second = await createOrder(e.t.db, {
      user: clientRow,
      status: 'in_preparation',
      lines: [
        { price: 5000, quantity: 1.5, name: 'Gigot du jour' },
        { price: 2000, quantity: 2, unitType: 'unit', name: 'Merguez' },
      ],
    })

    // 2. Staff prepare the first order, weigh 1,62 kg: 14 580 F + 1 000 F, within 10 %.
    const staff = await newPage(e, DESKTOP)
    await loginAt(staff.page, '/employee/login', 'superadmin@etal.demo')
    await staff.page.waitForURL((u) => u.pathname === '/admin/dashboard')
    await staff.page.goto(`/admin/orders/${firstId}`)
    await toStatus(staff.page, 'in_preparation', 'En préparation')
    await staff.page.getByLabel(/^Poids pesé — Filet de bœuf/).fill('1,62')
    await staff.page.getByRole('button', { name: 'Enregistrer la pesée' }).click()
    await expect.poll(() => staff.page.getByText('Pesée enregistrée.').isVisible()).toBe(true)
    const [weighed] = await e.t.db.select().from(orders).where(eq(orders.id, firstId))
    expect(weighed).toMatchObject({ orderedTotalAmount: 14_500, totalAmount: 15_580, weighApproval: null })
    await e.t.db.update(orders).set({ deliveryDriverId: driver.id }).where(eq(orders.id, firstId))
    await staff.page.reload()
    await toStatus(staff.page, 'in_delivery', 'En livraison')
    await shot(staff.page, 'day-first-order-1280')

    // 3. The second weighs 2,5 kg: 16 500 F, +43 %: it waits for the client.
    await staff.page.goto(`/admin/orders/${second.id}`)
    await staff.page.getByLabel('Poids pesé — Gigot du jour (kg)').fill('2,5')
    await staff.page.getByRole('button', { name: 'Enregistrer la pesée' }).click()
    await expect
      .poll(() => staff.page.getByTestId('status-blocker').textContent())
      .toContain('attend l’accord')
    await client.page.goto(`/order-confirmation/${second.id}`)
    await expect
      .poll(() => client.page.getByTestId('weigh-approval').textContent())
      .toContain(formatMoney(16_500))
    await client.page.getByRole('button', { name: 'Accepter le nouveau montant' }).click()
    await expect
      .poll(() => client.page.getByText('Merci : le nouveau montant est accepté.').isVisible())
      .toBe(true)
    await e.t.db.update(orders).set({ deliveryDriverId: driver.id }).where(eq(orders.id, second.id))
    await staff.page.reload()
    await toStatus(staff.page, 'in_delivery', 'En livraison')

    // 4. The driver delivers both and records the cash due (the amounts after the weigh-in).
    const d = await newPage(e, PHONE)
    await loginAt(d.page, '/delivery/login', 'livreur@etal.demo')
    await d.page.waitForURL((u) => u.pathname === '/dashboard')
    const balance = d.page.getByTestId('driver-cash-balance')
    await expect.poll(() => balance.isVisible()).toBe(true)
    const before = francs(await balance.textContent())
    for (const [id, due] of [
      [firstId, 15_580],
      [second.id, 16_500],
    ] as const) {
      const delivery = d.page.getByTestId(`delivery-order-${id}`)
      await expect.poll(() => delivery.textContent()).toContain(formatMoney(due))
      await delivery.getByRole('button', { name: 'Confirmer la livraison' }).click()
      await expect.poll(() => d.page.getByLabel('Montant encaissé (F CFA)').inputValue()).toBe(String(due))
      await d.page.getByRole('button', { name: 'Oui, confirmer' }).click()
      await expect
        .poll(() => d.page.getByText(`Livraison de la commande #${id} confirmée.`).isVisible())
        .toBe(true)
    }
    await expect.poll(async () => francs(await balance.textContent())).toBe(before + 15_580 + 16_500)
    await shot(d.page, 'day-driver-390')

    // 5. Staff record the handover of everything held; the daily report adds up.
    await staff.page.goto('/admin/cash')
    const row = staff.page.getByTestId(`cash-driver-${driver.id}`)
    await expect.poll(() => row.isVisible()).toBe(true)
    await row.getByRole('button', { name: `Remise de ${driver.displayName}` }).click()
    const held = before + 15_580 + 16_500
    await expect.poll(() => staff.page.getByLabel('Montant remis (F CFA)').inputValue()).toBe(String(held))
    await staff.page.getByRole('button', { name: 'Enregistrer la remise' }).click()
    await expect.poll(() => staff.page.getByText(/Remise de .* enregistrée pour/).isVisible()).toBe(true)
    const figure = async (id: string) => francs(await staff.page.getByTestId(id).textContent())
    await expect.poll(() => figure('total-closing')).toBe(0)
    const opening = await figure('total-opening')
    const collected = await figure('total-collected')
    const corrections = await figure('total-corrections')
    const handedOver = await figure('total-handed-over')
    expect(opening + collected + corrections - handedOver).toBe(0)
    expect(collected).toBeGreaterThanOrEqual(15_580 + 16_500)
    const entries = await e.t.db.select().from(cashEntries).where(eq(cashEntries.driverId, driver.id))
    expect(entries.reduce((sum, x) => sum + x.amount, 0)).toBe(0)
    await shot(staff.page, 'day-cash-report-1280')
    for (const c of [client.context, staff.context, d.context]) await c.close()
  })
})
