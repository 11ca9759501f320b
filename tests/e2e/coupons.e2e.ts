import { describe, expect, it } from 'vitest'
import { DESKTOP, loginAt, newPage, PHONE, plain, seriousViolations, shot, e2eApp } from './harness'
import { fillPlateauDelivery } from './cart-steps'

// docs/rules/commerce.md#coupons: staff create a code on "Codes promo"; the client types it in the
// cart, sees the discount before ordering, orders, and reads it on the order page and the receipt.

const e = e2eApp()

describe('coupons', () => {
  it('at 390 px: staff create a code; the client applies it in the cart, orders, sees it on the receipt', async () => {
    const staff = await newPage(e, PHONE)
    await loginAt(staff.page, '/employee/login', 'superadmin@etal.demo')
    await staff.page.waitForURL((u) => u.pathname === '/admin/dashboard')
    await staff.page.goto('/admin/coupons')
    await staff.page.getByRole('button', { name: 'Créer un code' }).click()
    const dialog = staff.page.getByRole('dialog', { name: 'Créer un code promo' })
    await dialog.getByLabel('Code', { exact: true }).fill('TABASKI10')
    await dialog.getByLabel('Valeur').fill('10')
    await dialog.getByLabel('Utilisations au total').fill('50')
    await shot(staff.page, 'coupons-dialog-390')
    await dialog.getByRole('button', { name: 'Créer le code' }).click()
    const table = staff.page.getByRole('table', { name: 'Codes promo' })
    await expect.poll(async () => plain(await table.textContent())).toContain('TABASKI10')
    await shot(staff.page, 'coupons-admin-390')
    expect(await seriousViolations(staff.page)).toEqual([])
    // Changed: its limits, not its code nor its type (said in the dialog, not asked).
    await table.getByRole('button', { name: 'Modifier TABASKI10' }).click()
    const edit = staff.page.getByRole('dialog', { name: 'Modifier le code promo TABASKI10' })
    expect(await edit.getByLabel('Code', { exact: true }).count()).toBe(0)
    expect(plain(await edit.textContent())).toContain('Code TABASKI10 · Pourcentage')
    expect(await edit.getByLabel('Utilisations au total').inputValue()).toBe('50')
    await edit.getByLabel('Utilisations au total').fill('40')
    await shot(staff.page, 'coupons-edit-390')
    expect(await seriousViolations(staff.page)).toEqual([])
    await edit.getByRole('button', { name: 'Enregistrer' }).click()
    await expect.poll(async () => plain(await table.textContent())).toContain('0 / 40')
    await staff.context.close()

    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/client/login', 'client@etal.demo')
    await page.waitForURL((u) => u.pathname !== '/client/login')
    await page.goto('/products')
    await page.getByLabel('Rechercher un produit').fill('filet de')
    const card = page.getByTestId('product-card').filter({ hasText: 'Filet de bœuf' })
    await expect.poll(() => card.count()).toBe(1)
    await card.getByRole('button', { name: 'Ajouter Filet de bœuf au panier' }).click()
    await page.goto('/cart')
    await fillPlateauDelivery(page)
    const slot = page.locator('input[name=delivery-slot]:not([disabled])')
    if ((await slot.count()) > 0) await slot.last().check()

    // A code that does not exist: the reason, in French, under the field.
    await page.getByLabel('Code promo').fill('NIMPORTE')
    await page.getByRole('button', { name: 'Appliquer' }).click()
    await page.getByText('Ce code promo n’existe pas.').waitFor()
    await page.getByLabel('Code promo').fill('tabaski10')
    await page.getByRole('button', { name: 'Appliquer' }).click()
    await page.getByTestId('coupon-applied').waitFor()
    const discount = plain(await page.getByTestId('coupon-discount').textContent())
    expect(discount).toMatch(/^− [\d ]+ F CFA$/)
    await shot(page, 'coupons-cart-390')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Confirmer la commande' }).click()

    await page.waitForURL(/\/order-confirmation\/\d+$/)
    const orderId = Number(new URL(page.url()).pathname.split('/').pop())
    await expect
      .poll(async () => plain(await page.getByTestId('coupon-discount').textContent()))
      .toBe(discount)
    await page.goto(`/order-confirmation/${orderId}/receipt`)
    await expect
      .poll(async () => plain(await page.locator('.receipt').textContent()))
      .toContain('Code promo TABASKI10')
    await shot(page, 'coupons-receipt-390')
    await context.close()
  })

  it('at 1280 px: the staff page shows its table; the cart says why a used code does not apply', async () => {
    const { page, context } = await newPage(e, DESKTOP)
    await loginAt(page, '/employee/login', 'superadmin@etal.demo')
    await page.waitForURL((u) => u.pathname === '/admin/dashboard')
    await page.goto('/admin/coupons')
    await page.getByRole('table', { name: 'Codes promo' }).waitFor()
    await shot(page, 'coupons-admin-1280')
    await context.close()

    const client = await newPage(e, DESKTOP)
    await loginAt(client.page, '/client/login', 'client@etal.demo')
    await client.page.waitForURL((u) => u.pathname !== '/client/login')
    await client.page.goto('/products')
    await client.page.getByLabel('Rechercher un produit').fill('filet de')
    const card = client.page.getByTestId('product-card').filter({ hasText: 'Filet de bœuf' })
    await expect.poll(() => card.count()).toBe(1)
    await card.getByRole('button', { name: 'Ajouter Filet de bœuf au panier' }).click()
    await client.page.goto('/cart')
    await client.page.getByLabel('Code promo').fill('TABASKI10')
    await client.page.getByRole('button', { name: 'Appliquer' }).click()
    // The client used it at 390 px, and the code allows one use per phone: the cart says why.
    await client.page.getByText('Vous avez déjà utilisé ce code promo autant de fois que permis.').waitFor()
    expect(await client.page.getByTestId('coupon-discount').count()).toBe(0)
    await shot(client.page, 'coupons-cart-1280')
    expect(await seriousViolations(client.page)).toEqual([])
    await client.context.close()
  })
})
