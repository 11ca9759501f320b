import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { orders, shops } from '../../src/server/db/schema'
import { DESKTOP, loginAt, newPage, plain, PHONE, seriousViolations, shot, e2eApp } from './harness'

/* docs/rules/pickup.md through the browser at 390 px: a manager adds a shop in Dakar, a client
 * orders for collection there (no delivery fee, a 4-digit code), staff mark it ready and hand
 * it over only with the code. */

const e = e2eApp()

const text = async (page: Page, selector: string) => plain(await page.locator(selector).first().textContent())

describe('collection at the shop, end to end', () => {
  let orderId = 0
  let code = ''

  it('a super admin adds a shop in Dakar (390 px)', async () => {
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/employee/login', 'superadmin@etal.demo')
    await page.waitForURL(/\/admin\//)
    await page.goto('/admin/shops')
    await page.getByRole('button', { name: 'Ajouter une boutique' }).click()
    const dialog = page.getByRole('dialog')
    await expect.poll(() => dialog.getByLabel('Ville').locator('option').count()).toBeGreaterThan(1)
    await dialog.getByLabel('Ville').selectOption({ label: 'Dakar (Sénégal)' })
    await dialog.getByLabel('Nom de la boutique').fill('Étal Plateau')
    await dialog.getByLabel('Adresse').fill('12 avenue Pompidou')
    await dialog.getByLabel('Horaires d’ouverture').fill('Lun–sam 8:00–19:00')
    await dialog.getByLabel('Téléphone (facultatif)').fill('77 123 45 67')
    await dialog.getByRole('button', { name: 'Ajouter la boutique' }).click()
    const row = page.getByRole('row').filter({ hasText: 'Étal Plateau' })
    await expect.poll(() => row.first().isVisible()).toBe(true)
    // Its collection slots: the delivery slots' machinery, with a capacity of its own.
    await row.getByRole('button', { name: 'Créneaux de retrait de Étal Plateau' }).click()
    const slots = page.getByRole('dialog')
    await expect.poll(() => slots.getByText(/Aucun créneau/).isVisible()).toBe(true)
    await slots.getByLabel('Début').fill('23:00')
    await slots.getByLabel('Fin').fill('23:30')
    await slots.getByLabel('Capacité').fill('3')
    await slots.getByLabel('Clôture (min)').fill('0')
    await slots.getByRole('button', { name: 'Ajouter le créneau' }).click()
    await expect.poll(() => slots.getByText('23:00–23:30').isVisible()).toBe(true)
    await shot(page, 'pickup-shop-slots-390')
    await page.keyboard.press('Escape')
    await shot(page, 'pickup-shops-390')
    expect(await seriousViolations(page)).toEqual([])
    await page.setViewportSize(DESKTOP)
    await shot(page, 'pickup-shops-1280')
    const [stored] = await e.t.db.select().from(shops).where(eq(shops.name, 'Étal Plateau'))
    expect(stored).toMatchObject({
      address: '12 avenue Pompidou',
      phone: '+221 77 123 45 67',
      isActive: true,
    })
    await context.close()
  })

  it('a client orders for collection: no delivery fee, its code shown (390 px)', async () => {
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/client/login', 'client@etal.demo')
    await page.waitForURL('**/dashboard')
    await page.goto('/products')
    await page.getByLabel('Rechercher un produit').fill('poulet fermier')
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(1)
    await page.getByRole('button', { name: 'Ajouter Poulet fermier entier au panier' }).click()

    await page.goto('/cart')
    await expect.poll(() => page.getByLabel('Ville').locator('option').count()).toBeGreaterThan(1)
    await page.getByLabel('Ville').selectOption({ label: 'Dakar' })
    const choice = page.getByTestId('fulfilment-choice')
    await expect.poll(() => choice.isVisible()).toBe(true)
    await choice.getByLabel('Retrait à la boutique').check()
    await expect.poll(() => page.getByText('12 avenue Pompidou, Dakar').isVisible()).toBe(true)
    expect(await page.getByText('Lun–sam 8:00–19:00').isVisible()).toBe(true)
    expect(await text(page, '[data-testid=delivery-fee]')).toBe('0 F CFA')
    // The shop's collection slot, not the city's delivery slots.
    const picker = page.getByRole('group', { name: 'Créneau de retrait' })
    await expect.poll(() => picker.isVisible()).toBe(true)
    await expect
      .poll(() =>
        picker
          .getByText(/23:00–23:30/)
          .first()
          .isVisible(),
      )
      .toBe(true)
    expect(await picker.getByText(/10:00–12:00/).count()).toBe(0)
    await shot(page, 'pickup-cart-390')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Confirmer la commande' }).click()

    await page.waitForURL(/\/order-confirmation\/\d+$/)
    orderId = Number(new URL(page.url()).pathname.split('/').pop())
    await expect.poll(() => page.getByTestId('pickup-code').isVisible()).toBe(true)
    code = await text(page, '[data-testid=pickup-code]')
    expect(code).toMatch(/^\d{4}$/)
    expect(await page.getByRole('heading', { name: 'Boutique de retrait' }).isVisible()).toBe(true)
    await shot(page, 'pickup-confirmation-390')
    await page.setViewportSize(DESKTOP)
    await shot(page, 'pickup-confirmation-1280')

    const [stored] = await e.t.db.select().from(orders).where(eq(orders.id, orderId))
    expect(stored).toMatchObject({
      fulfilment: 'pickup',
      deliveryFeeAmount: 0,
      pickupCode: code,
      zoneId: null,
    })
    expect(stored!.slotId).not.toBeNull()
    expect(stored!.totalAmount).toBe(stored!.subtotalAmount - stored!.discountAmount)
    await context.close()
  })

  it('staff mark it ready and hand it over only with its code (390 px)', async () => {
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/employee/login', 'admin@etal.demo')
    await page.waitForURL(/\/admin\//)
    await page.goto(`/admin/orders/${orderId}`)
    await expect.poll(() => page.locator('#order-status option').count()).toBeGreaterThan(1)
    await page.locator('#order-status').selectOption({ label: 'Prête à retirer' })
    await expect.poll(() => page.getByText('Prête à retirer').first().isVisible()).toBe(true)

    await page.goto('/admin/pickups')
    const card = page.getByTestId(`pickup-${orderId}`)
    await expect.poll(() => card.isVisible()).toBe(true)
    const wrong = code === '0000' ? '1111' : '0000'
    await card.getByLabel('Code de retrait du client').fill(wrong)
    await card.getByRole('button', { name: 'Remettre la commande' }).click()
    await expect.poll(() => card.getByText(/Code de retrait incorrect/).isVisible()).toBe(true)
    await shot(page, 'pickup-wrong-code-390')
    expect(await seriousViolations(page)).toEqual([])
    const [still] = await e.t.db.select().from(orders).where(eq(orders.id, orderId))
    expect(still).toMatchObject({ status: 'in_delivery', pickupCodeAttempts: 1 })

    await page.setViewportSize(DESKTOP)
    await shot(page, 'pickup-counter-1280')
    await page.setViewportSize(PHONE)
    await card.getByLabel('Code de retrait du client').fill(code)
    await card.getByLabel(/Espèces/).check()
    await card.getByRole('button', { name: 'Remettre la commande' }).click()
    await expect.poll(() => card.isVisible()).toBe(false)
    await expect
      .poll(() => page.getByText('Aucune commande à retirer pour le moment.').isVisible())
      .toBe(true)
    const [done] = await e.t.db.select().from(orders).where(eq(orders.id, orderId))
    expect(done).toMatchObject({ status: 'delivered', paymentStatus: 'paid' })
    expect(done!.amountPaid).toBe(done!.totalAmount)
    // docs/rules/pickup.md#the-till: the cash is in the shop's till, and the day's report says so.
    await page.goto('/admin/cash')
    const tills = page.getByTestId('cash-tills')
    await expect.poll(() => tills.isVisible()).toBe(true)
    expect(plain(await tills.textContent())).toContain('1 retrait')
    await shot(page, 'pickup-till-390')
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  })
})
