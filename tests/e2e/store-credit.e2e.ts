import { describe, expect, it } from 'vitest'
import { paymentAttempts } from '../../src/server/db/schema'
import { createOrder } from '../factories'
import { demoUser, loginAt, newPage, PHONE, plain, seriousViolations, shot, e2eApp, francs } from './harness'
import { fillPlateauDelivery } from './cart-steps'

// docs/rules/store-credit.md: a cancelled order's refund taken as credit by its client, spendable at
// once at checkout; staff grant credit with a reason the client reads in its history.

const e = e2eApp()

describe('store credit', () => {
  it('at 390 px: the client takes a refund as credit, reads it on /avoir, and the next order spends it', async () => {
    // A cancelled order of the demo client whose Orange Money payment waits to be refunded by hand.
    const client = await demoUser(e, 'client@etal.demo')
    const cancelled = await createOrder(e.t.db, {
      user: client,
      status: 'cancelled',
      lines: [{ price: 8_000, quantity: 1, unitType: 'unit' }],
    })
    await e.t.db.insert(paymentAttempts).values({
      orderId: cancelled.id,
      reference: `E2E-CREDIT-${cancelled.id}`,
      provider: 'cinetpay',
      wallet: 'Orange Money',
      countryCode: 'SN',
      amount: cancelled.totalAmount,
      currency: 'XOF',
      status: 'paid',
      refundStatus: 'to_do',
      expiresAt: new Date(),
      nextCheckAt: new Date(),
    })

    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/client/login', 'client@etal.demo')
    await page.waitForURL((u) => u.pathname !== '/client/login')
    await page.goto(`/order-confirmation/${cancelled.id}`)
    const offer = page.getByTestId('refund-to-credit')
    await offer.waitFor()
    await shot(page, 'store-credit-offer-390')
    expect(await seriousViolations(page)).toEqual([])
    await offer.getByRole('button', { name: 'Recevoir en avoir' }).click()
    const dialog = page.getByRole('alertdialog')
    expect(plain(await dialog.textContent())).toContain('Ce choix est définitif')
    await dialog.getByRole('button', { name: 'Recevoir en avoir' }).click()
    await expect.poll(() => offer.count()).toBe(0)
    await expect
      .poll(async () => plain(await page.getByTestId('order-progress').textContent()))
      .toContain('ont été ajoutés à votre avoir')

    await page.goto('/avoir')
    await page.getByTestId('credit-entries').waitFor()
    expect(francs(await page.getByTestId('credit-balance').textContent())).toBe(cancelled.totalAmount)
    expect(plain(await page.getByTestId('credit-entries').textContent())).toContain(
      `Remboursement de la commande #${cancelled.id} en avoir`,
    )
    await shot(page, 'store-credit-history-390')
    expect(await seriousViolations(page)).toEqual([])

    // Spent at once: the cart says what the credit pays and what is left.
    await page.goto('/products')
    await page.getByLabel('Rechercher un produit').fill('filet de')
    const card = page.getByTestId('product-card').filter({ hasText: 'Filet de bœuf' })
    await expect.poll(() => card.count()).toBe(1)
    await card.getByRole('button', { name: 'Ajouter Filet de bœuf au panier' }).click()
    await page.goto('/cart')
    await fillPlateauDelivery(page)
    const slot = page.locator('input[name=delivery-slot]:not([disabled])')
    if ((await slot.count()) > 0) await slot.last().check()
    await page.getByTestId('credit-used').waitFor()
    const total = francs(await page.getByTestId('total').textContent())
    const used = Math.min(total, cancelled.totalAmount)
    expect(francs(await page.getByTestId('credit-used').textContent())).toBe(-used)
    expect(francs(await page.getByTestId('left-to-pay').textContent())).toBe(total - used)
    await shot(page, 'store-credit-cart-390')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Confirmer la commande' }).click()
    await page.waitForURL(/\/order-confirmation\/\d+$/)
    await expect.poll(async () => francs(await page.getByTestId('credit-used').textContent())).toBe(used)
    await shot(page, 'store-credit-order-390')
    await page.goto('/avoir')
    await expect
      .poll(async () => plain(await page.getByTestId('credit-entries').textContent()))
      .toMatch(/Utilisé pour la commande #\d+/)
    await context.close()
  })

  it('at 390 px: staff grant credit with a reason on the client’s page', async () => {
    const client = await demoUser(e, 'client@etal.demo')
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/employee/login', 'superadmin@etal.demo')
    await page.waitForURL((u) => u.pathname === '/admin/dashboard')
    await page.goto(`/admin/users/${client.id}/history`)
    const card = page.getByTestId('user-credit')
    await card.getByTestId('credit-balance').waitFor()
    const before = francs(await card.getByTestId('credit-balance').textContent())
    await card.getByRole('button', { name: 'Accorder un avoir' }).click()
    const dialog = page.getByRole('dialog', { name: 'Accorder un avoir' })
    await dialog.getByLabel('Montant (F CFA)').fill('0')
    await dialog.getByRole('button', { name: 'Enregistrer' }).click()
    await dialog.getByText(/différent de 0/).waitFor()
    await dialog.getByLabel('Montant (F CFA)').fill('2500')
    await dialog.getByLabel('Raison (lue par le client)').fill('Livraison en retard')
    await shot(page, 'store-credit-grant-390')
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Enregistrer' }).click()
    await expect
      .poll(async () => francs(await card.getByTestId('credit-balance').textContent()))
      .toBe(before + 2500)
    expect(plain(await card.getByTestId('credit-entries').textContent())).toContain('Livraison en retard')
    await shot(page, 'store-credit-staff-390')
    await context.close()
  })
})
