import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { orders } from '../../src/server/db/schema'
import { DESKTOP, loginAt, newPage, plain, PHONE, shot, e2eApp, orderCard } from './harness'
import { fillPlateauDelivery } from './cart-steps'

/* docs/rules/delivery.md#delivery-fees and #delivery-slots, through the browser: a client orders with a
 * fee and a slot and sees both; staff find the order by its slot. */

const e = e2eApp()

const text = async (page: Page, selector: string) => plain(await page.locator(selector).first().textContent())

describe('delivery fee and slot, from the cart to the staff list', () => {
  let orderId = 0
  let slotLabel = ''

  it('a client orders 1,5 kg in Plateau with a fee and a slot, and sees both on the confirmation', async () => {
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/client/login', 'client@etal.demo')
    await page.waitForURL('**/dashboard')
    await page.goto('/products')
    await page.getByLabel('Rechercher un produit').fill('filet de')
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(1)
    const card = page.getByTestId('product-card').filter({ hasText: 'Filet de bœuf' })
    await card.getByRole('button', { name: 'Augmenter la quantité' }).click()
    await card.getByRole('button', { name: 'Ajouter Filet de bœuf au panier' }).click()

    await page.goto('/cart')
    expect(await text(page, '[data-testid=line-quantity]')).toBe('1,5 kg')
    await fillPlateauDelivery(page)
    // Plateau: 1 000 F, offered from 25 000 F; 1,5 kg × 9 000 F = 13 500 F.
    await expect.poll(() => text(page, '[data-testid=delivery-fee]')).toBe('1 000 F CFA')
    expect(await text(page, '[data-testid=total]')).toBe('14 500 F CFA')
    expect(await text(page, '[data-testid=delivery-note]')).toBe(
      'Livraison offerte dès 25 000 F CFA d’achats.',
    )

    // The slots of the next days; the client picks the last one that has places.
    const slots = page.getByRole('radio')
    await expect.poll(() => slots.count()).toBeGreaterThan(1)
    const enabled = page.locator('input[name=delivery-slot]:not([disabled])')
    const last = enabled.last()
    await last.check()
    const id = await last.getAttribute('id')
    slotLabel = plain(await page.locator(`label[for="${id}"] span`).first().textContent())
    expect(slotLabel).toMatch(/^[a-zé]+\. \d{1,2} [a-zéû]+\.?, \d\d:\d\d–\d\d:\d\d$/)
    await shot(page, 'slots-cart-390')
    await page.getByRole('button', { name: 'Confirmer la commande' }).click()

    await page.waitForURL(/\/order-confirmation\/\d+$/)
    orderId = Number(new URL(page.url()).pathname.split('/').pop())
    await expect.poll(() => text(page, '[data-testid=delivery-fee]')).toBe('1 000 F CFA')
    expect(await text(page, '[data-testid=total]')).toBe('14 500 F CFA')
    expect(await text(page, '[data-testid=order-slot]')).toBe(`Créneau : ${slotLabel}`)
    await shot(page, 'slots-confirmation-390')

    // What the client saw is what the server stored.
    const [stored] = await e.t.db.select().from(orders).where(eq(orders.id, orderId))
    expect(stored).toMatchObject({
      subtotalAmount: 13_500,
      deliveryFeeAmount: 1000,
      totalAmount: 14_500,
      slotTimeZone: 'Africa/Dakar',
    })
    expect(stored!.slotId).not.toBeNull()

    await page.goto('/orders')
    const mine = orderCard(page, orderId)
    await expect.poll(async () => plain(await mine.getByTestId('order-slot').textContent())).toBe(slotLabel)
    await context.close()
  })

  it('staff see the slot in the list and filter by its day and slot', async () => {
    const [stored] = await e.t.db.select().from(orders).where(eq(orders.id, orderId))
    const { page, context } = await newPage(e, DESKTOP)
    await loginAt(page, '/employee/login', 'superadmin@etal.demo')
    await page.waitForURL(/\/admin\//)
    await page.goto('/admin/orders')
    const row = page.getByTestId(`order-row-${orderId}`)
    await expect
      .poll(async () => plain(await row.getByTestId('order-row-slot').textContent()))
      .toBe(slotLabel)

    await page.locator('#orders-city').selectOption({ label: 'Dakar' })
    await expect.poll(() => page.locator('#orders-slot option').count()).toBeGreaterThan(1)
    await page.locator('#orders-slot-day').fill(stored!.slotDate!)
    const window = slotLabel.split(', ').pop()!
    await page.locator('#orders-slot').selectOption({ label: window })
    await page.locator('#orders-sort').selectOption('slot')
    await expect
      .poll(async () => {
        const rows = await page.getByTestId('order-row-slot').allTextContents()
        return rows.length > 0 && rows.every((r) => plain(r) === slotLabel)
      })
      .toBe(true)
    expect(await row.isVisible()).toBe(true)
    await shot(page, 'slots-staff-list-1280')

    // Another day: the order is not listed.
    await page.locator('#orders-slot-day').fill('2030-01-01')
    await expect.poll(() => page.getByText('Aucune commande').first().isVisible()).toBe(true)

    await page.goto(`/admin/orders/${orderId}`)
    await expect.poll(() => page.getByText(slotLabel).first().isVisible()).toBe(true)
    await context.close()
  })

  it('a manager edits a zone’s terms and a city’s slots', async () => {
    const { page, context } = await newPage(e, DESKTOP)
    await loginAt(page, '/employee/login', 'superadmin@etal.demo')
    await page.waitForURL(/\/admin\//)
    await page.goto('/admin/zones')
    const plateau = page.getByRole('row').filter({ hasText: 'Plateau' })
    await expect.poll(() => plateau.first().isVisible()).toBe(true)
    await plateau.getByRole('button', { name: 'Modifier Plateau' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Frais de livraison').fill('-5')
    await dialog.getByRole('button', { name: 'Enregistrer' }).click()
    await expect
      .poll(() =>
        dialog
          .getByText('Les frais de livraison doivent être un nombre entier de francs entre 0 et 1 000 000.')
          .isVisible(),
      )
      .toBe(true)
    await dialog.getByLabel('Frais de livraison').fill('1200')
    await dialog.getByRole('button', { name: 'Enregistrer' }).click()
    await expect.poll(async () => plain(await plateau.first().textContent())).toContain('1 200 F CFA')
    await shot(page, 'slots-zones-1280')

    await page.goto('/admin/cities')
    await page.getByRole('button', { name: 'Créneaux de livraison de Dakar' }).click()
    const slots = page.getByRole('dialog')
    await expect.poll(() => slots.getByText('10:00–12:00').isVisible()).toBe(true)
    await slots.getByLabel('Début').fill('12:30')
    await slots.getByLabel('Fin').fill('14:00')
    await slots.getByLabel('Capacité').fill('5')
    await slots.getByRole('button', { name: 'Ajouter le créneau' }).click()
    await expect.poll(() => slots.getByText('12:30–14:00').isVisible()).toBe(true)
    await shot(page, 'slots-city-dialog-1280')
    await context.close()
  })
})
