import { describe, expect, it } from 'vitest'
import { awaitingAgreement, createOrder } from '../factories'
import { demoUser, DESKTOP, loginAt, newPage, PHONE, plain, seriousViolations, shot, e2eApp } from './harness'

// docs/rules/orders.md#client-cancel and #weigh-in: the client cancels its pending order from its
// order page, after a dialog asks why; in preparation the page says to ask the shop. A refused
// weighed total says what the client wants instead, and staff read it on the weigh-in.

const e = e2eApp()

const client = async () => {
  const u = await demoUser(e, 'client@etal.demo')
  return { id: u.id, displayName: u.displayName, countryId: u.countryId }
}

describe('the client’s own cancellation', () => {
  for (const [viewport, name] of [
    [PHONE, '390'],
    [DESKTOP, '1280'],
  ] as const) {
    it(`at ${name} px: a pending order is cancelled with a reason; one in preparation says to ask the shop`, async () => {
      const pending = await createOrder(e.t.db, { user: await client() })
      const preparing = await createOrder(e.t.db, { user: await client(), status: 'in_preparation' })
      const { page, context } = await newPage(e, viewport)
      await loginAt(page, '/client/login', 'client@etal.demo')
      await page.waitForURL((u) => u.pathname !== '/client/login')
      await page.goto(`/order-confirmation/${pending.id}`)
      await page.getByRole('button', { name: 'Annuler ma commande' }).click()
      const dialog = page.getByRole('dialog', { name: 'Annuler votre commande ?' })
      await dialog.waitFor()
      // Without a reason, nothing is sent: the field says why.
      await dialog.getByRole('button', { name: 'Annuler la commande' }).click()
      await dialog.getByText('Dites-nous pourquoi vous annulez votre commande.').waitFor()
      await dialog.getByLabel('Raison de l’annulation').fill('Je me suis trompé de quantité.')
      await shot(page, `client-cancel-dialog-${name}`)
      expect(await seriousViolations(page)).toEqual([])
      await dialog.getByRole('button', { name: 'Annuler la commande' }).click()
      await expect
        .poll(async () => plain(await page.getByTestId('order-progress').textContent()))
        .toContain('Raison de l’annulation : Je me suis trompé de quantité.')
      expect(await page.getByTestId('cancel-order').count()).toBe(0)

      await page.goto(`/order-confirmation/${preparing.id}`)
      const card = page.getByTestId('cancel-order')
      await expect
        .poll(async () => plain(await card.textContent()))
        .toContain('ne peut plus être annulée en ligne')
      expect(await page.getByRole('button', { name: 'Annuler ma commande' }).count()).toBe(0)
      await shot(page, `client-cancel-too-late-${name}`)
      expect(await seriousViolations(page)).toEqual([])
      // Out for delivery: the card says it is on its way, not that it is being prepared.
      const onTheWay = await createOrder(e.t.db, { user: await client(), status: 'in_delivery' })
      await page.goto(`/order-confirmation/${onTheWay.id}`)
      await expect
        .poll(async () => plain(await card.textContent()))
        .toContain('Votre commande est déjà en route : elle ne peut plus être annulée en ligne.')
      await context.close()
    })
  }

  it('a refused weighed total carries what the client wants; staff read it on the weigh-in', async () => {
    const order = await awaitingAgreement(e.t.db, { user: await client() })
    const { page, context } = await newPage(e, PHONE)
    await loginAt(page, '/client/login', 'client@etal.demo')
    await page.waitForURL((u) => u.pathname !== '/client/login')
    await page.goto(`/order-confirmation/${order.id}`)
    await page.getByRole('button', { name: 'Refuser' }).click()
    await page.getByLabel('Ce que vous voulez à la place (facultatif)').fill('Je veux 1,5 kg exactement')
    await shot(page, 'weigh-wish-390')
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Envoyer mon refus' }).click()
    await expect
      .poll(async () => plain(await page.getByTestId('weigh-wish').textContent()))
      .toContain('Je veux 1,5 kg exactement')
    await context.close()

    const staff = await newPage(e, DESKTOP)
    await loginAt(staff.page, '/employee/login', 'superadmin@etal.demo')
    await staff.page.waitForURL((u) => u.pathname === '/admin/dashboard')
    await staff.page.goto(`/admin/orders/${order.id}`)
    await expect
      .poll(async () => plain(await staff.page.getByTestId('weigh-wish').textContent()))
      .toContain('Le client souhaite : « Je veux 1,5 kg exactement »')
    await shot(staff.page, 'weigh-wish-staff-1280')
    await staff.context.close()
  })
})
